#!/usr/bin/env python3
"""Deliberate breakages of the series, each of which the KUnit suite must catch.

`make mutants` runs this: for every breakage below it puts a copy of the
assembled tree (a git worktree of build/linux at its HEAD, in build/mutants)
back to HEAD, makes the one small edit, runs the suite with kunit.py
(UML, or KUNIT_ARCH; build/mutants-kunit-ARCH, incremental), reads kunit.py's JSON and records the
cases that failed. It prints a table (breakage, what it breaks, cases that
failed) and exits non-zero when a breakage is not caught or no longer applies.
Each breakage is one exact text replacement that must match once: when the
series changes under it, the table says so instead of testing nothing.
"""
import json
import os
import subprocess
import sys
import time

CMA = "drivers/infiniband/core/cma.c"
IWCM = "drivers/infiniband/core/iwcm.c"

# (name, the promise it breaks, file, old text, new text)
BREAKAGES = [
    ("ece_before_state_check", "rdma_connect_ece(): nothing written in a wrong state",
     CMA,
     """	mutex_lock(&id_priv->handler_mutex);
	if (READ_ONCE(id_priv->state) != RDMA_CM_ROUTE_RESOLVED) {
		ret = -EINVAL;
		goto out;
	}

	old_ece = id_priv->ece;
	id_priv->ece.vendor_id = ece->vendor_id;
	id_priv->ece.attr_mod = ece->attr_mod;""",
     """	mutex_lock(&id_priv->handler_mutex);
	old_ece = id_priv->ece;
	id_priv->ece.vendor_id = ece->vendor_id;
	id_priv->ece.attr_mod = ece->attr_mod;
	if (READ_ONCE(id_priv->state) != RDMA_CM_ROUTE_RESOLVED) {
		ret = -EINVAL;
		goto out;
	}"""),
    ("ece_not_restored", "a failed connect leaves the ECE as it was",
     CMA,
     """	ret = rdma_connect_locked(id, conn_param);
	if (ret)
		id_priv->ece = old_ece;""",
     """	ret = rdma_connect_locked(id, conn_param);"""),
    ("accept_ece_before_state_check", "rdma_accept_ece(): nothing written in a wrong state",
     CMA,
     """	lockdep_assert_held(&id_priv->handler_mutex);

	if (READ_ONCE(id_priv->state) != RDMA_CM_CONNECT ||
	    READ_ONCE(id_priv->req_outstanding))
		return -EINVAL;

	id_priv->ece.vendor_id = ece->vendor_id;
	id_priv->ece.attr_mod = ece->attr_mod;

	return rdma_accept(id, conn_param);""",
     """	lockdep_assert_held(&id_priv->handler_mutex);

	id_priv->ece.vendor_id = ece->vendor_id;
	id_priv->ece.attr_mod = ece->attr_mod;

	return rdma_accept(id, conn_param);"""),
    ("accept_ece_not_taken", "rdma_accept_ece(): the ECE is taken in RDMA_CM_CONNECT",
     CMA,
     """		return -EINVAL;

	id_priv->ece.vendor_id = ece->vendor_id;
	id_priv->ece.attr_mod = ece->attr_mod;

	return rdma_accept(id, conn_param);""",
     """		return -EINVAL;

	return rdma_accept(id, conn_param);"""),
    ("state_not_restored", "a failed connect returns the id to ROUTE_RESOLVED",
     CMA,
     """	id_priv->srq = old_srq;
	cma_comp_exch(id_priv, RDMA_CM_CONNECT, RDMA_CM_ROUTE_RESOLVED);""",
     """	id_priv->srq = old_srq;"""),
    ("qpn_not_restored", "a failed connect leaves the QPN and SRQ flag as they were",
     CMA,
     """	id_priv->qp_num = old_qp_num;
	id_priv->srq = old_srq;""",
     """	id_priv->srq = old_srq;"""),
    ("req_cm_id_leaked", "a failed REQ destroys its IB CM id",
     CMA,
     """	if (ret && !IS_ERR(id)) {
		cma_ib_destroy_cm_id(id);
		id_priv->cm_id.ib = NULL;
	}""",
     """	if (ret && !IS_ERR(id))
		id_priv->cm_id.ib = NULL;"""),
    ("sidr_cm_id_leaked", "a failed SIDR REQ destroys its IB CM id",
     CMA,
     """	if (ret) {
		cma_ib_destroy_cm_id(id_priv->cm_id.ib);
		id_priv->cm_id.ib = NULL;
	}""",
     """	if (ret)
		id_priv->cm_id.ib = NULL;"""),
    ("iw_qp_reset_on_failure", "a failed iWARP connect never moves the QP to RESET or ERROR",
     CMA,
     """out:
	if (ret) {
		cma_iw_destroy_cm_id(cm_id);""",
     """out:
	if (ret) {
		cma_modify_qp_err(id_priv);
		cma_iw_destroy_cm_id(cm_id);"""),
    ("null_param_not_refused", "a NULL conn_param is -EINVAL, nothing dereferenced",
     CMA,
     """	if (WARN_ON_ONCE(!conn_param))
		return -EINVAL;
""",
     ""),
    ("connect_without_lock", "rdma_connect() takes the handler lock around the connect",
     CMA,
     """	mutex_lock(&id_priv->handler_mutex);
	ret = rdma_connect_locked(id, conn_param);
	mutex_unlock(&id_priv->handler_mutex);
	return ret;
}
EXPORT_SYMBOL(rdma_connect);""",
     """	ret = rdma_connect_locked(id, conn_param);
	return ret;
}
EXPORT_SYMBOL(rdma_connect);"""),
    ("ece_connect_without_lock", "rdma_connect_ece() holds the handler lock while it sends",
     CMA,
     """	ret = rdma_connect_locked(id, conn_param);
	if (ret)
		id_priv->ece = old_ece;
out:""",
     """	mutex_unlock(&id_priv->handler_mutex);
	ret = rdma_connect_locked(id, conn_param);
	if (ret)
		id_priv->ece = old_ece;
	return ret;
out:"""),
    ("null_bytes_with_length", "private_data_len > 0 with NULL private_data is -EINVAL",
     CMA,
     """	if (conn_param->private_data_len && !conn_param->private_data)
		return -EINVAL;
""",
     ""),
    ("req_limit_off_by_one", "REQ private data: 56 user bytes on IP ids, 92 on AF_IB",
     CMA,
     """		return len > IB_CM_REQ_PRIVATE_DATA_SIZE ? -EINVAL : 0;""",
     """		return len > IB_CM_REQ_PRIVATE_DATA_SIZE + 1 ? -EINVAL : 0;"""),
    ("sidr_limit_off_by_one", "SIDR REQ private data: 180 user bytes on IP ids, 216 on AF_IB",
     CMA,
     """	return len > IB_CM_SIDR_REQ_PRIVATE_DATA_SIZE ? -EINVAL : 0;""",
     """	return len >= IB_CM_SIDR_REQ_PRIVATE_DATA_SIZE ? -EINVAL : 0;"""),
    ("af_ib_first_byte_kept", "AF_IB: CMA_VERSION over the first private data byte, as 6.12",
     CMA,
     """	cma_hdr = hdr;
	cma_hdr->cma_version = CMA_VERSION;
	if (cma_family(id_priv) == AF_INET) {""",
     """	cma_hdr = hdr;
	if (cma_family(id_priv) == AF_IB)
		return 0;
	cma_hdr->cma_version = CMA_VERSION;
	if (cma_family(id_priv) == AF_INET) {"""),
    ("retry_count_not_clamped", "retry_count is a 3-bit field, clamped to 7",
     CMA,
     """	req.retry_count = min_t(u8, 7, conn_param->retry_count);""",
     """	req.retry_count = conn_param->retry_count;"""),
    ("rnr_retry_from_retry_count", "REQ: the RNR retry count is the caller's rnr_retry_count",
     CMA,
     """	req.rnr_retry_count = min_t(u8, 7, conn_param->rnr_retry_count);
	req.remote_cm_response_timeout""",
     """	req.rnr_retry_count = min_t(u8, 7, conn_param->retry_count);
	req.remote_cm_response_timeout"""),
    ("req_rd_atom_swapped", "REQ: responder resources and initiator depth as the caller gave them",
     CMA,
     """	req.responder_resources = conn_param->responder_resources;
	req.initiator_depth = conn_param->initiator_depth;""",
     """	req.responder_resources = conn_param->initiator_depth;
	req.initiator_depth = conn_param->responder_resources;"""),
    ("req_srq_from_flow_control", "REQ: the SRQ flag is the id's, not the flow control bit",
     CMA,
     """	req.srq = id_priv->srq ? 1 : 0;
	req.ece.vendor_id""",
     """	req.srq = conn_param->flow_control;
	req.ece.vendor_id"""),
    ("sidr_req_not_outstanding", "accept and reject are refused on an id whose SIDR REQ is outstanding",
     CMA,
     """		id_priv->cm_id.ib = NULL;
	} else {
		WRITE_ONCE(id_priv->req_outstanding, true);
	}""",
     """		id_priv->cm_id.ib = NULL;
	}"""),
    ("uc_on_iwarp", "iWARP connects RC only: any other QP type is -EOPNOTSUPP",
     CMA,
     """		if (id->qp_type != IB_QPT_RC)
			return -EOPNOTSUPP;""",
     """		if (id->qp_type != IB_QPT_RC && id->qp_type != IB_QPT_UC)
			return -EOPNOTSUPP;"""),
    ("ipoib_with_rc", "port space and QP type disagree: -EINVAL",
     CMA,
     """	case RDMA_PS_UDP:
	case RDMA_PS_IPOIB:
		if (id->qp_type != IB_QPT_UD)
			return -EINVAL;""",
     """	case RDMA_PS_UDP:
	case RDMA_PS_IPOIB:
		if (id->qp_type != IB_QPT_UD && id->ps == RDMA_PS_UDP)
			return -EINVAL;"""),
    ("no_cm_eopnotsupp", "a port with neither CM is -ENOSYS",
     CMA,
     """		*kind = CMA_CONNECT_IW;
		return 0;
	}
	return -ENOSYS;""",
     """		*kind = CMA_CONNECT_IW;
		return 0;
	}
	return -EOPNOTSUPP;"""),
    ("req_cm_retries", "REQ: max CM retries 15",
     CMA,
     """	req.max_cm_retries = CMA_MAX_CM_RETRIES;
	req.srq = id_priv->srq ? 1 : 0;""",
     """	req.max_cm_retries = CMA_MAX_CM_RETRIES - 1;
	req.srq = id_priv->srq ? 1 : 0;"""),
    ("sidr_timeout", "SIDR REQ: timeout 4096 ms",
     CMA,
     """	req.timeout_ms = 1 << (CMA_CM_RESPONSE_TIMEOUT - 8);""",
     """	req.timeout_ms = 1 << (CMA_CM_RESPONSE_TIMEOUT - 9);"""),
    ("iw_ord_ird_swapped", "MPA request: ORD = initiator_depth, IRD = responder_resources",
     CMA,
     """	iw_param.ord = conn_param->initiator_depth;
	iw_param.ird = conn_param->responder_resources;
	iw_param.private_data = conn_param->private_data;
	iw_param.private_data_len = conn_param->private_data_len;
	iw_param.qpn = id_priv->id.qp ? id_priv->qp_num : conn_param->qp_num;""",
     """	iw_param.ord = conn_param->responder_resources;
	iw_param.ird = conn_param->initiator_depth;
	iw_param.private_data = conn_param->private_data;
	iw_param.private_data_len = conn_param->private_data_len;
	iw_param.qpn = id_priv->id.qp ? id_priv->qp_num : conn_param->qp_num;"""),
    ("req_outstanding_not_set", "accept and reject refused while the REQ is outstanding",
     CMA,
     """	ret = cma_ib_send_cm_req(id_priv->cm_id.ib, &req);
	if (!ret)
		WRITE_ONCE(id_priv->req_outstanding, true);""",
     """	ret = cma_ib_send_cm_req(id_priv->cm_id.ib, &req);"""),
    ("req_outstanding_cleared_by_mra", "an MRA leaves the REQ outstanding",
     CMA,
     """	if (ib_event->event != IB_CM_MRA_RECEIVED)
		WRITE_ONCE(id_priv->req_outstanding, false);""",
     """	WRITE_ONCE(id_priv->req_outstanding, false);"""),
    ("iw_accepted_request_rejected", "the iWARP CM ends an accept whose handler returned non-zero",
     IWCM,
     """	if (ret && iwcm_end_accept(cm_id_priv)) {""",
     """	if (ret && 0 && iwcm_end_accept(cm_id_priv)) {"""),
]


def run(cmd, **kw):
    return subprocess.run(cmd, check=True, **kw)


def failed_cases(path):
    """Names of the cases kunit.py's JSON reports as not passed."""
    def walk(group, prefix):
        for case in group.get("test_cases", []):
            if case["status"] not in ("PASS", "SKIP"):
                # kunit.py names no case it never saw run (the kernel died before it)
                yield prefix + (case["name"] or "(not run: %s)" % case["status"])
        for sub in group.get("sub_groups", []):
            yield from walk(sub, prefix + sub["name"] + ".")
    with open(path) as f:
        return list(walk(json.load(f), ""))


def main():
    top = os.getcwd()
    bdir = os.path.join(top, "build", os.environ.get("BASE", "mainline"))
    tree = os.path.join(bdir, "linux")
    wt = os.path.join(bdir, "mutants")
    arch = os.environ.get("KUNIT_ARCH", "um")
    kbuild = os.path.join(bdir, "mutants-kunit-" + arch)
    archopt = [] if arch == "um" else ["--arch=" + arch]
    only = os.environ.get("MUTANTS_ONLY", "").split()
    cc = "ccache gcc" if subprocess.run(["sh", "-c", "command -v ccache"],
                                        capture_output=True).returncode == 0 else "gcc"
    head = subprocess.run(["git", "-C", tree, "rev-parse", "HEAD"], check=True,
                          capture_output=True, text=True).stdout.strip()
    if not os.path.isdir(wt):
        run(["git", "-C", tree, "worktree", "add", "-q", "--detach", wt, head])
    rows, bad = [], 0
    for name, promise, path, old, new in BREAKAGES:
        if only and name not in only:
            continue
        run(["git", "-C", wt, "checkout", "-q", "--detach", "--force", head])
        src = os.path.join(wt, path)
        with open(src) as f:
            text = f.read()
        if text.count(old) != 1:
            rows.append((name, promise, "NOT APPLIED: text found %d times" % text.count(old)))
            bad += 1
            continue
        with open(src, "w") as f:
            f.write(text.replace(old, new))
        out = os.path.join(kbuild, name + ".json")
        log = os.path.join(kbuild, name + ".log")
        os.makedirs(kbuild, exist_ok=True)
        if os.path.exists(out):
            os.remove(out)
        start = time.time()
        with open(log, "w") as lf:
            rc = subprocess.run(
                [sys.executable, "tools/testing/kunit/kunit.py", "run"] + archopt +
                ["--kunitconfig=drivers/infiniband/core", "--build_dir=" + kbuild,
                 "--jobs=%d" % os.cpu_count(), "--make_options", "CC=" + cc,
                 "--timeout=300", "--json=" + out],
                cwd=wt, stdout=lf, stderr=subprocess.STDOUT).returncode
        secs = time.time() - start
        try:
            failed = failed_cases(out)
        except (OSError, ValueError):
            failed = []
        if failed:
            shown = ", ".join(failed[:4]) + (" and %d more" % (len(failed) - 4)
                                              if len(failed) > 4 else "")
            verdict = "caught (%d): %s" % (len(failed), shown)
        elif rc != 0:
            verdict = "caught: kunit.py exit %d (no results; build failed or kernel crashed), see %s" % (rc, log)
            if "error:" in open(log).read():
                verdict = "NOT TESTED: the breakage does not build, see %s" % log
                bad += 1
        else:
            verdict = "SURVIVED"
            bad += 1
        rows.append((name, promise, verdict))
        print("mutants: %-30s %4.0fs %s" % (name, secs, verdict), flush=True)
    run(["git", "-C", wt, "checkout", "-q", "--detach", "--force", head])

    print()
    print("| breakage | promise it breaks | result |")
    print("|---|---|---|")
    for name, promise, verdict in rows:
        print("| %s | %s | %s |" % (name, promise, verdict))
    print()
    print("mutants: %d breakages, %d caught, %d not" % (len(rows), len(rows) - bad, bad))
    sys.exit(1 if bad or not rows else 0)


if __name__ == "__main__":
    main()
