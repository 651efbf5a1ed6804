# shellcheck shell=bash
# Sourced by the guest scripts: `net_up N` gives this guest 169.254.1.N and fd00:1::N (a
# unique local IPv6 address) on eth0 with rxe0 on top, and 169.254.2.N on eth1 with siw0.
net_up() {
	# no duplicate address detection: the addresses are usable at once
	sysctl -qw net.ipv6.conf.default.accept_dad=0 net.ipv6.conf.all.accept_dad=0
	ip link set eth0 up
	ip addr add "169.254.1.$1/24" dev eth0
	ip -6 addr add "fd00:1::$1/64" dev eth0 nodad
	ip link set eth1 up
	ip addr add "169.254.2.$1/24" dev eth1
	rdma link add rxe0 type rxe netdev eth0
	rdma link add siw0 type siw netdev eth1
	ip -br addr
	rdma link
}
