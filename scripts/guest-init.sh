#!/bin/bash
# PID 1 of a guest booted by scripts/vm.sh: mount the basics, run the command listed in
# /out/guest-args, write its exit code to /out/rc, and end the VM.
#
# The root is the host's root over 9p, read-only, so /out and /shared cannot be created on it.
# Stage 1 builds a tmpfs root holding bind mounts of the host's top-level directories, fresh
# tmpfs on /tmp and /run, the repository at its own path (it may be under /tmp), plus
# the /out and /shared mount points, and chroots into it; stage 2 (argument "stage2") runs there.
set -euo pipefail
export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
self=$(readlink -f "$0")

# end the VM without a panic: QEMU runs with -no-reboot, so a reboot request stops it
finish() {
	sync
	echo b > /proc/sysrq-trigger
	sleep 30
}
trap finish EXIT

if [ "${1:-}" != stage2 ]; then
	mount -t proc proc /proc
	new=/mnt
	mount -t tmpfs -o mode=0755 newroot "$new"
	# (every command run here is read over 9p: one mkdir and one cp for all)
	links=() dirs=("$new/out" "$new/shared") binds=()
	for d in /*; do
		base=${d#/}
		if [ -L "$d" ]; then
			links+=("$d")
			continue
		fi
		[ -d "$d" ] || continue
		dirs+=("$new/$base")
		case $base in proc|sys|dev|tmp|run|mnt) ;; *) binds+=("$base") ;; esac
	done
	[ ${#links[@]} = 0 ] || cp -a "${links[@]}" "$new/"
	mkdir "${dirs[@]}"
	for base in "${binds[@]}"; do mount --bind "/$base" "$new/$base"; done
	mount -t tmpfs tmpfs "$new/tmp"
	mount -t tmpfs tmpfs "$new/run"
	# the repository may live under /tmp or /run (a CI clone): keep it visible
	repo=$(cd "$(dirname "$self")/.." && pwd)
	mkdir -p "$new$repo"
	mount --bind "$repo" "$new$repo"
	umount /proc
	trap - EXIT
	exec chroot "$new" "$self" stage2
fi

mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
exec </dev/console >/dev/console 2>&1
mount -t tracefs tracefs /sys/kernel/tracing
# nvmet is configured through configfs (absent from kernels without it)
mount -t configfs configfs /sys/kernel/config 2>/dev/null || true
mount -t 9p -o trans=virtio,version=9p2000.L out /out
# the shared directory is optional
mount -t 9p -o trans=virtio,version=9p2000.L shared /shared 2>/dev/null || true
ip link set lo up

# a kernel with kmemleak (config/debug.config): what boot leaves unreferenced is not the run's
# (7.3.4 leaves one object, ramfs_init_fs_context() from mnt_init(), in every boot): scan once
# the boot's objects are old enough to be reported (5 s), keep the list, and clear it, so that
# the scans at the end report only what the run left (Documentation/dev-tools/kmemleak.rst)
leaks=/sys/kernel/debug/kmemleak
if mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null && [ -e $leaks ]; then
	up=$(cut -d. -f1 /proc/uptime)
	[ "$up" -ge 7 ] || sleep $((7 - up))
	# two scans: the first only takes each object's checksum
	echo scan > $leaks
	echo scan > $leaks
	cat $leaks > /out/kmemleak-boot.txt
	echo clear > $leaks
	echo "guest-init: kmemleak: $(grep -c '^unreferenced object' /out/kmemleak-boot.txt) boot-time objects cleared (/out/kmemleak-boot.txt)"
fi

mapfile -t cmd < /out/guest-args
echo "guest-init: running ${cmd[*]}"
rc=0
"${cmd[@]}" || rc=$?
echo "guest-init: ${cmd[0]} exited $rc"
# what is unreferenced now is a leak of the run. Two scans: an object is only reported once it
# has been unreferenced for a while.
if [ -e $leaks ]; then
	echo scan > $leaks
	sleep 6
	echo scan > $leaks
	cat $leaks > /out/kmemleak.txt
	echo "guest-init: kmemleak: $(grep -c '^unreferenced object' /out/kmemleak.txt) unreferenced objects"
fi
echo "$rc" > /out/rc
