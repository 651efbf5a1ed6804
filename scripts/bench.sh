#!/usr/bin/env bash
# make bench: connection setup timed with cmtime, the patched and the stock kernel in the
# same run, interleaved.
#   scripts/bench.sh PATCHED_BZIMAGE STOCK_BZIMAGE OUTDIR
# BENCH_ROUNDS (5) rounds; each boots a guest pair per kernel, the order alternating
# (patched first in odd rounds). BENCH_NS ("1 100 1000 5000") connection counts, N=1
# BENCH_REPS (20) times. The first BENCH_STORM_ROUNDS (2) rounds end with the storm, both guests
# connecting to each other at once (tests/bench/storm.sh; about 1.5 min per guest pair).
# Then scripts/bench_report.py writes OUTDIR/results.md and the plot.
set -euo pipefail
die() { echo "bench: $*" >&2; exit 2; }
[ $# -eq 3 ] || die "usage: scripts/bench.sh PATCHED_BZIMAGE STOCK_BZIMAGE OUTDIR"
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
patched=$1 stock=$2 out=$3
rounds=${BENCH_ROUNDS:-5} ns=${BENCH_NS:-1 100 1000 5000} reps=${BENCH_REPS:-20}
storm_rounds=${BENCH_STORM_ROUNDS:-2}
for k in "$patched" "$stock"; do [ -f "$k" ] || die "no kernel image at $k"; done
. "$here/lib-pair.sh"
# the guest links as UDP flows: over QEMU's TCP socket netdev (no TCP_NODELAY), siw's MPA
# Reply waited up to 40 ms on the host's delayed ACK of the server guest's previous frame
# (traced: 27 ms from the server's net_dev_xmit to the client's netif_receive_skb), half of
# siw's connect step; the e2e runs keep the TCP link (scripts/vm.sh)
export VM_LINK=${VM_LINK:-dgram}
[ "$VM_LINK" != dgram ] || qemu-system-x86_64 -netdev help 2>/dev/null | grep -qw dgram ||
	die "this QEMU has no -netdev dgram (QEMU 7.2 or later; Debian 12 has it): VM_LINK=stream runs over TCP links, with their delayed ACKs"
# no null_blk here; a clock with a resolution (see guest_clock_args)
append=$(guest_clock_args)
echo "bench: guest kernel arguments: $append; guest links: $VM_LINK"

mkdir -p "$out"
rm -rf "$out"/round-*
start=$(date +%s)
for r in $(seq "$rounds"); do
	order=(patched stock)
	[ $((r % 2)) = 1 ] || order=(stock patched)
	for k in "${order[@]}"; do
		d=$out/round-$r-$k
		image=$patched
		[ "$k" = patched ] || image=$stock
		echo "bench: round $r/$rounds, $k kernel ($image)"
		mkdir -p "$d/shared"
		[ "$r" -gt "$storm_rounds" ] || touch "$d/shared/storm"
		vm_pair "$d" "$image" "$image" 3000 "$append" "$here/../tests/bench/server.sh" \
			"$here/../tests/bench/client.sh" "$ns" "$reps" ${BENCH_SMOKE:+small} < /dev/null
		echo "$pair_crc $pair_src" > "$d/guests.rc"
		[ "$pair_crc" = 0 ] || echo "bench: round $r $k: client guest exited $pair_crc (see $d/client/console.log)"
		for g in server client; do
			"$here/complaints.sh" "$d/$g/console.log" > "$d/$g/complaints" 2>&1 ||
				echo "bench: round $r $k: kernel complaint in $d/$g/console.log"
		done
	done
done
echo "bench: $rounds rounds in $(($(date +%s) - start)) s"
python3 "$here/bench_report.py" "$out"
