#!/usr/bin/env bash
# The start of make test, for its report (scripts/summary.sh): when, which commit, on what
# machine, and how warm the caches were (ccache's hits so far; whether the Debian source
# packages were already downloaded). Prints KEY=VALUE lines.
set -uo pipefail
echo "started=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
echo "commit=$(git rev-parse --short=12 HEAD 2>/dev/null || echo unknown)"
echo "dirty=$([ -z "$(git status --porcelain --untracked-files=no 2>/dev/null)" ] && echo no || echo yes)"
echo "cpus=$(nproc)"
echo "mem_gib=$(awk '/MemTotal/ { printf "%.0f", $2 / 1048576 }' /proc/meminfo)"
echo "host_kernel='$(uname -r)'"
# ccache: the number of cached files (0: a cold build)
files=$(ccache --print-stats 2>/dev/null | awk '$1 == "files_in_cache" { print $2 }')
echo "ccache_files=${files:-0}"
echo "sources='$(ls build/mainline/dl/*.deb 2>/dev/null | wc -l) of 1 mainline source packages already downloaded'"
