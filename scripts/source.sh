#!/usr/bin/env bash
# Unpack the pristine source of a base into build/$BASE/src/linux (scripts/lib-base.sh):
#   mainline: Debian's linux-source-7.3, from trixie-backports, fetched without touching
#             what apt installs on this machine: a sources list of our own holding only
#             the host mirror's trixie-backports, `apt-get download` and `dpkg -x`
#             (the package is architecture all and needs nothing of trixie);
#   6.12:     Debian's linux-source-6.12, installed by make deps (/usr/src).
# Prints the exact package version and kernel version; the stamp in
# $src/.rdmacm-source says which one is there.
set -euo pipefail
. scripts/lib-base.sh
die() { echo "source: $*" >&2; exit 1; }

fetch_backports() {	# download $base_pkg from trixie-backports into $dl, print the .deb path
	local apt=$bdir/apt mirror
	local dl=$bdir/dl
	mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial" "$dl"
	# the host's Debian mirror (the URI of its bookworm lines), trixie-backports only
	mirror=$(grep -hE '^(deb |URIs:)' /etc/apt/sources.list /etc/apt/sources.list.d/* 2>/dev/null |
		grep -v security | grep -oE 'https?://[^ ]+' | head -n1 || true)
	mirror=${LINUX_MIRROR:-${mirror:-http://deb.debian.org/debian}}
	echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $mirror trixie-backports main" \
		> "$apt/sources.list"
	local opts=(-o Dir::Etc::SourceList="$PWD/$apt/sources.list" -o Dir::Etc::SourceParts=/dev/null
		-o Dir::State::Lists="$PWD/$apt/lists" -o Dir::Cache="$PWD/$apt/cache"
		-o APT::Sandbox::User=root)
	apt-get "${opts[@]}" -q update > "$apt/update.log" 2>&1 ||
		{ tail -n 5 "$apt/update.log" >&2; die "apt-get update of $mirror trixie-backports failed (see $apt/update.log)"; }
	version=$(apt-cache "${opts[@]}" policy "$base_pkg" | sed -n 's/^ *Candidate: //p')
	[ -n "$version" ] && [ "$version" != "(none)" ] ||
		die "$mirror trixie-backports has no $base_pkg (has it moved on? see $apt/update.log)"
	deb=$dl/${base_pkg}_${version//:/%3a}_all.deb
	if [ ! -s "$deb" ]; then
		rm -f "$dl"/*.deb
		(cd "$dl" && apt-get "${opts[@]}" -q download "$base_pkg=$version") > "$apt/download.log" 2>&1 ||
			{ tail -n 5 "$apt/download.log" >&2; die "apt-get download $base_pkg=$version failed"; }
	fi
	[ -s "$deb" ] || die "apt-get download left no $deb"
}

case $BASE in
mainline)
	fetch_backports
	stamp="$base_pkg $version $(stat -c %s "$deb")"
	;;
6.12)
	tarball=${LINUX_TARBALL:-/usr/src/linux-source-6.12.tar.xz}
	[ -f "$tarball" ] || die "$tarball is missing: install Debian's linux-source-6.12 (make deps, as root)"
	version=$(dpkg-query -W -f='${Version}' linux-source-6.12 2>/dev/null || echo unknown)
	stamp="$base_pkg $version $(stat -c %s "$tarball")"
	;;
esac
if [ -f "$src/.rdmacm-source" ] && [ "$(cat "$src/.rdmacm-source")" = "$stamp" ]; then
	echo "source: $BASE: Linux $(make -s -C "$src" kernelversion) ($base_pkg $version) in $src"
	exit 0
fi

tmp=$bdir/src.tmp
rm -rf "$tmp"
mkdir -p "$tmp"
if [ "$BASE" = mainline ]; then
	dpkg -x "$deb" "$tmp/deb" || die "dpkg -x $deb failed"
	tarball=$(ls "$tmp"/deb/usr/src/linux-source-*.tar.xz 2>/dev/null | head -n1)
	[ -n "$tarball" ] || die "$deb holds no /usr/src/linux-source-*.tar.xz"
fi
echo "source: unpacking $tarball ($base_pkg $version)"
tar -C "$tmp" -xf "$tarball" || die "cannot unpack $tarball"
top=$(find "$tmp" -mindepth 1 -maxdepth 1 -type d -name 'linux-*' | head -n1)
[ -n "$top" ] && [ -f "$top/drivers/infiniband/core/cma.c" ] ||
	die "$tarball holds no Linux tree with drivers/infiniband/core/cma.c"
kv=$(make -s -C "$top" kernelversion)
case $kv in "$base_major".*) ;; *) die "$base_pkg $version is Linux $kv, not $base_major.y" ;; esac
rm -rf "$src"
mkdir -p "$(dirname "$src")"
mv "$top" "$src"
rm -rf "$tmp"
echo "$stamp" > "$src/.rdmacm-source"
echo "source: $BASE: Linux $kv ($base_pkg $version) in $src"
