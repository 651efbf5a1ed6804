#!/usr/bin/env bash
# Build a guest bzImage: kbuild.sh SRC OUT FRAGMENT...
# allnoconfig + the fragments, every requested option checked, then bzImage with ccache;
# a kernel with CONFIG_MODULES also builds its modules and installs them in OUT/modroot
# (OUT/modroot/lib/modules/RELEASE, with depmod's files: modprobe -d OUT/modroot).
set -euo pipefail
die() { echo "kbuild: $*" >&2; exit 1; }
[ $# -ge 3 ] || die "usage: kbuild.sh SRC OUT FRAGMENT..."
src=$1 out=$2; shift 2
[ -f "$src/Makefile" ] || die "$src is not a kernel tree (run make tree)"
mkdir -p "$out"
out=$(cd "$out" && pwd)
cat "$@" > "$out/fragment.config"
. scripts/lib-cc.sh
# LOCALVERSION= keeps setlocalversion from appending "+" for the git tree
kmake() { make -C "$src" O="$out" ARCH=x86_64 CC="$cc" LOCALVERSION= "$@"; }

if ! cmp -s "$out/fragment.config" "$out/fragment.applied" || [ ! -f "$out/.config" ]; then
	kmake -s allnoconfig KCONFIG_ALLCONFIG="$out/fragment.config" > "$out/config.log" 2>&1 ||
		die "configuring failed, see $out/config.log"
	# every option the fragments ask for must have survived Kconfig's dependencies
	# (a later fragment may override an earlier one: the last assignment counts)
	missing=$(grep -E '^CONFIG_[A-Z0-9_]+=' "$out/fragment.config" | tac |
		awk -F= '!seen[$1]++' | while IFS= read -r line; do
		opt=${line%%=*} val=${line#*=}
		case $val in
		n) grep -q "^$opt=" "$out/.config" && echo "$line" ;;
		*) grep -qxF "$line" "$out/.config" || echo "$line" ;;
		esac
	done || true)
	[ -z "$missing" ] || die "Kconfig dropped options of $*: $(echo $missing)"
	cp "$out/fragment.config" "$out/fragment.applied"
fi

log="$out/build.log"
name=$(basename "$out")
echo "kbuild: building $name kernel from $src ($(make -s -C "$src" kernelversion)), log in $log"
start=$(date +%s)
targets=(bzImage)
modular=$(grep -qx 'CONFIG_MODULES=y' "$out/.config" && echo 1 || true)
[ -z "$modular" ] || targets+=(modules)
kmake -j"$(nproc)" "${targets[@]}" > "$log" 2>&1 &
pid=$!
while kill -0 "$pid" 2>/dev/null; do
	sleep 20
	kill -0 "$pid" 2>/dev/null || break
	echo "kbuild: $name: $(grep -c '^  CC' "$log" || true) files compiled, $(( $(date +%s) - start ))s"
done
wait "$pid" || { tail -n 30 "$log" >&2; die "building $name failed, see $log"; }
if [ -n "$modular" ]; then
	rm -rf "$out/modroot"
	kmake INSTALL_MOD_PATH="$out/modroot" modules_install >> "$log" 2>&1 ||
		die "installing the modules of $name failed, see $log"
	echo "kbuild: $name: $(find "$out/modroot" -name '*.ko*' | wc -l) modules in $out/modroot"
fi
echo "kbuild: $name: $(kmake -s kernelrelease) built in $(( $(date +%s) - start ))s"
