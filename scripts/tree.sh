#!/usr/bin/env bash
# Assemble build/$BASE/linux (BASE: mainline or 6.12, scripts/lib-base.sh): a git
# repository whose first commit is the pristine source and which has one commit per
# patch of the queue patches/$BASE/ on top, series after series in the order of
# patches/$BASE/series. Refuses to touch a tree holding work that `make export` has
# not written out.
set -euo pipefail
die() { echo "tree: $*" >&2; exit 1; }
. scripts/lib-tree.sh
[ -f "$src/.rdmacm-source" ] || die "no pristine source in $src: run scripts/source.sh (make source BASE=$BASE)"
check_queue || die "the queue in $pdir is inconsistent (above)"

git_t() { git -C "$tree" -c user.name="rdmacm-connect tree" -c user.email="tree@rdmacm-connect.invalid" "$@"; }

if [ -d "$tree/.git" ]; then
	[ -z "$(git -C "$tree" status --porcelain --untracked-files=no)" ] ||
		die "$tree has uncommitted changes: commit them and run 'make export', or discard them (git -C $tree stash)"
	now=$(tree_patch_ids)
	if [ "$now" = "$(file_patch_ids)" ] &&
	   [ "$(git -C "$tree" log -1 --format=%b "$(git -C "$tree" rev-list --max-parents=0 HEAD | tail -n1)")" = "$(cat "$src/.rdmacm-source")" ]; then
		exit 0	# already the queue on the current source
	fi
	[ -f "$applied" ] && [ "$now" = "$(cat "$applied")" ] ||
		die "$tree has commits that are not in $pdir: run 'make export BASE=$BASE' first (or remove $tree to start over)"
	echo "tree: $pdir changed, re-applying the queue"
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
	git -C "$tree.tmp" add -A -f .
	git -C "$tree.tmp" -c user.name="rdmacm-connect tree" -c user.email="tree@rdmacm-connect.invalid" \
		commit -q -m "Linux $(make -s -C "$tree.tmp" kernelversion) (Debian $base_pkg)" \
		-m "$(cat "$src/.rdmacm-source")"
	mv "$tree.tmp" "$tree"
fi

n=0
while read -r p; do
	if ! git_t am -q --keep-cr "$PWD/$pdir/$p"; then
		git -C "$tree" am --abort || true
		# leave the pristine tree, so the next run tries the queue again
		git_t checkout -q -B main "$(git -C "$tree" rev-list --max-parents=0 HEAD | tail -n1)"
		: > "$applied"
		die "$pdir/$p does not apply to Linux $(make -s -C "$tree" kernelversion) ($(cat "$src/.rdmacm-source")): if that $base_pkg is newer than the queue, rebase the queue onto it (see README, 'Working on the queues')"
	fi
	n=$((n + 1))
done < <(queue_patches)
tree_patch_ids > "$applied"
echo "tree: $tree = Linux $(make -s -C "$tree" kernelversion) + $n patches in $(series_names | wc -l) series ($(series_names | tr '\n' ' '))"
