#!/usr/bin/env bash
# Run the series' KUnit suite with the kernel's own runner, kunit.py, in
# QEMU x86_64 (UML has no DMA, so no INFINIBAND). Results: build/kunit.json
# (kunit.py's JSON) and build/kunit.log.
set -euo pipefail
die() { echo "kunit: $*" >&2; exit 1; }
tree=build/linux
[ -f "$tree/drivers/infiniband/core/.kunitconfig" ] ||
	die "$tree/drivers/infiniband/core/.kunitconfig missing: run make tree"
cc=gcc
command -v ccache >/dev/null && cc="ccache gcc"
export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$PWD}
top=$PWD
echo "kunit: building and running drivers/infiniband/core KUnit in QEMU (log: build/kunit.log)"
start=$(date +%s)
rc=0
(cd "$tree" && python3 tools/testing/kunit/kunit.py run --arch=x86_64 \
	--kunitconfig=drivers/infiniband/core --build_dir="$top/build/kunit" \
	--jobs="$(nproc)" --make_options "CC=$cc" --timeout=600 \
	--json="$top/build/kunit.json") > build/kunit.log 2>&1 || rc=$?
# kunit.py prints its own summary of the KTAP it parsed
sed -n '/^\[..:..:..\] =* rdma_connect/,$p' build/kunit.log | tail -n 40
python3 - "$top/build/kunit.json" <<'PY' || rc=1
import json, sys
def walk(t):
    for c in t.get("test_cases", []): yield c
    for s in t.get("sub_groups", []): yield from walk(s)
try:
    res = json.load(open(sys.argv[1]))
except (OSError, ValueError):
    sys.exit("kunit: kunit.py wrote no results (build failed or the kernel did not boot): see build/kunit.log")
cases = list(walk(res))
ok = sum(c["status"] == "PASS" for c in cases)
bad = sum(c["status"] in ("FAIL", "ERROR") for c in cases)
skip = len(cases) - ok - bad
print(f"kunit: {ok} passed, {bad} failed, {skip} skipped")
if not cases or bad:
    sys.exit(1)
PY
[ "$rc" = 0 ] || die "KUnit failed (exit $rc) after $(( $(date +%s) - start ))s, see build/kunit.log"
echo "kunit: done in $(( $(date +%s) - start ))s"
