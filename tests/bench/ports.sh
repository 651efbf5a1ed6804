# shellcheck shell=bash
# What the benchmark guests agree on: ports, counts, probes (sourced by server.sh, client.sh
# and storm.sh)
CMTIME_RXE=7601 CMTIME_SIW=7602 LAT_PORT=7603 LAT_PORT_SIW=7604
# the storm's listeners (storm.sh), well past the ports of client.sh's extra cmtime servers
# (CMTIME_* + 100 + rep and + 200 + rep)
STORM_PORT=9100
SIDR_N=${SIDR_N:-100}
# what a slow connection may have waited for, as this guest counted it so far: the IB CM's
# retried MADs (every port's cm_tx_retries: REQ, REP, ... resent after a timeout; the IB CM
# keeps them beside the port's other attributes) and TCP's retransmitted segments (siw's MPA
# runs over TCP), as "cm_retries=N,tcp_retrans=N" ("none": no IB CM port, so nothing
# counted; "?": the counter could not be read)
retry_counters() {
	local cm=none f tcp
	for f in /sys/class/infiniband/*/ports/*/cm_tx_retries/*; do
		[ -r "$f" ] && cm=$((${cm/none/0} + $(cat "$f")))
	done
	tcp=$(awk '$1 == "Tcp:" { if (!col) { for (i = 2; i <= NF; i++) if ($i == "RetransSegs") col = i } else print $col }' /proc/net/snmp)
	echo "cm_retries=$cm,tcp_retrans=${tcp:-?}"
}
# the CM ids listening in this guest
listeners() { rdma resource show cm_id 2>/dev/null | grep -c LISTEN; }
