# shellcheck shell=bash
# Sourced by every scenario list (tests/e2e/scenarios.sh, tests/stress/scenarios.sh).
# E2E_ONLY (host) or /shared/only (guests, written by run.sh) limits a run to those names;
# E2E_SKIP or /shared/skip leaves those out.
only=$(cat /shared/only 2>/dev/null || echo "${E2E_ONLY:-}")
skip=$(cat /shared/skip 2>/dev/null || echo "${E2E_SKIP:-}")
selected() { [[ " $skip " != *" $1 "* ]] && { [ -z "$only" ] || [[ " $only " == *" $1 "* ]]; }; }
# The scenario list the guests run: /shared/scenarios, written by run.sh from E2E_SCENARIOS
scenario_list() { cat /shared/scenarios 2>/dev/null || echo "$(dirname "${BASH_SOURCE[0]}")/scenarios.sh"; }
# What a stock kernel does where it differs, said on the line before the scenario:
#   stock fails PATCH WHAT     the scenario fails on stock: two stock guests report it as
#                              XFAIL naming PATCH, and a pass there is a failure
#   stock crashes PATCH WHAT   it oopses or hangs a stock guest, which would end every
#                              scenario after it: a run of stock guests leaves it out (SKIP)
# Only tests/e2e/run.sh reads it (stock_next, taken by the next scenario).
stock_next=
stock() { stock_next="$1|$2|$3"; }
