#!/usr/bin/env bash
# Remove build/, unless a base's tree (build/$BASE/linux) holds kernel work not yet in patches/.
set -euo pipefail
for BASE in mainline 6.12; do
. scripts/lib-tree.sh
if [ -d "$tree/.git" ]; then
	if [ -n "$(git -C "$tree" status --porcelain --untracked-files=no)" ] ||
	   [ "$(tree_patch_ids)" != "$(file_patch_ids)" ]; then
		echo "clean: $tree has work that is not in patches/: commit it there and run 'make export BASE=$BASE' first" >&2
		exit 1
	fi
fi
done
rm -rf build
echo "clean: build/ removed (ccache keeps compiled objects for the next build)"
