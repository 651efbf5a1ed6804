#!/usr/bin/env bash
# Write the commits of build/linux back to patches/ (git format-patch + series).
set -euo pipefail
die() { echo "export: $*" >&2; exit 1; }
. scripts/lib-tree.sh
[ -d "$tree/.git" ] || die "no $tree: run 'make tree' first"
[ -z "$(git -C "$tree" status --porcelain --untracked-files=no)" ] ||
	die "$tree has uncommitted changes: commit them first"
base=$(git -C "$tree" rev-list --max-parents=0 HEAD | tail -n1)
rm -f patches/[0-9][0-9][0-9][0-9]-*.patch
git -C "$tree" format-patch -q --zero-commit --no-signature --no-cover-letter \
	-o "$PWD/patches.tmp" "$base"..HEAD
: > patches/series
for f in patches.tmp/*.patch; do
	[ -e "$f" ] || continue
	mv "$f" patches/
	basename "$f" >> patches/series
done
rmdir patches.tmp
tree_patch_ids > "$applied"
echo "export: $(wc -l < patches/series) patches written to patches/"
