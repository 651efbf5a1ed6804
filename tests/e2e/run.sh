#!/usr/bin/env bash
# Run the e2e scenarios between two guests of one kernel and print the results table:
#   tests/e2e/run.sh KERNEL_BZIMAGE OUTDIR [SERVER_BZIMAGE]
# The client guest boots KERNEL_BZIMAGE, the server guest SERVER_BZIMAGE (default: the same);
# E2E_ONLY="name ..." runs only those scenarios, E2E_SKIP="name ..." all but those; E2E_SCENARIOS=FILE runs another scenario
# list (tests/stress/scenarios.sh) with the same guests and the same table. E2E_STOCK=1: both
# guests run a stock kernel; the scenarios the list marks `stock crashes` are left out.
# Prints KTAP (kselftest's ktap_helpers.sh, KTAP_HELPERS): one test per scenario, then the
# guests' exits, their consoles and kmemleak; on two stock guests a scenario marked `stock
# fails` is XFAIL when it fails and a failure when it passes.
# Fails if a scenario failed, a guest timed out or crashed, or a console shows a kernel
# warning, BUG, lockdep report, KASAN report or panic. Logs stay in OUTDIR/{server,client}.
set -euo pipefail
die() { echo "e2e: $*" >&2; exit 2; }
[ $# -eq 2 ] || [ $# -eq 3 ] || die "usage: tests/e2e/run.sh KERNEL_BZIMAGE OUTDIR [SERVER_BZIMAGE]"
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
kernel=$1 out=$2 server_kernel=${3:-$1}
[ -f "$kernel" ] || die "no kernel image at $kernel"
[ -f "$server_kernel" ] || die "no kernel image at $server_kernel"
# the guest pair's limit: a hang ends there; it leaves real margin over a run (an e2e
# run took 5.5 min on a 2-core host, the stress smoke 10.4 min): 20 min, 30 for the
# stress smoke (the Makefile), E2E_TIMEOUT overrides
timeout=${E2E_TIMEOUT:-1200}
mkdir -p "$out"
. "$here/../../scripts/lib-pair.sh"
# the guests' kernel arguments: two memory-backed 1 GiB null_blk disks for nvmet (nvmet.sh),
# and a clock (see guest_clock_args)
append="null_blk.memory_backed=1 null_blk.gb=1 null_blk.nr_devices=2 $(guest_clock_args)"
start=$(date +%s)
echo "e2e: kernel $kernel, logs in $out"
rm -rf "$out/shared"
mkdir -p "$out/shared"
[ -z "${E2E_ONLY:-}" ] || echo "$E2E_ONLY" > "$out/shared/only"
[ -z "${E2E_SKIP:-}" ] || echo "$E2E_SKIP" > "$out/shared/skip"
scenarios=$(readlink -f "${E2E_SCENARIOS:-$here/scenarios.sh}")
[ -f "$scenarios" ] || die "no scenario list at $scenarios"
echo "$scenarios" > "$out/shared/scenarios"
ktap=${KTAP_HELPERS:-$here/../../build/mainline/src/linux/tools/testing/selftests/kselftest/ktap_helpers.sh}
[ -f "$ktap" ] || die "no kselftest ktap_helpers.sh at $ktap (make source)"
# a stock run leaves out what would crash a stock guest: the guests skip those too
if [ -n "${E2E_STOCK:-}" ]; then
	crashes=$(scenario() { [ "${stock_next%%|*}" != crashes ] || echo "$1"; stock_next=; }
		. "$scenarios")
	echo "${E2E_SKIP:-} $crashes" > "$out/shared/skip"
fi
echo "$timeout" > "$out/shared/timeout"
# the stress list's count multiplier and fuzzer seed
[ -z "${STRESS_SCALE:-}" ] || echo "$STRESS_SCALE" > "$out/shared/scale"
[ -z "${STRESS_SEED:-}" ] || echo "$STRESS_SEED" > "$out/shared/seed"
[ -z "${STRESS_N:-}" ] || echo "$STRESS_N" > "$out/shared/fuzz-n"
# a modular kernel's modules (scripts/kbuild.sh installs them beside its build): the guest
# loads RDMA from there (tests/e2e/net.sh)
for g in client:$kernel server:$server_kernel; do
	m=$(dirname "$(readlink -f "${g#*:}")")/../../../modroot
	[ ! -d "$m/lib/modules" ] || readlink -f "$m" > "$out/shared/modroot-${g%%:*}"
done
vm_pair "$out" "$kernel" "$server_kernel" "$timeout" "$append" "$here/server.sh" "$here/client.sh" \
	< /dev/null
src=$pair_src crc=$pair_crc
secs=$(($(date +%s) - start))

# one KTAP test per scenario in the order of the scenario list, each after its row of the
# table (a diagnostic line); the results also go to OUTDIR/table.tsv
fail=0
row() { printf '%-18s | %-9s | %-15s | %-13s | %-18s | %-18s | %-6s | %s\n' "$@"; }
kind() { case $(cat "$out/$1/kernel" 2>/dev/null) in *-stock) echo stock ;; "") echo "?" ;; *) echo patched ;; esac; }
kernels="$(kind client)/$(kind server)"
. "$ktap"
# per scenario: its name, result, table row and, for XFAIL and SKIP, why (printed before its
# KTAP line, naming the patch)
tests=() results=() rows=() whys=() notes=() failed=()
record() {	# NAME DEV PS EXPECT TAKEN RESULT MS WHY
	tests+=("$1") results+=("$6") whys+=("$8")
	rows+=("$(row "$1" "$2" "$kernels" "$3" "$4" "$5" "$6" "${7:+$7 ms}")")
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "$4" "$5" "$6" "$7" >> "$out/table.tsv"
}
scenario() {
	local name=$1 dev=$2 ps=$3 expect=$4 line taken=- rc=- ms='' counts='' srv=- result=FAIL why=''
	local st_kind=${stock_next%%|*} st_patch st_what
	IFS='|' read -r _ st_patch st_what <<< "$stock_next"
	stock_next=
	selected "$1" || return 0
	# what the list says of stock counts on two stock guests only
	[ "$kernels" = stock/stock ] || st_kind=
	if [ "$st_kind" = crashes ] && [ -n "${E2E_STOCK:-}" ]; then
		record "$name" "$dev" "$ps" "$expect" - SKIP "" "not run on stock: $st_what ($st_patch)"
		return 0
	fi
	line=$(awk -F'\t' -v n="$name" '$1 == n' "$out/client/results.tsv" 2>/dev/null || true)
	if [ -n "$line" ]; then
		IFS=$'\t' read -r _ _ _ _ taken rc ms counts <<< "$line"
	fi
	[ -f "$out/shared/server-$name.rc" ] && srv=$(cat "$out/shared/server-$name.rc")
	# a client kernel without an expected tracepoint (stock has no
	# cm_send_iw_connect) cannot show that part of the path: expect the rest
	local want='' e missing=''
	for e in ${expect//+/ }; do
		if [[ ",$counts," == *",$e=absent,"* ]]; then
			missing+=" $e"
		else
			want+="${want:++}$e"
		fi
	done
	if [ -n "$missing" ] && [ -z "$want" ] && [ "$taken" = none ]; then
		taken="(no tracepoint)"
		want=$taken
	fi
	want=${want:-none}
	if [ "$rc" = 0 ] && [ "$srv" = 0 ] && [ "$taken" = "$want" ]; then
		result=PASS
	else
		[ "$rc" = 0 ] || why+=" client rc $rc"
		[ "$srv" = 0 ] || why+=" server rc $srv"
		[ "$taken" = "$want" ] || why+=" path $taken"
		[ -z "$missing" ] || why+=" (this kernel has no$missing tracepoint)"
		# the client's own last word, e.g. the event and status it got instead
		[ "$rc" = 0 ] || why+="; client: $(tail -n 1 "$out/client/client-$name.log" 2>/dev/null)"
	fi
	# a scenario the list says stock fails: XFAIL when it fails there, a failure when it passes
	if [ "$st_kind" = fails ]; then
		if [ "$result" = FAIL ]; then
			result=XFAIL why="stock: $st_what, fixed by $st_patch (here:$why)"
		else
			result=FAIL why=" passed on stock, which the list says fails ($st_what; $st_patch)"
		fi
	fi
	if [ "$result" = FAIL ]; then
		fail=1
		notes+=("FAIL $name:$why")
		failed+=("$name")
	fi
	record "$name" "$dev" "$ps" "$expect" "$taken" "$result" "$ms" "$([ "$result" = XFAIL ] && echo "$why")"
}
: > "$out/table.tsv"
. "$scenarios"
echo
ktap_print_header
ktap_set_plan $((${#tests[@]} + 3))
# the table's rows as diagnostics (printf: ktap_print_msg's echo would squeeze their columns)
printf '# %s\n' "$(row scenario transport "client/server" "port space" "path expected" "path taken" result time)"
for i in "${!tests[@]}"; do
	printf '# %s\n' "${rows[$i]}"
	[ -z "${whys[$i]}" ] || printf '# %s: %s\n' "${tests[$i]}" "${whys[$i]}"
	case ${results[$i]} in
	PASS) ktap_test_pass "${tests[$i]}" ;;
	XFAIL) ktap_test_xfail "${tests[$i]}" ;;
	SKIP) ktap_test_skip "${tests[$i]}" ;;
	*) ktap_test_fail "${tests[$i]}" ;;
	esac
done
# each failed scenario's last words: both sides' logs and the client guest's state then
for n in "${failed[@]}"; do
	for f in "client/client-$n.log" "server/server-$n.log" "client/client-$n.diag"; do
		[ -s "$out/$f" ] || continue
		# what a checker (the ucma fuzzer) said was wrong, which a long summary pushes out of the tail
		grep -m 20 'VIOLATION' "$out/$f" | sed "s|^|# e2e: $n: $f: |" || true
		echo "# e2e: $n: tail of $f:"
		tail -n 25 "$out/$f" | sed 's/^/#     /'
	done
done
for n in "${notes[@]}"; do echo "# e2e: $n"; done

for g in server client; do
	echo "# e2e: $g kernel: $(cat "$out/$g/kernel" 2>/dev/null || echo unknown)"
done
[ "$src" = 0 ] || echo "# e2e: server guest exited $src (console: $out/server/console.log)"
[ "$crc" = 0 ] || echo "# e2e: client guest exited $crc (console: $out/client/console.log)"
# the client guest exits 1 when a client failed, as the stock scenarios that are XFAIL do
xfails=$(printf '%s\n' "${results[@]}" | grep -c '^XFAIL$' || true)
[ "$crc" != 1 ] || [ "${#failed[@]}" != 0 ] || [ "$xfails" = 0 ] || crc=0
if [ "$src" = 0 ] && [ "$crc" = 0 ]; then ktap_test_pass "guests exited 0"; else ktap_test_fail "guests exited 0"; fail=1; fi

# any kernel complaint in either console fails the run (the filter KUnit uses too);
# E2E_COMPLAINTS_FROM=REGEX: only from the first console line matching it on (make modules-e2e)
quiet=ok
for g in server client; do
	if ! "$here/../../scripts/complaints.sh" "$out/$g/console.log" "${E2E_COMPLAINTS_FROM:-}" > "$out/$g/complaints" 2>&1; then
		sed "s|^|# e2e: kernel complaint in $out/$g/console.log:|" "$out/$g/complaints"
		quiet=
	fi
done
if [ -n "$quiet" ]; then ktap_test_pass "no kernel complaint in either console"; else ktap_test_fail "no kernel complaint in either console"; fail=1; fi

# a debug kernel's kmemleak report (written by guest-init.sh at the end of each guest)
leaks=0
for g in server client; do
	if [ -s "$out/$g/kmemleak.txt" ]; then
		echo "# e2e: kmemleak in the $g guest: $(grep -c '^unreferenced object' "$out/$g/kmemleak.txt") unreferenced objects, see $out/$g/kmemleak.txt"
		leaks=1
	fi
done
if [ "$leaks" = 0 ]; then ktap_test_pass "no kmemleak report"; else ktap_test_fail "no kmemleak report"; fail=1; fi
ktap_print_totals
echo "e2e: $([ "$fail" = 0 ] && echo PASSED || echo FAILED) in ${secs}s"
exit "$fail"
