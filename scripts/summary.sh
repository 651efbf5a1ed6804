#!/usr/bin/env bash
# The closing line of `make test`: the KUnit cases, manual pages, Documentation page and
# the scenarios of every e2e and interop run and of the patched stress smoke, of every
# base that ran (the stock stress runs are for comparison: their failures are expected).
set -euo pipefail
files=()
for b in mainline 6.12; do
	for f in build/$b/kunit.json build/$b/man/table.tsv build/$b/htmldocs/table.tsv \
		build/$b/e2e/table.tsv build/$b/e2e-interop-*/table.tsv build/$b/stress-smoke/table.tsv; do
		[ -f "$f" ] && files+=("$f")
	done
done
for f in build/e2e-bases-*/table.tsv; do [ -f "$f" ] && files+=("$f"); done
[ ${#files[@]} -gt 0 ] || { echo "summary: no results under build/" >&2; exit 1; }
# the time of each step of make test (scripts/step.sh), when make test ran them
if [ -s build/times.tsv ]; then
	echo "summary: time of each step"
	awk -F'\t' '{ printf "  %-24s %6d s  %s\n", $1, $2, $3; s += $2 }
		END { printf "  %-24s %6d s  (%.1f min)\n", "total", s, s / 60 }' build/times.tsv
fi
out=$(python3 scripts/results.py summary "${files[@]}") && rc=0 || rc=$?
echo "$out"
# the report of this run: docs/test/DATE-COMMIT.md (commit it; the README cites it)
if [ -s build/test-start.txt ] && [ -s build/times.tsv ]; then
	. build/test-start.txt
	report=docs/test/${started%%T*}-$commit.md
	mkdir -p docs/test
	{
		echo "# make test, ${started%%T*}"
		echo
		echo "Written by scripts/summary.sh at the end of \`make test\`."
		echo
		echo "- commit: $commit$([ "$dirty" = yes ] && echo ' (with uncommitted changes)')"
		echo "- command: make test (started $started)"
		echo "- machine: $cpus CPUs, $mem_gib GiB, host kernel $host_kernel"
		echo "- caches at the start: $ccache_files files in ccache$([ "$ccache_files" = 0 ] && echo ' (cold)'); $sources"
		echo
		echo "| step | seconds | result |"
		echo "|---|---|---|"
		awk -F'\t' '{ printf "| %s | %d | %s |\n", $1, $2, $3; s += $2 }
			END { printf "| total | %d (%.1f min) | |\n", s, s / 60 }' build/times.tsv
		echo
		echo '```'
		echo "$out"
		echo '```'
	} > "$report"
	echo "summary: report in $report"
fi
exit $rc
