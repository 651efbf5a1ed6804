#!/bin/bash
# Guest helper for the REJ-after-ESTABLISHED case: the server drops every incoming RTU
# (an nftables rule on RoCEv2, UDP 4791: a MAD of the CM class 0x07 with attribute ID
# 0x0014, IBTA 12.6.10), accepts one connection and leaves 3 s later; the client sees
# ESTABLISHED, then REJECTED on its connected id (rdmacm_conform -t rejafter).
#   rtu-drop.sh server ADDR PORT   |   rtu-drop.sh client ADDR PORT
# The rule is only in place while this case runs: the server waits for the client's go.
set -uo pipefail
side=$1 addr=$2 port=$3
go=/shared/go-rtu-drop armed=/shared/rtu-drop-armed
conform=${CONFORM:?}
if [ "$side" = client ]; then
	touch "$go"
	for _ in $(seq 120); do [ -e "$armed" ] && break; sleep 1; done
	[ -e "$armed" ] || { echo "rtu-drop: the server never armed the rule"; exit 1; }
	exec timeout 120 "$conform" client -a "$addr" -p "$port" -q -t rejafter
fi
for _ in $(seq 3000); do [ -e "$go" ] && break; [ -e /shared/done ] && exit 1; sleep 1; done
nft add table ip rtudrop || exit 1
nft 'add chain ip rtudrop in { type filter hook input priority 0; }' || exit 1
# transport header offsets in bits: UDP 8 + BTH 12 + DETH 8 bytes, then the MAD's
# management class at byte 1 and its attribute ID at byte 16
nft add rule ip rtudrop in udp dport 4791 @th,232,8 0x07 @th,352,16 0x0014 counter drop || exit 1
timeout 180 "$conform" server -a "$addr" -p "$port" -q -t accept_exit &
srv=$!
for _ in $(seq 60); do
	rdma resource show cm_id | grep -q "src-addr $addr:$port " && break
	sleep 0.5
done
touch "$armed"
rc=0
wait "$srv" || rc=$?
dropped=$(nft list table ip rtudrop | sed -n 's/.*counter packets \([0-9]*\).*/\1/p')
nft delete table ip rtudrop
echo "rtu-drop: the server dropped $dropped RTUs, exited $rc"
[ "$rc" = 0 ] && [ "${dropped:-0}" -gt 0 ]
