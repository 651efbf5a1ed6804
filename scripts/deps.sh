#!/usr/bin/env bash
# Install the Debian packages the build and the guests need (the guests run
# the host's userspace over 9p). Does nothing when all are present.
set -euo pipefail
die() { echo "deps: $*" >&2; exit 1; }

pkgs=(
	linux-source-6.12			# the 6.12.y the series applies to
	build-essential flex bison bc libelf-dev libssl-dev cpio python3 ccache
	python3-ply python3-git			# checkpatch.pl runs spdxcheck.py
	sparse coccinelle			# make check: C=2 and coccicheck
	python3-sphinx python3-sphinx-rtd-theme	# the Documentation page (SPHINXDIRS=infiniband)
	man-db groff-base			# make man renders the pages
	xz-utils git kmod
	qemu-system-x86				# the guests (TCG)
	rdma-core ibverbs-providers rdmacm-utils librdmacm-dev libibverbs-dev
	iproute2 procps nvme-cli
	nftables				# make stress: drop the RTU MADs on the server (nft)
	perftest gnuplot-nox iputils-ping	# make bench: ib_send_lat -R, the plots, ping
)

missing=()
for p in "${pkgs[@]}"; do
	[ "$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null)" = "install ok installed" ] ||
		missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

[ "$(id -u)" = 0 ] || die "missing Debian packages: ${missing[*]}; run 'make deps' as root (or apt-get install them)"
command -v apt-get >/dev/null || die "missing packages ${missing[*]} and no apt-get: this project targets Debian 12"
echo "deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
mkdir -p build
apt-get update -q > build/apt.log 2>&1 || { tail -n 20 build/apt.log >&2; die "apt-get update failed, see build/apt.log"; }
apt-get install -y -q "${missing[@]}" >> build/apt.log 2>&1 ||
	{ tail -n 20 build/apt.log >&2; die "apt-get install ${missing[*]} failed, see build/apt.log"; }
for p in "${missing[@]}"; do
	[ "$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null)" = "install ok installed" ] ||
		die "package $p is still not installed after apt-get, see build/apt.log"
done
echo "deps: installed ${#missing[@]} packages"
