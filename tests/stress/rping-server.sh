#!/bin/bash
# Guest helper: rping-server.sh ADDR PORT: a persistent rping server (rping -s -P) started
# again each time one failed connection ends it, as a supervisor (systemd's
# Restart=on-failure) would. rping's CM thread exits the whole process on any error event,
# a child connection's as much as the listener's (rdma-core, librdmacm/examples/rping.c).
# Under packet loss that is expected: a REP whose RTU is lost and whose client has gone
# ends in UNREACHABLE -110 on the passive side, a client that gives up during the REQ in
# REJECTED. So an exit is accepted when its last CM event line is UNREACHABLE, REJECTED or
# CONNECT_ERROR; any other exit (a crash, a signal, device removal, a failed listen) fails
# with its status. SIGTERM ends it with 143, as persistent() in lib-stress.sh expects.
set -uo pipefail
addr=$1 port=$2
log=$(mktemp)
pid=''
restarts=0
trap '[ -n "$pid" ] && kill "$pid" 2>/dev/null; echo "rping-server: $restarts restarts"; exit 143' TERM
while :; do
	rping -s -a "$addr" -p "$port" -P > "$log" 2>&1 &
	pid=$!
	wait "$pid"
	rc=$?
	pid=''
	cat "$log"
	last=$(grep '^cma event ' "$log" | tail -n 1)
	if [ "$rc" = 0 ] || ! grep -qE '^cma event RDMA_CM_EVENT_(UNREACHABLE|REJECTED|CONNECT_ERROR), error' <<< "$last"; then
		echo "rping-server: rping exited $rc${last:+ after \"$last\"}, not after one failed connection"
		exit 1
	fi
	restarts=$((restarts + 1))
	echo "rping-server: restart $restarts ($last)"
done
