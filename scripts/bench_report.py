#!/usr/bin/env python3
"""Judge and summarise a make bench run: scripts/bench_report.py OUTDIR

Reads OUTDIR/round-R-KERNEL/client/{results.tsv,cmtime-*.txt,ftrace-*.txt,...} and writes
OUTDIR/results.md (the tables), OUTDIR/raw.tsv (every figure), OUTDIR/connect.dat and,
with gnuplot, OUTDIR/connect.png. Exit status 3 if a round failed its guards (a cmtime
run that did not establish every connection), 2 if a round has no results at all (the
tooling or a guest broke). A run with a step of one connection over 1 s passes, counts in
the medians and is listed with what the two guests' counters say it waited for: CM MADs or
TCP segments retried during the run, or neither (queueing). The storm (both guests
connecting to each other at once, tests/bench/storm.sh) is judged the same way: a
connection not established fails the round, one over 1 s is a stall, counted with the
retries both guests saw.
"""
import glob
import os
import re
import statistics
import subprocess
import sys

STEPS = ["create id", "resolve addr", "resolve route", "create qp", "connect",
         "disconnect", "destroy"]
GUARD_MS = 1000.0


def cmtime_steps(path):
    """{step: (total_ms, max_ms, min_us, us_per_conn)} and the failure lines of one run."""
    steps, failures = {}, []
    with open(path, errors="replace") as f:
        for line in f:
            name, sep, rest = line.partition(":")
            if sep and name.strip() in STEPS:
                # ":  %10.2f %10.2f ..."; the min column may overflow into max's (its
                # "no data" value is 1e9 us), so take total and max by position
                try:
                    total, mx = float(rest[0:12]), float(rest[12:23])
                    tail = rest[23:].split()
                    steps[name.strip()] = (total, mx, float(tail[0]), float(tail[-1]))
                except (ValueError, IndexError):
                    failures.append("unparsed: " + line.strip())
            elif "fail" in line.lower() or "error" in line.lower():
                failures.append(line.strip())
    return steps, failures


def ftrace_durations(path):
    """Durations (us) of the rdma_connect_ece() calls in a function_graph trace."""
    out = []
    with open(path, errors="replace") as f:
        for line in f:
            m = re.search(r"([\d.]+) us\s+\|\s+rdma_connect_ece\(\);", line)
            if m:
                out.append(float(m.group(1)))
    return out


COUNTERS = ("client cm_retries", "client tcp_retrans", "server cm_retries", "server tcp_retrans")


def retries(note, prev_srv):
    """The retries counted during one cmtime run, from its results.tsv note: {counter: n}
    for the client (after minus before) and the server (after minus prev_srv, its last
    numeric reading before, from the runs before), None where a reading is missing or not
    a number ("none": no IB CM port; "?": unread). Returns them and the new prev_srv."""
    kv = dict(x.split("=", 1) for x in note.split(",") if "=" in x)
    prev_srv = dict(prev_srv or {})
    out = {}
    for c in ("cm_retries", "tcp_retrans"):
        try:
            out["client " + c] = int(kv[c]) - int(kv["before_" + c])
        except (KeyError, ValueError):
            out["client " + c] = None
        try:
            now = int(kv["srv_" + c])
        except (KeyError, ValueError):
            out["server " + c] = None
            continue
        out["server " + c] = now - prev_srv[c] if c in prev_srv else None
        prev_srv[c] = now
    return out, prev_srv


def storm(d, tr):
    """One round's storm on one transport, from both guests' storm-TR.txt and cmtime outputs:
    (figures, [reasons it failed]). figures: connections asked, connections of the clients
    that ended without an error (a lower bound of those established: a client with one
    failed connection counts none), stalled clients (a connection over 1 s) and those
    whose every connection took over 1 s, the slowest connection (ms), the longer side's
    elapsed time (s), and the CM MAD retries and TCP retransmissions of both guests
    (None where a counter was not read)."""
    fig = {"asked": 0, "established": 0, "clients": 0, "stalled": 0, "all_slow": 0,
           "slowest_ms": 0.0, "elapsed_s": 0.0, "cm_retries": 0, "tcp_retrans": 0, "per_conn": []}
    why = []
    for side in ("server", "client"):
        path = os.path.join(d, side, "storm-%s.txt" % tr)
        if not os.path.exists(path):
            why.append("%s: no storm record" % side)
            continue
        kv = {}
        for line in open(path, errors="replace"):
            for item in line.split():
                if "=" in item:
                    k, v = item.split("=", 1)
                    kv[k] = v
        k, c = int(kv.get("listeners", 0)), int(kv.get("conns", 0))
        if "nostart" in kv:
            why.append("%s: the other side never listened (%s of %d of its own listeners up)" % (
                side, kv.get("listening", "?"), k))
        for i in range(k):
            fig["asked"] += c
            fig["clients"] += 1
            steps, fails = cmtime_steps(os.path.join(d, side, "storm-%s-%d.txt" % (tr, i))) \
                if os.path.exists(os.path.join(d, side, "storm-%s-%d.txt" % (tr, i))) else ({}, ["no output"])
            rc = kv.get("rc_%d" % i, "?")
            if rc != "0" or fails or "connect" not in steps:
                why.append("%s client %d: %s" % (side, i, "; ".join(
                    (["exit " + rc] if rc != "0" else []) + fails[:1] + ([] if "connect" in steps else ["no step table"]))))
                continue
            fig["established"] += c
            fig["per_conn"].append(steps["connect"][3])
            mx = steps["connect"][1]
            fig["slowest_ms"] = max(fig["slowest_ms"], mx)
            if mx > GUARD_MS:
                fig["stalled"] += 1
            if steps["connect"][2] > GUARD_MS * 1000:
                fig["all_slow"] += 1
        fig["elapsed_s"] = max(fig["elapsed_s"], int(kv.get("elapsed_ms", 0)) / 1000.0)
        if "counters_after" not in kv:
            why.append("%s: no retry counters after the storm" % side)
        if kv.get("other_done") == "0":
            why.append("%s: stopped its listeners before the other side's clients had ended" % side)
        if kv.get("server_finished") == "0":
            why.append("%s: the server side wrote no record in time" % side)
        before = dict(x.split("=", 1) for x in kv.get("counters_before", "").split(",") if "=" in x)
        after = dict(x.split("=", 1) for x in kv.get("counters_after", "").split(",") if "=" in x)
        for cnt in ("cm_retries", "tcp_retrans"):
            try:
                fig[cnt] += int(after[cnt]) - int(before[cnt])
            except (KeyError, ValueError, TypeError):
                fig[cnt] = None
    fig["per_conn"] = statistics.median(fig["per_conn"]) if fig["per_conn"] else 0.0
    return fig, why


def storm_reason(fig, transport):
    """What a storm's stalls waited for, from the counter its transport uses: the IB CM's MAD
    retries on rxe (RoCE runs over UDP), TCP's retransmissions on siw (no IB CM)."""
    cnt, what = ("cm_retries", "CM MAD") if transport == "rxe" else ("tcp_retrans", "TCP")
    if fig[cnt] is None:
        return "not known (the %s retry counters were not read)" % what
    if fig[cnt]:
        return "%d %s retries" % (fig[cnt], what)
    return "queueing (no %s retry in either guest)" % what


def slow_reason(counts, transport):
    """Why a run had a connection over 1 s, as far as the counters tell. siw has no IB CM
    port, so its CM counters are not needed; every other counter must have been read."""
    seen = ["%d %s" % (v, k.replace("cm_retries", "CM MAD retries").replace(
        "tcp_retrans", "TCP retransmissions")) for k, v in sorted(counts.items()) if v]
    if seen:
        return "retries: " + ", ".join(seen)
    needed = [k for k in COUNTERS if not (transport == "siw" and "cm_" in k)]
    unread = [k for k in needed if counts.get(k) is None]
    if unread:
        return "not known: no retry counted, but these counters were not read: " + ", ".join(unread)
    return "no %sTCP retry in either guest: queueing" % ("" if transport == "siw" else "CM MAD or ")


EVENT_RE = re.compile(r"^\s*.+?-\d+\s+\[\d+\]\s+\S+\s+([\d.]+): (\w+): (.*)$")


def trace_events(path):
    """[(seconds, event, text)] of an ftrace event file."""
    out = []
    with open(path, errors="replace") as f:
        for line in f:
            m = EVENT_RE.match(line)
            if m:
                out.append((float(m.group(1)), m.group(2), m.group(3)))
    return out


def frame(ev, kind, dev):
    return ev[1] == kind and ("dev=%s " % dev) in ev[2]


def frame_len(ev):
    m = re.search(r"len=(\d+)", ev[2])
    return int(m.group(1)) if m else 0


def breakdown(client_path, server_path, dev):
    """One traced connect, split into where its time went (ms), or None if the traces
    do not show it. The client's clock and the server's are not the same: each figure
    is taken on one side, and the wire is what the client waited beyond the server."""
    cl, sv = trace_events(client_path), trace_events(server_path)
    start = [e for e in cl if e[1] in ("cm_send_req", "cm_send_iw_connect")]
    # without a connect tracepoint (stock siw), the first frame after the route: the SYN
    route = [e[0] for e in cl if e[1] == "cm_event_handler" and "ROUTE_RESOLVED" in e[2]]
    outs = [e for e in cl if frame(e, "net_dev_xmit", dev) and (not route or e[0] >= route[-1])]
    t0 = start[0][0] if start else (outs[0][0] if outs else None)
    if t0 is None:
        return None
    est = [e for e in cl if e[1] == "cm_event_handler" and e[0] >= t0 and
           ("ESTABLISHED" in e[2] or "CONNECT_RESPONSE" in e[2])]
    first_out = [e for e in outs if e[0] >= t0]
    if not est or not first_out:
        return None
    t_est = est[0][0]
    ins = [e for e in cl if frame(e, "netif_receive_skb", dev) and first_out[0][0] <= e[0] <= t_est]
    creq = [e for e in sv if e[1] == "cm_event_handler" and "CONNECT_REQUEST" in e[2]]
    if not ins or not creq:
        return None
    t_creq = creq[0][0]
    s_ins = [e for e in sv if frame(e, "netif_receive_skb", dev) and t_creq - 1.0 <= e[0] <= t_creq]
    # the reply: on IB the frame after rdma_cm's REP (6.12 sends an MRA first), on iWARP the
    # first frame with data (not a bare ACK) after the request's event
    rep = [e[0] for e in sv if e[1] == "cm_send_rep" and e[0] >= t_creq]
    s_out = [e for e in sv if frame(e, "net_dev_xmit", dev) and e[0] >= (rep[0] if rep else t_creq)
             and frame_len(e) > 66]
    if not s_ins or not s_out:
        return None
    client_wait = ins[-1][0] - first_out[0][0]
    server_busy = s_out[0][0] - s_ins[0][0]
    ms = 1000.0
    split = cpu_split(server_path, t_creq, s_out[0][0]) or {}
    return {**{
        "client: the call to its first frame out": (first_out[0][0] - t0) * ms,
        "server: first frame in to the request (siw: the TCP handshake's round trip)": (s_ins[-1][0] - s_ins[0][0]) * ms,
        "server: request in to CONNECT_REQUEST (driver, CM and rdma_cm work)": (t_creq - s_ins[-1][0]) * ms,
        "server: CONNECT_REQUEST to the reply out (the consumer: cmtime's QP and rdma_accept())": (s_out[0][0] - t_creq) * ms,
        "the link: the client's wait beyond the server's time": (client_wait - server_busy) * ms,
        "client: the reply in to the event (ESTABLISHED; CONNECT_RESPONSE without a kernel QP)": (t_est - ins[-1][0]) * ms,
        "total: the call to the event (client)": (t_est - t0) * ms,
    }, **{SPLIT + k: v for k, v in sorted(split.items(), key=lambda kv: -kv[1])}}


TASK_RE = re.compile(r"^\s*(.+?)-(\d+)\s+\[\d+\]\s+\S+\s+([\d.]+): (.*)$")
SWITCH_RE = re.compile(r"sched_switch: prev_comm=.* prev_pid=(\d+) .*==> next_comm=(.+?) next_pid=(\d+) ")
SYS_ENTER_RE = re.compile(r"(sys_\w+)\(")
SYS_EXIT_RE = re.compile(r"(sys_\w+) -> ")
SPLIT = "consumer, by what the server's CPU ran: "


def cpu_split(path, t0, t1):
    """What the (one) CPU of a guest ran from t0 to t1 (seconds), in ms per category: the
    consumer's (cmtime's) system calls by name, its own work between them, other tasks and
    idle. Needs the sched_switch and per-system-call events; None without them. Interrupts
    count for the task they interrupted."""
    evs = []
    with open(path, errors="replace") as f:
        for line in f:
            m = TASK_RE.match(line)
            if m:
                evs.append((float(m.group(3)), m.group(1).strip(), int(m.group(2)), m.group(4)))
    if not any(SYS_ENTER_RE.match(e[3]) for e in evs) or not any(e[3].startswith("sched_switch:") for e in evs):
        return None
    comm, in_sys, running, out = {}, {}, None, {}
    # a task whose first system call event is an exit was in that call from the start
    for t, task, pid, text in evs:
        en, ex = SYS_ENTER_RE.match(text), SYS_EXIT_RE.match(text)
        if pid not in in_sys and (en or ex):
            in_sys[pid] = ex.group(1) if ex else None
    for i, (t, task, pid, text) in enumerate(evs):
        comm.setdefault(pid, task)
        running = pid
        sw = SWITCH_RE.match(text)
        if sw:
            running = int(sw.group(3))
            comm[running] = sw.group(2)
        else:
            en, ex = SYS_ENTER_RE.match(text), SYS_EXIT_RE.match(text)
            if en:
                in_sys[pid] = en.group(1)
            elif ex:
                in_sys[pid] = None
        nxt = evs[i + 1][0] if i + 1 < len(evs) else t
        a, b = max(t, t0), min(nxt, t1)
        if b <= a:
            continue
        name = comm.get(running, "?")
        if running == 0:
            what = "idle"
        elif name == "cmtime":
            what = "cmtime in %s" % in_sys[running] if in_sys.get(running) else "cmtime in user space"
        else:
            what = "other tasks (%s)" % re.sub(r"/.*", "", name)
        out[what] = out.get(what, 0.0) + (b - a) * 1000.0
    return out


def spread(vals):
    return "%.0f-%.0f" % (min(vals), max(vals)) if vals else "-"


def main():
    out = sys.argv[1]
    rounds = sorted(glob.glob(os.path.join(out, "round-*")),
                    key=lambda r: (int(re.match(r"round-(\d+)", os.path.basename(r)).group(1)), r))
    if not rounds:
        sys.exit("bench_report: no rounds in %s" % out)
    # data[(kernel, transport, n, step)] = [us/conn per passing run]
    data, failed, raw, extra, slow, parts, storms, splits = {}, [], [], {}, [], {}, {}, {}
    for d in rounds:
        m = re.match(r"round-(\d+)-(\w+)$", os.path.basename(d))
        rnd, kernel = int(m.group(1)), m.group(2)
        res = os.path.join(d, "client", "results.tsv")
        if not os.path.exists(res):
            failed.append("round %d %s: no results (client guest: %s)" % (
                rnd, kernel, open(os.path.join(d, "guests.rc")).read().strip()
                if os.path.exists(os.path.join(d, "guests.rc")) else "?"))
            continue
        prev_srv = None
        if os.path.exists(os.path.join(d, "shared", "storm")):
            seen = {l.split("\t")[1] for l in open(res) if l.startswith("storm\t")}
            for tr in ("rxe", "siw"):
                if tr not in seen:
                    failed.append("round %d %s storm %s: asked for, no record (the client guest ended before it)" % (rnd, kernel, tr))
        for tr, dev in (("rxe", "eth0"), ("siw", "eth1")):
            cp = os.path.join(d, "client", "events-%s.txt" % tr)
            sp = os.path.join(d, "server", "events-%s.txt" % tr)
            b = breakdown(cp, sp, dev) if os.path.exists(cp) and os.path.exists(sp) else None
            for k, v in (b or {}).items():
                parts.setdefault((kernel, tr), {}).setdefault(k, []).append(v)
            # the CPU split's categories differ between rounds: each round's own, by round
            if any(k.startswith(SPLIT) for k in b or {}):
                splits.setdefault((kernel, tr), []).append({k: v for k, v in b.items() if k.startswith(SPLIT)})
        for line in open(res):
            what, tr, n, rep, rc, note = (line.rstrip("\n").split("\t") + [""] * 6)[:6]
            key = (kernel, tr, n)
            if what == "cmtime":
                counts, prev_srv = retries(note, prev_srv)
                if rep == "warmup":
                    continue
                path = os.path.join(d, "client", "cmtime-%s-%s-%s.txt" % (tr, n, rep))
                if not os.path.exists(path):
                    failed.append("round %d %s %s N=%s rep %s: no cmtime output (%s)" % (
                        rnd, kernel, tr, n, rep, "its server never started" if rc == "server" else "rc " + rc))
                    continue
                steps, fails = cmtime_steps(path)
                mem = dict(kv.split("=", 1) for kv in note.split(",") if "=" in kv)
                why = []
                if rc != "0":
                    why.append("exit %s" % rc)
                if fails:
                    why.append("%d failure lines (%s)" % (len(fails), fails[0]))
                if len(steps) != len(STEPS):
                    why.append("no step table")
                over = [s for s, v in steps.items() if v[1] > GUARD_MS]
                if over and not why:
                    slow.append((rnd, kernel, tr, int(n), rep, over[0], steps[over[0]][1],
                                 slow_reason(counts, tr)))
                for s, v in steps.items():
                    raw.append((rnd, kernel, tr, n, rep, s, v[3], v[1], "FAIL" if why else "ok"))
                if int(n) >= 1000 and not why:
                    try:
                        kb = (int(mem["mem_before"]) - int(mem["mem_low"])) / int(n)
                        extra.setdefault(("mem", kernel, tr, n), []).append(kb)
                    except (KeyError, ValueError):
                        pass
                if why:
                    failed.append("round %d %s %s N=%s rep %s: %s" % (rnd, kernel, tr, n, rep, "; ".join(why)))
                    continue
                for s, v in steps.items():
                    data.setdefault((kernel, tr, int(n), s), []).append(v[3])
            elif what == "ftrace" and tr != "-" and os.path.exists(os.path.join(d, "client", "ftrace-%s.txt" % tr)):
                durs = ftrace_durations(os.path.join(d, "client", "ftrace-%s.txt" % tr))
                if durs:
                    extra.setdefault(("ftrace", kernel, tr), []).append(statistics.median(durs))
                    raw.append((rnd, kernel, tr, n, "traced", "rdma_connect_ece", statistics.median(durs), max(durs), "ok"))
            elif what == "storm":
                if rc == "server":
                    failed.append("round %d %s storm %s: the server side never started" % (rnd, kernel, tr))
                    continue
                fig, why = storm(d, tr)
                storms.setdefault((kernel, tr), []).append((rnd, fig))
                if why:
                    failed.append("round %d %s storm %s: %d of %d connections established; %s" % (
                        rnd, kernel, tr, fig["established"], int(n), "; ".join(why[:3])))
            elif what == "udaddy" and rc == "0":
                ns = int(note.split("=")[1])
                extra.setdefault(("sidr", kernel), []).append(int(n) / (ns / 1e9))
            elif what == "ping" and rc == "0" and os.path.exists(os.path.join(d, "client", "ping-%s.txt" % tr)):
                txt = open(os.path.join(d, "client", "ping-%s.txt" % tr)).read()
                m2 = re.search(r"= [\d.]+/([\d.]+)/", txt)
                if m2:
                    extra.setdefault(("rtt", kernel, tr), []).append(float(m2.group(1)) * 1000)
            elif what == "ib_send_lat" and rc == "0":
                lat = os.path.join(d, "client", "lat-%s.txt" % tr)
                txt = open(lat).read() if os.path.exists(lat) else ""
                for l2 in txt.splitlines():
                    f2 = l2.split()
                    if len(f2) >= 6 and f2[0].isdigit() and f2[1] == n:
                        # #bytes #iterations t_min t_max t_typical t_avg ...
                        extra.setdefault(("lat", kernel, tr), []).append(float(f2[5]))
    med = {k: statistics.median(v) for k, v in data.items()}
    lines = ["# make bench: connection setup, patched against stock", ""]
    kernels_seen = sorted({k[0] for k in data})
    lines.append("Rounds: %d (%s). Values: median microseconds per connection over the passing runs "
                 "(cmtime's `us / conn`), with the spread (min-max) in brackets. The ratio is "
                 "patched/stock of the medians; the noise band is stock's own spread around its "
                 "median (min/median to max/median); `~` marks a ratio inside it." % (
                     len(rounds), ", ".join(os.path.basename(r) for r in rounds)))
    lines.append("")
    worse = []
    for tr in ("rxe", "siw"):
        lines.append("## %s (%s)" % (tr, "RC, REQ" if tr == "rxe" else "RC, MPA"))
        lines.append("")
        lines.append("| N | step | patched us/conn | stock us/conn | patched/stock | noise band |")
        lines.append("|---|---|---|---|---|---|")
        for n in sorted({k[2] for k in data if k[1] == tr}):
            for s in STEPS:
                p, st = data.get(("patched", tr, n, s)), data.get(("stock", tr, n, s))
                if not p or not st:
                    lines.append("| %d | %s | %s | %s | - | - |" % (
                        n, s, "%.1f [%s]" % (statistics.median(p), spread(p)) if p else "failed",
                        "%.1f [%s]" % (statistics.median(st), spread(st)) if st else "failed"))
                    continue
                mp, ms = statistics.median(p), statistics.median(st)
                ratio = mp / ms if ms else float("nan")
                lo, hi = min(st) / ms, max(st) / ms
                mark = "~" if lo <= ratio <= hi else ("**lower**" if ratio < lo else "**higher**")
                if ratio > hi:
                    worse.append("%s N=%d %s %.2f" % (tr, n, s, ratio))
                lines.append("| %d | %s | %.1f [%s] | %.1f [%s] | %.2f %s | %.2f-%.2f |" % (
                    n, s, mp, spread(p), ms, spread(st), ratio, mark, lo, hi))
        lines.append("")
    # growth: connect us/conn against N, from every run that established all connections
    # (the guard-only failures included); the slope over N >= 100, where cmtime pipelines
    lines.append("## Growth of the connect step")
    lines.append("")
    lines.append("Connect step per connection (median us) at each N, from every run that established "
                 "all its connections, and the least-squares "
                 "slope over N >= 100 (N = 1 is one connection's latency, not a rate).")
    lines.append("")
    lines.append("| transport | kernel | us/conn at each N | slope, N >= 100 (us/conn per 1000 connections) |")
    lines.append("|---|---|---|---|")
    dat = []
    for tr in ("rxe", "siw"):
        for k in kernels_seen:
            pts = sorted((n, y) for (k2, t2, n, s2), y in med.items()
                         if k2 == k and t2 == tr and s2 == "connect")
            big = [p for p in pts if p[0] >= 100]
            slope = "-"
            if len(big) >= 2:
                xs, ys = [p[0] for p in big], [p[1] for p in big]
                mx, my = statistics.mean(xs), statistics.mean(ys)
                den = sum((x - mx) ** 2 for x in xs)
                slope = "%.1f" % (1000 * sum((x - mx) * (y - my) for x, y in big) / den) if den else "-"
            if pts:
                lines.append("| %s | %s | %s | %s |" % (tr, k, ", ".join("N=%d: %.0f" % p for p in pts), slope))
            for n, y in pts:
                dat.append("%s %s %d %.3f" % (tr, k, n, y))
    lines.append("")
    lines.append("## The kernel's own cost, the floor and the rest")
    lines.append("")
    lines.append("| figure | patched | stock |")
    lines.append("|---|---|---|")

    def cell(key, fmt):
        v = extra.get(key)
        return (fmt % statistics.median(v)) + " [%s]" % ", ".join(fmt % x for x in v) if v else "-"
    for tr in ("rxe", "siw"):
        lines.append("| rdma_connect_ece() per call, %s (function_graph, median of each round's median, us) | %s | %s |" % (
            tr, cell(("ftrace", "patched", tr), "%.1f"), cell(("ftrace", "stock", tr), "%.1f")))
    lines.append("| SIDR resolutions per second, rxe (udaddy) | %s | %s |" % (
        cell(("sidr", "patched"), "%.0f"), cell(("sidr", "stock"), "%.0f")))
    for tr in ("rxe", "siw"):
        lines.append("| ping round trip, %s (us) | %s | %s |" % (
            tr, cell(("rtt", "patched", tr), "%.0f"), cell(("rtt", "stock", tr), "%.0f")))
    for tr in ("rxe", "siw"):
        lines.append("| ib_send_lat -R t_avg, %s (us) | %s | %s |" % (
            tr, cell(("lat", "patched", tr), "%.1f"), cell(("lat", "stock", tr), "%.1f")))
    for tr in ("rxe", "siw"):
        for k in ("patched", "stock"):
            c = med.get((k, tr, 1, "connect"))
            rtt = extra.get(("rtt", k, tr))
            if c and rtt:
                lines.append("| connect (N=1) / 1.5 round trips, %s, %s | %s | |" % (tr, k, "%.1f" % (c / (1.5 * statistics.median(rtt))))
                             if k == "patched" else
                             "| connect (N=1) / 1.5 round trips, %s, %s | | %.1f |" % (tr, k, c / (1.5 * statistics.median(rtt))))
    for tr in ("rxe", "siw"):
        for n in sorted({int(k[3]) for k in extra if k[0] == "mem" and k[2] == tr}):
            lines.append("| guest memory per connection, %s, N=%d (kB, MemAvailable drop) | %s | %s |" % (
                tr, n, cell(("mem", "patched", tr, str(n)), "%.1f"), cell(("mem", "stock", tr, str(n)), "%.1f")))
    lines.append("")
    lines.append("## Where one connect's time goes")
    lines.append("")
    lines.append("One `cmtime -c 1` per transport and round against a fresh server, with both guests "
                 "recording rdma_cm's and the IB CM's tracepoints, every frame on the link and every "
                 "work item (`tests/bench/events.sh`). Median ms over the rounds, the rounds in brackets. "
                 "The two guests' clocks differ, so each figure is read on one side; the link is what "
                 "the client waited beyond the server's time between its first frame in and its reply out. "
                 "Stock has no `cm_send_iw_connect` tracepoint: its siw figures start at the SYN, "
                 "which its `rdma_connect()` sends itself. Where the kernel has the system call "
                 "tracepoints (the benchmark kernels), both guests also record every task switch and "
                 "cmtime's system calls, and the rows \"%s...\" split the consumer's segment (CONNECT_REQUEST to "
                 "the reply out) by what the guest's one CPU ran: cmtime in each system call, cmtime "
                 "between them, other tasks, idle (interrupts count for the task they interrupted; "
                 "a category absent from a round counts 0 there)." % SPLIT)
    lines.append("")
    if parts:
        for tr in ("rxe", "siw"):
            if not any(k[1] == tr for k in parts):
                continue
            lines.append("| %s | patched | stock |" % tr)
            lines.append("|---|---|---|")
            keys = []
            for k in ("patched", "stock"):
                for name in parts.get((k, tr), {}):
                    if name not in keys:
                        keys.append(name)
            for name in keys:
                cells = []
                for k in ("patched", "stock"):
                    v = parts.get((k, tr), {}).get(name)
                    # a category of the CPU split absent from a round's split took 0 ms there
                    if name.startswith(SPLIT) and splits.get((k, tr)):
                        v = [r.get(name, 0.0) for r in splits[(k, tr)]]
                    cells.append("%.2f [%s]" % (statistics.median(v), ", ".join("%.2f" % x for x in v)) if v else "-")
                lines.append("| %s | %s | %s |" % (name, cells[0], cells[1]))
            lines.append("")
    else:
        lines.append("No traced connect in this run.")
        lines.append("")
    lines.append("## The storm: both guests connect to each other at once")
    lines.append("")
    lines.append("Each guest runs one `cmtime` server per listener on its own address and as many "
                 "`cmtime -c CONNS` clients against the other guest's listeners, both sides started "
                 "at the same moment (`tests/bench/storm.sh`). A stall is a client whose slowest "
                 "connection took over 1 s; retries are what both guests' counters (on rxe the IB CM's "
                 "`cm_tx_retries`, on siw TCP's `RetransSegs`) counted from before the listeners started to "
                 "after both sides ended. Per round in brackets.")
    lines.append("")
    if storms:
        for tr in ("rxe", "siw"):
            if not any(k[1] == tr for k in storms):
                continue
            lines.append("| storm, %s | patched | stock |" % tr)
            lines.append("|---|---|---|")

            def col(k, f, fmt, total=False):
                v = [x[1][f] for x in storms.get((k, tr), [])]
                if not v:
                    return "-"
                if any(x is None for x in v):
                    return "not read [%s]" % ", ".join("?" if x is None else fmt % x for x in v)
                head = fmt % (sum(v) if total else statistics.median(v))
                return "%s [%s]" % (head, ", ".join(fmt % x for x in v))
            for label, f, fmt, total in (
                    ("connections established (sum of the rounds; a client with a failed connection counts none)", "established", "%d", True),
                    ("connections asked (sum)", "asked", "%d", True),
                    ("stalled clients, a connection over 1 s (sum)", "stalled", "%d", True),
                    ("clients whose every connection took over 1 s (sum)", "all_slow", "%d", True),
                    ("connect step per connection (us, median of the clients' `us / conn`, median)", "per_conn", "%.0f", False),
                    ("slowest connection (ms, median)", "slowest_ms", "%.0f", False),
                    ("storm time, the longer side (s, median)", "elapsed_s", "%.1f", False),
                    ("CM MAD retries, both guests (sum)", "cm_retries", "%d", True) if tr == "rxe" else
                    ("TCP retransmissions, both guests (sum)", "tcp_retrans", "%d", True)):
                lines.append("| %s | %s | %s |" % (label, col("patched", f, fmt, total), col("stock", f, fmt, total)))
            cells = []
            for k in ("patched", "stock"):
                per = ["round %d: %s" % (r, storm_reason(f, tr)) for r, f in storms.get((k, tr), []) if f["stalled"]]
                cells.append("; ".join(per) if per else ("no stall" if storms.get((k, tr)) else "-"))
            lines.append("| what the stalls waited for, per round | %s | %s |" % tuple(cells))
            lines.append("")
    else:
        lines.append("No storm in this run.")
        lines.append("")
    lines.append("## Guards")
    lines.append("")
    if failed:
        lines.append("Runs reported as failed (not in the medians):")
        lines.append("")
        lines.extend("- " + f for f in failed)
    else:
        lines.append("Every connection of every run was established.")
    lines.append("")
    if slow:
        lines.append("Runs with a step of one connection over 1 s (in the medians above), and what the "
                     "guests' counters saw during the run (the storm's stalls are in its table):")
        lines.append("")
        lines.append("| round | kernel | transport | N | rep | slowest step (ms) | reason |")
        lines.append("|---|---|---|---|---|---|---|")
        for r in slow:
            lines.append("| %d | %s | %s | %d | %s | %s %.0f | %s |" % r)
    else:
        lines.append("No step of any connection took over 1 s in the cmtime runs (the storm's stalls are in its table).")
    lines.append("")
    lines.append("Steps where patched/stock lies above stock's noise band: %s." % (", ".join(worse) if worse else "none"))
    open(os.path.join(out, "results.md"), "w").write("\n".join(lines) + "\n")
    with open(os.path.join(out, "raw.tsv"), "w") as f:
        f.write("round\tkernel\ttransport\tN\trep\tstep\tus_per_conn\tmax_ms\tguard\n")
        for r in raw:
            f.write("\t".join(str(x) for x in r) + "\n")
    open(os.path.join(out, "connect.dat"), "w").write("\n".join(dat) + "\n")
    plot(out, dat)
    print("\n".join(lines))
    print("bench: results in %s/results.md, plot %s/connect.png" % (out, out))
    if any("no results" in f for f in failed):
        return 2
    return 3 if failed else 0


def plot(out, dat):
    series = sorted({tuple(l.split()[:2]) for l in dat})
    if not series:
        return
    blocks = []
    for tr, k in series:
        blocks.append("\n".join(" ".join(l.split()[2:]) for l in dat if l.split()[:2] == [tr, k]) + "\ne")
    script = """set terminal pngcairo size 900,560
set output '%s/connect.png'
set title 'cmtime connect step per connection (median of the rounds)' noenhanced font ',10'
set xlabel 'connections at once (N)'
set ylabel 'microseconds per connection'
set logscale xy
set key top left
set grid
plot %s
%s
""" % (out, ", ".join("'-' using 1:2 with linespoints title '%s %s'" % s for s in series), "\n".join(blocks))
    try:
        subprocess.run(["gnuplot"], input=script, text=True, check=True)
    except (OSError, subprocess.CalledProcessError) as e:
        print("bench: no plot (%s)" % e)


if __name__ == "__main__":
    sys.exit(main())
