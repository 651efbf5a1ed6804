#!/bin/bash
# Client side of the NVMe over RDMA scenarios: nvme-cli connects to NQN at
# ADDR:PORT (nvme-rdma calls rdma_connect_locked() from its ROUTE_RESOLVED
# handler, with a kernel QP), writes 1 MiB of a pattern to the namespace with
# O_DIRECT, reads it back, compares, and disconnects.
#   nvme-client.sh ADDR PORT NQN
set -euo pipefail
addr=$1 svc=$2 nqn=$3
host=00000000-0000-0000-0000-0000000000c1
pattern=/tmp/nvme-pattern.$$

nvme connect -t rdma -a "$addr" -s "$svc" -n "$nqn" \
	--hostnqn "nqn.2014-08.org.nvmexpress:uuid:$host" --hostid "$host"
trap 'nvme disconnect -n "$nqn" || true' EXIT
dev=
for _ in $(seq 50); do
	for b in /sys/block/nvme*n1; do
		[ -e "$b" ] && dev=/dev/${b##*/}
	done
	[ -n "$dev" ] && [ -b "$dev" ] && break
	sleep 0.2
done
[ -n "$dev" ] && [ -b "$dev" ] || { echo "nvme-client: no namespace block device after connect"; exit 1; }
echo "nvme-client: $nqn is $dev"

head -c 1048576 /dev/urandom > "$pattern"
dd if="$pattern" of="$dev" bs=64k oflag=direct status=none
dd if="$dev" bs=64k count=16 iflag=direct status=none | cmp - "$pattern"
echo "nvme-client: 1 MiB written and read back intact"
trap - EXIT
nvme disconnect -n "$nqn"
