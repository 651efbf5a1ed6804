#!/bin/bash
# Guest script of the benchmark client VM: the measurements of one round on one kernel.
#   client.sh "N..." REPS [small]
# cmtime -c N against the server's cmtime on rxe and siw for each N (N=1 REPS times), one
# cmtime -c 100 (small: 10) per transport with rdma_connect_ece() traced by function_graph, one
# cmtime -c 1 per transport with both guests' kernel events recorded, SIDR_N udaddy
# resolutions on rxe, ping and ib_send_lat -R on both links, and last, if /shared/storm
# exists, a storm per transport: both guests connect to each other at once, 16 listeners a
# side and 16 x 32 connections (small: 2 x 8) each way (storm.sh). Raw outputs go to /out;
# /out/results.tsv has one line per measurement: what, transport, N, repetition, rc, extra.
# The host (scripts/bench_report.py) parses and judges them; this script only records.
set -uo pipefail
here=$(dirname "$(readlink -f "$0")")
. "$here/../e2e/net.sh"
. "$here/ports.sh"
. "$here/events.sh"
ns=${1:-1 100 1000 5000} reps=${2:-20}
# the traced cmtime's N, udaddy's runs and ib_send_lat's iterations; make bench-smoke
# (BENCH_SMOKE=1, a third argument "small") runs each step once and small, to keep it working
traced=100 sidr_reps=3 lat_n=200 storm_k=16 storm_c=32
[ "${3:-}" != small ] || { traced=10 sidr_reps=1 lat_n=20 SIDR_N=10 storm_k=2 storm_c=8; }
trace=/sys/kernel/tracing
res=/out/results.tsv

uname -r > /out/kernel
: > "$res"
net_up 2
for _ in $(seq 120); do
	[ -e /shared/ready ] && break
	sleep 1
done
[ -e /shared/ready ] || { echo "bench client: no server"; touch /shared/done; exit 1; }

# ask the server for a one-shot server (see server.sh) and wait until it listens
serve() {
	echo "$2" > "/shared/start-$1.tmp" && mv "/shared/start-$1.tmp" "/shared/start-$1"
	for _ in $(seq 150); do
		[ -e "/shared/started-$1" ] && return 0
		sleep 0.1
	done
	echo "bench client: the server never started $1"
	return 1
}

# the server guest's retry counters (server.sh), prefixed "srv_"
server_counters() {
	rm -f /shared/counters
	touch /shared/count
	for _ in $(seq 50); do
		[ -e /shared/counters ] && { sed 's/\(^\|,\)/\1srv_/g' /shared/counters; return; }
		sleep 0.1
	done
	echo "srv_cm_retries=?,srv_tcp_retrans=?"
}

# a connect that found nobody listening yet (REJECTED 8 on rxe; a refused TCP connect or
# REJECTED -104 on siw): the harness's race, not a measurement
nolistener() { grep -q "error: 8\.\?$\|Connection refused\|error: -104\.\?$" "$1"; }

mem_avail() { awk '/^MemAvailable:/ { print $2 }' /proc/meminfo; }
addr() { [ "$1" = rxe ] && echo 169.254.1.1 || echo 169.254.2.1; }
port() { [ "$1" = rxe ] && echo "$CMTIME_RXE" || echo "$CMTIME_SIW"; }

# cmtime TRANSPORT N REP [PORT]: one client run, against the server on PORT if given (else
# a fresh one); the lowest MemAvailable while it runs (kB), the client's retry counters
# before and after it, and the server's after it (the server's previous reading is the
# one after the run before)
cmtime_run() {
	local tr=$1 n=$2 rep=$3 p=${4:-} f rc before low sampler c0
	f=/out/cmtime-$tr-$n-$rep.txt
	if [ -z "$p" ]; then
		p=$(port "$tr")
		serve "cmtime-$tr-$n-$rep" "exec cmtime -b $(addr "$tr") -p $p -c $n" ||
			{ printf 'cmtime\t%s\t%s\t%s\tserver\t\n' "$tr" "$n" "$rep" >> "$res"; return; }
	fi
	before=$(mem_avail)
	c0=$(retry_counters)
	(low=$before; while :; do m=$(mem_avail); [ "$m" -lt "$low" ] && low=$m && echo "$low" > /tmp/low.tmp && mv /tmp/low.tmp /tmp/low; sleep 0.2; done) &
	sampler=$!
	echo "$before" > /tmp/low
	rc=0
	timeout 180 cmtime -s "$(addr "$tr")" -p "$p" -c "$n" > "$f" 2>&1 || rc=$?
	# nobody listening yet (REJECTED 8, or a refused TCP connect on siw) is the harness's
	# race, not a measurement: once more with a fresh server of its own (kind "again", so
	# that the other servers stay up), on a port of its own
	if nolistener "$f"; then
		mv "$f" "$f.nolistener"
		p=$(($(port "$tr") + 200 + ${rep//[!0-9]/0}))
		serve "again-cmtime-$tr-$n-$rep" "exec cmtime -b $(addr "$tr") -p $p -c $n" || {
			kill "$sampler" 2>/dev/null; wait "$sampler" 2>/dev/null
			printf 'cmtime\t%s\t%s\t%s\tserver\t\n' "$tr" "$n" "$rep" >> "$res"
			return
		}
		rc=0
		timeout 180 cmtime -s "$(addr "$tr")" -p "$p" -c "$n" > "$f" 2>&1 || rc=$?
	fi
	kill "$sampler" 2>/dev/null; wait "$sampler" 2>/dev/null
	low=$(cat /tmp/low)
	printf 'cmtime\t%s\t%s\t%s\t%s\tmem_before=%s,mem_low=%s,%s,%s,%s\n' "$tr" "$n" "$rep" "$rc" "$before" "$low" \
		"before_${c0//,/,before_}" "$(retry_counters)" "$(server_counters)" >> "$res"
}

for tr in rxe siw; do
	cmtime_run "$tr" 1 warmup	# ARP, route and the first QP: not counted
	for n in $ns; do
		if [ "$n" = 1 ]; then
			# one server per repetition, all started at once (a server serves one run)
			serve "cmtime-$tr-1-all" "for i in \$(seq $reps); do cmtime -b $(addr "$tr") -p \$(($(port "$tr") + 100 + i)) -c 1 & done; wait"
			sleep 1
			for rep in $(seq "$reps"); do cmtime_run "$tr" 1 "$rep" $(($(port "$tr") + 100 + rep)); done
		else
			cmtime_run "$tr" "$n" 1
		fi
	done
done

# where one connect's time goes: a cmtime -c 1 against a fresh server, both guests recording
# their kernel events (events.sh); the server records on request (server.sh)
shared_wait() {
	for _ in $(seq 100); do
		[ -e "$1" ] && return 0
		sleep 0.1
	done
	return 1
}
for tr in rxe siw; do
	# at most three tries, each with a fresh server and fresh recordings (nolistener)
	rc=1
	for try in 1 2 3; do
		rm -f "/shared/events-ready-$tr" "/shared/events-saved-$tr"
		serve "cmtime-$tr-events-$try" "exec cmtime -b $(addr "$tr") -p $(port "$tr") -c 1" || continue
		touch "/shared/events-on-$tr"
		shared_wait "/shared/events-ready-$tr" || { echo "bench client: the server records no events"; break; }
		events_on
		rc=0
		timeout 60 cmtime -s "$(addr "$tr")" -p "$(port "$tr")" -c 1 > "/out/cmtime-$tr-events.txt" 2>&1 || rc=$?
		events_off "/out/events-$tr.txt"
		touch "/shared/events-off-$tr"
		shared_wait "/shared/events-saved-$tr" || echo "bench client: the server kept no events"
		nolistener "/out/cmtime-$tr-events.txt" || break
	done
	printf 'events\t%s\t1\t%s\t%s\t\n' "$tr" "$try" "$rc" >> "$res"
done

# the kernel's own cost: rdma_connect_ece() as ucma_connect() calls it, by function_graph
if grep -qx rdma_connect_ece "$trace/available_filter_functions" 2>/dev/null; then
	for tr in rxe siw; do
		echo 0 > "$trace/tracing_on"
		echo function_graph > "$trace/current_tracer"
		echo rdma_connect_ece > "$trace/set_ftrace_filter"
		echo > "$trace/trace"
		serve "cmtime-$tr-traced" "exec cmtime -b $(addr "$tr") -p $(port "$tr") -c $traced"
		echo 1 > "$trace/tracing_on"
		rc=0
		timeout 300 cmtime -s "$(addr "$tr")" -p "$(port "$tr")" -c "$traced" > "/out/cmtime-$tr-traced.txt" 2>&1 || rc=$?
		echo 0 > "$trace/tracing_on"
		cp "$trace/trace" "/out/ftrace-$tr.txt"
		echo nop > "$trace/current_tracer"
		printf 'ftrace\t%s\t%s\t1\t%s\t\n' "$tr" "$traced" "$rc" >> "$res"
	done
else
	printf 'ftrace\t-\t0\t1\t1\tno function_graph or no rdma_connect_ece\n' >> "$res"
fi

# SIDR REQ rate: SIDR_N udaddy resolutions (and one datagram each) on rxe
for rep in $(seq "$sidr_reps"); do
	serve "udaddy-$rep" "exec udaddy -b 169.254.1.1 -c $SIDR_N -C 1"
	start=$(date +%s%N)
	rc=0
	timeout 300 udaddy -s 169.254.1.1 -c "$SIDR_N" -C 1 > "/out/udaddy-$rep.txt" 2>&1 || rc=$?
	printf 'udaddy\trxe\t%s\t%s\t%s\tns=%s\n' "$SIDR_N" "$rep" "$rc" $(($(date +%s%N) - start)) >> "$res"
done

# the floor: round trips on both links, and a CM-connected ib_send_lat on each
for tr in rxe siw; do
	rc=0
	ping -q -c 10 -i 0.2 "$(addr "$tr")" > "/out/ping-$tr.txt" 2>&1 || rc=$?
	printf 'ping\t%s\t10\t1\t%s\t\n' "$tr" "$rc" >> "$res"
done
for tr in rxe siw; do
	rc=0
	lp=$LAT_PORT
	[ "$tr" = rxe ] || lp=$LAT_PORT_SIW
	# a server listed as listening is not always reachable yet (nolistener; seen in 3 of 20
	# runs): at most three tries, each with a fresh server
	for try in 1 2 3; do
		serve "lat-$tr-$try" "exec ib_send_lat -R -d ${tr}0 -p $lp -n $lat_n"
		rc=0
		timeout 120 ib_send_lat -R -d "${tr}0" -p "$lp" -n "$lat_n" "$(addr "$tr")" > "/out/lat-$tr.txt" 2>&1 || rc=$?
		nolistener "/out/lat-$tr.txt" || break
	done
	printf 'ib_send_lat\t%s\t%s\t1\t%s\t\n' "$tr" "$lat_n" "$rc" >> "$res"
done

# the storm, in the rounds the host asks for it (/shared/storm, scripts/bench.sh): this
# guest's storm.sh and the server's, started through server.sh, connect to each other at
# once; last, so that it disturbs nothing else
for tr in rxe siw; do
	[ -e /shared/storm ] || break
	rc=0
	if serve "storm-$tr" "exec bash $here/storm.sh server $tr $storm_k $storm_c"; then
		bash "$here/storm.sh" client "$tr" "$storm_k" "$storm_c" || rc=$?
	else
		rc=server
	fi
	printf 'storm\t%s\t%s\t1\t%s\tlisteners=%s,conns=%s\n' "$tr" $((2 * storm_k * storm_c)) "$rc" "$storm_k" "$storm_c" >> "$res"
done

touch /shared/done
exit 0
