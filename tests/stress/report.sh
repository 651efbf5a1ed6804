#!/usr/bin/env bash
# The report of a stress run (tests/e2e/run.sh with tests/stress/scenarios.sh):
#   report.sh OUTDIR...   (one or more runs, e.g. the patched and the stock client)
# For each run: its kernels, each scenario's result and what it counted (commands issued
# and the seed, allocations failed, races run, connects and their outcomes), the kernel
# reports of both consoles and kmemleak's unreferenced objects. Markdown on stdout.
set -euo pipefail
what='ucma_fuzz: seed|ucma_fuzz: .*(issued|connects|events)|injection points|allocation [0-9]+ failed|rounds|attempts|fds closed|REJECTED status|neigh-churn:|second-siw:|under-storm:|churn:|nvme-relink:|rtu-drop:'
for out in "$@"; do
	echo "## $(basename "$out"): client $(cat "$out/client/kernel" 2>/dev/null || echo '?'), server $(cat "$out/server/kernel" 2>/dev/null || echo '?')"
	echo
	echo "| scenario | result | ms | what it counted |"
	echo "|---|---|---|---|"
	while IFS=$'\t' read -r name _ _ _ _ result ms; do
		counted=$(cat "$out/client/client-$name.log" "$out/server/server-$name.log" 2>/dev/null |
			grep -E "$what" | grep -vE 'allocation [0-9]+ failed: rdma_connect Cannot' |
			sed 's/^client [a-z0-9_]*: //; s/|/\\|/g' | tr '\n' ';' | sed 's/;$//; s/;/; /g' || true)
		echo "| $name | $result | $ms | ${counted:--} |"
	done < "$out/table.tsv"
	echo
	for g in client server; do
		# a run that timed out has neither file: its guests were stopped before the count
		reports="not counted (the run did not finish: read console.log)"
		[ -f "$out/$g/complaints" ] && reports="$(wc -l < "$out/$g/complaints") kernel report lines in the console"
		if [ -f "$out/$g/kmemleak.txt" ]; then
			leaks="$(grep -c '^unreferenced object' "$out/$g/kmemleak.txt" || true) unreferenced objects"
		elif [ -f "$out/$g/kmemleak-boot.txt" ]; then
			leaks="not scanned (the guest was stopped first)"
		else
			leaks="not checked (no kmemleak in this kernel)"
		fi
		echo "- $g guest: $reports; kmemleak: $leaks"
	done
	echo
done
