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
scenario rxe-rping-rc     rxe RDMA_PS_TCP   cm_send_req        "timeout 240 rping -s -a 169.254.1.1 -p 7201 -C 3"           "timeout 60 rping -c -a 169.254.1.1 -p 7201 -C 3 -V"
scenario rxe-ucmatose-rc  rxe RDMA_PS_TCP   cm_send_req        "timeout 240 ucmatose -b 169.254.1.1 -p 7203 -c 1 -C 1"     "timeout 60 ucmatose -s 169.254.1.1 -p 7203 -c 1 -C 1"
scenario rxe-udaddy-ud    rxe RDMA_PS_UDP   cm_send_sidr_req   "timeout 240 udaddy -b 169.254.1.1 -c 1 -C 1"               "timeout 60 udaddy -s 169.254.1.1 -c 1 -C 1"
scenario rxe-udaddy-ipoib rxe RDMA_PS_IPOIB none               "timeout 240 udaddy -b 169.254.1.1 -c 1 -C 1 -P ipoib; test \$? = 255" "timeout 60 udaddy -s 169.254.1.1 -c 1 -C 1 -P ipoib; test \$? = 234"
scenario siw-rping-rc     siw RDMA_PS_TCP   cm_send_iw_connect "timeout 240 rping -s -a 169.254.2.1 -p 7202 -C 3"           "timeout 60 rping -c -a 169.254.2.1 -p 7202 -C 3 -V"
