# shellcheck shell=bash
# Sourced by the guest scripts: `net_up N` gives this guest 169.254.1.N and fd00:1::N (a
# unique local IPv6 address) on eth0 with rxe0 on top, and 169.254.2.N on eth1 with siw0.
# On a modular kernel (/shared/modroot-ROLE, written by run.sh: N 1 is the server, 2 the
# client) it first loads the RDMA modules from there; nothing loads them on demand, since
# the guest's /lib/modules is the host's.
# modroot: the module directory of this guest's kernel (empty: RDMA is built in)
modroot() { cat "/shared/modroot-$([ "${net_n:-2}" = 1 ] && echo server || echo client)" 2>/dev/null || true; }
rdma_modprobe() { modprobe -d "$(modroot)" "$@"; }
net_up() {
	net_n=$1
	[ -z "$(modroot)" ] || rdma_modprobe -a ib_uverbs rdma_ucm rdma_rxe siw
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
