#!/bin/bash
# Guest script of the e2e client VM: wait for the server, run every scenario's client in order
# (those the list names in $background beside the others) while counting the rdma_cma connect
# tracepoints, and write one line per scenario to /out/results.tsv: name transport port-space
# expected taken client-rc ms counts.
set -euo pipefail
here=$(dirname "$(readlink -f "$0")")
# the conformance program the scenarios run (built on the host by make)
export CONFORM=$here/../../build/bin/rdmacm_conform
# the ucma fuzzer of the stress list (tests/stress/ucma_fuzz.c)
export FUZZ=$here/../../build/bin/ucma_fuzz
# the multicast join-twice trigger of the stress list (tests/stress/mcast_twice.c)
export MCAST=$here/../../build/bin/mcast_twice
. "$here/net.sh"
trace=/sys/kernel/tracing
events=(cm_send_req cm_send_sidr_req cm_send_iw_connect)

uname -r > /out/kernel
net_up 2

# a missing event (e.g. cm_send_iw_connect on a stock kernel) simply counts 0
for e in "${events[@]}"; do
	if [ -d "$trace/events/rdma_cma/$e" ]; then
		echo 1 > "$trace/events/rdma_cma/$e/enable"
	else
		echo "client: this kernel has no rdma_cma/$e tracepoint"
	fi
done
echo 1 > "$trace/tracing_on"

for _ in $(seq 120); do
	[ -e /shared/ready ] && break
	sleep 1
done
if [ ! -e /shared/ready ]; then
	echo "client: the server never wrote /shared/ready"
	exit 1
fi

: > /out/results.tsv
status=0 tries=5	# the first scenario may race the server side coming up: retry it
counted() {	# the connect tracepoints in the trace buffer: sets counts and taken
	local e n
	counts='' taken=''
	for e in "${events[@]}"; do
		if [ -d "$trace/events/rdma_cma/$e" ]; then
			n=$(grep -c " $e:" "$trace/trace" || true)
		else
			n=absent
		fi
		counts+="${counts:+,}$e=$n"
		case $n in 0|absent) ;; *) taken+="${taken:++}$e" ;; esac
	done
}
result() {	# NAME DEV PS EXPECT RC MS: one line of /out/results.tsv (with counts and taken)
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "$4" "${taken:-none}" "$5" "$6" "$counts" |
		tee -a /out/results.tsv
	[ "$5" = 0 ] || status=1
}
diag() {	# what the guest looked like when a client failed: run.sh prints it under the table
	{ rdma resource show cm_id | grep -v LISTEN; rdma resource show qp | grep -v "type GSI\|type SMI"
		ss -tn; dmesg | tail -n 15; } > "/out/client-$1.diag" 2>&1 || true
}
# The scenarios the list names in $background only wait for a timeout (a silent peer's REQ
# retries take about 74 s): a first pass starts them, each counted once its connect's tracepoint
# fired, and the second pass runs the others meanwhile; their results come at the end.
pass=background bg=()
scenario() {
	local name=$1 dev=$2 ps=$3 expect=$4 cmd=$6 rc start ms taken='' counts='' _
	selected "$1" || return 0
	if [ "$pass" = background ]; then
		[[ " ${background:-} " == *" $name "* ]] || return 0
		echo > "$trace/trace"
		echo "client: $name (in the background): $cmd"
		{
			start=$(date +%s%N) rc=0
			bash -c "$cmd" >> "/out/client-$name.log" 2>&1 || rc=$?
			echo "$rc $((($(date +%s%N) - start) / 1000000))" > "/tmp/bg-$name.rc"
		} &
		for _ in $(seq 50); do
			[ "$expect" != none ] && grep -q " ${expect%%+*}:" "$trace/trace" && break
			kill -0 $! 2>/dev/null || break
			sleep 0.2
		done
		counted
		echo "$dev $ps $expect $! $counts ${taken:-none}" > "/tmp/bg-$name"
		bg+=("$name")
		return 0
	fi
	[[ " ${background:-} " != *" $name "* ]] || return 0
	for try in $(seq "$tries"); do
		echo > "$trace/trace"
		echo "client: $name (try $try): $cmd"
		start=$(date +%s%N)
		rc=0
		bash -c "$cmd" >> "/out/client-$name.log" 2>&1 || rc=$?
		ms=$((($(date +%s%N) - start) / 1000000))
		[ "$rc" = 0 ] && break
		echo "client: $name exited $rc"
		[ "$try" = "$tries" ] || sleep 3
	done
	tries=1
	[ "$rc" = 0 ] || diag "$name"
	counted
	result "$name" "$dev" "$ps" "$expect" "$rc" "$ms"
}
. "$here/lib-scenario.sh"
. "$(scenario_list)"
pass=foreground
. "$(scenario_list)"
for name in "${bg[@]}"; do
	read -r dev ps expect pid counts taken < "/tmp/bg-$name"
	wait "$pid" || true
	read -r rc ms < "/tmp/bg-$name.rc" || rc=1 ms=''
	[ "$taken" != none ] || taken=''
	[ "$rc" = 0 ] || diag "$name"
	result "$name" "$dev" "$ps" "$expect" "$rc" "$ms"
done

touch /shared/done
exit "$status"
