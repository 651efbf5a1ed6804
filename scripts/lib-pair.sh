# shellcheck shell=bash
# Sourced by tests/e2e/run.sh and scripts/bench.sh: boot a server and a client guest joined
# by two virtual links (eth0: rxe, eth1: siw) and wait for both.
#
#   vm_pair OUTDIR CLIENT_BZIMAGE SERVER_BZIMAGE TIMEOUT KERNEL_ARGS SERVER_SCRIPT CLIENT_SCRIPT [CLIENT_ARGS...]
#
# Logs go to OUTDIR/server and OUTDIR/client (console.log, rc, what the guest writes to /out);
# OUTDIR/shared, which the caller creates (and may fill first), is /shared in both guests.
# The files the guests exchange there are listed in tests/README.md. Sets pair_src and pair_crc to the two guests'
# exit codes (see scripts/vm.sh); returns 0.
vm_pair() {
	local out=$1 kernel=$2 server_kernel=$3 timeout=$4 append=$5 server_script=$6 client_script=$7
	shift 7
	local vm ports=() p spid cpid
	vm=$(dirname "${BASH_SOURCE[0]}")/vm.sh
	rm -rf "$out/server" "$out/client"
	mkdir -p "$out/server" "$out/client"
	# two free ports for the two guest-to-guest links (TCP, or UDP with VM_LINK=dgram: scripts/vm.sh)
	while [ "${#ports[@]}" -lt 2 ]; do
		p=$(shuf -i 20000-60000 -n 1)
		pair_listening "$p" || [[ " ${ports[*]} " == *" $p "* ]] || ports+=("$p")
	done
	echo "vm_pair: links on ports ${ports[0]} and ${ports[1]} (${VM_LINK:-stream}), logs in $out"
	pair_src=0 pair_crc=0
	"$vm" --name "$(basename "$out")-server" --kernel "$server_kernel" --outdir "$out/server" \
		--shared "$out/shared" --timeout "$timeout" --append "$append" \
		--net0 "listen:${ports[0]}" --net1 "listen:${ports[1]}" -- "$server_script" &
	spid=$!
	# the client's QEMU connects at start-up, so the server's QEMU must be listening first
	for _ in $(seq 100); do
		pair_listening "${ports[0]}" && pair_listening "${ports[1]}" && break
		kill -0 "$spid" 2>/dev/null || break
		sleep 0.2
	done
	"$vm" --name "$(basename "$out")-client" --kernel "$kernel" --outdir "$out/client" \
		--shared "$out/shared" --timeout "$timeout" --append "$append" \
		--net0 "connect:${ports[0]}" --net1 "connect:${ports[1]}" -- "$client_script" "$@" &
	cpid=$!
	wait "$cpid" || pair_crc=$?
	wait "$spid" || pair_src=$?
	return 0
}

# a TCP listener or a UDP socket on the port
pair_listening() { [ -n "$(ss -Htuln "sport = :$1")" ]; }

# Kernel arguments that give a TCG guest a usable clock: its TSC counts at the host's TSC
# rate, but the guest cannot calibrate it (no HPET or PM timer in the allnoconfig guest,
# and the PIT is too jittery under TCG), marks it unstable and falls back to jiffies, whose
# 4 ms steps are all cmtime would see. Hand it the host's TSC frequency instead.
guest_clock_args() {
	local khz=''
	[ -r /sys/devices/system/cpu/cpu0/tsc_freq_khz ] && khz=$(cat /sys/devices/system/cpu/cpu0/tsc_freq_khz)
	[ -n "$khz" ] || khz=$(dmesg 2>/dev/null | sed -n 's/.*tsc: Refined TSC clocksource calibration: \([0-9.]*\) MHz.*/\1/p; s/.*tsc: Detected \([0-9.]*\) MHz processor.*/\1/p' |
		tail -n 1 | awk '{ if ($1 != "") printf "%d", $1 * 1000 }')
	[ -n "$khz" ] || khz=$(awk '/^cpu MHz/ { printf "%d", $4 * 1000; exit }' /proc/cpuinfo)
	echo "tsc=reliable${khz:+ tsc_early_khz=$khz}"
}
