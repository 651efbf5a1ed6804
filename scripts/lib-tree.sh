# Shared by scripts/tree.sh and scripts/export.sh (sourced, not run).
tree=build/linux
applied=build/linux.applied	# patch-ids of the series last applied or exported

# patch-ids of the commits on top of the base commit of $tree, sorted
tree_patch_ids() {
	local base c
	base=$(git -C "$tree" rev-list --max-parents=0 HEAD | tail -n1)
	git -C "$tree" rev-list --reverse "$base"..HEAD | while read -r c; do
		git -C "$tree" show "$c" | git patch-id --stable | cut -d' ' -f1
	done | sort
}

# patch-ids of the files listed in patches/series, sorted
file_patch_ids() {
	grep -v '^\s*\(#\|$\)' patches/series | while read -r p; do
		git patch-id --stable < "patches/$p" | cut -d' ' -f1
	done | sort
}
