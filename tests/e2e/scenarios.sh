# shellcheck shell=bash
# The e2e scenario list, sourced by server.sh, client.sh and run.sh (each defines `scenario`).
# One line each:
#   scenario NAME DEVICE PORT_SPACE EXPECTED_TRACEPOINT SERVER_COMMAND CLIENT_COMMAND
# The server is 169.254.1.1 on eth0 (rxe0) and 169.254.2.1 on eth1 (siw0); the client is .2.
# Servers all run at once, so each needs its own port (udaddy has a fixed port, 7174,
# but its UDP and IPoIB port spaces are separate). Servers exit after one client.
# RDMA_PS_IPOIB needs an IPoIB netdev: on rxe (Ethernet) cma_acquire_dev_by_src_ip() refuses
# it with -EINVAL, so udaddy's bind fails (exit 255) and its address resolution fails (exit
# 234 = -22) before any connect: that scenario checks the refusal and that no REQ was sent.
. "$(dirname "${BASH_SOURCE[0]}")/lib-scenario.sh"

scenario rxe-rping-rc     rxe RDMA_PS_TCP   cm_send_req        "timeout 240 rping -s -a 169.254.1.1 -p 7201 -C 3"           "timeout 60 rping -c -a 169.254.1.1 -p 7201 -C 3 -V"
scenario rxe-ucmatose-rc  rxe RDMA_PS_TCP   cm_send_req        "timeout 240 ucmatose -b 169.254.1.1 -p 7203 -c 1 -C 1"     "timeout 60 ucmatose -s 169.254.1.1 -p 7203 -c 1 -C 1"
scenario rxe-udaddy-ud    rxe RDMA_PS_UDP   cm_send_sidr_req   "timeout 240 udaddy -b 169.254.1.1 -c 1 -C 1"               "timeout 60 udaddy -s 169.254.1.1 -c 1 -C 1"
scenario rxe-udaddy-ipoib rxe RDMA_PS_IPOIB none               "timeout 240 udaddy -b 169.254.1.1 -c 1 -C 1 -P ipoib; test \$? = 255" "timeout 60 udaddy -s 169.254.1.1 -c 1 -C 1 -P ipoib; test \$? = 234"
scenario siw-rping-rc     siw RDMA_PS_TCP   cm_send_iw_connect "timeout 240 rping -s -a 169.254.2.1 -p 7202 -C 3"           "timeout 60 rping -c -a 169.254.2.1 -p 7202 -C 3 -V"
# ucmatose's server sends as soon as it is connected: its first FPDUs may come right behind
# the MPA reply, which stock siw's initiator refuses (CONNECT_ERROR -22, exit 234)
scenario siw-ucmatose-rc  siw RDMA_PS_TCP   cm_send_iw_connect "timeout 240 ucmatose -b 169.254.2.1 -p 7204 -c 1 -C 1"     "timeout 60 ucmatose -s 169.254.2.1 -p 7204 -c 1 -C 1"
scenario siw-ucmatose10-rc siw RDMA_PS_TCP  cm_send_iw_connect "timeout 240 ucmatose -b 169.254.2.1 -p 7205 -c 10 -C 10"   "timeout 60 ucmatose -s 169.254.2.1 -p 7205 -c 10 -C 10"

# rdmacm_conform (tests/e2e/rdmacm_conform.c): exact outcomes of rdma_connect() through ucma.
# Without -q the ids have no QP (as for an external QP); iWARP needs one (-q).
cl='timeout 60 $CONFORM client' sv='timeout 240 $CONFORM server' ra=169.254.1.1 wa=169.254.2.1
scenario einval-rc        rxe RDMA_PS_TCP   cm_send_req        "$sv -a $ra -p 7410 -t accept"          "$cl -a $ra -p 7410 -t einval"
scenario pdata56-rc       rxe RDMA_PS_TCP   cm_send_req        "$sv -a $ra -p 7411 -t accept -n 56"    "$cl -a $ra -p 7411 -t pdata -n 56"
scenario pdata57-rc       rxe RDMA_PS_TCP   none               "true"                                "$cl -a $ra -p 7411 -t pdata_over -n 57"
scenario nolistener-rc    rxe RDMA_PS_TCP   cm_send_req        "true"                                "$cl -a $ra -p 7499 -t nolistener"
scenario reject-rc        rxe RDMA_PS_TCP   cm_send_req        "$sv -a $ra -p 7412 -t reject"          "$cl -a $ra -p 7412 -t reject"
scenario ece-rc           rxe RDMA_PS_TCP   cm_send_req        "$sv -a $ra -p 7413 -t ece"             "$cl -a $ra -p 7413 -t ece"
scenario qpn-rc           rxe RDMA_PS_TCP   cm_send_req        "$sv -a $ra -p 7414 -t qpn"             "$cl -a $ra -p 7414 -t qpn"
scenario einval-ud        rxe RDMA_PS_UDP   cm_send_sidr_req   "$sv -a $ra -p 7415 -P udp -t accept"   "$cl -a $ra -p 7415 -P udp -t einval"
scenario pdata180-ud      rxe RDMA_PS_UDP   cm_send_sidr_req   "$sv -a $ra -p 7416 -P udp -t accept -n 180" "$cl -a $ra -p 7416 -P udp -t pdata -n 180"
scenario pdata181-ud      rxe RDMA_PS_UDP   none               "true"                                "$cl -a $ra -p 7416 -P udp -t pdata_over -n 181"
scenario nolistener-ud    rxe RDMA_PS_UDP   cm_send_sidr_req   "true"                                "$cl -a $ra -p 7498 -P udp -t nolistener"
scenario einval-iw        siw RDMA_PS_TCP   cm_send_iw_connect "$sv -a $wa -p 7420 -q -t accept"       "$cl -a $wa -p 7420 -q -t einval"
# siw sends the 4-byte MPA v2 IRD/ORD block within the 256 bytes of MPA private data, so
# it takes 252 bytes and refuses 253 (rdma_cm lets up to 255 through; stock siw wrapped the
# length and its peer refused 252 to 255)
scenario pdata252-iw      siw RDMA_PS_TCP   cm_send_iw_connect "$sv -a $wa -p 7421 -q -t accept -n 252" "$cl -a $wa -p 7421 -q -t pdata -n 252"
scenario pdata253-iw      siw RDMA_PS_TCP   cm_send_iw_connect "true"                                "$cl -a $wa -p 7421 -q -t pdata_over -n 253"
# siw connects its TCP socket in the background, as hardware iWARP does: nobody listening
# is an event, REJECTED -ECONNRESET as on cxgb4 and erdma (stock siw fails rdma_connect()
# with ECONNREFUSED)
scenario nolistener-iw    siw RDMA_PS_TCP   cm_send_iw_connect "true"                                "$cl -a $wa -p 7497 -q -t nolistener"
scenario reject-iw        siw RDMA_PS_TCP   cm_send_iw_connect "$sv -a $wa -p 7422 -q -t reject"       "$cl -a $wa -p 7422 -q -t reject"
# a refused connect is REJECTED and its id refuses another connect (EINVAL); new ids connect once the server listens
scenario retry-iw         siw RDMA_PS_TCP   cm_send_iw_connect "$sv -a $wa -p 7423 -q -t accept -w /shared/go-retry-iw" "$cl -a $wa -p 7423 -q -t retry -w /shared/go-retry-iw"
# IPv6: a unique local address, and eth0's link-local one (written by the server guest)
sa6=fd00:1::1 ll='$(cat /shared/server-ll0)%eth0'
scenario pdata56-rc-v6    rxe RDMA_PS_TCP   cm_send_req        "$sv -a $sa6 -p 7430 -t accept -n 56"  "$cl -a $sa6 -p 7430 -t pdata -n 56"
scenario pdata180-ud-v6   rxe RDMA_PS_UDP   cm_send_sidr_req   "$sv -a $sa6 -p 7431 -P udp -t accept -n 180" "$cl -a $sa6 -p 7431 -P udp -t pdata -n 180"
scenario einval-rc-ll     rxe RDMA_PS_TCP   cm_send_req        "$sv -a $ll -p 7432 -t accept"         "$cl -a $ll -p 7432 -t einval"
scenario einval-ud-ll     rxe RDMA_PS_UDP   cm_send_sidr_req   "$sv -a $ll -p 7433 -P udp -t accept"  "$cl -a $ll -p 7433 -P udp -t einval"
# RDMA_OPTION_ID_ACK_TIMEOUT before rdma_resolve_route(): the RoCE path's packet lifetime
scenario acktimeout14     rxe RDMA_PS_TCP   none               "true"                                 "$cl -a $ra -t acktimeout -n 14"
scenario acktimeout1      rxe RDMA_PS_TCP   none               "true"                                 "$cl -a $ra -t acktimeout -n 1"
scenario acktimeout0      rxe RDMA_PS_TCP   none               "true"                                 "$cl -a $ra -t acktimeout -n 0"
# a silent peer: 169.254.1.9 resolves to the server's MAC, which owns no such address and
# drops the REQs; the CM retries 15 times and the client gets UNREACHABLE -ETIMEDOUT
scenario silent-peer-rc   rxe RDMA_PS_TCP   cm_send_req        "true"                                 "ip neigh replace 169.254.1.9 lladdr \$(cat /shared/server-mac0) dev eth0 nud permanent && timeout 200 \$CONFORM client -a 169.254.1.9 -p 7434 -t timeout"
# a silent siw peer (169.254.2.9 on the server's MAC): rdma_connect() returns at once and the
# connect ends in UNREACHABLE -ETIMEDOUT after siw's 10 s connect timeout; destroying ids
# mid-connect (1, then 50) takes less than a second each, reports nothing and leaves no socket
# and no CM id behind
silent_iw="ip neigh replace 169.254.2.9 lladdr \$(cat /shared/server-mac1) dev eth1 nud permanent && timeout 100 \$CONFORM client -a 169.254.2.9 -q"
nothing_left='sleep 1 && test -z "$(ss -Htn dst 169.254.2.9)" && ! rdma res show cm_id | grep -q 169.254.2.9'
scenario silent-iw        siw RDMA_PS_TCP   cm_send_iw_connect "true"                                 "$silent_iw -p 7435 -t timeout"
scenario destroy-iw       siw RDMA_PS_TCP   cm_send_iw_connect "true"                                 "$silent_iw -p 7436 -t destroy && $nothing_left"
scenario destroy50-iw     siw RDMA_PS_TCP   cm_send_iw_connect "true"                                 "$silent_iw -p 7437 -t destroy -n 50 && $nothing_left"
# many connections at once: the cmtime client connects and tears down all of them (its exit
# code); the cmtime server never exits by itself, so it passes if it is still up when the
# client is done
persistent() { echo "$1 & p=\$!; until [ -e /shared/done ]; do sleep 1; kill -0 \$p || exit 1; done; kill \$p"; }
scenario cmtime1000-rc    rxe RDMA_PS_TCP   cm_send_req        "$(persistent "cmtime -b $ra -p 7440 -c 1000")" "timeout 300 cmtime -s $ra -p 7440 -c 1000"
scenario cmtime200-iw     siw RDMA_PS_TCP   cm_send_iw_connect "$(persistent "cmtime -b $wa -p 7441 -c 200")"  "timeout 300 cmtime -s $wa -p 7441 -c 200"
# a kernel ULP: nvme-rdma (rdma_connect_locked() with a kernel QP) against nvmet over null_blk
scenario nvme-rdma-rxe    rxe RDMA_PS_TCP   cm_send_req        "$here/nvmet.sh $ra 4420 nqn.2026-11.rdmacm:rxe /dev/nullb0"  "timeout 120 $here/nvme-client.sh $ra 4420 nqn.2026-11.rdmacm:rxe"
scenario nvme-rdma-siw    siw RDMA_PS_TCP   cm_send_iw_connect "$here/nvmet.sh $wa 4421 nqn.2026-11.rdmacm:siw /dev/nullb1"  "timeout 120 $here/nvme-client.sh $wa 4421 nqn.2026-11.rdmacm:siw"
