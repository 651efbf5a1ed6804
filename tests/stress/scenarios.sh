# shellcheck shell=bash
# The hardening scenarios (make stress, and a bounded run in make test), run by
# tests/e2e/run.sh with E2E_SCENARIOS=tests/stress/scenarios.sh on the same two guests and
# in the same table as the e2e list. One line each, as there:
#   scenario NAME DEVICE PORT_SPACE EXPECTED_TRACEPOINT SERVER_COMMAND CLIENT_COMMAND
# Counts are multiplied by /shared/scale (STRESS_SCALE, 1 in make test); the fuzzer's seed
# is /shared/seed (STRESS_SEED). Scenarios that take a device or a netdev away come last.
. "$(dirname "${BASH_SOURCE[0]}")/../e2e/lib-scenario.sh"
scale=$(cat /shared/scale 2>/dev/null || echo "${STRESS_SCALE:-1}")
seed=$(cat /shared/seed 2>/dev/null || echo "${STRESS_SEED:-1}")
x() { echo $(($1 * scale)); }
# the fuzzer's command count: /shared/fuzz-n (STRESS_N), else 100,000 per unit of scale
fuzz_n=$(cat /shared/fuzz-n 2>/dev/null || x 100000)
stress=$(dirname "${BASH_SOURCE[0]}")
cl='timeout 900 $CONFORM client' sv='$CONFORM server' ra=169.254.1.1 wa=169.254.2.1
. "$stress/lib-stress.sh"
# the client's CM ids when it started (no other client runs at the same time) must be all
# that is left when it is done: `settled CMD` runs CMD and then compares
settled() { echo "b=\$($stress/cm-ids.sh); $1; rc=\$?; $stress/cm-ids.sh --settle \$b || exit 1; exit \$rc"; }

# fail-nth: the n-th slab allocation of rdma_connect() fails, n = 1, 2, ... (failslab.sh
# lets GFP_KERNEL allocations fail, quietly); each branch once
scenario failnth-req      rxe RDMA_PS_TCP cm_send_req        "$(persistent "$sv -a $ra -p 7611 -t serve")" "$(settled "$stress/failslab.sh $cl -a $ra -p 7611 -t failnth -n 16")"
scenario failnth-sidr     rxe RDMA_PS_UDP cm_send_sidr_req   "$(persistent "$sv -a $ra -p 7612 -P udp -t serve")" "$(settled "$stress/failslab.sh $cl -a $ra -p 7612 -P udp -t failnth -n 16")"
scenario failnth-req-qp   rxe RDMA_PS_TCP cm_send_req        "$(persistent "$sv -a $ra -p 7613 -q -t serve")" "$(settled "$stress/failslab.sh $cl -a $ra -p 7613 -q -t failnth -n 16")"
scenario failnth-mpa      siw RDMA_PS_TCP cm_send_iw_connect "$(persistent "$sv -a $wa -p 7614 -q -t serve")" "$(settled "$stress/failslab.sh $cl -a $wa -p 7614 -q -t failnth -n 16")"

# races, each a bounded loop
scenario connect2-rxe     rxe RDMA_PS_TCP cm_send_req        "$(persistent "$sv -a $ra -p 7621 -t serve")" "$(settled "$cl -a $ra -p 7621 -t connect2 -n $(x 50)")"
scenario connect2-siw     siw RDMA_PS_TCP cm_send_iw_connect "$(persistent "$sv -a $wa -p 7622 -q -t serve")" "$(settled "$cl -a $wa -p 7622 -q -t connect2 -n $(x 20)")"
scenario closefd-rxe      rxe RDMA_PS_TCP cm_send_req        "$(persistent "$sv -a $ra -p 7623 -t serve")" "$(settled "$cl -a $ra -p 7623 -t closefd -n $(x 50)")"
scenario closefd-siw      siw RDMA_PS_TCP cm_send_iw_connect "$(persistent "$sv -a $wa -p 7624 -q -t serve")" "$(settled "$cl -a $wa -p 7624 -q -t closefd -n $(x 20)")"
scenario disconnect-rxe   rxe RDMA_PS_TCP cm_send_req        "$(persistent "$sv -a $ra -p 7625 -t serve")" "$(settled "$cl -a $ra -p 7625 -t disconnect -n $(x 20)")"
scenario disconnect-siw   siw RDMA_PS_TCP cm_send_iw_connect "$(persistent "$sv -a $wa -p 7626 -q -t serve")" "$(settled "$cl -a $wa -p 7626 -q -t disconnect -n $(x 10)")"
# the ucma fuzzer (tests/stress/ucma_fuzz.c) against live listeners on both devices (IPv4
# and IPv6): seeded random command sequences from 4 threads; it checks errnos, exactly-once
# connect and one outcome per connect itself, and the run must reach all three connect
# branches. It sends REQs to loopback and wildcard destinations too, which rxe cannot route
# (stock rxe then moves QP1 to ERROR and the port's CM hears nothing more, rxe-fixes 1; -L
# leaves them out, for a stock kernel).
# Without -K it issues ACCEPT and REJECT on any id, connecting ones too: on stock that reaches
# the iWARP CM's BUG()s (rc-fixes 4 and 8), makes a destroy wait out a REQ's retries (rc-fixes
# 5, see rejpending-* below), and on RoCE a REJECT, or an ACCEPT that fails, cancels the
# pending connect without an event, which its one-outcome check counts (rc-fixes 6)
fuzz_servers="$(persistent "$sv -a $ra -p 7601 -t serve" "$sv -a $ra -p 7602 -P udp -t serve" "$sv -a $wa -p 7603 -q -t serve" "$sv -a fd00:1::1 -p 7604 -t serve")"
scenario fuzz             rxe+siw mixed   cm_send_req+cm_send_sidr_req+cm_send_iw_connect "$fuzz_servers" "$(settled "timeout 1800 \$FUZZ -s $seed -n $fuzz_n -t 4 -T 1500 -a $ra -a $wa -a fd00:1::1 -l 169.254.1.2 -l 169.254.2.2 -l fd00:1::2 -p 7601 -p 7602 -p 7603 -p 7604")"

# syzbot's ucma multicast use-after-free: two joins of one group on one id, then a leave of
# the older (raw ucma ABI; librdmacm leaves by address). The second join must fail with
# EADDRINUSE (rc-fixes 12); on a stock debug kernel the leave makes KASAN report
scenario mcast-twice      rxe RDMA_PS_UDP none               "true" "$(settled "\$MCAST -l 169.254.1.2 -n $(x 200)")"

# the peer's listener goes away and comes back every 5-50 ms under a storm of connects
scenario flap-rxe         rxe RDMA_PS_TCP cm_send_req        "$(persistent "$sv -a $ra -p 7627 -t flap")" "$(settled "$cl -a $ra -p 7627 -t storm -n $(x 200)")"
scenario flap-siw         siw RDMA_PS_TCP cm_send_iw_connect "$(persistent "$sv -a $wa -p 7628 -q -t flap")" "$(settled "$cl -a $wa -p 7628 -q -t storm -n $(x 100)")"

# rdma_reject() and rdma_accept() on an id whose connect is pending (a peer that drops
# everything): the destroy that follows is prompt (stock 6.12: on iWARP the iWARP CM's BUG()
# in destroy_cm_id(), rc-fixes 4; on RoCE the destroy waits out the REQ's retries, rc-fixes 5)
scenario rejpending-rc    rxe RDMA_PS_TCP cm_send_req        "true" "$(settled "ip neigh replace 169.254.1.9 lladdr \$(cat /shared/server-mac0) dev eth0 nud permanent && $cl -a 169.254.1.9 -p 7606 -t rejpending")"
scenario rejpending-iw    siw RDMA_PS_TCP cm_send_iw_connect "true" "$(settled "ip neigh replace 169.254.2.9 lladdr \$(cat /shared/server-mac1) dev eth1 nud permanent && $cl -a 169.254.2.9 -p 7605 -q -t rejpending")"

# a REJ after ESTABLISHED: the server drops the RTUs (nftables) and leaves; the client's
# connected id gets REJECTED, its QP is in ERROR, it destroys at once
scenario rej-after-rtu    rxe RDMA_PS_TCP cm_send_req        "$stress/rtu-drop.sh server $ra 7651 # listens later" "$(settled "$stress/rtu-drop.sh client $ra 7651")"

# neighbour churn: rping clients connect in a loop while the server's neighbour entry flips
# between a wrong MAC and the right one; every client exits, no CM id is left. The rping
# server runs under rping-server.sh: a connection that dies of the lost frames may end
# rping (UNREACHABLE or REJECTED on the passive side), which then starts again
scenario neigh-churn      rxe RDMA_PS_TCP cm_send_req        "$(persistent "$stress/rping-server.sh $ra 7631")" "$(settled "$stress/neigh-churn.sh $ra 7631 $((scale >= 10 ? 32 : 8)) $((scale >= 10 ? 200 : 20))")"
# a second siw device on a veth, rping over siw0 meanwhile, then the extra device goes: no
# leak, no "waiting for ... to become free"
scenario second-siw       siw RDMA_PS_TCP cm_send_iw_connect "$(persistent "rping -s -a $wa -p 7632 -P")" "$(settled "$stress/second-siw.sh $wa 7632 $(x 20)")"

# churn: rping connect/disconnect cycles, then rounds of connect storms; the resource
# counts come back to idle and the rounds stay as fast (3,000 and 20 x 1,000 at scale 10)
scenario churn            rxe RDMA_PS_TCP cm_send_req        "$(persistent "rping -s -a $ra -p 7661 -P" "$sv -a $ra -p 7662 -t serve")" "$(settled "$stress/churn.sh $ra 7661 7662 $((scale >= 10 ? 300 * scale : 60)) $(x 2) $((scale >= 10 ? 1000 : 100))")"

# nvme-rdma over siw reconnecting (reconnect-delay 1, ctrl-loss-tmo -1) with I/O running
# while the target unlinks and relinks the subsystem from its port every 1-2 s
scenario nvme-relink-siw  siw RDMA_PS_TCP cm_send_iw_connect "$stress/nvme-relink.sh server $wa 4431 nqn.2026-11.rdmacm:relink /dev/nullb0 $(x 5)" "$(settled "timeout 1800 $stress/nvme-relink.sh client $wa 4431 nqn.2026-11.rdmacm:relink $(x 5)")"

# the netdev goes down and up under a storm of connects, then the device is deleted under
# one and added again
scenario netdev-down      rxe RDMA_PS_TCP cm_send_req        "$(persistent "$sv -a $ra -p 7641 -t serve")" "$(settled "$stress/under-storm.sh netdev $cl -a $ra -p 7641 -t storm -n $(x 500)")"
scenario link-delete      rxe RDMA_PS_TCP cm_send_req        "$(persistent "$sv -a $ra -p 7642 -t serve")" "$(settled "$stress/under-storm.sh link $cl -a $ra -p 7642 -t storm -n $(x 1000)")"
