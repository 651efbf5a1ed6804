#!/usr/bin/env bash
# Unpack Debian's linux-source-6.12 into build/src/linux: the pristine 6.12.y
# that the series applies to (and that the stock comparison kernel is built from).
set -euo pipefail
die() { echo "source: $*" >&2; exit 1; }

tarball=${LINUX_TARBALL:-/usr/src/linux-source-6.12.tar.xz}
out=build/src/linux
[ -f "$tarball" ] || die "$tarball is missing: install Debian's linux-source-6.12 (make deps, as root)"

version=$(dpkg-query -W -f='${Version}' linux-source-6.12 2>/dev/null || echo unknown)
stamp="$tarball $version $(stat -c %s "$tarball")"
if [ -f "$out/.rdmacm-source" ] && [ "$(cat "$out/.rdmacm-source")" = "$stamp" ]; then
	exit 0
fi

echo "source: unpacking $tarball (linux-source-6.12 $version)"
rm -rf build/src.tmp
mkdir -p build/src.tmp
tar -C build/src.tmp -xf "$tarball" || die "cannot unpack $tarball"
top=$(find build/src.tmp -mindepth 1 -maxdepth 1 -type d | head -n1)
[ -f "$top/drivers/infiniband/core/cma.c" ] || die "$tarball holds no Linux tree with drivers/infiniband/core/cma.c"
rm -rf "$out"
mkdir -p build/src
mv "$top" "$out"
rm -rf build/src.tmp
echo "$stamp" > "$out/.rdmacm-source"
echo "source: Linux $(make -s -C "$out" kernelversion) in $out"
