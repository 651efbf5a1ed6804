# shellcheck shell=bash
# Sourced by tests/e2e/nvmet.sh and tests/stress/nvme-relink.sh: an nvmet target over RDMA,
# through configfs.
#   nvmet_subsys NQN [DEVICE]   subsystem NQN, open to any host, DEVICE as namespace 1
#   nvmet_port SVC ADDR         an RDMA port on ADDR:SVC (IPv4)
#   nvmet_link SVC NQN          export NQN through port SVC
nvmet_cfg=/sys/kernel/config/nvmet
nvmet_subsys() {
	local subsys=$nvmet_cfg/subsystems/$1
	mkdir "$subsys" && echo 1 > "$subsys/attr_allow_any_host" || return 1
	[ -n "${2:-}" ] || return 0
	mkdir "$subsys/namespaces/1" &&
		echo "$2" > "$subsys/namespaces/1/device_path" &&
		echo 1 > "$subsys/namespaces/1/enable"
}
nvmet_port() {
	local port=$nvmet_cfg/ports/$1
	mkdir "$port" &&
		echo rdma > "$port/addr_trtype" &&
		echo ipv4 > "$port/addr_adrfam" &&
		echo "$2" > "$port/addr_traddr" &&
		echo "$1" > "$port/addr_trsvcid"
}
nvmet_link() { ln -s "$nvmet_cfg/subsystems/$2" "$nvmet_cfg/ports/$1/subsystems/$2"; }
