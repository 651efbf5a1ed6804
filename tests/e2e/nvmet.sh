#!/bin/bash
# Server side of the NVMe over RDMA scenarios: export DEVICE (a memory-backed
# null_blk device, see scripts/vm.sh) as namespace 1 of subsystem NQN through an
# nvmet RDMA port on ADDR:PORT, and keep it until the client guest is done. The
# export is not taken down: unlinking a subsystem from a live nvmet RDMA port takes
# nvmet_config_sem and then the listener's handler_mutex, the reverse of nvmet's
# connect path, and lockdep reports it (upstream nvmet, passive side, not this
# series); the VM ends right after anyway.
#   nvmet.sh ADDR PORT NQN DEVICE
set -euo pipefail
addr=$1 svc=$2 nqn=$3 device=$4
. "$(dirname "$(readlink -f "$0")")/lib-nvmet.sh"

nvmet_subsys "$nqn" "$device"
nvmet_port "$svc" "$addr"
nvmet_link "$svc" "$nqn"
echo "nvmet: $nqn on $addr:$svc"

for _ in $(seq 560); do
	[ -e /shared/done ] && exit 0
	sleep 1
done
echo "nvmet: the client never wrote /shared/done"
exit 1
