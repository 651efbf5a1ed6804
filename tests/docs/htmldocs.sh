#!/usr/bin/env bash
# The Documentation page builds with the kernel's own `make htmldocs`, limited to
# Documentation/infiniband (SPHINXDIRS), with no warning about the page or the
# files whose kernel-doc it pulls, and the page carries the kernel-doc of every
# function it names. Writes build/htmldocs/table.tsv (one row, as the e2e tables).
set -euo pipefail
. scripts/lib-base.sh
out=$PWD/$bdir/htmldocs
page=Documentation/infiniband/rdma_cm_connect.rst
mkdir -p "$out"
row() { printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' htmldocs-rdma_cm_connect sphinx - "$1" "$2" "$3" "" > "$out/table.tsv"; }
if ! make -C "$tree" O="$out" SPHINXDIRS=infiniband htmldocs > "$out/build.log" 2>&1; then
	tail -n 20 "$out/build.log"
	row "builds" "make htmldocs failed" FAIL
	echo "docs: FAIL make htmldocs SPHINXDIRS=infiniband, see $out/build.log"
	exit 1
fi
# warnings about the page, or kernel-doc warnings from the series' files
# (include/rdma/rdma_cm.h has two of its own in 6.12, about other functions)
bad=$(grep -E 'rdma_cm_connect|cma\.c|ERROR|CRITICAL|rdma_conn(ect|_param)|rdma_accept' "$out/build.log" || true)
html=$out/Documentation/output/infiniband/rdma_cm_connect.html
missing=()
for f in rdma_conn_param rdma_connect rdma_connect_locked rdma_connect_ece rdma_accept rdma_accept_ece; do
	grep -q "id=\"c\.$f\"" "$html" 2>/dev/null || missing+=("$f")
done
grep -q 'href="rdma_cm_connect.html"' "$out/Documentation/output/infiniband/index.html" 2>/dev/null ||
	missing+=("link from index")
if [ -n "$bad" ] || [ ${#missing[@]} -gt 0 ]; then
	echo "$bad"
	row "no warnings, all kernel-doc" "${missing[*]:-warnings}" FAIL
	echo "docs: FAIL $page: ${missing[*]:-warnings above}"
	exit 1
fi
row "no warnings, all kernel-doc" "found" PASS
echo "docs: PASS $page builds with its kernel-doc, linked from the index ($html)"
