#!/usr/bin/env bash
# The closing line of `make test`: KUnit cases plus e2e scenarios.
set -euo pipefail
python3 scripts/results.py summary build/kunit.json build/e2e/table.tsv
