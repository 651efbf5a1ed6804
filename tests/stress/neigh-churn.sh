#!/bin/bash
# Guest helper: neigh-churn.sh ADDR PORT CLIENTS FLIPS: CLIENTS rping clients connect to
# ADDR:PORT in a loop (5 connections each) while the neighbour entry of ADDR flips FLIPS
# times between a wrong MAC and the right one. Passes when every client has exited (each
# rping may fail: its peer was unreachable for a while) and the entry is right again.
set -uo pipefail
addr=$1 port=$2 clients=$3 flips=$4
dev=$(ip -o route get "$addr" | sed -n 's/.* dev \([^ ]*\).*/\1/p')
ping -c 1 -W 2 "$addr" > /dev/null
mac=$(ip neigh show "$addr" dev "$dev" | awk '{ print $3 }')
[ -n "$mac" ] || { echo "neigh-churn: no neighbour entry for $addr"; exit 1; }
pids=()
for c in $(seq "$clients"); do
	(for _ in 1 2 3 4 5; do timeout 60 rping -c -a "$addr" -p "$port" -C 2 > /dev/null 2>&1; done) &
	pids+=($!)
done
for _ in $(seq "$flips"); do
	ip neigh replace "$addr" lladdr 02:00:00:00:00:99 dev "$dev" nud permanent
	sleep 0.$((RANDOM % 3))
	ip neigh replace "$addr" lladdr "$mac" dev "$dev" nud permanent
	sleep 0.$((RANDOM % 3))
done
ip neigh replace "$addr" lladdr "$mac" dev "$dev" nud reachable
left=0
for p in "${pids[@]}"; do
	wait "$p" || true
done
for p in "${pids[@]}"; do kill -0 "$p" 2>/dev/null && left=$((left + 1)); done
echo "neigh-churn: $clients clients x 5 rping connections, $flips flips of $addr's MAC; $left clients left"
# the right MAC works again
timeout 60 rping -c -a "$addr" -p "$port" -C 2 -V > /dev/null || { echo "neigh-churn: rping fails after the churn"; exit 1; }
[ "$left" = 0 ]
