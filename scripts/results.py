#!/usr/bin/env python3
"""Count results: `results.py kunit KUNIT_JSON` checks kunit.py's JSON output,
`results.py summary FILE...` (KUnit JSON files and result tables) prints the closing line
of make test."""
import csv
import json
import sys


def kunit_cases(path):
    def walk(group):
        yield from group.get("test_cases", [])
        for sub in group.get("sub_groups", []):
            yield from walk(sub)
    try:
        with open(path) as f:
            return list(walk(json.load(f)))
    except (OSError, ValueError):
        sys.exit(f"kunit: kunit.py wrote no results to {path} "
                 "(build failed or the kernel did not boot): see build/BASE/kunit.log")


def count_kunit(path):
    cases = kunit_cases(path)
    ok = sum(c["status"] == "PASS" for c in cases)
    bad = sum(c["status"] in ("FAIL", "ERROR") for c in cases)
    return ok, bad, len(cases) - ok - bad


def main():
    if sys.argv[1:2] == ["kunit"] and len(sys.argv) == 3:
        ok, bad, skip = count_kunit(sys.argv[2])
        print(f"kunit: {ok} passed, {bad} failed, {skip} skipped")
        sys.exit(1 if bad or not ok else 0)
    if sys.argv[1:2] == ["summary"] and len(sys.argv) >= 3:
        # KUnit JSON files (one per base) and result tables, in any order
        k_ok = k_bad = 0
        rows = []
        for path in sys.argv[2:]:
            if path.endswith(".json"):
                ok, bad, _ = count_kunit(path)
                k_ok, k_bad = k_ok + ok, k_bad + bad
                continue
            with open(path) as f:
                rows += list(csv.reader(f, delimiter="\t"))
        # XFAIL: a stock kernel's known failure (tests/e2e/run.sh); SKIP: not run there
        e_ok = sum(r[5] == "PASS" for r in rows)
        e_xfail = sum(r[5] == "XFAIL" for r in rows)
        e_skip = sum(r[5] == "SKIP" for r in rows)
        e_bad = len(rows) - e_ok - e_xfail - e_skip
        print(f"KUnit: {k_ok} passed, {k_bad} failed; man, docs, e2e and stress: {e_ok} passed, "
              f"{e_bad} failed, {e_xfail} xfail, {e_skip} skipped")
        print(f"{k_ok + e_ok} passed, {k_bad + e_bad} failed, {e_xfail} xfail, {e_skip} skipped")
        sys.exit(1 if k_bad or e_bad else 0)
    sys.exit(__doc__)


if __name__ == "__main__":
    main()
