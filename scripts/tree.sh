#!/usr/bin/env bash
# Assemble build/linux: a git repository whose first commit is the pristine
# 6.12.y source and which has one commit per patch of patches/series on top.
# Refuses to touch a tree holding work that `make export` has not written out.
set -euo pipefail
die() { echo "tree: $*" >&2; exit 1; }
. scripts/lib-tree.sh
src=build/src/linux
[ -f "$src/.rdmacm-source" ] || die "no pristine source: run scripts/source.sh (make source)"
[ -f patches/series ] || die "patches/series is missing"
while read -r p; do
	[ -f "patches/$p" ] || die "patches/series names $p, which is not in patches/"
done < <(grep -v '^\s*\(#\|$\)' patches/series)

git_t() { git -C "$tree" -c user.name="rdmacm-connect tree" -c user.email="tree@rdmacm-connect.invalid" "$@"; }

if [ -d "$tree/.git" ]; then
	[ -z "$(git -C "$tree" status --porcelain --untracked-files=no)" ] ||
		die "$tree has uncommitted changes: commit them and run 'make export', or discard them (git -C $tree stash)"
	now=$(tree_patch_ids)
	if [ "$now" = "$(file_patch_ids)" ] &&
	   [ "$(git -C "$tree" log -1 --format=%b "$(git -C "$tree" rev-list --max-parents=0 HEAD | tail -n1)")" = "$(cat "$src/.rdmacm-source")" ]; then
		exit 0	# already the series on the current source
	fi
	[ -f "$applied" ] && [ "$now" = "$(cat "$applied")" ] ||
		die "$tree has commits that are not in patches/: run 'make export' first (or remove $tree to start over)"
	echo "tree: patches/ changed, re-applying the series"
	base=$(git -C "$tree" rev-list --max-parents=0 HEAD | tail -n1)
	if [ "$(git -C "$tree" log -1 --format=%b "$base")" != "$(cat "$src/.rdmacm-source")" ]; then
		echo "tree: the pristine source changed, rebuilding the tree"
		rm -rf "$tree"
	else
		git_t checkout -q -B main "$base"
	fi
fi

if [ ! -d "$tree/.git" ]; then
	echo "tree: creating $tree from $src"
	rm -rf "$tree.tmp"
	cp -a "$src" "$tree.tmp"
	rm -f "$tree.tmp/.rdmacm-source"
	git -C "$tree.tmp" init -q -b main
	git_t() { git -C "$tree.tmp" -c user.name="rdmacm-connect tree" -c user.email="tree@rdmacm-connect.invalid" "$@"; }
	git_t add -A -f .
	git_t commit -q -m "Linux $(make -s -C "$tree.tmp" kernelversion) (Debian linux-source-6.12)" \
		-m "$(cat "$src/.rdmacm-source")"
	mv "$tree.tmp" "$tree"
	git_t() { git -C "$tree" -c user.name="rdmacm-connect tree" -c user.email="tree@rdmacm-connect.invalid" "$@"; }
fi

n=0
while read -r p; do
	if ! git_t am -q --keep-cr "$PWD/patches/$p"; then
		git -C "$tree" am --abort || true
		# leave the pristine tree, so the next run tries the series again
		git_t checkout -q -B main "$(git -C "$tree" rev-list --max-parents=0 HEAD | tail -n1)"
		: > "$applied"
		die "patches/$p does not apply to Linux $(make -s -C "$tree" kernelversion) ($(cat "$src/.rdmacm-source")): if that linux-source-6.12 is newer than the series, rebase the series onto it (see README)"
	fi
	n=$((n + 1))
done < <(grep -v '^\s*\(#\|$\)' patches/series)
tree_patch_ids > "$applied"
echo "tree: $tree = Linux $(make -s -C "$tree" kernelversion) + $n patches"
