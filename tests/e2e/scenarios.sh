# shellcheck shell=bash
# The e2e scenario list, sourced by server.sh, client.sh and run.sh (each defines `scenario`).
# One line each:
#   scenario NAME DEVICE PORT_SPACE EXPECTED_TRACEPOINT SERVER_COMMAND CLIENT_COMMAND
# The server is 169.254.1.1 on eth0 (rxe0) and 169.254.2.1 on eth1 (siw0); the client is .2.
# Servers all run at once, so each needs its own port (udaddy has a fixed port, 7174,
# but its UDP and IPoIB port spaces are separate). Servers exit after one client.
# rping runs with -d (each CM event and completion) under stdbuf -oL, so a hang leaves its
# last steps in its log.
# RDMA_PS_IPOIB needs an IPoIB netdev: on rxe (Ethernet) cma_acquire_dev_by_src_ip() refuses
# it with -EINVAL, so udaddy's bind fails (exit 255) and its address resolution fails (exit
# 234 = -22) before any connect: that scenario checks the refusal and that no REQ was sent.
. "$(dirname "${BASH_SOURCE[0]}")/lib-scenario.sh"
# scenarios that only wait for a timeout run beside the others (client.sh): a silent peer's
# REQ is retried for about 74 s before UNREACHABLE
background="silent-peer-rc mra-rc"

scenario rxe-rping-rc     rxe RDMA_PS_TCP   cm_send_req        "timeout 240 stdbuf -oL rping -s -d -a 169.254.1.1 -p 7201 -C 3"           "timeout 60 stdbuf -oL rping -c -d -a 169.254.1.1 -p 7201 -C 3 -V"
scenario rxe-ucmatose-rc  rxe RDMA_PS_TCP   cm_send_req        "timeout 240 ucmatose -b 169.254.1.1 -p 7203 -c 1 -C 1"     "timeout 60 ucmatose -s 169.254.1.1 -p 7203 -c 1 -C 1"
scenario rxe-udaddy-ud    rxe RDMA_PS_UDP   cm_send_sidr_req   "timeout 240 udaddy -b 169.254.1.1 -c 1 -C 1"               "timeout 60 udaddy -s 169.254.1.1 -c 1 -C 1"
scenario rxe-udaddy-ipoib rxe RDMA_PS_IPOIB none               "timeout 240 udaddy -b 169.254.1.1 -c 1 -C 1 -P ipoib; test \$? = 255" "timeout 60 udaddy -s 169.254.1.1 -c 1 -C 1 -P ipoib; test \$? = 234"
scenario siw-rping-rc     siw RDMA_PS_TCP   cm_send_iw_connect "timeout 240 stdbuf -oL rping -s -d -a 169.254.2.1 -p 7202 -C 3"           "timeout 60 stdbuf -oL rping -c -d -a 169.254.2.1 -p 7202 -C 3 -V"
# ucmatose's server sends as soon as it is connected: its first FPDUs may come right behind
# the MPA reply, which stock siw's initiator refuses (CONNECT_ERROR -22, exit 234)
scenario siw-ucmatose-rc  siw RDMA_PS_TCP   cm_send_iw_connect "timeout 240 ucmatose -b 169.254.2.1 -p 7204 -c 1 -C 1"     "timeout 60 ucmatose -s 169.254.2.1 -p 7204 -c 1 -C 1"
scenario siw-ucmatose10-rc siw RDMA_PS_TCP  cm_send_iw_connect "timeout 240 ucmatose -b 169.254.2.1 -p 7205 -c 10 -C 10"   "timeout 60 ucmatose -s 169.254.2.1 -p 7205 -c 10 -C 10"

# rdmacm_conform (tests/e2e/rdmacm_conform.c): exact outcomes of rdma_connect() through ucma.
#   conform NAME DEVICE PORT_SPACE EXPECTED SERVER_TEST CLIENT_TEST [ADDRESS]
# states the device and port space once; the rest follows: the server's address on that
# device (or ADDRESS), a port of the scenario's own, -P udp for RDMA_PS_UDP, and -q (a QP)
# on siw, since iWARP connects a QP (without one, the ids have none, as for an external
# QP). rdmacm_conform asks the device which transport it is. SERVER_TEST "-": no server.
cl='timeout 60 $CONFORM client' sv='timeout 240 $CONFORM server' ra=169.254.1.1 wa=169.254.2.1
# conform's ports count up from 7470, clear of the fixed ports below (7434-7464)
conform_port=7470
conform() {
	local name=$1 dev=$2 ps=$3 expect=$4 srv=$5 cli=$6 addr=${7:-} flags='' port=$conform_port
	conform_port=$((conform_port + 1))
	case $dev in rxe) addr=${addr:-$ra} ;; siw) addr=${addr:-$wa} flags+=' -q' ;; esac
	[ "$ps" != RDMA_PS_UDP ] || flags+=' -P udp'
	[ "$srv" = - ] && srv=true || srv="$sv -a $addr -p $port$flags -t $srv"
	scenario "$name" "$dev" "$ps" "$expect" "$srv" "$cl -a $addr -p $port$flags -t $cli"
}
conform einval-rc        rxe RDMA_PS_TCP   cm_send_req        accept           einval
conform pdata56-rc       rxe RDMA_PS_TCP   cm_send_req        "accept -n 56"   "pdata -n 56"
conform pdata57-rc       rxe RDMA_PS_TCP   none               -                "pdata_over -n 57"
conform nolistener-rc    rxe RDMA_PS_TCP   cm_send_req        -                nolistener
conform reject-rc        rxe RDMA_PS_TCP   cm_send_req        reject           reject
conform ece-rc           rxe RDMA_PS_TCP   cm_send_req        ece              ece
conform qpn-rc           rxe RDMA_PS_TCP   cm_send_req        qpn              qpn
conform einval-ud        rxe RDMA_PS_UDP   cm_send_sidr_req   accept           einval
conform pdata180-ud      rxe RDMA_PS_UDP   cm_send_sidr_req   "accept -n 180"  "pdata -n 180"
conform pdata181-ud      rxe RDMA_PS_UDP   none               -                "pdata_over -n 181"
conform nolistener-ud    rxe RDMA_PS_UDP   cm_send_sidr_req   -                nolistener
conform einval-iw        siw RDMA_PS_TCP   cm_send_iw_connect accept           einval
# siw sends the 4-byte MPA v2 IRD/ORD block within the 256 bytes of MPA private data, so
# it takes 252 bytes and refuses 253 (rdma_cm lets up to 255 through; stock siw wrapped the
# length and its peer refused 252 to 255)
conform pdata252-iw      siw RDMA_PS_TCP   cm_send_iw_connect "accept -n 252"  "pdata -n 252"
conform pdata253-iw      siw RDMA_PS_TCP   cm_send_iw_connect -                "pdata_over -n 253"
# siw connects its TCP socket in the background, as hardware iWARP does: nobody listening
# is an event, REJECTED -ECONNRESET as on cxgb4 and erdma (stock siw fails rdma_connect()
# with ECONNREFUSED)
conform nolistener-iw    siw RDMA_PS_TCP   cm_send_iw_connect -                nolistener
conform reject-iw        siw RDMA_PS_TCP   cm_send_iw_connect reject           reject
# a refused connect is REJECTED and its id refuses another connect (EINVAL); new ids connect once the server listens
conform retry-iw         siw RDMA_PS_TCP   cm_send_iw_connect "accept -w /shared/go-retry-iw" "retry -w /shared/go-retry-iw"
# IPv6: a unique local address, and eth0's link-local one (written by the server guest)
sa6=fd00:1::1 ll='$(cat /shared/server-ll0)%eth0'
conform pdata56-rc-v6    rxe RDMA_PS_TCP   cm_send_req        "accept -n 56"   "pdata -n 56"  "$sa6"
conform pdata180-ud-v6   rxe RDMA_PS_UDP   cm_send_sidr_req   "accept -n 180"  "pdata -n 180" "$sa6"
conform einval-rc-ll     rxe RDMA_PS_TCP   cm_send_req        accept           einval         "$ll"
conform einval-ud-ll     rxe RDMA_PS_UDP   cm_send_sidr_req   accept           einval         "$ll"
# RDMA_OPTION_ID_ACK_TIMEOUT before rdma_resolve_route(): the RoCE path's packet lifetime
conform acktimeout14     rxe RDMA_PS_TCP   none               -                "acktimeout -n 14"
conform acktimeout1      rxe RDMA_PS_TCP   none               -                "acktimeout -n 1"
conform acktimeout0      rxe RDMA_PS_TCP   none               -                "acktimeout -n 0"
# above 31: EINVAL, the id unchanged (stock takes any u8: rc-fixes 11)
conform acktimeout31     rxe RDMA_PS_TCP   none               -                "acktimeout -n 31"
stock fails "rc-fixes 11" "the ack timeout 32 is taken"
conform acktimeout32     rxe RDMA_PS_TCP   none               -                "acktimeout -n 32"
# rdma_reject() and rdma_accept() on our own connect while its REQ is outstanding (the
# server accepts only once the client has made both calls): both EINVAL, and the connect
# goes on to its own event (stock: the reject returns 0, or the refused accept rejects;
# either cancels the connect without an event, rc-fixes 6). Not on siw: the iWARP CM
# refuses both already (rejpending-iw, tests/stress), and librdmacm's rdma_accept() moves
# a refused id's QP to ERROR, which ends a siw connect (siw-connect 4)
conform rejreq-rc        rxe RDMA_PS_TCP   cm_send_req        "accept_late -w /shared/go-rejreq-rc" "rejreq -w /shared/go-rejreq-rc"
conform accreq-rc        rxe RDMA_PS_TCP   cm_send_req        "accept_late -w /shared/go-accreq-rc" "rejreq -n 1 -w /shared/go-accreq-rc"
# a multicast join on rxe (RoCE v2): IPv6 is refused with EOPNOTSUPP (stock: 524, the
# kernel-internal ENOTSUPP, cma-errno), IPv4 joins
conform mcast6-ud        rxe RDMA_PS_UDP   none               -                mcast          "$sa6"
conform mcast4-ud        rxe RDMA_PS_UDP   none               -                mcast
# a connection from an alias address that is then deleted and added back: the DREQ cannot
# be built on the gone GID entry, and rdma_disconnect() must still end in DISCONNECTED
# (stock: no event ever, rc-fixes 14)
stock fails "rc-fixes 14" "no DISCONNECTED after the address went"
conform addrgone-rc      rxe RDMA_PS_TCP   cm_send_req        hold             addrgone
# a REQ that rxe cannot route (to ::1 from the client's fd00:1::2), then a connect to the
# server: it is answered (stock rxe moves QP1 to ERROR on the first REQ, which flushes QP1's
# receive queue: the port's CM hears nothing more until rxe0 is recreated, rxe-fixes 1)
conform unroutable6-rc   rxe RDMA_PS_TCP   cm_send_req        accept           unroutable     "$sa6"
conform unroutable4-rc   rxe RDMA_PS_TCP   cm_send_req        accept           unroutable
# a REQ that the client's own IP layer drops (an nftables rule on its output hook, UDP
# 4791), then, the rule gone, a connect to the server: it is answered (stock rxe moves QP1
# to ERROR on the dropped REQ, as above, rxe-fixes 3; a netdev going down under a storm of
# connects did the same at random, netdev-down in tests/stress)
xd="trap 'nft delete table ip xmitdrop 2> /dev/null' EXIT; nft add table ip xmitdrop && nft 'add chain ip xmitdrop out { type filter hook output priority 0; }' && nft add rule ip xmitdrop out ip daddr $ra udp dport 4791 counter drop"
xd_check="nft list table ip xmitdrop | grep -q 'packets [1-9]'; d=\$?; nft delete table ip xmitdrop; [ \$d = 0 ] || { echo 'xmitdrop: the rule dropped nothing'; exit 1; }"
scenario xmitdrop-rc      rxe RDMA_PS_TCP   cm_send_req        "$sv -a $ra -p 7464 -t accept" "$xd || exit 1; timeout -k 1 3 $cl -a $ra -p 7464 -t einval; $xd_check; $cl -a $ra -p 7464 -t einval"
# packets for a QP in ERROR: a 64 KiB send (one retry) to the server's QP after the server
# moved it to ERROR (a retry error), and a 4 MiB RDMA READ whose responses reach the client's
# QP after it moved it to ERROR on the first one (flushed). rxe drops them; stock 7.3.4 frees
# them with interrupts off, and with virtio-net's page_pool that warns under lockdep
# (page_pool_put_unrefed_netmem()) and then hangs the guest (rxe-fixes 2)
conform errqp-send-rc    rxe RDMA_PS_TCP   cm_send_req        "errqp -q -n 1 -w /shared/go-errqp-send-rc" "errqp -q -n 1 -w /shared/go-errqp-send-rc"
conform errqp-read-rc    rxe RDMA_PS_TCP   cm_send_req        "errqp -q"       "errqp -q"
# a silent peer: 169.254.1.9 resolves to the server's MAC, which owns no such address and
# drops the REQs; the CM retries 15 times and the client gets UNREACHABLE -ETIMEDOUT
scenario silent-peer-rc   rxe RDMA_PS_TCP   cm_send_req        "true"                                 "ip neigh replace 169.254.1.9 lladdr \$(cat /shared/server-mac0) dev eth0 nud permanent && timeout 200 \$CONFORM client -a 169.254.1.9 -p 7434 -t timeout"
# a server whose process is stopped once it listens: the kernel's CM answers the client's
# retried REQ with an MRA (66 s) and nobody accepts. UNREACHABLE after the MRA's wait and
# the remaining retries at their own 4.6 s: 60 to 200 s (stock: every retry waits the MRA's
# 66 s, about 16.6 minutes, mad-fixes 1). The server resumes when the client is done.
mra_srv="\$CONFORM server -a 169.254.1.1 -p 7446 -t serve > /tmp/mra-srv.log 2>&1 & p=\$!; until grep -q listening /tmp/mra-srv.log; do kill -0 \$p || exit 1; sleep 0.2; done; kill -STOP \$p; until [ -e /shared/done ]; do sleep 1; done; kill -TERM \$p; kill -CONT \$p; wait \$p; rc=\$?; cat /tmp/mra-srv.log; exit \$rc"
scenario mra-rc           rxe RDMA_PS_TCP   cm_send_req        "$mra_srv"                             "timeout 400 \$CONFORM client -a 169.254.1.1 -p 7446 -t mra"
# a silent siw peer (169.254.2.9 on the server's MAC): rdma_connect() returns at once and the
# connect ends in UNREACHABLE -ETIMEDOUT after siw's 10 s connect timeout; destroying ids
# mid-connect (1, then 50) takes less than a second each, reports nothing and leaves no socket
# and no CM id behind
silent_iw="ip neigh replace 169.254.2.9 lladdr \$(cat /shared/server-mac1) dev eth1 nud permanent && timeout 100 \$CONFORM client -a 169.254.2.9 -q"
nothing_left='sleep 1 && test -z "$(ss -Htn dst 169.254.2.9)" && ! rdma res show cm_id | grep -q 169.254.2.9'
scenario silent-iw        siw RDMA_PS_TCP   cm_send_iw_connect "true"                                 "$silent_iw -p 7435 -t timeout"
scenario destroy-iw       siw RDMA_PS_TCP   cm_send_iw_connect "true"                                 "$silent_iw -p 7436 -t destroy && $nothing_left"
scenario destroy50-iw     siw RDMA_PS_TCP   cm_send_iw_connect "true"                                 "$silent_iw -p 7437 -t destroy -n 50 && $nothing_left"
# a broken iWARP peer (tests/e2e/mpa_peer.c, plain TCP) answers siw's MPA v2 Request with an
# enhanced-mode Reply of LEN bytes of private data; 0-3 is too short for the 4-byte IRD/ORD
# block: the connect must end in an error event without private data (mpa_client -x error)
# and no oops (stock siw dereferences the missing block: NULL for 0; for 1-3 it reads past
# the bytes sent and hands up a wrapped private data length of 253-255). 8 is a valid Reply:
# ESTABLISHED with its 4 bytes. rdma_cm does not see the peer's TCP listener ("# listens
# later"): the peer creates /shared/mpa-peer-PORT once it listens and the client waits for it.
# The peer runs until it has served its connection or the client is done (then it is killed,
# and the scenario fails: nobody came). 0 comes last: it oopses a stock client.
mpa_bin=$here/../../build/bin
mpa() {
	local name=$1 len=$2 port=$3 want=$4 peer=${5:-} before=${6:-}
	scenario "$name" siw RDMA_PS_TCP cm_send_iw_connect \
		"$mpa_bin/mpa_peer -a $wa -p $port -l $len$peer -r /shared/mpa-peer-$port & p=\$!; until [ -e /shared/done ] || ! kill -0 \$p 2>/dev/null; do sleep 1; done; kill \$p 2>/dev/null; wait \$p # listens later" \
		"for _ in \$(seq 100); do [ -e /shared/mpa-peer-$port ] && break; sleep 0.2; done; $before timeout 60 $mpa_bin/mpa_client -a $wa -p $port $want"
}
mpa siw-mpareply8 8 7458 "-x established -n 4"
mpa siw-mpareply1 1 7451 "-x error"
mpa siw-mpareply3 3 7453 "-x error"
mpa siw-mpareply0 0 7450 "-x error"
# the peer sends a valid Reply as 8 one-byte segments and the rest, and closes right after it,
# while the client guest's kworkers are held off (tests/e2e/starve.sh, from 1 s after the
# connect for 3 s; the peer's Reply waits for its go-file): each segment then takes one of the
# Initiator CEP's six work elements, and the close needs one too. The connect must be
# ESTABLISHED and then DISCONNECTED (stock: the close found no work element and was dropped,
# so the connection stayed ESTABLISHED with nobody behind it, siw-rc 7)
mpa siw-mpaclose8 8 7463 "-x closed -n 4" " -s 8 -w /shared/go-mpaclose8" "(sleep 1; $here/starve.sh 3 /shared/go-mpaclose8) &"
# the iWARP CM, a connect request accepted and not yet ESTABLISHED: the Initiator (mpa_peer
# -c, plain TCP) asks for MPA v2 peer-to-peer mode and holds back its RTR, without which siw
# reports no ESTABLISHED, until the server has called rdma_reject() and rdma_accept() again:
# both must fail with EINVAL and the first accept end in ESTABLISHED; accacc-iw makes the
# second accept only (stock: either call goes on to siw, which returns ECONNRESET and drops
# a reference to its endpoint that it does not hold; the server's exit then underflows that
# refcount and the iWARP CM's close meets an idle id: BUG() in cm_close_handler(), rc-fixes 9)
scenario accrej-iw        siw RDMA_PS_TCP   none               "$sv -a $wa -p 7459 -t accrej -w /shared/go-accrej-iw" "timeout 60 $mpa_bin/mpa_peer -c -a $wa -p 7459 -w /shared/go-accrej-iw -t 30"
scenario accacc-iw        siw RDMA_PS_TCP   none               "$sv -a $wa -p 7460 -t accrej -n 1 -w /shared/go-accacc-iw" "timeout 60 $mpa_bin/mpa_peer -c -a $wa -p 7460 -w /shared/go-accacc-iw -t 30"
# the same Initiator resets the connection instead of sending its RTR: siw reports a close and
# no ESTABLISHED; the server gets DISCONNECTED (stock: the iWARP CM's BUG() in
# cm_close_handler(), rc-fixes 7)
scenario rtrreset-iw      siw RDMA_PS_TCP   none               "$sv -a $wa -p 7461 -t accrej -n 2 -w /shared/go-rtrreset-iw" "timeout 60 $mpa_bin/mpa_peer -c -a $wa -p 7461 -w /shared/go-rtrreset-iw -t 30 -x reset"
# an Initiator (mpa_peer -c -x preclose) whose MPA Request and FIN reach the Responder in one
# segment with the handshake's last ACK, before siw's listener has taken the connection: the
# Responder must close it without an answer and its consumer must not see it (siw finds the
# FIN right behind the Request, siw_mpa_rr_check_trailing()); a real connect then works.
# Stock: the FIN reaches the listener's CEP, which siw then destroys (rc-fixes 3)
scenario preclose-iw      siw RDMA_PS_TCP   cm_send_iw_connect "$sv -a $wa -p 7462 -q -t accept" "timeout 60 $mpa_bin/mpa_peer -c -a $wa -p 7462 -x preclose -t 10 && $cl -a $wa -p 7462 -q -t einval"
# many connections at once: the cmtime client connects and tears down all of them (its exit
# code, and no "failure" or "event:" line: cmtime 44 goes on without a QP it could not create,
# and reports a failed connect as "event: NAME, error: N"); rxe is the control; the cmtime
# server never exits by itself, so it passes if it is still up when the client is done. On siw
# stock kernels fail from the 72nd QP on (a key equal to SIW_INVAL_UOBJ_KEY, siw-mmap 1)
persistent() { echo "$1 & p=\$!; until [ -e /shared/done ]; do sleep 1; kill -0 \$p || exit 1; done; kill \$p"; }
cmtime_all() { echo "timeout 300 cmtime -s $1 -p $2 -c $3 > /tmp/cmtime-$2.txt 2>&1; rc=\$?; cat /tmp/cmtime-$2.txt; [ \$rc = 0 ] && ! grep -qE 'failure|event:' /tmp/cmtime-$2.txt"; }
scenario cmtime1000-rc    rxe RDMA_PS_TCP   cm_send_req        "$(persistent "cmtime -b $ra -p 7440 -c 1000")" "$(cmtime_all $ra 7440 1000)"
scenario cmtime200-iw     siw RDMA_PS_TCP   cm_send_iw_connect "$(persistent "cmtime -b $wa -p 7441 -c 200")"  "$(cmtime_all $wa 7441 200)"
# a burst of 64 connects at once at a siw listener of backlog 4: each ends ESTABLISHED, or
# REJECTED by the backlog; none waits out the 10 s MPA timeout. Stock siw takes one connection
# off the listen queue per work item, from a pool of `backlog` items, and drops the work of a
# connection that finds the pool empty: the listener stays one connection behind for each, and
# the newest connections of a burst wait in its queue until their MPA timer ends them
# (UNREACHABLE -110; 2 of 64 per burst on the queue without siw-rc 8)
scenario burst-iw         siw RDMA_PS_TCP   cm_send_iw_connect "$(persistent "\$CONFORM server -a $wa -p 7442 -q -t serve -n 4")" "$cl -a $wa -p 7442 -q -t burst -n 64"
# a kernel ULP: nvme-rdma (rdma_connect_locked() with a kernel QP) against nvmet over null_blk
scenario nvme-rdma-rxe    rxe RDMA_PS_TCP   cm_send_req        "$here/nvmet.sh $ra 4420 nqn.2026-11.rdmacm:rxe /dev/nullb0"  "timeout 120 $here/nvme-client.sh $ra 4420 nqn.2026-11.rdmacm:rxe"
scenario nvme-rdma-siw    siw RDMA_PS_TCP   cm_send_iw_connect "$here/nvmet.sh $wa 4421 nqn.2026-11.rdmacm:siw /dev/nullb1"  "timeout 120 $here/nvme-client.sh $wa 4421 nqn.2026-11.rdmacm:siw"
