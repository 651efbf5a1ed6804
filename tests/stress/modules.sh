# shellcheck shell=bash
# The module scenarios (make modules-e2e): tests/e2e/run.sh with
# E2E_SCENARIOS=tests/stress/modules.sh on two guests of the modular debug kernel
# (config/guest.config + config/debug.config + config/modules.config), in the same table as
# the e2e list. RDMA is loaded from the kernel's own modules (tests/e2e/net.sh); the client
# removes and reloads them (tests/stress/modreload.sh) while connects are in flight and
# after, and the run fails on any kernel report in either console and any kmemleak leak.
# Counts are multiplied by /shared/scale (STRESS_SCALE, default 1).
. "$(dirname "${BASH_SOURCE[0]}")/../e2e/lib-scenario.sh"
scale=$(cat /shared/scale 2>/dev/null || echo "${STRESS_SCALE:-1}")
stress=$(dirname "${BASH_SOURCE[0]}")
sv='$CONFORM server' ra=169.254.1.1 wa=169.254.2.1
. "$stress/lib-stress.sh"
storm() { echo "timeout 300 \$CONFORM client -a $1 -p $2 $3 -t storm -n $((200 * scale))"; }

# siw (and rdma_rxe below) under a storm of connects, 2 rounds per unit of scale: removed
# with its device, or refused while the device exists and then removed once the device is
# deleted under the storm (tests/stress/modreload.sh); reloaded: rping must pass
scenario mod-siw  siw RDMA_PS_TCP cm_send_iw_connect "$(persistent "$sv -a $wa -p 7711 -q -t serve" "rping -s -a $wa -p 7712 -P")" "$stress/modreload.sh driver siw $wa 7712 $((2 * scale)) $(storm $wa 7711 -q)"
scenario mod-rxe  rxe RDMA_PS_TCP cm_send_req        "$(persistent "$sv -a $ra -p 7713 -t serve" "rping -s -a $ra -p 7714 -P")" "$stress/modreload.sh driver rxe $ra 7714 $((2 * scale)) $(storm $ra 7713)"
# rdma_ucm, rdma_cm, iw_cm and ib_cm: refused while an id exists, removed once none does,
# loaded again; rping over rxe then passes (after the reload: the tracepoints it enabled went
# with rdma_cm, so no connect is counted)
scenario mod-cm   rxe RDMA_PS_TCP none                      "$(persistent "rping -s -a $ra -p 7715 -P")" "$stress/modreload.sh cm $ra 7715"
