#!/usr/bin/env bash
# The closing line of `make test`: KUnit cases, the manual pages, the Documentation
# page, the scenarios of every e2e run and of the patched stress smoke (the stock one is
# for comparison: its failures are expected).
set -euo pipefail
python3 scripts/results.py summary build/kunit.json build/man/table.tsv build/htmldocs/table.tsv \
	build/e2e/table.tsv build/e2e-interop-*/table.tsv build/stress-smoke/table.tsv
