#!/bin/bash
# Guest script of the e2e server VM: start every scenario's server, tell the client over
# /shared, and when the client is done record each server's exit code in /shared/server-NAME.rc.
set -euo pipefail
here=$(dirname "$(readlink -f "$0")")
# the conformance program the scenarios run (built on the host by make)
export CONFORM=$here/../../build/bin/rdmacm_conform
. "$here/net.sh"

uname -r > /out/kernel
net_up 1
# for the client: the IPv6 link-local address and the MAC of eth0
ip -6 -o addr show dev eth0 scope link | awk '{ sub("/.*", "", $4); print $4 }' > /shared/server-ll0
cat /sys/class/net/eth0/address > /shared/server-mac0
cat /sys/class/net/eth1/address > /shared/server-mac1

names=() pids=() deferred=0
scenario() {
	echo "server: $1: $5"
	selected "$1" || return 0
	bash -c "$5" > "/out/server-$1.log" 2>&1 &
	names+=("$1") pids+=($!)
	# a server started with -w FILE listens only once its client says so
	[[ $5 != *" -w "* && $5 != *"# listens later"* ]] || deferred=$((deferred + 1))
}
. "$here/lib-scenario.sh"
. "$(scenario_list)"

# ready once every server still running listens (bounded; the client retries its first
# connect anyway)
for _ in $(seq 30); do
	alive=0
	for pid in "${pids[@]}"; do kill -0 "$pid" 2>/dev/null && alive=$((alive + 1)); done
	[ "$(rdma resource show cm_id 2>/dev/null | grep -c LISTEN || true)" -ge $((alive - deferred)) ] && break
	sleep 1
done
rdma resource show cm_id || true
touch /shared/ready
echo "server: ready"

for _ in $(seq "$(($(cat /shared/timeout 2>/dev/null || echo 600) - 40))"); do
	[ -e /shared/done ] && break
	sleep 1
done
[ -e /shared/done ] || echo "server: the client never wrote /shared/done"
# a server still running 5 s after the client is done (the persistent ones check
# /shared/done each second) waits for a client that is gone: show where its ids stand
running() {
	local pid
	for pid in "${pids[@]}"; do kill -0 "$pid" 2>/dev/null && return 0; done
	return 1
}
for _ in $(seq 25); do
	running || break
	sleep 0.2
done
if running; then
	echo "server: servers still running; ids and QPs not listening:"
	rdma resource show cm_id | grep -v LISTEN || true
	rdma resource show qp | grep -v "type GSI\|type SMI" || true
fi

status=0
for i in "${!names[@]}"; do
	rc=0
	wait "${pids[$i]}" || rc=$?
	echo "server: ${names[$i]} exited $rc"
	echo "$rc" > "/shared/server-${names[$i]}.rc"
	[ "$rc" = 0 ] || status=1
done
[ -e /shared/done ] || status=1
exit "$status"
