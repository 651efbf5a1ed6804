#!/usr/bin/env bash
# Run the series' KUnit suite with the kernel's own runner, kunit.py, in
# QEMU x86_64 (UML has no DMA, so no INFINIBAND). Results: build/kunit.json
# (kunit.py's JSON) and build/kunit.log.
set -euo pipefail
die() { echo "kunit: $*" >&2; exit 1; }
tree=build/linux
[ -f "$tree/drivers/infiniband/core/.kunitconfig" ] ||
	die "$tree/drivers/infiniband/core/.kunitconfig missing: run make tree"
. scripts/lib-cc.sh
top=$PWD
echo "kunit: building and running drivers/infiniband/core KUnit in QEMU (log: build/kunit.log)"
start=$(date +%s)
rc=0
(cd "$tree" && python3 tools/testing/kunit/kunit.py run --arch=x86_64 \
	--kunitconfig=drivers/infiniband/core --build_dir="$top/build/kunit" \
	--jobs="$(nproc)" --make_options "CC=$cc" --timeout=600 \
	--json="$top/build/kunit.json") > build/kunit.log 2>&1 || rc=$?
# kunit.py prints its own summary of the KTAP it parsed
sed -n "/^\[..:..:..\] =* rdma_connect/,\$p" build/kunit.log
python3 scripts/results.py kunit build/kunit.json || rc=1
# a lockdep report, WARNING or oops while the suite ran fails it too
if grep -nE 'WARNING:|BUG:|Call Trace|possible circular locking|KASAN' build/kunit/test.log; then
	echo "kunit: kernel complaint in build/kunit/test.log" >&2
	rc=1
fi
[ "$rc" = 0 ] || die "KUnit failed (exit $rc) after $(( $(date +%s) - start ))s, see build/kunit.log"
echo "kunit: done in $(( $(date +%s) - start ))s"
