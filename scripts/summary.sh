#!/usr/bin/env bash
# The closing line of `make test`: KUnit cases, the manual pages, the Documentation
# page and the scenarios of every e2e run.
set -euo pipefail
python3 scripts/results.py summary build/kunit.json build/man/table.tsv build/htmldocs/table.tsv \
	build/e2e/table.tsv build/e2e-interop-*/table.tsv
