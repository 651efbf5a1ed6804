#!/usr/bin/env bash
# make man: the manual pages of the connect API, written by the kernel's own
# scripts/kernel-doc -man from the series' kernel-doc, into build/man/, and
# rendered once with man -l: any warning of man/groff fails.
set -euo pipefail
die() { echo "man: $*" >&2; exit 1; }
. scripts/lib-base.sh
out=$bdir/man
pages=(rdma_connect rdma_connect_locked rdma_connect_ece rdma_accept)
[ -f "$tree/drivers/infiniband/core/cma.c" ] || die "no $tree: run make tree"
mkdir -p "$out"
for p in "${pages[@]}"; do
	(cd "$tree" && KBUILD_BUILD_TIMESTAMP="$(git log -1 --format=%cI)" \
		scripts/kernel-doc -man -function "$p" drivers/infiniband/core/cma.c) \
		> "$out/$p.raw" 2> "$out/$p.err"
	# 7.3's kernel-doc -man -function also writes the SEE ALSO section of each function
	# it leaves out, before and after the page (a bug of the tool; 6.12's does not): the
	# page is what starts at .TH, with its own SEE ALSO, up to the next one
	awk '/^\.TH/ { on = 1 } on && /^\.SH "SEE ALSO"/ && seen++ { exit } on' "$out/$p.raw" > "$out/$p.9"
	[ ! -s "$out/$p.err" ] || { cat "$out/$p.err"; die "kernel-doc warned for $p"; }
	grep -q '^\.TH' "$out/$p.9" || die "kernel-doc wrote no page for $p"
	warn=$(MANWIDTH=80 LC_ALL=C.UTF-8 man --warnings -l "$out/$p.9" 2>&1 > "$out/$p.txt") ||
		die "man -l $out/$p.9 failed: $warn"
	[ -z "$warn" ] || die "man -l $out/$p.9 warns: $warn"
	echo "man: $out/$p.9"
done
