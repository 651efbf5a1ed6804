#!/usr/bin/env bash
# Write the commits of build/$BASE/linux back to patches/$BASE/: one git format-patch
# run per series (its own numbering, subject prefix and cover letter; written from the pristine
# source with only the series it NEEDS applied), and each series'
# `series` file. A commit belongs to the series whose patch has its subject; a commit
# with a new subject belongs to the series of the commit before it (so a new patch goes
# where you put it in the tree). Each series' commits must be contiguous and in the
# order of patches/$BASE/series. The cover letters keep their subject and text; the
# shortlog and diffstat are written anew (scripts/cover.py).
set -euo pipefail
die() { echo "export: $*" >&2; exit 1; }
. scripts/lib-tree.sh
[ -d "$tree/.git" ] || die "no $tree: run 'make tree BASE=$BASE' first"
[ -z "$(git -C "$tree" status --porcelain --untracked-files=no)" ] ||
	die "$tree has uncommitted changes: commit them first"
# a series new in $pdir/series gets its directory here
for s in $(series_names); do
	[ -f "$pdir/$s/series" ] || { mkdir -p "$pdir/$s"; : > "$pdir/$s/series"; }
done
check_queue || die "the queue in $pdir is inconsistent (above)"
base=$(git -C "$tree" rev-list --max-parents=0 HEAD | tail -n1)
mapfile -t names < <(series_names)
declare -A owner index
for i in "${!names[@]}"; do index[${names[$i]}]=$i; done
while read -r p; do
	owner["$(patch_subject "$pdir/$p")"]=${p%%/*}
done < <(queue_patches)

declare -A first last count
cur=${names[0]}
for c in $(git -C "$tree" rev-list --reverse "$base"..HEAD); do
	subject=$(git -C "$tree" log -1 --format=%s "$c")
	s=${owner[$subject]:-$cur}
	[ "${index[$s]}" -ge "${index[$cur]}" ] ||
		die "\"$subject\" (series $s) comes after a patch of series $cur: put the series' patches together, in the order of $pdir/series"
	cur=$s
	[ -n "${first[$s]:-}" ] || first[$s]=$c
	last[$s]=$c
	count[$s]=$(( ${count[$s]:-0} + 1 ))
done

# Each series is written from the pristine source with only the series it NEEDS below it
# (what check.sh applies it on), so that its index lines name the blobs of that base and
# `git am -3` can fall back on them: a worktree cherry-picks them, then format-patch
# (index lines of 9 hex digits, whatever the size of the object store).
wt=$PWD/$bdir/export-wt
git -C "$tree" worktree remove --force "$wt" 2>/dev/null || rm -rf "$wt"
git -C "$tree" worktree prune
git -C "$tree" worktree add -q --detach "$wt" "$base"
gwt() { git -C "$wt" -c core.abbrev=9 -c user.name="rdmacm-connect developers" -c user.email="rdmacm-connect@lists.invalid" "$@"; }
rm -rf "$pdir.tmp"
for s in "${names[@]}"; do
	[ -n "${first[$s]:-}" ] || die "series $s has no commits left: remove its line from $pdir/series"
	prefix=$(series_field "$s" 2); [ "$prefix" != - ] || prefix=
	gwt checkout -q --detach "$base"
	for n in $(series_needs "$s") "$s"; do
		gwt cherry-pick --allow-empty "${first[$n]}^..${last[$n]}" > /dev/null 2>&1 || {
			gwt cherry-pick --abort 2>/dev/null || true
			die "series $n does not apply on the pristine source with what $s needs (see make check)"
		}
	done
	gwt format-patch -q --zero-commit --no-signature --cover-letter \
		--subject-prefix="PATCH${prefix:+ $prefix}" \
		-o "$PWD/$pdir.tmp/$s" "HEAD~${count[$s]}..HEAD"
	python3 scripts/cover.py "$pdir.tmp/$s/0000-cover-letter.patch" "$pdir/$s/0000-cover-letter.patch"
	(cd "$pdir.tmp/$s" && ls [0-9][0-9][0-9][0-9]-*.patch | grep -v '^0000-' > series)
done
for s in "${names[@]}"; do
	rm -rf "${pdir:?}/$s"
	mv "$pdir.tmp/$s" "$pdir/$s"
done
rmdir "$pdir.tmp"
git -C "$tree" worktree remove --force "$wt"
tree_patch_ids > "$applied"
for s in "${names[@]}"; do
	echo "export: $pdir/$s: ${count[$s]} patches"
done
