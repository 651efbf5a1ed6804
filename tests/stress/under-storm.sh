#!/bin/bash
# Guest helper: under-storm.sh netdev|link COMMAND...: COMMAND is a storm of connects
# (rdmacm_conform -t storm) over rxe0. About 1 s in, eth0 goes down for 2 s (netdev), or
# rxe0 is deleted (link): the storm is told (SIGUSR1) to start no new connect, and rxe0 is
# added again once the deletion returned. Passes when the storm ended cleanly and the
# deletion returned within 300 s.
set -uo pipefail
what=$1
shift
"$@" &
storm=$!
sleep 1
case $what in
netdev)
	ip link set eth0 down
	sleep 2
	ip link set eth0 up
	# IPv6 drops its addresses with the link: give fd00:1:: back to later runs
	ip -6 addr add "fd00:1::2/64" dev eth0 nodad 2> /dev/null || true
	;;
link)
	start=$(date +%s)
	timeout 300 rdma link delete rxe0 &
	del=$!
	sleep 1
	# the storm itself, not the timeout(1) that may run it (it would die of SIGUSR1)
	pkill -USR1 -x rdmacm_conform || true
	;;
*) echo "usage: under-storm.sh netdev|link COMMAND..."; exit 2 ;;
esac
rc=0
wait "$storm" || rc=$?
echo "under-storm: the storm exited $rc"
if [ "$what" = link ]; then
	wait "$del" || { echo "under-storm: rdma link delete rxe0 failed or hung"; exit 1; }
	echo "under-storm: rdma link delete rxe0 took $(($(date +%s) - start)) s"
	rdma link add rxe0 type rxe netdev eth0 || exit 1
	rdma link show rxe0/1 || exit 1
fi
exit "$rc"
