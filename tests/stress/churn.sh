#!/bin/bash
# Guest helper: churn.sh ADDR RPING_PORT SERVE_PORT CYCLES ROUNDS N
# CYCLES rping connect/disconnect cycles against ADDR:RPING_PORT, then ROUNDS storms of N
# connects (rdmacm_conform -t storm) against a serve server on ADDR:SERVE_PORT, sampling
# `rdma resource` every 500 cycles and after each round. Passes when every rping passed,
# every round passed, the resource counts come back to the idle ones and the last round
# took less than twice the first (plus 5 s).
set -uo pipefail
addr=$1 rport=$2 sport=$3 cycles=$4 rounds=$5 n=$6
conform=${CONFORM:?}
sample() { echo "churn: $1: $(rdma resource | sed -n 's/^[0-9]*: \([^ ]*\): /\1 /p' | tr '\n' ' ')"; }
counts() { rdma resource | sed -n 's/^[0-9]*: [^ ]*: //p' | tr '\n' ' '; }
idle=$(counts)
sample idle
fails=0
for i in $(seq "$cycles"); do
	timeout 60 rping -c -a "$addr" -p "$rport" -C 1 > /dev/null 2>&1 || fails=$((fails + 1))
	[ $((i % 500)) = 0 ] && sample "$i rping cycles"
done
echo "churn: $cycles rping cycles, $fails failed"
first='' last='' rc=0
for r in $(seq "$rounds"); do
	start=$(date +%s%N)
	timeout 900 "$conform" client -a "$addr" -p "$sport" -t storm -n "$n" || rc=1
	ms=$((($(date +%s%N) - start) / 1000000))
	first=${first:-$ms} last=$ms
	sample "round $r ($n connects, $ms ms)"
done
for _ in $(seq 30); do [ "$(counts)" = "$idle" ] && break; sleep 1; done
now=$(counts)
echo "churn: resources idle: $idle; now: $now"
[ "$now" = "$idle" ] || { echo "churn: the resource counts did not come back"; rc=1; }
[ "$fails" = 0 ] || rc=1
if [ -n "$first" ] && [ "$last" -gt $((2 * first + 5000)) ]; then
	echo "churn: the last round took $last ms, the first $first ms"
	rc=1
fi
exit "$rc"
