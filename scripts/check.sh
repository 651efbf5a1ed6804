#!/usr/bin/env bash
# The maintainers' checks of the series: checkpatch --strict on every patch,
# no new kernel-doc warning in the files it touches, and every patch builds
# (drivers/infiniband/core with -Werror, KUnit suite included) on its own.
set -euo pipefail
die() { echo "check: $*" >&2; exit 1; }
tree=build/linux
top=$PWD
mapfile -t series < <(grep -v '^\s*\(#\|$\)' patches/series)
[ ${#series[@]} -gt 0 ] || die "patches/series is empty"

# 1. checkpatch. Ignored: ENOSYS, since SPEC section 4 keeps the -ENOSYS that
#    rdma_connect() has always returned for a port with neither CM;
#    FILE_PATH_CHANGES, since MAINTAINERS already covers drivers/infiniband/
#    for the new test file; and UNKNOWN_COMMIT_ID, since build/linux is a
#    Debian source snapshot without upstream history, so the commits that
#    Fixes: tags name cannot be looked up in it (checkpatch still checks
#    their form). Debian's python3 runs spdxcheck.py (python3-ply).
fail=0
for p in "${series[@]}"; do
	if ! out=$(cd "$tree" && PATH=/usr/bin:$PATH scripts/checkpatch.pl --strict \
			--ignore ENOSYS,FILE_PATH_CHANGES,UNKNOWN_COMMIT_ID -q "$top/patches/$p"); then
		echo "$out"
		echo "check: checkpatch --strict: $p has style problems"
		fail=1
	fi
done
[ "$fail" = 0 ] || die "checkpatch failed"
echo "check: checkpatch --strict clean on ${#series[@]} patches"

# 2. kernel-doc: no warning that the pristine files did not have
base=$(git -C "$tree" rev-list --max-parents=0 HEAD | tail -n1)
for f in $(git -C "$tree" diff --name-only "$base" HEAD -- '*.c' '*.h'); do
	[ -f "$tree/$f" ] || continue
	new=$(cd "$tree" && scripts/kernel-doc -none -Wall "$f" 2>&1 | sed 's/^[^ ]*: //' | sort -u)
	old=$(git -C "$tree" show "$base:$f" 2>/dev/null > build/kdoc.old.c && cd "$tree" &&
		scripts/kernel-doc -none -Wall "$top/build/kdoc.old.c" 2>&1 | sed 's/^[^ ]*: //' | sort -u || true)
	added=$(comm -23 <(echo "$new") <(echo "$old") | grep . || true)
	[ -z "$added" ] || { echo "$added"; die "kernel-doc: new warnings in $f"; }
done
echo "check: no new kernel-doc warnings"

# 3. every patch builds: a worktree walks the series, one build per commit
wt=build/bisect out=$top/build/bisect-out
[ -d "$wt" ] || git -C "$tree" worktree add -q --detach "$top/$wt" "$base"
. scripts/lib-cc.sh
kmake() { make -C "$wt" O="$out" ARCH=x86_64 CC="$cc" -s "$@"; }
git -C "$wt" checkout -q --detach "$(git -C "$tree" rev-parse HEAD)"
mkdir -p "$out"
cat config/guest.config config/check.config > "$out/fragment.config"
if ! cmp -s "$out/fragment.config" "$out/fragment.applied"; then
	kmake allnoconfig KCONFIG_ALLCONFIG="$out/fragment.config" > /dev/null
	grep -q '^CONFIG_RDMA_CMA_KUNIT_TEST=y' "$out/.config" || die "CONFIG_RDMA_CMA_KUNIT_TEST did not survive Kconfig"
	cp "$out/.config" "$out/config.tip"
	cp "$out/fragment.config" "$out/fragment.applied"
fi
for c in $(git -C "$tree" rev-list --reverse "$base"..HEAD); do
	subject=$(git -C "$tree" log -1 --format=%s "$c")
	git -C "$wt" checkout -q --detach "$c"
	cp "$out/config.tip" "$out/.config"
	kmake olddefconfig > /dev/null
	if ! kmake -j"$(nproc)" drivers/infiniband/core/ > "$out/build.log" 2>&1; then
		tail -n 30 "$out/build.log"
		die "\"$subject\" does not build (drivers/infiniband/core, -Werror), see $out/build.log"
	fi
	echo "check: builds: $subject"
done
