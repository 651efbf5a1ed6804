#!/bin/bash
# Guest helper of tests/stress/modules.sh (a modular kernel: config/modules.config):
#   modreload.sh driver rxe|siw ADDR PORT ROUNDS COMMAND...
#     ROUNDS times: COMMAND (a storm of connects over the driver's device) runs; about 1 s in,
#     the driver's module is removed: either that succeeds and takes the device with it
#     (siw's exit unregisters its devices, waiting for their users), or it is refused and
#     the module stays (each rxe device made by rdma link add holds rdma_rxe); then the device
#     is deleted under the storm (rdma link delete, which waits for the storm's verbs
#     context), the storm being told (SIGUSR1) to start no new connect, and the module must
#     go (odd rounds at once, retried while in use; even rounds once the storm has ended); it
#     is loaded and the device added again, and rping to ADDR:PORT must pass.
#   modreload.sh cm ADDR PORT
#     with a listening id open (an rdmacm_conform server in this guest), removing rdma_ucm,
#     rdma_cm and ib_cm must be refused (module in use); once that process has gone and
#     every id is destroyed, rdma_ucm, rdma_cm, iw_cm and ib_cm are removed and loaded
#     again, and rping to ADDR:PORT (rxe) must pass.
# Every removal must return within 120 s (it may wait for the storm's uverbs context and
# CM ids to go; it must not hang or crash). Exit 0 when everything held.
set -uo pipefail
here=$(dirname "$(readlink -f "$0")")
. "$here/../e2e/net.sh"
net_n=2
m=$(modroot)
[ -n "$m" ] || { echo "modreload: this kernel builds RDMA in (no /shared/modroot-client)"; exit 1; }
mp() { timeout 120 modprobe -d "$m" "$@"; }
loaded() { [ -d "/sys/module/$1" ] && [ -e "/sys/module/$1/refcnt" ]; }
rping_ok() {
	local out rc=0
	out=$(timeout 60 stdbuf -oL rping -c -d -a "$1" -p "$2" -C 2 -V 2>&1) || rc=$?
	[ "$rc" = 0 ] && return 0
	echo "modreload: rping to $1 port $2 exited $rc; its last lines:"
	tail -n 8 <<< "$out"
	return 1
}
fail() { echo "modreload: FAIL: $*"; lsmod; exit 1; }

case ${1:-} in
driver)
	drv=$2 addr=$3 port=$4 rounds=$5
	shift 5
	case $drv in
	rxe) mod=rdma_rxe dev=rxe0 netdev=eth0 ;;
	siw) mod=siw dev=siw0 netdev=eth1 ;;
	*) exit 2 ;;
	esac
	for r in $(seq "$rounds"); do
		"$@" &
		storm=$!
		sleep 1
		start=$(date +%s)
		if mp -r "$mod" 2> /tmp/modreload-err; then
			# siw: the module's exit unregisters its devices, once their users let go
			loaded "$mod" && fail "round $r: $mod still loaded after modprobe -r"
			rdma link show "$dev/1" > /dev/null 2>&1 && fail "round $r: $dev still there without $mod"
			echo "modreload: round $r: $mod and $dev removed under the storm in $(($(date +%s) - start)) s"
		else
			# rdma_rxe: each device made by rdma link add holds the module
			loaded "$mod" || fail "round $r: $mod gone although its removal failed"
			echo "modreload: round $r: modprobe -r $mod refused while $dev exists: $(head -n 1 /tmp/modreload-err)"
			timeout 120 rdma link delete "$dev" &
			del=$!
			sleep 1
			pkill -USR1 -x rdmacm_conform || true
			wait "$del" || fail "round $r: rdma link delete $dev failed or hung"
			echo "modreload: round $r: $dev deleted under the storm in $(($(date +%s) - start)) s"
		fi
		[ $((r % 2)) = 1 ] || timeout 120 tail --pid="$storm" -f /dev/null || fail "round $r: the storm did not end"
		for i in $(seq 240); do
			loaded "$mod" || break
			mp -r "$mod" 2> /dev/null && break
			[ "$i" = 240 ] && fail "round $r: $mod still in use 120 s after $dev was deleted"
			sleep 0.5
		done
		loaded "$mod" && fail "round $r: $mod still loaded after modprobe -r"
		echo "modreload: round $r: $mod removed $(($(date +%s) - start)) s after the deletion began"
		timeout 120 tail --pid="$storm" -f /dev/null || fail "round $r: the storm did not end"
		rc=0
		wait "$storm" || rc=$?
		echo "modreload: round $r: the storm exited $rc"
		[ "$rc" = 0 ] || fail "round $r: the storm exited $rc"
		mp "$mod" || fail "round $r: modprobe $mod failed"
		rdma link add "$dev" type "$drv" netdev "$netdev" || fail "round $r: rdma link add $dev failed"
		rdma link show "$dev/1" > /dev/null || fail "round $r: no $dev after the reload"
		rping_ok "$addr" "$port" || fail "round $r: rping over the reloaded $dev"
	done
	echo "modreload: $rounds rounds: $mod removed under a storm of connects and reloaded; rping passed after each"
	;;
cm)
	addr=$2 port=$3
	"$CONFORM" server -a 169.254.1.2 -p 7799 -t serve > /tmp/modreload-listener.log 2>&1 &
	listener=$!
	for _ in $(seq 50); do grep -q listening /tmp/modreload-listener.log && break; sleep 0.2; done
	grep -q listening /tmp/modreload-listener.log || fail "the local listener did not start"
	for mod in rdma_ucm rdma_cm ib_cm iw_cm; do
		if mp -r "$mod" 2> /tmp/modreload-err; then
			fail "modprobe -r $mod succeeded with a listening id open"
		fi
		loaded "$mod" || fail "$mod gone although its removal failed"
		echo "modreload: modprobe -r $mod refused while an id exists: $(head -n 1 /tmp/modreload-err)"
	done
	kill "$listener"
	wait "$listener"
	start=$(date +%s)
	mp -r rdma_ucm rdma_cm iw_cm ib_cm || fail "modprobe -r rdma_ucm rdma_cm iw_cm ib_cm failed or hung"
	for mod in rdma_ucm rdma_cm iw_cm ib_cm; do
		loaded "$mod" && fail "$mod still loaded"
	done
	echo "modreload: rdma_ucm, rdma_cm, iw_cm and ib_cm removed in $(($(date +%s) - start)) s"
	mp rdma_ucm || fail "modprobe rdma_ucm failed"
	for mod in rdma_ucm rdma_cm iw_cm ib_cm; do
		loaded "$mod" || fail "$mod not loaded again"
	done
	rping_ok "$addr" "$port" || fail "rping after the reload"
	echo "modreload: the CM modules refused removal while an id existed, were removed once none did, and work again"
	;;
*)
	echo "usage: modreload.sh driver rxe|siw ADDR PORT ROUNDS COMMAND... | modreload.sh cm ADDR PORT"
	exit 2
	;;
esac
