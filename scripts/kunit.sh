#!/usr/bin/env bash
# Run the series' KUnit suite with the kernel's own runner, kunit.py. By default on the
# guest kernel (make guest), which has the suite built in (config/guest.config, off at
# boot): `kunit.py exec --arch=x86_64` boots that bzImage in QEMU with kunit.enable=1 and
# parses its KTAP, so the suite runs on the very kernel the e2e guests run, and no second
# kernel is built for it. KUNIT_ARCH=um (or x86_64) instead runs `kunit.py run
# --kunitconfig=drivers/infiniband/core` as a maintainer types it: a kernel of its own,
# built from the in-tree .kunitconfig (UML: kunit.py's UML config enables
# UML_PCI_OVER_VIRTIO, which gives HAS_DMA and so INFINIBAND). BASE (mainline or 6.12)
# picks the tree. Results: build/$BASE/kunit.json (kunit.py's JSON) and build/$BASE/kunit.log.
set -euo pipefail
die() { echo "kunit: $*" >&2; exit 1; }
. scripts/lib-base.sh
[ -f "$tree/drivers/infiniband/core/.kunitconfig" ] ||
	die "$tree/drivers/infiniband/core/.kunitconfig missing: run make tree"
. scripts/lib-cc.sh
top=$PWD
arch=${KUNIT_ARCH:-}
log=$bdir/kunit.log
if [ -z "$arch" ]; then
	builddir=$top/$bdir/guest
	[ -f "$builddir/arch/x86/boot/bzImage" ] || die "$builddir holds no guest kernel: run make guest"
	# every option of the in-tree .kunitconfig must be in the guest kernel
	missing=$(grep -E '^CONFIG_[A-Z0-9_]+=' "$tree/drivers/infiniband/core/.kunitconfig" |
		grep -vxFf "$builddir/.config" || true)
	[ -z "$missing" ] || die "the guest kernel lacks options of drivers/infiniband/core/.kunitconfig: $(echo $missing)"
	# allnoconfig leaves 7.3's CONFIG_KUNIT_AUTORUN_ENABLED off, so the built-in suite waits
	# for kunit.autorun=1 too (6.12 has no such switch and ignores the argument)
	cmd=(exec --arch=x86_64 --kernel_args=kunit.autorun=1)
	what="the guest kernel in QEMU (kunit.py exec)"
else
	builddir=$top/$bdir/kunit-$arch
	cmd=(run --kunitconfig=drivers/infiniband/core --jobs="$(nproc)" --make_options "CC=$cc")
	[ "$arch" = um ] || cmd+=(--arch="$arch")
	what="$arch (kunit.py run)"
fi
# kunit.py's QEMU tries KVM first (-accel kvm -accel hvf -accel tcg) and has no option to
# skip it. Where /dev/kvm exists but cannot run this kernel (on this project's hosts, a
# nested KVM stops the boot with "KVM internal error ... emulation failure"), kunit.py
# runs in a private mount namespace with /dev/null over /dev/kvm: QEMU's KVM fails to
# initialize and it falls back to TCG, as the e2e guests run (scripts/vm.sh).
# KUNIT_KVM=1 keeps the host's KVM.
ns=()
if [ "$arch" != um ] && [ -e /dev/kvm ] && [ -z "${KUNIT_KVM:-}" ]; then
	ns=(unshare --mount --propagation private sh -c 'mount --bind /dev/null /dev/kvm && exec "$@"' sh)
	what="$what, TCG"
fi
echo "kunit: $BASE: running drivers/infiniband/core KUnit on $what (log: $log)"
start=$(date +%s)
rc=0
(cd "$tree" && "${ns[@]}" python3 tools/testing/kunit/kunit.py "${cmd[@]}" --build_dir="$builddir" \
	--timeout=600 --json="$top/$bdir/kunit.json") > "$log" 2>&1 || rc=$?
# kunit.py prints its own summary of the KTAP it parsed
sed -n "/^\[..:..:..\] =* rdma_connect/,\$p" "$log"
python3 scripts/results.py kunit "$bdir/kunit.json" || rc=1
# a kernel complaint while the suite ran fails it too (the filter the e2e guests
# use). Only the log from the first KTAP line on counts: 6.12's UML warns at
# boot that no virtio device ID is configured for UML_PCI_OVER_VIRTIO
# (virt-pci.c), before any test runs.
# On 6.12 the suite's NULL conn_param cases reach the WARN_ON_ONCE() of rdma_connect_locked()
# on purpose, and 6.12's KUnit cannot suppress a warning (7.3's kunit_warning_suppress()
# does): exactly that one report, from its WARNING line to its end-of-trace line, is
# expected there and taken out before the filter; any other report still fails.
checked=$builddir/test.log
if [ "$BASE" = 6.12 ]; then
	checked=$builddir/test.checked.log
	n=$(grep -cE '^WARNING: .* at ([^ ]*/)?drivers/infiniband/core/cma\.c:[0-9]+ rdma_connect_locked' "$builddir/test.log" || true)
	[ "$n" = 1 ] || { echo "kunit: expected the one WARN_ON_ONCE of a NULL conn_param, found $n" >&2; rc=1; }
	awk '/^WARNING: .* at ([^ ]*\/)?drivers\/infiniband\/core\/cma\.c:[0-9]+ rdma_connect_locked/ { skip = 1 }
		!skip { print } skip && /---\[ end trace/ { skip = 0 }' "$builddir/test.log" > "$checked"
fi
if ! bash scripts/complaints.sh "$checked" 'KTAP version'; then
	echo "kunit: kernel complaint in $checked" >&2
	rc=1
fi
[ "$rc" = 0 ] || die "KUnit failed (exit $rc) after $(( $(date +%s) - start ))s, see $log"
echo "kunit: done in $(( $(date +%s) - start ))s"
