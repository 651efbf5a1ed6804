#!/usr/bin/env bash
# The manual pages say what a reader needs: each page renders (man -l) with
# its sections, and rdma_connect(9) states the precondition, the requests per
# port space, the context, every errno and its related functions.
# Writes build/man/table.tsv (one row per page, as the e2e tables).
set -euo pipefail
. scripts/lib-base.sh
out=$bdir/man
: > "$out/table.tsv"
fail=0
check() {	# page, then the strings its rendered text must hold
	local page=$1 missing=() s text
	shift
	# groff hyphenates long words at line ends (U+2010 and a line break): join them again
	text=$(MANWIDTH=200 LC_ALL=C.UTF-8 man -l "$out/$page.9" 2>/dev/null | col -b | tr -s ' \t\n' ' ' |
		sed 's/\xe2\x80\x90 //g')
	for s in NAME SYNOPSIS ARGUMENTS DESCRIPTION CONTEXT RETURN "$@"; do
		grep -qF -- "$s" <<< "$text" || missing+=("$s")
	done
	if [ ${#missing[@]} = 0 ]; then
		echo "man: PASS $page(9)"
		printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "man-$page" man - sections found PASS "" >> "$out/table.tsv"
	else
		echo "man: FAIL $page(9): missing ${missing[*]}"
		printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "man-$page" man - sections "missing ${missing[*]}" FAIL "" >> "$out/table.tsv"
		fail=1
	fi
}
check rdma_connect "rdma_resolve_route" RDMA_CM_ROUTE_RESOLVED \
	"RDMA_PS_TCP" "RDMA_PS_UDP" "RDMA_PS_IPOIB" "RDMA_PS_IB" "IB CM REQ" "SIDR REQ" "MPA request" \
	"remote QPN and Q_Key" "process context, may sleep" "handler lock" \
	-EINVAL -EOPNOTSUPP -ENOSYS -ENOMEM \
	"rdma_connect_locked" "rdma_connect_ece" "rdma_accept" "rdma_set_ack_timeout" \
	"rdma_set_min_rnr_timer" "rdma_consumer_reject_data"
check rdma_connect_locked "ROUTE_RESOLVED" "handler lock" "rdma_connect"
check rdma_connect_ece "ECE" "vendor ID" "rdma_connect"
check rdma_accept "conn_param"
exit $fail
