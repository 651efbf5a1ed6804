#!/bin/bash
# Guest script of the benchmark server VM: the peers the client measures against, on rxe
# (169.254.1.1) and siw (169.254.2.1). A server starts when the client asks: it writes the
# command to /shared/start-NAME, and /shared/started-NAME appears once that server listens.
# The previous server of the same kind (NAME up to its first '-') is stopped first: rdma-core
# 44's cmtime server serves one client run (the next one's QPs fail with ENOENT), udaddy's
# and ib_send_lat's end after one. On request (/shared/count), it writes its retry counters
# to /shared/counters; between /shared/events-on-TR and /shared/events-off-TR it records its
# kernel events (events.sh) into /out/events-TR.txt.
set -uo pipefail
here=$(dirname "$(readlink -f "$0")")
. "$here/../e2e/net.sh"
. "$here/ports.sh"
. "$here/events.sh"

uname -r > /out/kernel
net_up 1
# after starting a server: until the number of listening CM ids exceeds $1 (10 s at most)
await_listen() {
	for _ in $(seq 50); do
		[ "$(listeners)" -gt "$1" ] && return 0
		sleep 0.2
	done
	return 1
}

declare -A running
touch /shared/ready
echo "bench server: ready"

for _ in $(seq 15000); do
	[ -e /shared/done ] && break
	# the client asks for this guest's retry counters after each measured run
	if [ -e /shared/count ]; then
		rm -f /shared/count
		retry_counters > /shared/counters.tmp && mv /shared/counters.tmp /shared/counters
	fi
	# the client's traced connect (client.sh): record this guest's events around it
	for req in /shared/events-on-*; do
		[ -e "$req" ] || continue
		tr=${req#/shared/events-on-}
		rm -f "$req"
		events_on
		touch "/shared/events-ready-$tr"
	done
	for req in /shared/events-off-*; do
		[ -e "$req" ] || continue
		tr=${req#/shared/events-off-}
		rm -f "$req"
		events_off "/out/events-$tr.txt"
		touch "/shared/events-saved-$tr"
	done
	for req in /shared/start-*; do
		# the client writes NAME.tmp, then renames it: take only the whole ones
		[ -e "$req" ] && [ "${req%.tmp}" = "$req" ] || continue
		name=${req#/shared/start-}
		cmd=$(cat "$req")
		rm -f "$req"
		kind=${name%%-*}
		if [ -n "${running[$kind]:-}" ]; then
			kill -- "-${running[$kind]}" 2>/dev/null
			wait "${running[$kind]}" 2>/dev/null
		fi
		n=$(listeners)
		# its own process group, so that stopping it stops all it started
		setsid bash -c "$cmd" > "/out/server-$name.log" 2>&1 &
		running[$kind]=$!
		await_listen "$n" || echo "bench server: $name does not listen"
		sleep 0.3	# listed is not yet always reachable (seen: REJECTED 8, RST)
		touch "/shared/started-$name"
	done
	sleep 0.2
done
exit 0
