#!/usr/bin/env bash
# One step of make test: step.sh NAME COMMAND... runs COMMAND and appends
# "NAME<TAB>seconds<TAB>passed|failed" to build/times.tsv, which the summary prints.
set -uo pipefail
name=$1; shift
mkdir -p build
start=$(date +%s)
"$@"
rc=$?
secs=$(( $(date +%s) - start ))
printf '%s\t%s\t%s\n' "$name" "$secs" "$([ $rc = 0 ] && echo passed || echo failed)" >> build/times.tsv
echo "step: $name: $([ $rc = 0 ] && echo passed || echo FAILED) in ${secs}s"
exit $rc
