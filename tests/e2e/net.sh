# shellcheck shell=bash
# Sourced by the guest scripts: `net_up N` gives this guest 169.254.1.N on eth0 with rxe0 on
# top and 169.254.2.N on eth1 with siw0 on top.
net_up() {
	ip link set eth0 up
	ip addr add "169.254.1.$1/24" dev eth0
	ip link set eth1 up
	ip addr add "169.254.2.$1/24" dev eth1
	rdma link add rxe0 type rxe netdev eth0
	rdma link add siw0 type siw netdev eth1
	ip -br addr
	rdma link
}
