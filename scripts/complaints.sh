#!/usr/bin/env bash
# The one filter for kernel complaints, used on the KUnit log and on both guests' consoles:
#   complaints.sh LOG [FIRST_LINE_REGEX]
# Prints every line of LOG (from the first line matching FIRST_LINE_REGEX on, when given)
# that reports a kernel problem: a WARNING, BUG or oops, a call trace, a lockdep, KASAN,
# UBSAN or hung-task report, or a panic. Exits 1 when there is one, 0 when there is none.
set -euo pipefail
log=$1 from=${2:-}
bad='WARNING:|BUG:|Oops|Call Trace|possible circular locking|INFO: |KASAN|UBSAN|Kernel panic'
[ -f "$log" ] || { echo "complaints: no log at $log" >&2; exit 2; }
if [ -n "$from" ]; then
	sed -n "/$from/,\$p" "$log"
else
	cat "$log"
fi | grep -nE "$bad" && exit 1
exit 0
