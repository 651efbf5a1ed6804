#!/bin/bash
# One side of make bench's connection storm: both guests connect to each other at once.
#   storm.sh ROLE TRANSPORT LISTENERS CONNS
# ROLE is server (169.254.X.1, started by client.sh through server.sh) or client (.2);
# TRANSPORT rxe (169.254.1.X) or siw (169.254.2.X). Each side starts LISTENERS cmtime
# servers on its own address (ports STORM_PORT and up), waits until the other side listens
# too, and then, at the same moment as the other side, starts LISTENERS cmtime clients of
# CONNS connections each against the other side's servers. Outputs in /out:
# storm-TR-I.txt (client I's cmtime output) and storm-TR.txt (key=value: the elapsed time
# from the start to the last client's end, each client's exit status, this guest's retry
# counters before and after). The host (scripts/bench_report.py) judges them. The client
# side returns once the server side has written its record.
set -uo pipefail
here=$(dirname "$(readlink -f "$0")")
. "$here/ports.sh"
role=$1 tr=$2 k=$3 c=$4
other=client mine=1 peer=2
[ "$role" = server ] || { other=server mine=2 peer=1; }
net=1
[ "$tr" = rxe ] || net=2
me=169.254.$net.$mine them=169.254.$net.$peer
sh=/shared/storm-$tr
res=/out/storm-$tr.txt

# wait_file FILE SECONDS
wait_file() {
	local i
	for i in $(seq $(($2 * 20))); do
		[ -e "$1" ] && return 0
		sleep 0.05
	done
	return 1
}

{
	echo "role=$role listeners=$k conns=$c"
	echo "counters_before=$(retry_counters)"
} > "$res"
n0=$(listeners)
srv=()
for i in $(seq 0 $((k - 1))); do
	cmtime -b "$me" -p $((STORM_PORT + i)) -c "$c" > "/out/storm-$tr-server-$i.txt" 2>&1 &
	srv+=($!)
done
for _ in $(seq 100); do
	[ "$(listeners)" -ge $((n0 + k)) ] && break
	sleep 0.1
done
echo "listening=$(($(listeners) - n0))" >> "$res"
touch "$sh-listening-$role"
# the client side gives the start once both sides listen, and a second later (a listener
# listed is not yet always reachable; see server.sh)
if [ "$role" = client ]; then
	wait_file "$sh-listening-server" 60 && sleep 1 && touch "$sh-go"
fi
if ! wait_file "$sh-go" 90; then
	echo "nostart=1" >> "$res"
	touch "$sh-done-$role"
	kill "${srv[@]}" 2>/dev/null
	exit 1
fi
t0=$(date +%s%N)
cli=()
for i in $(seq 0 $((k - 1))); do
	timeout -k 10 300 cmtime -s "$them" -p $((STORM_PORT + i)) -c "$c" > "/out/storm-$tr-$i.txt" 2>&1 &
	cli+=($!)
done
for i in $(seq 0 $((k - 1))); do
	rc=0
	wait "${cli[$i]}" || rc=$?
	echo "rc_$i=$rc" >> "$res"
done
echo "elapsed_ms=$((($(date +%s%N) - t0) / 1000000))" >> "$res"
touch "$sh-done-$role"
# this side's servers serve the other side's clients: stop them once those are done
wait_file "$sh-done-$other" 330 || echo "other_done=0" >> "$res"
kill "${srv[@]}" 2>/dev/null
wait "${srv[@]}" 2>/dev/null
echo "counters_after=$(retry_counters)" >> "$res"
touch "$sh-finished-$role"
# the client guest ends the run (client.sh): not before the server side has written its record
[ "$role" = server ] || wait_file "$sh-finished-server" 60 || echo "server_finished=0" >> "$res"
exit 0
