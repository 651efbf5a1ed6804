#!/bin/bash
# Guest helper: second-siw.sh ADDR PORT N: a second siw device (siwx, on a veth) next to
# siw0, N rping connections to ADDR:PORT over siw0, then siwx and its veth are deleted.
# Passes when every rping passed and both deletions returned within 60 s.
set -uo pipefail
addr=$1 port=$2 n=$3 fails=0
ip link add vx0 type veth peer name vx1 || exit 1
ip link set vx0 up && ip link set vx1 up
rdma link add siwx type siw netdev vx0 || exit 1
rdma link
for i in $(seq "$n"); do
	# -d: a failure says where it stopped
	rc=0
	out=$(timeout 60 stdbuf -oL rping -c -d -a "$addr" -p "$port" -C 2 -V 2>&1) || rc=$?
	[ "$rc" = 0 ] || {
		fails=$((fails + 1))
		echo "second-siw: rping $i of $n exited $rc; its last lines:"
		tail -n 8 <<< "$out"
	}
done
timeout 60 rdma link delete siwx || { echo "second-siw: rdma link delete siwx failed or hung"; exit 1; }
timeout 60 ip link delete vx0 || { echo "second-siw: ip link delete vx0 failed or hung"; exit 1; }
echo "second-siw: $n rping connections over siw0 beside siwx, $fails failed; siwx deleted"
[ "$fails" = 0 ]
