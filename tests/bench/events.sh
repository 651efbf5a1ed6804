# shellcheck shell=bash
# The connect breakdown of make bench: the kernel events both guests record around one
# traced connect (sourced by client.sh and server.sh; scripts/bench_report.py reads them).
# rdma_cm's and the IB CM's tracepoints, every frame sent and received, and every work item
# run; no function tracer, so that stock and patched record the same. Where the kernel has
# the system call tracepoints (the benchmark kernels), every task switch and cmtime's system
# calls too: the report splits the server consumer's time by what the guest's CPU ran.
events_on() {
	local t=/sys/kernel/tracing e
	echo 0 > "$t/tracing_on"
	echo nop > "$t/current_tracer"
	echo 0 > "$t/events/enable"
	echo 8192 > "$t/buffer_size_kb"
	for e in rdma_cma ib_cma net/net_dev_xmit net/netif_receive_skb workqueue/workqueue_execute_start \
		sched/sched_switch syscalls; do
		[ ! -e "$t/events/$e/enable" ] || echo 1 > "$t/events/$e/enable"
	done
	# the system calls of cmtime only: the harness's shell loops would pay for theirs too
	[ ! -e "$t/events/syscalls/filter" ] || { echo 'comm == "cmtime"' > "$t/events/syscalls/filter"; } 2> /dev/null || true
	echo > "$t/trace"
	echo 1 > "$t/tracing_on"
}
# events_off FILE: stop recording and keep what was recorded in FILE
events_off() {
	local t=/sys/kernel/tracing
	echo 0 > "$t/tracing_on"
	cp "$t/trace" "$1"
	echo 0 > "$t/events/enable"
}
