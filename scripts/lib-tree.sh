# Shared by the scripts that read or write a base's queue (sourced, not run).
# A queue is patches/$BASE/: the file `series` names its series in order, one line each:
#   NAME PREFIX [NEEDS]
# NAME is a directory of patches/$BASE/ holding that series as it is sent: the cover
# letter 0000-cover-letter.patch, the git format-patch files and a `series` file with
# their order; PREFIX is the subject prefix (rdma-rc, rdma-next, 6.12.y, ...); NEEDS
# lists, comma-separated, the series of the same queue it applies on top of (default:
# "-", none: it applies on the pristine base alone).
. scripts/lib-base.sh

series_names() {	# the series of the queue, in order
	grep -v '^\s*\(#\|$\)' "$pdir/series" | awk '{print $1}'
}
series_field() {	# series_field NAME N: field N of NAME's line (2 prefix, 3 needs)
	grep -v '^\s*\(#\|$\)' "$pdir/series" | awk -v n="$1" -v f="$2" '$1 == n {print $f}'
}
series_needs() {	# the series NAME applies on top of, space-separated ("-": none)
	series_field "$1" 3 | tr , ' ' | sed 's/^-$//'
}
series_patches() {	# the patch files of series NAME, in order, as NAME/FILE
	grep -v '^\s*\(#\|$\)' "$pdir/$1/series" | sed "s|^|$1/|"
}
queue_patches() {	# every patch of the queue, in order, as NAME/FILE
	local s
	for s in $(series_names); do series_patches "$s"; done
}
check_queue() {		# the files exist; every NEEDS names an earlier series
	local s n seen=" "
	[ -f "$pdir/series" ] || { echo "$pdir/series is missing" >&2; return 1; }
	for s in $(series_names); do
		[ -f "$pdir/$s/series" ] || { echo "$pdir/$s/series is missing" >&2; return 1; }
		for n in $(series_needs "$s"); do
			case $seen in *" $n "*) ;; *) echo "$pdir/series: $s needs $n, which is not before it" >&2; return 1 ;; esac
		done
		while read -r p; do
			[ -f "$pdir/$p" ] || { echo "$pdir/$s/series names ${p#*/}, which is not in $pdir/$s" >&2; return 1; }
		done < <(series_patches "$s")
		seen="$seen$s "
	done
}

# patch-ids of the commits on top of the base commit of $tree, sorted
tree_patch_ids() {
	local base c
	base=$(git -C "$tree" rev-list --max-parents=0 HEAD | tail -n1)
	git -C "$tree" rev-list --reverse "$base"..HEAD | while read -r c; do
		git -C "$tree" show "$c" | git patch-id --stable | cut -d' ' -f1
	done | sort
}

# patch-ids of the patches of the queue, sorted
file_patch_ids() {
	queue_patches | while read -r p; do
		git patch-id --stable < "$pdir/$p" | cut -d' ' -f1
	done | sort
}

# the subject of a patch file, without [PATCH ...] and unfolded
patch_subject() {
	sed -n '/^Subject: /,/^[^ S]/p' "$1" | sed '$d' | tr -d '\n' |
		sed -E 's/^Subject: (\[[^]]*\] )?//; s/\n / /g; s/  +/ /g'
}
