#!/usr/bin/env bash
# Boot one e2e guest in QEMU (TCG), run GUEST_SCRIPT in it, and exit with that script's exit code.
#
# usage: vm.sh --name NAME --kernel BZIMAGE --outdir DIR [--timeout SECS] [--shared DIR]
#              [--append KERNEL_ARGS] [--net0 listen|connect:PORT] [--net1 listen|connect:PORT]
#              -- GUEST_SCRIPT [ARGS...]
#
# vm.sh boots with what it needs itself (serial console, the 9p root, its init
# scripts/guest-init.sh, panic on oops); --append adds the caller's kernel arguments.
#
# The guest's root is the host's root (9p, read-only, cache=loose: what the guest reads once it
# keeps, so a host file changed while the guest runs may look unchanged there; a boot reads
# each program over 9p only once); DIR is mounted read-write at /out and
# --shared at /shared. The whole console goes to DIR/console.log; the guest writes its
# exit code to DIR/rc. Exit codes: the guest script's, 124 on timeout, 2 if the guest never
# wrote rc (did not boot, crashed or panicked).
#
# A link (--net0, --net1) is a TCP connection between the two QEMUs (-netdev socket): PORT on
# 127.0.0.1, the listen side's QEMU first. VM_LINK=dgram makes it a UDP flow instead
# (-netdev dgram, 127.0.0.2:PORT on the listen side, 127.0.0.3:PORT on the connect side):
# QEMU sets no TCP_NODELAY on its socket netdev, so there a frame sent while the host has not
# yet acknowledged the previous one waits for the host's delayed ACK (up to 40 ms; make bench
# uses dgram, see scripts/bench.sh). UDP has no backpressure: a frame the receiving QEMU
# cannot take is dropped, which the guests' TCP and RoCE recover from by retransmission.
set -euo pipefail
die() { echo "vm: $*" >&2; exit 2; }

here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
name='' kernel='' outdir='' shared='' timeout=300 net0='' net1='' append=''
while [ $# -gt 0 ]; do
	case $1 in
	--name) name=$2; shift 2 ;;
	--kernel) kernel=$2; shift 2 ;;
	--outdir) outdir=$2; shift 2 ;;
	--timeout) timeout=$2; shift 2 ;;
	--shared) shared=$2; shift 2 ;;
	--append) append=$2; shift 2 ;;
	--net0) net0=$2; shift 2 ;;
	--net1) net1=$2; shift 2 ;;
	--) shift; break ;;
	*) die "unknown argument: $1" ;;
	esac
done
[ -n "$name" ] && [ -n "$kernel" ] && [ -n "$outdir" ] && [ $# -ge 1 ] ||
	die "usage: vm.sh --name NAME --kernel BZIMAGE --outdir DIR [--timeout SECS] [--shared DIR] [--append KERNEL_ARGS] [--net0 listen|connect:PORT] [--net1 ...] -- GUEST_SCRIPT [ARGS...]"
[ -f "$kernel" ] || die "no kernel image at $kernel"
mkdir -p "$outdir"
case ${VM_LINK:-stream} in stream|dgram) ;; *) die "VM_LINK is stream or dgram, not ${VM_LINK}" ;; esac
outdir=$(cd "$outdir" && pwd)
rm -f "$outdir/rc" "$outdir/console.log"
[ -f "$1" ] || die "no guest script at $1"
script=$(readlink -f "$1"); shift
# the guest's init reads the command to run from here, one argument per line
printf '%s\n' "$script" "$@" > "$outdir/guest-args"

# a stable MAC per guest name and NIC: 52:54:00:<3 bytes of the name's hash>, last byte = NIC
hash=$(printf '%s' "$name" | md5sum | cut -c1-4)
mac() { echo "52:54:00:${hash:0:2}:${hash:2:2}:0$1"; }

# shellcheck disable=SC2054 # the commas are QEMU option syntax
args=(-accel tcg -cpu max -smp 1 -m 1G -nographic -no-reboot -nodefaults -monitor none
	-serial "file:$outdir/console.log"
	-kernel "$kernel"
	-append "console=ttyS0 root=root rootfstype=9p rootflags=trans=virtio,version=9p2000.L,cache=loose ro init=$here/scripts/guest-init.sh panic=-1 oops=panic${append:+ $append}"
	-virtfs local,path=/,mount_tag=root,security_model=none,readonly=on,multidevs=remap
	-virtfs "local,path=$outdir,mount_tag=out,security_model=none,multidevs=remap")
[ -z "$shared" ] || args+=(-virtfs "local,path=$(cd "$shared" && pwd),mount_tag=shared,security_model=none,multidevs=remap")
i=0
for net in "$net0" "$net1"; do
	if [ -n "$net" ]; then
		mode=${net%%:*} port=${net#*:}
		case $mode in listen|connect) ;; *) die "--net$i wants listen:PORT or connect:PORT, got $net" ;; esac
		if [ "${VM_LINK:-stream}" = dgram ]; then
			l=127.0.0.2 r=127.0.0.3
			[ "$mode" = listen ] || { l=127.0.0.3 r=127.0.0.2; }
			args+=(-netdev "dgram,id=n$i,local.type=inet,local.host=$l,local.port=$port,remote.type=inet,remote.host=$r,remote.port=$port")
		else
			args+=(-netdev "socket,id=n$i,$mode=127.0.0.1:$port")
		fi
		args+=(-device "virtio-net-pci,netdev=n$i,mac=$(mac $i)")
	fi
	i=$((i + 1))
done

rc=0
timeout -k 5 "$timeout" qemu-system-x86_64 "${args[@]}" </dev/null >"$outdir/qemu.log" 2>&1 || rc=$?
if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then
	echo "vm: guest $name timed out after ${timeout}s, console in $outdir/console.log" >&2
	exit 124
fi
if [ ! -f "$outdir/rc" ]; then
	echo "vm: guest $name did not finish (no rc file; it did not boot, crashed or panicked; qemu exit $rc), console in $outdir/console.log" >&2
	exit 2
fi
exit "$(cat "$outdir/rc")"
