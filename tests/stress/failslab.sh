#!/bin/bash
# Guest helper: failslab.sh COMMAND...: run COMMAND with failslab ready for fail-nth
# (/proc/thread-self/fail-nth): sleeping (GFP_KERNEL) allocations may fail too, and an
# injected failure prints nothing (no stack dump in the console). With the probability at
# 0, only fail-nth injects, and only in the task that asks for it.
set -euo pipefail
d=/sys/kernel/debug/failslab
[ -d /sys/kernel/debug/failslab ] || mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null || true
[ -d "$d" ] || { echo "failslab: no $d (CONFIG_FAILSLAB, CONFIG_FAULT_INJECTION_DEBUG_FS)"; exit 1; }
echo N > "$d/ignore-gfp-wait"
echo 0 > "$d/verbose"
echo 0 > "$d/probability"
exec "$@"
