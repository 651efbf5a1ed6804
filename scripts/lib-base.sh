# Sourced by every script that works on one base (not run). BASE picks it:
#   mainline  Linux 7.3.y, Debian's linux-source-7.3 (trixie-backports): the tree the
#             series are written for and sent against (the default)
#   6.12      Linux 6.12 LTS, Debian's linux-source-6.12 (bookworm-security): the backport
# Everything of a base lives under build/$BASE/ and patches/$BASE/.
BASE=${BASE:-mainline}
case $BASE in
mainline) base_pkg=linux-source-7.3 base_major=7.3 ;;
6.12) base_pkg=linux-source-6.12 base_major=6.12 ;;
*) echo "BASE=$BASE: the bases are mainline (7.3.y) and 6.12" >&2; exit 1 ;;
esac
bdir=build/$BASE		# everything built for this base
src=$bdir/src/linux		# the pristine source, unpacked from $base_pkg
tree=$bdir/linux		# the assembled git tree: pristine commit + one commit per patch
applied=$bdir/linux.applied	# patch-ids of the queue last applied or exported
pdir=patches/$BASE		# the queue: series (one line per series, in order) and a directory each
