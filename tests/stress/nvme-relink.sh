#!/bin/bash
# Guest helper: nvme-rdma reconnecting while the target comes and goes.
#   nvme-relink.sh server ADDR PORT NQN DEVICE TIMES
#   nvme-relink.sh client ADDR PORT NQN TIMES
# The server exports DEVICE as NQN (tests/e2e/nvmet.sh does the same for one connect) beside
# a second, empty subsystem that keeps the port enabled: disabling a live nvmet RDMA port
# makes lockdep report nvmet's own lock order (see nvmet.sh). Once the client has connected
# (ctrl-loss-tmo -1, reconnect-delay 1) and runs I/O, the server unlinks NQN from the port
# and links it back every 3-4 s, TIMES times: each unlink ends the host's queues (the
# iWARP connections are torn down under the I/O) and the host reconnects 1 s later.
# NQN stays unlinked for at most 0.2 s, and linked long enough for the reconnect: a
# reconnect that finds no NQN gets a Connect status with DNR, after which the 6.12 host
# removes the controller whatever ctrl-loss-tmo says (so "every 1-2 s" cannot work). On a
# slow guest a reconnect can still land in that window (a Connect accepted just before an
# unlink): the host then reports "Connect Invalid Data Parameter" and removes the controller,
# as NVMe-oF specifies, and the client connects once more after the last relink. After the
# last relink the host must be live again, 1 MiB written and read back intact, and the
# disconnect leave no CM id behind.
set -uo pipefail
side=$1 addr=$2 svc=$3 nqn=$4
go=/shared/go-relink relinked=/shared/relinked
if [ "$side" = server ]; then
	device=$5 times=$6
	. "$(dirname "$(readlink -f "$0")")/../e2e/lib-nvmet.sh"
	port=$nvmet_cfg/ports/$svc subsys=$nvmet_cfg/subsystems/$nqn
	set -e
	nvmet_subsys "$nqn" "$device"
	nvmet_subsys "$nqn-anchor"
	nvmet_port "$svc" "$addr"
	nvmet_link "$svc" "$nqn-anchor"
	nvmet_link "$svc" "$nqn"
	set +e
	for _ in $(seq 3000); do [ -e "$go" ] && break; [ -e /shared/done ] && exit 1; sleep 1; done
	for i in $(seq "$times"); do
		rm "$port/subsystems/$nqn" || exit 1
		sleep 0.$((RANDOM % 3))
		ln -s "$subsys" "$port/subsystems/$nqn" || exit 1
		sleep 3.$((RANDOM % 10))
	done
	echo "nvme-relink: $nqn unlinked and linked again $times times"
	touch "$relinked"
	for _ in $(seq 3000); do [ -e /shared/done ] && exit 0; sleep 1; done
	exit 1
fi

times=$5
host=00000000-0000-0000-0000-0000000000c2
nvme connect -t rdma -a "$addr" -s "$svc" -n "$nqn" --reconnect-delay=1 --ctrl-loss-tmo=-1 \
	--hostnqn "nqn.2014-08.org.nvmexpress:uuid:$host" --hostid "$host" || exit 1
attach() {	# sets ctrl and dev to NQN's controller and namespace, or fails
	ctrl='' dev=''
	for _ in $(seq 150); do
		for c in /sys/class/nvme/nvme*; do
			[ "$(cat "$c/subsysnqn" 2>/dev/null)" = "$nqn" ] && ctrl=$c
		done
		[ -n "$ctrl" ] && for b in "$ctrl"/nvme*n1 /sys/block/"${ctrl##*/}"n1; do [ -e "$b" ] && dev=/dev/${b##*/}; done
		[ -n "$dev" ] && [ -b "$dev" ] && return 0
		sleep 0.2
	done
	echo "nvme-relink: no namespace block device"
	nvme disconnect -n "$nqn"
	return 1
}
attach || exit 1
echo "nvme-relink: $nqn is $dev (${ctrl##*/})"
# I/O all along: it waits out each reconnect (ctrl-loss-tmo -1 queues it)
(while [ ! -e "$relinked" ]; do dd if=/dev/zero of="$dev" bs=64k count=4 oflag=direct status=none; sleep 0.2; done) &
io=$!
touch "$go"
for _ in $(seq $((times * 4 + 120))); do [ -e "$relinked" ] && break; sleep 1; done
[ -e "$relinked" ] || { echo "nvme-relink: the server never finished relinking"; exit 1; }
for _ in $(seq 120); do [ "$(cat "$ctrl/state" 2> /dev/null)" = live ] && break; sleep 1; done
state=$(cat "$ctrl/state" 2> /dev/null || echo "removed (no $ctrl)")
echo "nvme-relink: after $times relinks the controller is $state, reconnected $(dmesg | grep -c "${ctrl##*/}: Successfully reconnected") times; $(dmesg | grep "${ctrl##*/}" | grep -ci "fail") failure lines"
timeout 120 bash -c "wait $io" 2> /dev/null; wait "$io"
if [ "$state" != live ] && [ ! -e "$ctrl" ] &&
   dmesg | grep -q "Connect Invalid Data Parameter, subsysnqn \"$nqn\""; then
	echo "nvme-relink: a reconnect's Connect came while $nqn was unlinked (DNR): the host removed the controller; connecting again"
	# once the old controller's subsystem is gone: while it is there, the new controller's
	# namespace is a second path to it, which a kernel without NVME_MULTIPATH does not add
	for _ in $(seq 60); do
		grep -qxF "$nqn" /sys/class/nvme-subsystem/*/subsysnqn 2> /dev/null || break
		sleep 0.5
	done
	nvme connect -t rdma -a "$addr" -s "$svc" -n "$nqn" --reconnect-delay=1 --ctrl-loss-tmo=-1 \
		--hostnqn "nqn.2014-08.org.nvmexpress:uuid:$host" --hostid "$host" || exit 1
	attach || exit 1
	for _ in $(seq 60); do [ "$(cat "$ctrl/state" 2> /dev/null)" = live ] && break; sleep 1; done
	state=$(cat "$ctrl/state" 2> /dev/null || echo "removed (no $ctrl)")
	echo "nvme-relink: connected again: $nqn is $dev (${ctrl##*/}), $state"
fi
pattern=/tmp/nvme-relink.$$
head -c 1048576 /dev/urandom > "$pattern"
rc=0
if [ "$state" = live ]; then
	dd if="$pattern" of="$dev" bs=64k oflag=direct status=none &&
		dd if="$dev" bs=64k count=16 iflag=direct status=none | cmp - "$pattern" || rc=1
	[ "$rc" = 0 ] && echo "nvme-relink: 1 MiB written and read back intact"
else
	rc=1
fi
nvme disconnect -n "$nqn" || rc=1
exit "$rc"
