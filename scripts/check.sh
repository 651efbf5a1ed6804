#!/usr/bin/env bash
# A base's queue (BASE=mainline or 6.12, scripts/lib-base.sh) checked as a
# maintainer's bot checks it, patch by patch (each patch is a commit of
# build/$BASE/linux, which `make tree` made with git am on the pristine source):
#   0. each series applies (git am) on the pristine source with only the series
#      its line in patches/$BASE/series NEEDS below it;
#   1. checkpatch --strict on every patch file;
#   2. every patch builds (the directories of the .c files the queue changes,
#      and drivers/infiniband/core with the KUnit suite);
#   3. that build, with W=1 (gcc) and sparse (C=1, what it rebuilds), reports
#      nothing that the builds of the pristine source and the earlier patches
#      did not already report (a warning fails a patch without -Werror);
#   4. scripts/kernel-doc -none -Wall on each file it changes: nothing new;
#   5. coccicheck on the directories of the changed .c files: nothing that
#      the pristine source did not have (a new report is traced to its patch
#      with git blame);
#   6. every file the series adds is covered by the INFINIBAND SUBSYSTEM
#      entry of MAINTAINERS (scripts/get_maintainer.pl).
# A failure names the patch, the tool and the line.
set -euo pipefail
export LC_ALL=C	# sort and comm agree on one byte order
die() { echo "check: $*" >&2; exit 1; }
. scripts/lib-tree.sh
top=$PWD
mapfile -t series < <(queue_patches)
[ ${#series[@]} -gt 0 ] || die "$pdir holds no patches"
for tool in sparse spatch; do
	command -v $tool >/dev/null || die "$tool is missing: run make deps"
done

# 1. checkpatch. Ignored: ENOSYS, since SPEC section 4 keeps the -ENOSYS that
#    rdma_connect() has always returned for a port with neither CM;
#    FILE_PATH_CHANGES, since MAINTAINERS already covers drivers/infiniband/
#    and Documentation/infiniband/ for the new files (step 6 checks it); and
#    UNKNOWN_COMMIT_ID, since build/linux is a Debian source snapshot without
#    upstream history, so the commits that Fixes: tags name cannot be looked
#    up in it (checkpatch still checks their form); MISSING_SIGN_OFF, since
#    Documentation/process/coding-assistants.rst (7.3) forbids an AI agent's
#    Signed-off-by: the human submitter adds theirs (the cover letters say so).
#    Debian's python3 runs spdxcheck.py (python3-ply).
ignore=ENOSYS,FILE_PATH_CHANGES,UNKNOWN_COMMIT_ID,MISSING_SIGN_OFF
# 6.12.117's checkpatch wants "Assisted-by: AGENT_NAME:MODEL_VERSION"; 7.3's
# coding-assistants.rst and checkpatch take "Assisted-by: LLM [TOOLS]", and a backport
# keeps the trailers of the mainline patch
[ "$BASE" = mainline ] || ignore=$ignore,BAD_SIGN_OFF
# one checkpatch per core at a time, each patch's report in a file of its own
cpout=$top/$bdir/checkpatch
rm -rf "$cpout"
mkdir -p "$cpout"
printf '%s\n' "${series[@]}" | (cd "$tree" && PATH=/usr/bin:$PATH xargs -d '\n' -P "$(nproc)" -I{} \
	sh -c 'scripts/checkpatch.pl --strict --ignore "$1" -q "$2/$3" > "$4/$(echo "$3" | tr / _)" 2>&1 ||
		echo "$3" >> "$4/failed"' sh "$ignore" "$top/$pdir" {} "$cpout") || true
fail=0
for p in "${series[@]}"; do
	if grep -qxF "$p" "$cpout/failed" 2>/dev/null; then
		cat "$cpout/$(echo "$p" | tr / _)"
		echo "check: $p: checkpatch --strict reports the lines above"
		fail=1
	fi
done
[ "$fail" = 0 ] || die "checkpatch failed"
echo "check: $BASE: checkpatch --strict clean on ${#series[@]} patches"

# 0. each series on the pristine source with only what it NEEDS
base=$(git -C "$tree" rev-list --max-parents=0 HEAD | tail -n1)
alone=$top/$bdir/check-alone
git -C "$tree" worktree remove --force "$alone" 2>/dev/null || rm -rf "$alone"
git -C "$tree" worktree prune
git -C "$tree" worktree add -q --detach "$alone" "$base"
gam() { git -C "$alone" -c user.name=check -c user.email=check@rdmacm-connect.invalid am -q --keep-cr "$@"; }
for s in $(series_names); do
	git -C "$alone" checkout -q --detach "$base"
	needs=$(series_needs "$s")
	for n in $needs $s; do
		while read -r p; do
			gam "$top/$pdir/$p" > /dev/null 2>&1 || {
				git -C "$alone" am --abort 2>/dev/null || true
				die "$s: $p does not apply on $(git -C "$tree" log -1 --format=%s "$base")${needs:+ + $needs}"
			}
		done < <(series_patches "$n")
	done
	echo "check: $BASE: series $s applies on the pristine source${needs:+ + $needs} (at ${SECONDS} s)"
done
git -C "$tree" worktree remove --force "$alone"
if [ -n "${CHECK_LIGHT:-}" ]; then
	# make test's check of the backport queue: the patches and their order; that its
	# tip builds and works is what its KUnit and e2e runs prove (make check BASE=6.12
	# walks it patch by patch)
	echo "check: $BASE: CHECK_LIGHT: checkpatch and the series' application only"
	exit 0
fi

# 2-4. one worktree walks the queue, commit by commit
tip=$(git -C "$tree" rev-parse HEAD)
wt=$bdir/bisect out=$top/$bdir/bisect-out res=$top/$bdir/check
[ -d "$wt" ] || git -C "$tree" worktree add -q --detach "$top/$wt" "$base"
rm -rf "$res"
mkdir -p "$res" "$out"
. scripts/lib-cc.sh
# sparse, when it can parse this kernel: 7.3's headers use __typeof_unqual__, which
# Debian's sparse 0.6.4 cannot, and kbuild's own test (scripts/checker-valid.sh, not in 6.12)
# then turns C=1 off with a one-line make warning that is easy to miss; so we say it
sparse=C=2
if [ -f "$tree/scripts/checker-valid.sh" ] &&
   [ "$(cd "$tree" && sh scripts/checker-valid.sh sparse 2>/dev/null)" != 1 ]; then
	sparse=
	echo "check: $BASE: sparse $(sparse --version 2>/dev/null) cannot parse Linux $(make -s -C "$tree" kernelversion) (scripts/checker-valid.sh): gcc W=1 only, no sparse"
fi
kmake() { make -C "$wt" O="$out" ARCH=x86_64 CC="$cc" -s "$@"; }
git -C "$wt" checkout -q --detach "$tip"
cat config/guest.config config/check.config > "$out/fragment.config"
if ! cmp -s "$out/fragment.config" "$out/fragment.applied"; then
	kmake allnoconfig KCONFIG_ALLCONFIG="$out/fragment.config" > /dev/null
	grep -q '^CONFIG_RDMA_CMA_KUNIT_TEST=y' "$out/.config" || die "CONFIG_RDMA_CMA_KUNIT_TEST did not survive Kconfig"
	cp "$out/.config" "$out/config.tip"
	cp "$out/fragment.config" "$out/fragment.applied"
fi

# One W=1 (and sparse C=1, where it parses the kernel) build of the directories the
# series changes, at the pristine source and then at every commit: kbuild rebuilds
# what the commit changed and what includes it. A warning is "file: message"
# (gcc's end in [-Wname], sparse's do not), without line and column numbers; one
# that no earlier build of the walk gave is new, and its patch fails.
# KCFLAGS=-Wno-error keeps CONFIG_WERROR from stopping the build at the first one.
mapfile -t cfiles < <(git -C "$tree" diff --name-only "$base" "$tip" -- '*.c')
mapfile -t dirs < <({ echo drivers/infiniband/core/
	printf '%s\n' "${cfiles[@]}" | xargs -r -n1 dirname | sed 's,$,/,'
	} | sort -u)
wbuild() {	# the W=1 build at the checked-out commit; its new warnings, one per line
	local log=$1
	kmake -j"$(nproc)" W=1 ${sparse:+C=1} KCFLAGS=-Wno-error "${dirs[@]}" > "$log" 2>&1 || return 1
	# objtool's warnings name the object, without a line
	grep -E '^([^ ]*/)?[^ :]+:[0-9]+(:[0-9]+)?: (warning|error):|^[^ ]+\.o: warning: objtool:' "$log" |
		sed -E "s,^([^ :]*/)?$(basename "$wt")/,,; s/:[0-9]+(:[0-9]+)?: /: /" | sort -u > "$log.w"
	comm -13 "$res/seen" "$log.w" | grep . || true
	sort -u "$res/seen" "$log.w" -o "$res/seen"
}

kdoc() {	# kernel-doc -Wall warnings of FILE at commit C, without line numbers
	local c=$1 f=$2
	git -C "$tree" show "$c:$f" > "$res/kdoc.src" 2>/dev/null || { : > "$res/kdoc.src"; }
	(cd "$tree" && scripts/kernel-doc -none -Wall "$res/kdoc.src" 2>&1) |
		sed -E 's/^(Warning: )?[^ ]*:[0-9]+:? //' | sort -u
}

git -C "$wt" checkout -q --detach "$base"
cp "$out/config.tip" "$out/.config"
kmake olddefconfig > /dev/null
# every object of the directories is rebuilt at the pristine source (ccache makes it
# cheap), so that its warnings are all in the record
for d in "${dirs[@]}"; do find "$out/$d" -name '*.o' -delete 2>/dev/null || true; done
: > "$res/seen"
wbuild "$res/base.log" > /dev/null || { tail -n 30 "$res/base.log"; die "the pristine source does not build (${dirs[*]})"; }
echo "check: $BASE: the pristine ${dirs[*]} built with W=1 ${sparse:+and sparse }(at ${SECONDS} s)"
prev=$base
for c in $(git -C "$tree" rev-list --reverse "$base".."$tip"); do
	patch=${series[$(( $(git -C "$tree" rev-list --count "$base".."$c") - 1 ))]}
	mapfile -t files < <(git -C "$tree" diff --name-only "$prev" "$c")
	git -C "$wt" checkout -q --detach "$c"
	# the tip's configuration, as this commit's Kconfig reads it (as the previous one's
	# when the commit changes no Kconfig file)
	if printf '%s\n' "${files[@]}" | grep -q '\(^\|/\)Kconfig'; then
		cp "$out/config.tip" "$out/.config"
		kmake olddefconfig > /dev/null
	fi
	if ! new=$(wbuild "$res/$c.log"); then
		{ grep -E 'error|Error' "$res/$c.log" || tail -n 30 "$res/$c.log"; } | head -n 30 || true
		die "$patch: does not build (${dirs[*]}), see $res/$c.log"
	fi
	if [ -n "$new" ]; then
		while IFS= read -r w; do
			{ grep -F -- "${w#*: }" "$res/$c.log" | grep -F -- "${w%%: *}" || echo "$w"; } | head -n 3 || true
		done <<< "$new"
		die "$patch: new W=1 ${sparse:+or sparse }warnings (above)"
	fi
	for f in "${files[@]}"; do
		[ -f "$wt/$f" ] || continue
		case $f in *.c|*.h) ;; *) continue ;; esac
		new=$(comm -13 <(kdoc "$prev" "$f") <(kdoc "$c" "$f") | grep . || true)
		[ -z "$new" ] || { echo "$new"; die "$patch: scripts/kernel-doc -Wall: new warnings in $f (above)"; }
	done
	echo "check: $patch: builds; no new W=1${sparse:+, sparse} or kernel-doc warning (at ${SECONDS} s)"
	prev=$c
done

# 5. coccicheck on the directories of the changed .c files, pristine vs tip. Its reports
# depend only on the source tree, spatch (and its Python) and the function below: they are
# kept under that key in $cache (like ccache's objects), so a run of a tree already checked
# skips spatch. scripts/coccicheck's own variables from the environment are not passed on.
cache=${RDMACM_CACHE:-${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/rdmacm-connect}
unset SPATCH SPFLAGS COCCI
mapfile -t cdirs < <(printf '%s\n' "${cfiles[@]}" | xargs -n1 dirname | sort -u)
cocci() {	# coccicheck reports for the changed .c files at commit C, into FILE
	local c=$1 to=$2 d key
	key=$({ git -C "$tree" rev-parse "$c^{tree}"; spatch --version 2>&1; python3 --version
		declare -f cocci; printf '%s\n' "${cfiles[@]}"; } | sha1sum | cut -c1-16)
	if [ -f "$cache/cocci/$key" ]; then
		cp "$cache/cocci/$key" "$to"
		echo "check: coccicheck: the reports of $(git -C "$tree" log -1 --format=%h "$c") from an earlier run ($cache/cocci/$key)"
		return
	fi
	git -C "$wt" checkout -q --detach "$c"
	: > "$res/cocci.raw"
	for d in "${cdirs[@]}"; do
		make -C "$wt" -s coccicheck MODE=report M="$d" J="$(nproc)" > "$res/cocci.log" 2>&1 ||
			{ tail -n 20 "$res/cocci.log" >&2; die "coccicheck failed on $d at $c"; }
		grep -E '^[^ ]+\.c:[0-9]+:' "$res/cocci.log" >> "$res/cocci.raw" || true
	done
	grep -F -f <(printf '%s\n' "${cfiles[@]}") "$res/cocci.raw" > "$to" || true
	{ mkdir -p "$cache/cocci" && cp "$to" "$cache/cocci/$key.tmp" &&
		mv "$cache/cocci/$key.tmp" "$cache/cocci/$key"; } 2>/dev/null ||
		echo "check: coccicheck: could not keep the reports in $cache/cocci (going on)"
}
cnorm() { sed -E 's/:[0-9]+(:[0-9]+(-[0-9]+)?)?: /: /' "$1" | sort -u; }
cocci "$base" "$res/cocci.base.full"
cocci "$tip" "$res/cocci.tip.full"
cnorm "$res/cocci.base.full" > "$res/cocci.base"
cnorm "$res/cocci.tip.full" > "$res/cocci.tip"
new=$(comm -13 "$res/cocci.base" "$res/cocci.tip" | grep . || true)
if [ -n "$new" ]; then
	while IFS= read -r w; do
		full=$(grep -F -- "${w#*: }" "$res/cocci.tip.full" | grep -F -- "${w%%: *}" | head -n1)
		f=${full%%:*} line=$(echo "$full" | cut -d: -f2)
		c=$(git -C "$tree" blame -l -L "$line,$line" "$tip" -- "$f" | cut -d' ' -f1 | tr -d '^')
		echo "$full"
		echo "  (coccicheck; line from \"$(git -C "$tree" log -1 --format=%s "$c")\")"
	done <<< "$new"
	git -C "$wt" checkout -q --detach "$tip"
	die "coccicheck: new reports (above)"
fi
git -C "$wt" checkout -q --detach "$tip"
echo "check: coccicheck: nothing new in ${cdirs[*]} (at ${SECONDS} s)"

# 6. MAINTAINERS covers every file the series adds
for f in $(git -C "$tree" diff --name-only --diff-filter=A "$base" "$tip"); do
	(cd "$tree" && scripts/get_maintainer.pl --no-git --no-git-fallback --no-rolestats \
		--subsystem --no-email -f "$f" 2>/dev/null) | grep -qx 'INFINIBAND SUBSYSTEM' ||
		die "MAINTAINERS: $f is not covered by the INFINIBAND SUBSYSTEM entry"
done
echo "check: MAINTAINERS: every new file is in INFINIBAND SUBSYSTEM"
