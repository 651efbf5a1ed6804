#!/usr/bin/env bash
# Write the commits of build/linux back to patches/ (git format-patch + series),
# with the cover letter 0000-cover-letter.patch (not in series: quilt applies none).
set -euo pipefail
die() { echo "export: $*" >&2; exit 1; }
. scripts/lib-tree.sh
[ -d "$tree/.git" ] || die "no $tree: run 'make tree' first"
[ -z "$(git -C "$tree" status --porcelain --untracked-files=no)" ] ||
	die "$tree has uncommitted changes: commit them first"
base=$(git -C "$tree" rev-list --max-parents=0 HEAD | tail -n1)
git -C "$tree" format-patch -q --zero-commit --no-signature --cover-letter \
	-o "$PWD/patches.tmp" "$base"..HEAD
# the cover letter keeps its subject and text; shortlog and diffstat are new
python3 scripts/cover.py patches.tmp/0000-cover-letter.patch patches/0000-cover-letter.patch
rm -f patches/[0-9][0-9][0-9][0-9]-*.patch
mv patches.tmp/0000-cover-letter.patch patches/
: > patches/series
for f in patches.tmp/*.patch; do
	[ -e "$f" ] || continue
	mv "$f" patches/
	basename "$f" >> patches/series
done
rmdir patches.tmp
tree_patch_ids > "$applied"
echo "export: $(wc -l < patches/series) patches written to patches/"
