// SPDX-License-Identifier: GPL-2.0
/*
 * ucma_fuzz - fuzz /dev/infiniband/rdma_cm through the raw write() ABI of
 * <rdma/rdma_user_cm.h> (no librdmacm), with assertions on what comes back.
 *
 * Threads issue weighted random ucma commands (every command of the ABI,
 * boundary and bogus arguments, hostile writes) on their own fd and on one
 * fd shared by all threads. A "connect sequence" (create, resolve the address
 * of a live peer, wait for ADDR_RESOLVED, resolve the route, wait for
 * ROUTE_RESOLVED, connect) makes real IB CM REQs, SIDR REQs and MPA requests
 * likely. If libibverbs can be dlopen()ed, a few idle RC QPs are created on the
 * siw device so that iWARP connects name a real QP (siw refuses unknown QPNs).
 *
 * Assertions (each failure prints seed, thread, command index, what):
 *  1. a write returns its length or fails with an errno of that command's
 *     allowed set (see allowed_for()); EFAULT only where a bad pointer was
 *     passed on purpose;
 *  2. an id whose CONNECT returned 0 never gets a second CONNECT returning 0;
 *  3. such an id, alive at the end, gets exactly one outcome event after its
 *     ROUTE_RESOLVED (ESTABLISHED, CONNECT_RESPONSE, REJECTED, UNREACHABLE,
 *     CONNECT_ERROR, ADDR_ERROR); REJECTED may follow ESTABLISHED or
 *     CONNECT_RESPONSE, ESTABLISHED may follow CONNECT_RESPONSE once we
 *     ACCEPTed it; checked after a drain of -D seconds (default 75) from
 *     the last command, extended by up to 30 s while a connect has not yet
 *     had its outcome_deadline() (the time the IB CM takes to give up on an
 *     unanswered REQ, req_wait_s(), about 74 s by default, and 10 s more);
 *     an id whose deadline lies past that extension (on RoCE, a large
 *     ACK_TIMEOUT; any id with a -D below about 54) is not checked;
 *  4. DESTROY_ID of every live id succeeds, close() of every fd succeeds.
 *
 * Options: -s SEED (default: from the clock; printed first), -n COMMANDS
 * (100000), -t THREADS (4), -T SECONDS (600: stop early, and say so),
 * -a PEER_ADDR, -l LOCAL_ADDR, -p PEER_PORT (each repeatable: live peers, our
 * addresses, ports where the peer listens), -D DRAIN_SECONDS (75),
 * -Q SIW_QPS (32; 0: none), -K (keep clear of kernel BUGs the series fixes,
 * for a stock kernel: no REJECT or ACCEPT on an id that was ever connected, or
 * that the fuzzer does not track; there iw_cm_reject()/iw_cm_accept() on an
 * active cm_id in CONN_SENT clear IWCM_F_CONNECT_WAIT and the DESTROY that
 * follows hits BUG() in destroy_cm_id(), rc-fixes 4, and a REJECT or second
 * ACCEPT on a passive one whose ACCEPT is under way reaches BUG()s in the
 * iWARP CM's event handlers, rc-fixes 9; make test runs without it), -L (no loopback or wildcard destinations: a REQ that
 * rxe cannot route, e.g. to ::1 from fd00:1::2, moves stock rxe's QP1 to
 * ERROR, which flushes its receive buffers, so every later RoCE connect
 * lacks its outcome: for a stock kernel, rxe-fixes 1 fixes it), -x OP,...
 * (leave out those
 * operations, numbered as in one_command(), to narrow a failure down).
 *
 * Replay: the command each thread picks at index I (and its arguments) is a
 * function of (seed, thread, I) only; which ids it lands on and the results
 * depend on timing. Re-run with the printed seed and the same options:
 *   ucma_fuzz -s SEED -t 4 -n 100000 -a 169.254.1.1 -a 169.254.2.1 \
 *             -a fd00:1::1 -l 169.254.1.2 -l 169.254.2.2 -l fd00:1::2 \
 *             -p 7601 -p 7602 -p 7603 -p 7174
 * -t 1 gives the most faithful replay; -x narrows it down.
 *
 * Build: gcc -O2 -Wall -Wextra -Werror -pthread -o build/bin/ucma_fuzz tests/stress/ucma_fuzz.c
 */
#define _GNU_SOURCE
#include <netinet/in.h>
#include <arpa/inet.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>
#include <infiniband/verbs.h>
#include <rdma/rdma_user_cm.h>

#define NCMD		23	/* RDMA_USER_CM_CMD_JOIN_MCAST + 1: the commands of both bases */
/*
 * 7.3 has two more (RESOLVE_IB_SERVICE 23, WRITE_CM_EVENT 24), which the fuzzer does not
 * drive: a number is unknown on both bases only from NCMD_MAX up
 */
#define NCMD_MAX	25
#define C_BOGUS		NCMD	/* stats slot for unknown command numbers */
#define C_SHORT		(NCMD + 1)	/* stats slot for writes shorter than the header */
#define NSTAT		(NCMD + 2)
#define MAXERR		600
#define POOL_MAX	64	/* live ids per fd */
#define MAXFD		33
#define MAXREC		(POOL_MAX * MAXFD + 512)
#define NEV		16
#define AF_IB_FAM	27
#define BAD		1u	/* a bad pointer was passed on purpose: EFAULT allowed */
#define IBSVC		2u	/* QUERY with option 3 (7.3's RDMA_USER_CM_QUERY_IB_SERVICE) */

static const char *cmd_name[NSTAT] = {
	"CREATE_ID", "DESTROY_ID", "BIND_IP", "RESOLVE_IP", "RESOLVE_ROUTE", "QUERY_ROUTE",
	"CONNECT", "LISTEN", "ACCEPT", "REJECT", "DISCONNECT", "INIT_QP_ATTR", "GET_EVENT",
	"GET_OPTION", "SET_OPTION", "NOTIFY", "JOIN_IP_MCAST", "LEAVE_MCAST", "MIGRATE_ID",
	"QUERY", "BIND", "RESOLVE_ADDR", "JOIN_MCAST", "BOGUS_CMD", "SHORT_WRITE",
};
enum { EV_ADDR_RESOLVED, EV_ADDR_ERROR, EV_ROUTE_RESOLVED, EV_ROUTE_ERROR, EV_CONNECT_REQUEST,
	EV_CONNECT_RESPONSE, EV_CONNECT_ERROR, EV_UNREACHABLE, EV_REJECTED, EV_ESTABLISHED,
	EV_DISCONNECTED, EV_DEVICE_REMOVAL, EV_MCAST_JOIN, EV_MCAST_ERROR, EV_ADDR_CHANGE,
	EV_TIMEWAIT_EXIT };
static const char *ev_name[NEV] = {
	"ADDR_RESOLVED", "ADDR_ERROR", "ROUTE_RESOLVED", "ROUTE_ERROR", "CONNECT_REQUEST",
	"CONNECT_RESPONSE", "CONNECT_ERROR", "UNREACHABLE", "REJECTED", "ESTABLISHED",
	"DISCONNECTED", "DEVICE_REMOVAL", "MULTICAST_JOIN", "MULTICAST_ERROR", "ADDR_CHANGE",
	"TIMEWAIT_EXIT",
};

/* port spaces with their QP type (IBV_QPT_* numbers), the last ones bogus */
static const struct { uint16_t ps; uint8_t qpt; const char *name; } spaces[] = {
	{ RDMA_PS_TCP, 2, "TCP" }, { RDMA_PS_UDP, 4, "UDP" }, { RDMA_PS_IPOIB, 4, "IPOIB" },
	{ RDMA_PS_IB, 2, "IB/RC" }, { RDMA_PS_IB, 3, "IB/UC" }, { RDMA_PS_IB, 4, "IB/UD" },
	{ RDMA_PS_IB, 9, "IB/XRC_INI" }, { RDMA_PS_IB, 10, "IB/XRC_TGT" },
	{ RDMA_PS_IB, 200, "IB/bogus" }, { 0x0107, 2, "bogus" },
};
#define NSPACE (sizeof(spaces) / sizeof(spaces[0]))
#define NSPACE_VALID 9

/* The layout of the kernel's struct sockaddr_ib (AF_IB), 48 bytes */
struct fz_sockaddr_ib {
	uint16_t family, pkey;
	uint32_t flowinfo;
	uint8_t gid[16];
	uint64_t sid, sid_mask, scope_id;
};

struct addr { struct sockaddr_storage ss; uint16_t len; };

/* One id we created or got from a CONNECT_REQUEST */
struct idrec {
	int used, busy, passive, accepted, conn_ok, connecting, sp, dst, fdi;
	uint32_t kid;
	uint64_t uid;
	int conn_thread;
	long conn_index;
	double conn_t;	/* when CONNECT returned 0 */
	unsigned opts;	/* SET_OPTIONs that succeeded on it: 1 << (level * 4 + optname) */
	uint8_t ack_timeout;	/* the last RDMA_OPTION_ID_ACK_TIMEOUT that succeeded */
	uint8_t route_ack;	/* ack_timeout when ROUTE_RESOLVED came (0: not set) */
	int conn_roce;		/* connected by connect_seq() to a RoCE destination */
	int primary, rejected, first;	/* outcome events since the last ROUTE_RESOLVED */
	int nhist;
	char to[56];	/* the destination of the connect sequence */
	uint8_t hist[8];
	int32_t hstat[8];
};

struct tstat { long issued[NSTAT], ok[NSTAT], err[NSTAT][MAXERR]; };

struct thr {
	int idx, fdi;
	long i;		/* current command index */
	char *buf;	/* write buffer; buf + 4096 is a PROT_NONE guard page */
	char *resp;	/* 64 KiB response buffer */
	struct tstat st;
	pthread_t th;
};

static uint64_t seed;
static long max_cmds = 100000;
static int nthreads = 4, time_bound = 600, nqps = 32, avoid_known, avoid_loop, drain_s = 75;
static uint32_t op_off;	/* -x: operations (numbers of one_command()) left out */
static struct addr peers[16], locals[16];
static int npeers, nlocals, nports;
static uint16_t ports[16];
static int fds[MAXFD];		/* fds[0] is shared, fds[1..nthreads] per thread */
static char *guard;		/* an unmapped (PROT_NONE) page */
static struct idrec recs[MAXREC];
static pthread_mutex_t tab_mu = PTHREAD_MUTEX_INITIALIZER, ev_mu = PTHREAD_MUTEX_INITIALIZER;
static atomic_long done_cmds, events[NEV + 1], violations, orphan_events;
static atomic_int stop, timed_out;
static long conn_ok_sp[NSPACE], conn_ok_dst[32];
static uint32_t stale[64];	/* kernel ids destroyed earlier */
/*
 * CREATE_IDs and GET_EVENTs under way (under tab_mu): each may hand out a kernel id that is
 * live but not yet in the table, maybe one of stale[] reused; while any is under way,
 * unused_kid() does not pick a stale id (it would destroy another thread's new id)
 */
static int minting;
static uint64_t uid_next = 1;
static double slowest;		/* the longest wait for an outcome */
static char slowest_to[56];
static struct timespec t0;
static uint32_t mcids[64];
static int mcfd[64], nmc;
static uint32_t qpns[128];
static int nqpn;
static atomic_int qp_next;

static double now_s(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (t.tv_sec - t0.tv_sec) + (t.tv_nsec - t0.tv_nsec) / 1e9;
}

static void sleep_us(long us)
{
	struct timespec t = { us / 1000000, (us % 1000000) * 1000 };

	nanosleep(&t, NULL);
}

static void violation(int thread, long index, const char *fmt, ...)
{
	va_list ap;
	char msg[512];

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (atomic_fetch_add(&violations, 1) < 50)
		fprintf(stderr, "ucma_fuzz: VIOLATION seed %llu thread %d command %ld: %s\n",
			(unsigned long long)seed, thread, index, msg);
	if (atomic_load(&violations) >= 20)
		atomic_store(&stop, 1);
}

/* splitmix64: one generator per command, seeded from (seed, thread, index) */
struct rng { uint64_t s; };
static uint64_t rnd(struct rng *r)
{
	uint64_t z = (r->s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}
static uint32_t rn(struct rng *r, uint32_t n) { return n ? rnd(r) % n : 0; }
static int chance(struct rng *r, int pct) { return (int)rn(r, 100) < pct; }

/* ---- the errno each command may fail with (read off ucma.c and cma.c) ---- */
static int in_list(int e, const int *l)
{
	for (; *l; l++)
		if (*l == e)
			return 1;
	return 0;
}

static int allowed_for(int cmd, int e, unsigned flags)
{
	/* id lookups: ENOENT (no such id), EINVAL (another fd's id, or a bad state), ENXIO (being destroyed) */
	static const int id[] = { ENOENT, EINVAL, ENXIO, ENOMEM, 0 };
	static const int create[] = { EINVAL, ENOSPC, ENOMEM, 0 };
	static const int destroy[] = { ENOENT, EINVAL, ENOSPC, 0 };
	/* cma_get_port(): EPROTONOSUPPORT for a port space the address family has no table for */
	static const int bind[] = { EADDRNOTAVAIL, EADDRINUSE, EAFNOSUPPORT, ENODEV, EACCES,
				    EPROTONOSUPPORT, 0 };
	static const int resolve[] = { EADDRNOTAVAIL, EADDRINUSE, EAFNOSUPPORT, ENODEV, EACCES,
				       EPROTONOSUPPORT, ENETUNREACH, EHOSTUNREACH, 0 };
	static const int route[] = { ENODEV, 0 };
	static const int query[] = { ENOSPC, ENOSYS, 0 };
	/*
	 * siw_accept() and siw_reject() (both bases): the CEP has left RECVD_MPAREQ (the
	 * peer has gone). The fuzzer does not track which device an id is on, so it
	 * allows this on rxe ids too, where the IB CM never returns it.
	 */
	static const int answer[] = { ECONNRESET, 0 };
	/* siw binds and connects a TCP socket inside the call (kernel_bindconnect) */
	static const int connect[] = { EOPNOTSUPP, EADDRINUSE, EADDRNOTAVAIL, ENETUNREACH,
				       EAFNOSUPPORT, 0 };
	static const int listen[] = { EADDRINUSE, EADDRNOTAVAIL, EACCES, ENODEV, EAFNOSUPPORT, 0 };
	/* ENODEV: seen from rdma_init_qp_attr() on rxe; where from is not traced */
	static const int qpattr[] = { ENOSPC, ENOSYS, ENODEV, 0 };
	/*
	 * EOPNOTSUPP: an IPv6 group on RoCE v2 (stock kernels return the kernel-internal 524);
	 * EADDRINUSE: a group the id has already joined (rc-fixes 12)
	 */
	static const int join[] = { ENOSPC, ENODEV, ENOSYS, EADDRNOTAVAIL, EOPNOTSUPP, EADDRINUSE, 0 };
	static const int leave[] = { ENOENT, EINVAL, ENXIO, ENOSPC, 0 };
	static const int setopt[] = { ENOSYS, ENODEV, 0 };
	static const int getev[] = { EAGAIN, ENOSPC, 0 };
	static const int bogus[] = { EINVAL, ENOSYS, 0 };
	static const int none[] = { 0 };
	const int *own = none;

	if (e == EFAULT)
		return flags & BAD;
	if (e == ENOMEM)
		return 1;
	/* 7.3's ucma_query_ib_service(): no service records (no RESOLVE_IB_SERVICE is sent) */
	if (e == ENODATA)
		return cmd == RDMA_USER_CM_CMD_QUERY && (flags & IBSVC);
	switch (cmd) {
	case RDMA_USER_CM_CMD_CREATE_ID: return in_list(e, create);
	case RDMA_USER_CM_CMD_DESTROY_ID: return in_list(e, destroy);
	case RDMA_USER_CM_CMD_LEAVE_MCAST: return in_list(e, leave);
	case RDMA_USER_CM_CMD_GET_EVENT: return in_list(e, getev);
	case RDMA_USER_CM_CMD_MIGRATE_ID: return in_list(e, id);
	case C_BOGUS: case C_SHORT: return in_list(e, bogus);
	case RDMA_USER_CM_CMD_BIND_IP: case RDMA_USER_CM_CMD_BIND: own = bind; break;
	case RDMA_USER_CM_CMD_RESOLVE_IP: case RDMA_USER_CM_CMD_RESOLVE_ADDR: own = resolve; break;
	case RDMA_USER_CM_CMD_RESOLVE_ROUTE: own = route; break;
	case RDMA_USER_CM_CMD_QUERY_ROUTE: case RDMA_USER_CM_CMD_QUERY: own = query; break;
	case RDMA_USER_CM_CMD_CONNECT: own = connect; break;
	case RDMA_USER_CM_CMD_LISTEN: own = listen; break;
	case RDMA_USER_CM_CMD_INIT_QP_ATTR: own = qpattr; break;
	case RDMA_USER_CM_CMD_JOIN_IP_MCAST: case RDMA_USER_CM_CMD_JOIN_MCAST: own = join; break;
	case RDMA_USER_CM_CMD_SET_OPTION: own = setopt; break;
	case RDMA_USER_CM_CMD_ACCEPT: case RDMA_USER_CM_CMD_REJECT: own = answer; break;
	default: break;	/* DISCONNECT, NOTIFY: the id errors only */
	}
	return in_list(e, id) || in_list(e, own);
}

/*
 * One write: header + body. Returns 0 or -errno; checks assertion 1.
 * stat is the stats slot (the command, or C_BOGUS/C_SHORT).
 */
static int ucma(struct thr *t, int fd, int stat, uint32_t cmd, const void *body, uint16_t in,
		uint16_t out, size_t len, unsigned flags)
{
	struct rdma_ucm_cmd_hdr hdr = { .cmd = cmd, .in = in, .out = out };
	size_t blen = len > 8 ? len - 8 : 0;
	char *b = t->buf + 4096 - len;	/* the write ends where the guard page starts */
	ssize_t r;
	int e;

	memcpy(b, &hdr, len < 8 ? len : 8);
	if (blen)
		memcpy(b + 8, body, blen);
	t->st.issued[stat]++;
	r = write(fd, b, len);
	if (r == (ssize_t)len) {
		t->st.ok[stat]++;
		return 0;
	}
	if (r >= 0) {
		violation(t->idx, t->i, "%s returned %zd for a write of %zu", cmd_name[stat], r, len);
		return -EIO;
	}
	e = errno;
	t->st.err[stat][e < MAXERR ? e : MAXERR - 1]++;
	if (!allowed_for(stat, e, flags))
		violation(t->idx, t->i, "%s failed with errno %d (%s)%s, not in its allowed set",
			  cmd_name[stat], e, strerror(e), flags & BAD ? " (bad pointer passed)" : "");
	return -e;
}

/* the usual case: body of exactly its size, or of size in when in != 0xffff */
static int ucmd(struct thr *t, int fd, uint32_t cmd, const void *body, size_t size,
		uint16_t out, unsigned flags)
{
	return ucma(t, fd, cmd, cmd, body, size, out, 8 + size, flags);
}

/* ---- the id table ---- */
static struct idrec *rec_new(int fdi, uint32_t kid, int sp, int passive)
{
	for (int i = 0; i < MAXREC; i++) {
		struct idrec *r = &recs[i];

		if (r->used)
			continue;
		memset(r, 0, sizeof(*r));
		r->used = 1;
		r->fdi = fdi;
		r->kid = kid;
		r->sp = sp;
		r->dst = -1;
		r->first = -1;
		r->passive = passive;
		snprintf(r->to, sizeof(r->to), "unknown");
		r->uid = (uid_next++ << 16) | (uint64_t)i;
		return r;
	}
	return NULL;
}

static void rec_dead(struct idrec *r)
{
	static int n;

	stale[n++ % 64] = r->kid;
	r->used = 0;
}

static int pool_count(int fdi)
{
	int n = 0;

	for (int i = 0; i < MAXREC; i++)
		n += recs[i].used && recs[i].fdi == fdi;
	return n;
}

/* claim (busy) a random live record of fd fdi, or of any fd when fdi < 0 */
static struct idrec *rec_pick(struct rng *g, int fdi, int claim)
{
	int n = 0, k;

	for (int i = 0; i < MAXREC; i++)
		n += recs[i].used && !recs[i].busy && (fdi < 0 || recs[i].fdi == fdi);
	if (!n)
		return NULL;
	k = rn(g, n);
	for (int i = 0; i < MAXREC; i++) {
		struct idrec *r = &recs[i];

		if (!(r->used && !r->busy && (fdi < 0 || r->fdi == fdi)))
			continue;
		if (k-- == 0) {
			if (claim)
				r->busy = 1;
			return r;
		}
	}
	return NULL;
}

/* a stale or random kernel id that is none of our live ones (the kernel reuses ids) */
static uint32_t unused_kid(struct rng *g)
{
	uint32_t kid;

	pthread_mutex_lock(&tab_mu);
	kid = chance(g, 50) && !minting ? stale[rn(g, 64)] : (uint32_t)rnd(g);
	for (int i = 0; i < MAXREC; i++)
		if (recs[i].used && recs[i].kid == kid)
			kid = 0xfffffff0u;
	pthread_mutex_unlock(&tab_mu);
	return kid;
}

/* an id for a command: mostly live (own fd or shared), sometimes stale, random or another fd's */
static uint32_t pick_id(struct thr *t, struct rng *g, int *fdi, struct idrec **out)
{
	struct idrec *r = NULL;
	uint32_t kid;
	int c = rn(g, 100);

	*out = NULL;
	pthread_mutex_lock(&tab_mu);
	if (c < 85)
		r = rec_pick(g, chance(g, 70) ? t->fdi : 0, 0);
	else if (c < 92)
		r = rec_pick(g, -1, 0);	/* possibly another fd's: EINVAL */
	if (r) {
		kid = r->kid;
		*fdi = c < 85 ? r->fdi : t->fdi;
		*out = r;
	} else {
		kid = c < 96 ? stale[rn(g, 64)] : (uint32_t)rnd(g);
		*fdi = t->fdi;
	}
	pthread_mutex_unlock(&tab_mu);
	return kid;
}

/* ---- events ---- */
static void record_event(struct thr *t, int fdi, const struct rdma_ucm_event_resp *ev)
{
	unsigned e = ev->event;
	struct idrec *r;

	atomic_fetch_add(&events[e < NEV ? e : NEV], 1);
	if (e >= NEV) {
		violation(t->idx, t->i, "GET_EVENT returned unknown event %u", e);
		return;
	}
	if (e == EV_MCAST_JOIN || e == EV_MCAST_ERROR)
		return;
	pthread_mutex_lock(&tab_mu);
	r = &recs[ev->uid & 0xffff];
	if (e == EV_CONNECT_REQUEST) {
		/* a new id on the listener's fd; its uid is the one we pass to ACCEPT */
		struct idrec *n = pool_count(fdi) < POOL_MAX + 8 ? rec_new(fdi, ev->id, 0, 1) : NULL;

		if (!n) {
			struct rdma_ucm_destroy_id d = { .response = (uintptr_t)t->resp, .id = ev->id };

			pthread_mutex_unlock(&tab_mu);
			ucmd(t, fds[fdi], RDMA_USER_CM_CMD_DESTROY_ID, &d, sizeof(d), 4, 0);
			return;
		}
		if (r->used && r->uid == ev->uid)
			n->sp = r->sp;
		pthread_mutex_unlock(&tab_mu);
		return;
	}
	if (!r->used || r->uid != ev->uid) {
		atomic_fetch_add(&orphan_events, 1);	/* its id was destroyed meanwhile */
		pthread_mutex_unlock(&tab_mu);
		return;
	}
	if (r->nhist < 8) {
		r->hist[r->nhist] = e;
		r->hstat[r->nhist++] = ev->status;
	}
	if (e == EV_ROUTE_RESOLVED) {
		r->primary = r->rejected = 0;
		r->first = -1;
		r->route_ack = r->opts & 8 ? r->ack_timeout : 0;
	} else if (e == EV_REJECTED) {
		r->rejected++;
		if (r->first < 0)
			r->first = e;
		else if (r->conn_ok && r->first != EV_ESTABLISHED && r->first != EV_CONNECT_RESPONSE)
			violation(t->idx, t->i, "id %u (connected by thread %d at command %ld): REJECTED after %s",
				  r->kid, r->conn_thread, r->conn_index, ev_name[r->first]);
	} else if (e == EV_ESTABLISHED || e == EV_CONNECT_RESPONSE || e == EV_UNREACHABLE ||
		   e == EV_CONNECT_ERROR || e == EV_ADDR_ERROR) {
		int legal = e == EV_ESTABLISHED && r->first == EV_CONNECT_RESPONSE && r->accepted &&
			    r->primary == 1;

		if (r->first < 0) {
			r->first = e;
			if (r->conn_ok && now_s() - r->conn_t > slowest) {
				slowest = now_s() - r->conn_t;
				snprintf(slowest_to, sizeof(slowest_to), "%s", r->to);
			}
		}
		if (!legal)
			r->primary++;
		if (r->conn_ok && (r->primary > 1 || r->rejected))
			violation(t->idx, t->i, "id %u (connected by thread %d at command %ld): %s (status %d) after %s",
				  r->kid, r->conn_thread, r->conn_index, ev_name[e], ev->status,
				  ev_name[r->first]);
	}
	pthread_mutex_unlock(&tab_mu);
}

/* one non-blocking GET_EVENT on fds[fdi]; 1 when an event was read */
static int get_event(struct thr *t, int fdi, unsigned flags, uint16_t out, uint64_t resp)
{
	struct rdma_ucm_get_event g = { .response = resp };
	struct rdma_ucm_event_resp *ev = (void *)t->resp;
	int ret;

	pthread_mutex_lock(&ev_mu);
	memset(ev, 0, sizeof(*ev));
	pthread_mutex_lock(&tab_mu);
	minting++;
	pthread_mutex_unlock(&tab_mu);
	ret = ucmd(t, fds[fdi], RDMA_USER_CM_CMD_GET_EVENT, &g, sizeof(g), out, flags);
	if (!ret && resp == (uintptr_t)t->resp)
		record_event(t, fdi, ev);
	pthread_mutex_lock(&tab_mu);
	minting--;
	pthread_mutex_unlock(&tab_mu);
	pthread_mutex_unlock(&ev_mu);
	return !ret;
}

static void poll_events(struct thr *t)
{
	while (get_event(t, t->fdi, 0, sizeof(struct rdma_ucm_event_resp), (uintptr_t)t->resp))
		;
	while (get_event(t, 0, 0, sizeof(struct rdma_ucm_event_resp), (uintptr_t)t->resp))
		;
}

/* wait up to ms for r's last event to be one of a or b */
static int wait_event(struct thr *t, struct idrec *r, uint64_t uid, int a, int b, int ms)
{
	double end = now_s() + ms / 1000.0;

	while (now_s() < end && !atomic_load(&stop)) {
		int last = -1;

		poll_events(t);
		pthread_mutex_lock(&tab_mu);
		if (r->used && r->uid == uid && r->nhist)
			last = r->hist[r->nhist - 1];
		pthread_mutex_unlock(&tab_mu);
		if (last == a)
			return 1;
		if (last == b || !r->used || r->uid != uid)
			return 0;
		sleep_us(1000);
	}
	return 0;
}

/* ---- addresses ---- */
static int parse_addr(const char *s, struct addr *a)
{
	struct sockaddr_in *s4 = (void *)&a->ss;
	struct sockaddr_in6 *s6 = (void *)&a->ss;

	memset(a, 0, sizeof(*a));
	if (inet_pton(AF_INET, s, &s4->sin_addr) == 1) {
		s4->sin_family = AF_INET;
		a->len = sizeof(*s4);
		return 0;
	}
	if (inet_pton(AF_INET6, s, &s6->sin6_addr) == 1) {
		s6->sin6_family = AF_INET6;
		a->len = sizeof(*s6);
		return 0;
	}
	return -1;
}

static void set_port(struct addr *a, uint16_t port)
{
	if (a->ss.ss_family == AF_INET)
		((struct sockaddr_in *)&a->ss)->sin_port = htons(port);
	else if (a->ss.ss_family == AF_INET6)
		((struct sockaddr_in6 *)&a->ss)->sin6_port = htons(port);
}

static uint16_t listen_port(struct rng *g) { return 7700 + rn(g, 4); }

static void addr_str(const struct addr *a, char *s, size_t n)
{
	char b[INET6_ADDRSTRLEN] = "AF_IB";
	const struct sockaddr_in *s4 = (void *)&a->ss;
	const struct sockaddr_in6 *s6 = (void *)&a->ss;

	if (a->ss.ss_family == AF_INET)
		inet_ntop(AF_INET, &s4->sin_addr, b, sizeof(b));
	else if (a->ss.ss_family == AF_INET6)
		inet_ntop(AF_INET6, &s6->sin6_addr, b, sizeof(b));
	snprintf(s, n, "%s port %u", b, a->ss.ss_family == AF_INET ? ntohs(s4->sin_port) :
		 a->ss.ss_family == AF_INET6 ? ntohs(s6->sin6_port) : 0);
}

/* a destination: a live peer on a listening port mostly, else one of the bogus ones */
static struct addr pick_dst(struct rng *g, int *dst)
{
	static const char *bogus[] = { "169.254.1.9", "127.0.0.1", "0.0.0.0", "::1", "fd00:1::9", "::" };
	struct addr a;
	int c = rn(g, 100);

	*dst = -1;
	if (c < 75 && npeers) {
		*dst = rn(g, npeers);
		a = peers[*dst];
		set_port(&a, nports && chance(g, 90) ? ports[rn(g, nports)] : 7999);
	} else if (c < 85 && nlocals) {
		*dst = 16 + rn(g, nlocals);
		a = locals[*dst - 16];
		set_port(&a, listen_port(g));	/* our own listeners */
	} else if (c < 95) {
		/* -L: not the loopback and wildcard ones (1, 2, 3, 5): their REQ kills stock rxe's QP1 */
		parse_addr(bogus[avoid_loop ? 4 * rn(g, 2) : rn(g, 6)], &a);
		set_port(&a, nports ? ports[rn(g, nports)] : 7601);
	} else {
		struct fz_sockaddr_ib *ib = (void *)&a.ss;

		memset(&a, 0, sizeof(a));
		ib->family = AF_IB_FAM;
		ib->pkey = 0xffff;
		for (int i = 0; i < 16; i++)
			ib->gid[i] = rnd(g);
		ib->sid = rnd(g);
		ib->sid_mask = chance(g, 50) ? ~0ULL : 0;
		a.len = sizeof(*ib);
	}
	return a;
}

/* a source for dst: the local address on its subnet, any local one, or none */
static struct addr pick_src(struct rng *g, const struct addr *dst)
{
	struct addr a;

	memset(&a, 0, sizeof(a));
	if (!nlocals || chance(g, 10))
		return a;
	for (int i = 0; i < nlocals; i++) {
		const struct sockaddr_in *l = (void *)&locals[i].ss, *d = (void *)&dst->ss;

		if (dst->ss.ss_family == AF_INET && l->sin_family == AF_INET &&
		    (ntohl(l->sin_addr.s_addr) >> 8) == (ntohl(d->sin_addr.s_addr) >> 8))
			return locals[i];
		if (dst->ss.ss_family == AF_INET6 && locals[i].ss.ss_family == AF_INET6)
			return locals[i];
	}
	return locals[rn(g, nlocals)];
}

/* ---- the commands ---- */
static uint64_t resp_ptr(struct thr *t, struct rng *g, unsigned *flags)
{
	if (chance(g, 4)) {
		*flags |= BAD;
		return chance(g, 50) ? (uintptr_t)guard : 8;
	}
	return (uintptr_t)t->resp;
}

static uint16_t out_len(struct rng *g, uint16_t exact)
{
	static const int d[] = { 0, 1, -1, 100 };
	int c = rn(g, 100);

	if (c < 85)
		return exact;
	if (c < 97) {
		int v = exact + d[rn(g, 4)];

		return v < 0 ? 0 : v;
	}
	return 65535;
}

static struct idrec *create_id(struct thr *t, struct rng *g, int fdi, int sp)
{
	struct rdma_ucm_create_id c = { .ps = spaces[sp].ps, .qp_type = spaces[sp].qpt };
	unsigned flags = 0;
	struct idrec *r;
	uint64_t uid;

	pthread_mutex_lock(&tab_mu);
	r = pool_count(fdi) < POOL_MAX ? rec_new(fdi, 0, sp, 0) : NULL;
	if (r) {
		r->busy = 1;
		minting++;
	}
	pthread_mutex_unlock(&tab_mu);
	if (!r)
		return NULL;
	uid = r->uid;
	c.uid = uid;
	c.response = resp_ptr(t, g, &flags);
	if (ucmd(t, fds[fdi], RDMA_USER_CM_CMD_CREATE_ID, &c, sizeof(c), out_len(g, 4), flags)) {
		pthread_mutex_lock(&tab_mu);
		r->used = 0;
		minting--;
		pthread_mutex_unlock(&tab_mu);
		return NULL;
	}
	pthread_mutex_lock(&tab_mu);
	r->kid = *(uint32_t *)t->resp;
	r->busy = 0;
	minting--;
	pthread_mutex_unlock(&tab_mu);
	return r;
}

/* destroy a claimed record; returns the result */
static int destroy_rec(struct thr *t, struct idrec *r, unsigned flags, uint64_t resp)
{
	struct rdma_ucm_destroy_id d = { .response = resp, .id = r->kid };
	int ret = ucmd(t, fds[r->fdi], RDMA_USER_CM_CMD_DESTROY_ID, &d, sizeof(d), 4, flags);

	if (ret == -EINVAL) {
		/*
		 * a CONNECT_REQUEST id stays on the fd its listener was on when it was created;
		 * the search answers to our own buffer: ucma destroys the id before it writes the
		 * response, so a bad pointer would destroy it and say EFAULT
		 */
		d.response = (uintptr_t)t->resp;
		for (int f = 0; f <= nthreads && ret; f++)
			if (f != r->fdi)
				ret = ucmd(t, fds[f], RDMA_USER_CM_CMD_DESTROY_ID, &d, sizeof(d), 4, 0);
	}
	if (ret && ret != -EFAULT)
		violation(t->idx, t->i, "DESTROY_ID of live id %u (fd %d) failed: %d", r->kid, r->fdi, ret);
	pthread_mutex_lock(&tab_mu);
	rec_dead(r);
	r->busy = 0;
	pthread_mutex_unlock(&tab_mu);
	return ret;
}

static void fill_conn(struct rng *g, struct rdma_ucm_conn_param *p, int siw)
{
	static const uint8_t pdl[] = { 0, 1, 55, 56, 57, 92, 179, 180, 181, 196, 252, 253, 255 };
	static const uint8_t rr[] = { 0, 1, 255 };

	memset(p, 0, sizeof(*p));
	p->private_data_len = chance(g, 70) ? pdl[rn(g, sizeof(pdl))] : (uint8_t)rnd(g);
	for (int i = 0; i < p->private_data_len; i++)
		p->private_data[i] = rnd(g);
	p->responder_resources = chance(g, 60) ? rr[rn(g, 3)] : rn(g, 20);
	p->initiator_depth = chance(g, 60) ? rr[rn(g, 3)] : rn(g, 20);
	p->flow_control = rn(g, 2);
	p->retry_count = rn(g, 10);
	p->rnr_retry_count = rn(g, 10);
	p->srq = rn(g, 2);
	p->qp_num = (uint32_t)rnd(g);
	if (nqpn && (siw || chance(g, 20))) {
		int k = atomic_fetch_add(&qp_next, 1);

		p->qp_num = qpns[k < nqpn ? k : (int)rn(g, nqpn)];
	}
	p->qkey = chance(g, 50) ? 0x80010000u : (uint32_t)rnd(g);
	p->valid = chance(g, 93);
}

static int do_connect(struct thr *t, struct rng *g, uint32_t kid, int fdi, struct idrec *r, int siw)
{
	struct rdma_ucm_connect c;
	size_t in = chance(g, 80) ? sizeof(c) : offsetof(struct rdma_ucm_connect, ece);
	uint64_t uid = r ? r->uid : 0;
	int ret;

	memset(&c, 0, sizeof(c));
	fill_conn(g, &c.conn_param, siw);
	c.id = kid;
	c.ece.vendor_id = chance(g, 50) ? 0 : (uint32_t)rnd(g) & 0xffffff;
	c.ece.attr_mod = (uint32_t)rnd(g);
	if (chance(g, 2))
		in = offsetof(struct rdma_ucm_connect, reserved);	/* too short: EINVAL */
	if (r) {
		pthread_mutex_lock(&tab_mu);
		if (r->used && r->uid == uid)
			r->connecting = 1;	/* for -K: sticks, the kernel may still be connecting */
		pthread_mutex_unlock(&tab_mu);
	}
	ret = ucmd(t, fds[fdi], RDMA_USER_CM_CMD_CONNECT, &c, in, 0, 0);
	if (ret || !r)
		return ret;
	pthread_mutex_lock(&tab_mu);
	if (r->used && r->uid == uid && r->fdi == fdi) {
		if (r->conn_ok)
			violation(t->idx, t->i, "second CONNECT returned 0 on id %u (first: thread %d command %ld)",
				  kid, r->conn_thread, r->conn_index);
		r->conn_ok++;
		r->conn_thread = t->idx;
		r->conn_index = t->i;
		r->conn_t = now_s();
		conn_ok_sp[r->sp]++;
		if (r->dst >= 0)
			conn_ok_dst[r->dst]++;
	}
	pthread_mutex_unlock(&tab_mu);
	return 0;
}

/* the sequence that reaches ROUTE_RESOLVED and connects */
static void connect_seq(struct thr *t, struct rng *g)
{
	int sp = chance(g, 97) ? (int)rn(g, 7) : (int)rn(g, NSPACE_VALID);
	int fdi = chance(g, 80) ? t->fdi : 0, dst, ret, siw;
	struct rdma_ucm_resolve_addr ra;
	struct rdma_ucm_resolve_route rr;
	struct addr d = pick_dst(g, &dst), s;
	struct idrec *r = create_id(t, g, fdi, sp);
	uint64_t uid;

	if (!r)
		return;
	uid = r->uid;
	r->dst = dst;
	addr_str(&d, r->to, sizeof(r->to));
	s = pick_src(g, &d);
	memset(&ra, 0, sizeof(ra));
	ra.id = r->kid;
	ra.timeout_ms = 1000 + rn(g, 1000);
	ra.src_size = s.len;
	memcpy(&ra.src_addr, &s.ss, sizeof(s.ss));
	ra.dst_size = d.len;
	memcpy(&ra.dst_addr, &d.ss, sizeof(d.ss));
	ret = ucmd(t, fds[fdi], RDMA_USER_CM_CMD_RESOLVE_ADDR, &ra, sizeof(ra), 0, 0);
	if (ret || !wait_event(t, r, uid, EV_ADDR_RESOLVED, EV_ADDR_ERROR, 2500))
		return;
	rr.id = r->kid;
	rr.timeout_ms = 2000;
	if (ucmd(t, fds[r->fdi], RDMA_USER_CM_CMD_RESOLVE_ROUTE, &rr, sizeof(rr), 0, 0) ||
	    !wait_event(t, r, uid, EV_ROUTE_RESOLVED, EV_ROUTE_ERROR, 2500))
		return;
	/* siw is on the 169.254.2.0/24 link of the harness; a guess is enough */
	siw = d.ss.ss_family == AF_INET &&
	      ((ntohl(((struct sockaddr_in *)&d.ss)->sin_addr.s_addr) >> 8) & 0xff) == 2;
	if (!do_connect(t, g, r->kid, r->fdi, r, siw)) {
		pthread_mutex_lock(&tab_mu);
		if (r->used && r->uid == uid)
			r->conn_roce = !siw;
		pthread_mutex_unlock(&tab_mu);
	}
}

static void hostile(struct thr *t, struct rng *g)
{
	char body[512];
	int fdi = chance(g, 70) ? t->fdi : 0, c = rn(g, 5);
	uint32_t cmd = rn(g, NCMD);

	for (size_t i = 0; i < sizeof(body); i++)
		body[i] = rnd(g);
	if (c == 0) {		/* shorter than the header */
		ucma(t, fds[fdi], C_SHORT, 0, body, 0, 0, rn(g, 8), 0);
	} else if (c == 1) {	/* header.in larger than the write */
		ucma(t, fds[fdi], C_SHORT, cmd, body, 16 + rn(g, 400), rn(g, 300), 8 + rn(g, 16), 0);
	} else if (c == 2) {	/* unknown command number (13 is GET_OPTION, never implemented) */
		uint32_t bad = chance(g, 30) ? RDMA_USER_CM_CMD_GET_OPTION :
			       chance(g, 50) ? NCMD_MAX + rn(g, 10) : (uint32_t)rnd(g) | 0x100;

		ucma(t, fds[fdi], C_BOGUS, bad, body, 64, 64, 8 + 64, 0);
	} else {		/* the command body is cut short by the guard page: the kernel faults */
		uint16_t in = rn(g, 24);

		ucma(t, fds[fdi], cmd == RDMA_USER_CM_CMD_GET_OPTION ? C_BOGUS : (int)cmd, cmd, body, in,
		     chance(g, 50) ? 4096 : rn(g, 8), 8 + in, BAD);
	}
}

static void one_command(struct thr *t, struct rng *g)
{
	static const int weight[] = { 12, 6, 4, 4, 5, 4, 4, 7, 3, 4, 3, 3, 3, 4, 13, 2, 3, 2, 3, 4, 4, 5, 5, 3 };
	int w = rn(g, 110), op = 0, fdi;
	unsigned flags = 0;
	struct idrec *r;
	uint32_t kid;

	while (op < 23 && (w -= weight[op]) >= 0)
		op++;
	if (op_off & (1u << op))
		return;
	if (op == 0) {
		connect_seq(t, g);
		return;
	}
	if (op == 22) {
		hostile(t, g);
		return;
	}
	kid = pick_id(t, g, &fdi, &r);
	switch (op) {
	case 1: {	/* CREATE_ID in any port space, bogus included */
		create_id(t, g, chance(g, 70) ? t->fdi : 0, rn(g, NSPACE));
		break;
	}
	case 2: {	/* DESTROY_ID of a claimed live id, or of a stale/random one */
		struct rdma_ucm_destroy_id d = { .id = kid };

		pthread_mutex_lock(&tab_mu);
		r = chance(g, 80) ? rec_pick(g, chance(g, 60) ? t->fdi : 0, 1) : NULL;
		pthread_mutex_unlock(&tab_mu);
		d.response = resp_ptr(t, g, &flags);
		if (r) {
			destroy_rec(t, r, flags, d.response);
			break;
		}
		d.id = unused_kid(g);
		ucmd(t, fds[fdi], RDMA_USER_CM_CMD_DESTROY_ID, &d, sizeof(d), out_len(g, 4), flags);
		break;
	}
	case 3: case 4: {	/* BIND_IP, BIND */
		int dst;
		struct addr a = chance(g, 70) && nlocals ? locals[rn(g, nlocals)] : pick_dst(g, &dst);

		set_port(&a, chance(g, 50) ? 0 : chance(g, 50) ? listen_port(g) : (uint16_t)rnd(g));
		if (op == 3) {
			struct rdma_ucm_bind_ip b = { .id = kid };

			memcpy(&b.addr, &a.ss, a.len < sizeof(b.addr) ? a.len : sizeof(b.addr));
			ucmd(t, fds[fdi], RDMA_USER_CM_CMD_BIND_IP, &b, sizeof(b), 0, 0);
		} else {
			struct rdma_ucm_bind b = { .id = kid, .addr_size = chance(g, 90) ? a.len : rn(g, 130) };

			b.reserved = chance(g, 3);
			memcpy(&b.addr, &a.ss, sizeof(a.ss));
			ucmd(t, fds[fdi], RDMA_USER_CM_CMD_BIND, &b, sizeof(b), 0, 0);
		}
		break;
	}
	case 5: {	/* RESOLVE_IP / RESOLVE_ADDR */
		int dst;
		struct addr d = pick_dst(g, &dst), s = pick_src(g, &d);
		uint32_t tmo = 1 + rn(g, 2000);

		if (chance(g, 40)) {
			struct rdma_ucm_resolve_ip ri = { .id = kid, .timeout_ms = tmo };

			memcpy(&ri.src_addr, &s.ss, s.len <= sizeof(ri.src_addr) ? s.len : 0);
			memcpy(&ri.dst_addr, &d.ss, d.len <= sizeof(ri.dst_addr) ? d.len : sizeof(ri.dst_addr));
			ucmd(t, fds[fdi], RDMA_USER_CM_CMD_RESOLVE_IP, &ri, sizeof(ri), 0, 0);
		} else {
			struct rdma_ucm_resolve_addr ra = { .id = kid, .timeout_ms = tmo };

			ra.src_size = chance(g, 95) ? s.len : rn(g, 200);
			ra.dst_size = chance(g, 95) ? d.len : rn(g, 200);
			memcpy(&ra.src_addr, &s.ss, sizeof(s.ss));
			memcpy(&ra.dst_addr, &d.ss, sizeof(d.ss));
			ucmd(t, fds[fdi], RDMA_USER_CM_CMD_RESOLVE_ADDR, &ra, sizeof(ra), 0, 0);
		}
		break;
	}
	case 6: {	/* RESOLVE_ROUTE, timeout 0 included */
		struct rdma_ucm_resolve_route rr = { .id = kid, .timeout_ms = chance(g, 5) ? 0 : 1 + rn(g, 2000) };

		ucmd(t, fds[fdi], RDMA_USER_CM_CMD_RESOLVE_ROUTE, &rr, sizeof(rr), 0, 0);
		break;
	}
	case 7: {	/* QUERY_ROUTE / QUERY with each option */
		struct rdma_ucm_query q = { .id = kid, .option = chance(g, 90) ? rn(g, 3) : rn(g, 100) };

		q.response = resp_ptr(t, g, &flags);
		if (chance(g, 30))
			ucmd(t, fds[fdi], RDMA_USER_CM_CMD_QUERY_ROUTE, &q, sizeof(q),
			     out_len(g, sizeof(struct rdma_ucm_query_route_resp)), flags);
		else
			ucmd(t, fds[fdi], RDMA_USER_CM_CMD_QUERY, &q, sizeof(q),
			     out_len(g, q.option == 1 ? 8 + 2 * 72 : sizeof(struct rdma_ucm_query_addr_resp)),
			     flags | (q.option == 3 ? IBSVC : 0));
		break;
	}
	case 8:		/* CONNECT on any id */
		do_connect(t, g, kid, fdi, r, 0);
		break;
	case 9: {	/* LISTEN, backlog 0 and huge included */
		static const uint32_t bl[] = { 0, 1, 16, 1024, 1025, 0x7fffffff, 0xffffffff };
		struct rdma_ucm_listen l = { .id = kid, .backlog = bl[rn(g, 7)] };

		ucmd(t, fds[fdi], RDMA_USER_CM_CMD_LISTEN, &l, sizeof(l), 0, 0);
		break;
	}
	case 10: {	/* ACCEPT, on CONNECT_REQUEST ids mostly */
		struct rdma_ucm_accept a;
		size_t in = chance(g, 80) ? sizeof(a) : offsetof(struct rdma_ucm_accept, ece);
		struct idrec *p;
		uint64_t uid;

		pthread_mutex_lock(&tab_mu);
		p = chance(g, 60) ? rec_pick(g, -1, 0) : NULL;
		if (p && (p->passive || p->conn_ok)) {
			kid = p->kid;
			fdi = p->fdi;
			r = p;
		}
		uid = r ? r->uid : (uint64_t)rnd(g);
		pthread_mutex_unlock(&tab_mu);
		if (!r)
			kid = unused_kid(g);	/* ACCEPT sets the uid: not on an id we track */
		if (avoid_known && (!r || r->connecting))
			break;
		memset(&a, 0, sizeof(a));
		fill_conn(g, &a.conn_param, 0);
		a.uid = uid;
		a.id = kid;
		a.ece.vendor_id = rnd(g) & 0xffffff;
		if (!ucmd(t, fds[fdi], RDMA_USER_CM_CMD_ACCEPT, &a, in, 0, 0) && r) {
			pthread_mutex_lock(&tab_mu);
			if (r->used && r->uid == uid)
				r->accepted = 1;
			pthread_mutex_unlock(&tab_mu);
		}
		break;
	}
	case 11: {	/* REJECT with each reason */
		static const uint8_t reason[] = { 0, 28, 35, 1, 255 };
		struct rdma_ucm_reject j = { .id = kid, .reason = reason[rn(g, 5)] };

		j.private_data_len = chance(g, 50) ? rn(g, 20) : (uint8_t)rnd(g);
		if (avoid_known && (!r || r->connecting))
			break;
		for (int i = 0; i < j.private_data_len; i++)
			j.private_data[i] = rnd(g);
		ucmd(t, fds[fdi], RDMA_USER_CM_CMD_REJECT, &j, sizeof(j), 0, 0);
		break;
	}
	case 12: {
		struct rdma_ucm_disconnect d = { .id = kid };

		ucmd(t, fds[fdi], RDMA_USER_CM_CMD_DISCONNECT, &d, sizeof(d), 0, 0);
		break;
	}
	case 13: {	/* INIT_QP_ATTR, each state 0..6 and bogus */
		struct rdma_ucm_init_qp_attr q = { .id = kid, .qp_state = chance(g, 90) ? rn(g, 7) : (uint32_t)rnd(g) };

		q.response = resp_ptr(t, g, &flags);
		ucmd(t, fds[fdi], RDMA_USER_CM_CMD_INIT_QP_ATTR, &q, sizeof(q),
		     out_len(g, sizeof(struct ib_uverbs_qp_attr)), flags);
		break;
	}
	case 14:	/* GET_EVENT: mostly good, sometimes short or a bad response pointer */
		if (chance(g, 90))
			get_event(t, chance(g, 50) ? t->fdi : 0, 0, chance(g, 90) ? sizeof(struct rdma_ucm_event_resp) :
				  offsetof(struct rdma_ucm_event_resp, reserved), (uintptr_t)t->resp);
		else
			get_event(t, t->fdi, BAD, chance(g, 50) ? 16 : 1024, (uintptr_t)guard);
		break;
	case 15: {	/* SET_OPTION, every level and option, optlen 0/right/short/huge */
		static const uint32_t lens[] = { 0, 1, 4, 2, 72, 144, 73, 4096 };
		struct rdma_ucm_set_option o = { .id = kid, .level = chance(g, 90) ? rn(g, 2) : rn(g, 9) };
		struct ib_path_rec_data *pd = (void *)t->resp;

		o.optname = chance(g, 90) ? (o.level ? 1 : rn(g, 4)) : rn(g, 9);
		o.optlen = chance(g, 70) ? (o.level ? 72 : (o.optname == 1 || o.optname == 2) ? 4 : 1) :
			   chance(g, 97) ? lens[rn(g, 8)] : 0x7fffffff;
		for (int i = 0; i < 4096; i++)
			t->resp[i] = chance(g, 80) ? 0 : rnd(g);
		pd->flags = chance(g, 70) ? 0x7 : (uint32_t)rnd(g);	/* GMP | PRIMARY | BIDIRECTIONAL */
		o.optval = (uintptr_t)t->resp;
		if (chance(g, 3)) {
			o.optval = (uintptr_t)guard;
			flags |= BAD;
		}
		if (!ucmd(t, fds[fdi], RDMA_USER_CM_CMD_SET_OPTION, &o, sizeof(o), 0, flags) && r &&
		    o.level < 2 && o.optname < 4) {
			pthread_mutex_lock(&tab_mu);
			r->opts |= 1u << (o.level * 4 + o.optname);
			if (o.level == 0 && o.optname == 3)
				r->ack_timeout = (uint8_t)t->resp[0];
			pthread_mutex_unlock(&tab_mu);
		}
		break;
	}
	case 16: {	/* NOTIFY with any event */
		struct rdma_ucm_notify n = { .id = kid, .event = chance(g, 80) ? rn(g, 22) : (uint32_t)rnd(g) };

		ucmd(t, fds[fdi], RDMA_USER_CM_CMD_NOTIFY, &n, sizeof(n), 0, 0);
		break;
	}
	case 17: case 18: {	/* JOIN_IP_MCAST / JOIN_MCAST, 239.x and ff0e:: */
		struct addr a;
		char s[64];

		if (chance(g, 60))
			snprintf(s, sizeof(s), "239.%u.%u.%u", rn(g, 4), rn(g, 4), rn(g, 4));
		else
			snprintf(s, sizeof(s), chance(g, 80) ? "ff0e::%x" : "::%x", rn(g, 8) + 1);
		parse_addr(s, &a);
		if (op == 17) {
			struct rdma_ucm_join_ip_mcast j = { .id = kid, .uid = (1ULL << 63) | rnd(g) };

			j.response = resp_ptr(t, g, &flags);
			memcpy(&j.addr, &a.ss, a.len);
			if (!ucmd(t, fds[fdi], RDMA_USER_CM_CMD_JOIN_IP_MCAST, &j, sizeof(j), out_len(g, 4), flags) &&
			    !(flags & BAD)) {
				pthread_mutex_lock(&tab_mu);
				mcids[nmc % 64] = *(uint32_t *)t->resp;
				mcfd[nmc++ % 64] = fdi;
				pthread_mutex_unlock(&tab_mu);
			}
		} else {
			struct rdma_ucm_join_mcast j = { .id = kid, .uid = (1ULL << 63) | rnd(g) };

			j.response = resp_ptr(t, g, &flags);
			j.addr_size = chance(g, 90) ? a.len : rn(g, 200);
			j.join_flags = chance(g, 90) ? rn(g, 2) : rn(g, 5);
			memcpy(&j.addr, &a.ss, sizeof(a.ss));
			if (!ucmd(t, fds[fdi], RDMA_USER_CM_CMD_JOIN_MCAST, &j, sizeof(j), out_len(g, 4), flags) &&
			    !(flags & BAD)) {
				pthread_mutex_lock(&tab_mu);
				mcids[nmc % 64] = *(uint32_t *)t->resp;
				mcfd[nmc++ % 64] = fdi;
				pthread_mutex_unlock(&tab_mu);
			}
		}
		break;
	}
	case 19: {	/* LEAVE_MCAST of a joined group (or a random id) */
		struct rdma_ucm_destroy_id d = { .id = (uint32_t)rnd(g) };

		pthread_mutex_lock(&tab_mu);
		if (nmc && chance(g, 85)) {
			int k = rn(g, nmc < 64 ? nmc : 64);

			d.id = mcids[k];
			fdi = chance(g, 90) ? mcfd[k] : fdi;
		}
		pthread_mutex_unlock(&tab_mu);
		d.response = resp_ptr(t, g, &flags);
		ucmd(t, fds[fdi], RDMA_USER_CM_CMD_LEAVE_MCAST, &d, sizeof(d), out_len(g, 4), flags);
		break;
	}
	case 20: {	/* MIGRATE_ID between the thread's fd and the shared fd */
		struct rdma_ucm_migrate_id m;
		int from = chance(g, 50) ? t->fdi : 0, to = from ? 0 : t->fdi, ret;

		pthread_mutex_lock(&tab_mu);
		r = chance(g, 85) && pool_count(to) < POOL_MAX ? rec_pick(g, from, 1) : NULL;
		pthread_mutex_unlock(&tab_mu);
		m.response = resp_ptr(t, g, &flags);
		/* without a claimed record, no live id: its fd would change behind our back */
		m.id = r ? r->kid : unused_kid(g);
		m.fd = chance(g, 95) ? fds[from] : chance(g, 50) ? 0 : 999;
		ret = ucmd(t, fds[to], RDMA_USER_CM_CMD_MIGRATE_ID, &m, sizeof(m), 4, flags);
		if (r) {
			/* a CONNECT_REQUEST id may sit on another fd (see destroy_rec) */
			if (m.fd == (uint32_t)fds[from] && ret && ret != -EFAULT && !(r->passive && ret == -EINVAL))
				violation(t->idx, t->i, "MIGRATE_ID of live id %u failed: %d", r->kid, ret);
			pthread_mutex_lock(&tab_mu);
			if (!ret || ret == -EFAULT)
				r->fdi = to;	/* EFAULT comes after the move */
			r->busy = 0;
			pthread_mutex_unlock(&tab_mu);
		}
		break;
	}
	default:	/* 21: a bad id with a harmless command */
		{
			struct rdma_ucm_resolve_route rr = { .id = chance(g, 50) ? (uint32_t)rnd(g) : kid, .timeout_ms = 100 };

			ucmd(t, fds[t->fdi], RDMA_USER_CM_CMD_RESOLVE_ROUTE, &rr, sizeof(rr), 0, 0);
		}
		break;
	}
}

static void *thread_main(void *arg)
{
	struct thr *t = arg;

	for (;;) {
		long n = atomic_fetch_add(&done_cmds, 1);
		struct rng g = { seed ^ ((uint64_t)(t->idx + 1) * 0x9e3779b97f4a7c15ULL) };

		if (n >= max_cmds || atomic_load(&stop)) {
			atomic_fetch_sub(&done_cmds, 1);
			break;
		}
		if (now_s() >= time_bound) {
			atomic_fetch_sub(&done_cmds, 1);
			atomic_store(&timed_out, 1);
			atomic_store(&stop, 1);
			break;
		}
		g.s += (uint64_t)t->i * 0xd1b54a32d192ed03ULL;
		rnd(&g);
		one_command(t, &g);
		t->i++;
		/* keep the pools bounded */
		for (int f = 0; f < 2; f++) {
			struct idrec *r = NULL;

			pthread_mutex_lock(&tab_mu);
			if (pool_count(f ? t->fdi : 0) > POOL_MAX)
				r = rec_pick(&g, f ? t->fdi : 0, 1);
			pthread_mutex_unlock(&tab_mu);
			if (r)
				destroy_rec(t, r, 0, (uintptr_t)t->resp);
		}
	}
	return NULL;
}

/* idle RC QPs on the siw device, for the qp_num of iWARP connects (optional) */
static struct {
	void *h;
	struct ibv_context *ctx;
	struct ibv_pd *pd;
	struct ibv_cq *cq;
	struct ibv_qp *qp[128];
	int (*destroy_qp)(struct ibv_qp *);
	int (*destroy_cq)(struct ibv_cq *);
	int (*dealloc_pd)(struct ibv_pd *);
	int (*close_device)(struct ibv_context *);
} v;

static void siw_qps(void)
{
	struct ibv_device **(*get_list)(int *);
	const char *(*get_name)(struct ibv_device *);
	struct ibv_context *(*open_dev)(struct ibv_device *);
	struct ibv_pd *(*alloc_pd)(struct ibv_context *);
	struct ibv_cq *(*create_cq)(struct ibv_context *, int, void *, struct ibv_comp_channel *, int);
	struct ibv_qp *(*create_qp)(struct ibv_pd *, struct ibv_qp_init_attr *);
	struct ibv_device **list;
	int n = 0;

	if (!nqps || !(v.h = dlopen("libibverbs.so.1", RTLD_NOW)))
		return;
	get_list = dlsym(v.h, "ibv_get_device_list");
	get_name = dlsym(v.h, "ibv_get_device_name");
	open_dev = dlsym(v.h, "ibv_open_device");
	alloc_pd = dlsym(v.h, "ibv_alloc_pd");
	create_cq = dlsym(v.h, "ibv_create_cq");
	create_qp = dlsym(v.h, "ibv_create_qp");
	v.destroy_qp = dlsym(v.h, "ibv_destroy_qp");
	v.destroy_cq = dlsym(v.h, "ibv_destroy_cq");
	v.dealloc_pd = dlsym(v.h, "ibv_dealloc_pd");
	v.close_device = dlsym(v.h, "ibv_close_device");
	if (!get_list || !get_name || !open_dev || !alloc_pd || !create_cq || !create_qp ||
	    !v.destroy_qp || !v.destroy_cq || !v.dealloc_pd || !v.close_device)
		return;
	list = get_list(&n);
	for (int i = 0; list && i < n && !v.ctx; i++)
		if (!strncmp(get_name(list[i]), "siw", 3))
			v.ctx = open_dev(list[i]);
	if (!v.ctx || !(v.pd = alloc_pd(v.ctx)) || !(v.cq = create_cq(v.ctx, 64, NULL, NULL, 0))) {
		printf("ucma_fuzz: no siw QPs (no siw device or verbs failed)\n");
		return;
	}
	for (int i = 0; i < nqps && i < 128; i++) {
		struct ibv_qp_init_attr a = { .send_cq = v.cq, .recv_cq = v.cq, .qp_type = IBV_QPT_RC,
			.cap = { .max_send_wr = 4, .max_recv_wr = 4, .max_send_sge = 1, .max_recv_sge = 1 } };

		if (!(v.qp[i] = create_qp(v.pd, &a)))
			break;
		qpns[nqpn++] = v.qp[i]->qp_num;
	}
	printf("ucma_fuzz: %d idle siw RC QPs for iWARP connects\n", nqpn);
}

static void siw_qps_free(void)
{
	for (int i = 0; i < nqpn; i++)
		v.destroy_qp(v.qp[i]);
	if (v.cq)
		v.destroy_cq(v.cq);
	if (v.pd)
		v.dealloc_pd(v.pd);
	if (v.ctx)
		v.close_device(v.ctx);
}

static void watchdog(int sig)
{
	static const char m[] = "ucma_fuzz: watchdog: still running long after the time bound, a write hangs\n";

	(void)sig;
	if (write(2, m, sizeof(m) - 1) < 0)
		_exit(3);
	_exit(3);
}

static void usage(void)
{
	fprintf(stderr, "usage: ucma_fuzz [-s SEED] [-n COMMANDS] [-t THREADS] [-T SECONDS] [-Q SIW_QPS] [-K] [-L] [-D DRAIN_SECONDS] [-x OP,...]\n"
		"                 [-a PEER_ADDR]... [-l LOCAL_ADDR]... [-p PEER_PORT]...\n");
	exit(2);
}

static struct thr *new_thr(int idx)
{
	struct thr *t = calloc(1, sizeof(*t));
	char *m = mmap(NULL, 2 * 4096 + 65536, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (!t || m == MAP_FAILED || mprotect(m + 4096, 4096, PROT_NONE)) {
		perror("ucma_fuzz: memory");
		exit(2);
	}
	t->idx = idx;
	t->fdi = idx + 1;
	t->buf = m;
	t->resp = m + 2 * 4096;
	return t;
}

/*
 * How long the IB CM takes to give up on a REQ nobody answers, for a RoCE id
 * whose ACK_TIMEOUT was set when its route was resolved: rdma_cm then makes
 * the path's PacketLifeTime ACK_TIMEOUT - 1 (else 16), and the IB CM sends the
 * REQ 16 times (CMA_MAX_CM_RETRIES 15), each after
 * cm_convert_to_ms(PacketLifeTime) * 2 + cm_convert_to_ms(20) ms, that is
 * 2 << (PacketLifeTime - 8) + 4096 in an int. The shift is undefined from 31
 * bits up: on x86-64 it is taken modulo 32, and a negative sum is a timeout
 * msecs_to_jiffies() makes endless. That is modelled here.
 */
static double req_wait_s(unsigned ack_timeout)
{
	unsigned plt = ack_timeout ? ack_timeout - 1 : 16, sh = plt > 8 ? plt - 8 : 0;
	uint32_t ms = (2u << (sh & 31)) + 4096;

	if ((int32_t)ms < 0)
		return 1e12;
	return 16.0 * ms / 1000;
}

/*
 * When a connect must have had its outcome: its REQ's retries (those of a
 * RoCE id as its ACK_TIMEOUT makes them; for any other id, an iWARP one
 * included, the default's, as a bound), and 10 s for the timers and work
 * items of a busy 1-CPU guest (the IB CM's 73.7 s took up to 75.4 s under
 * the fuzzer)
 */
static double outcome_deadline(const struct idrec *r)
{
	return r->conn_t + req_wait_s(r->conn_roce ? r->route_ack : 0) + 10;
}

int main(int argc, char **argv)
{
	struct thr *th[MAXFD], *mt;
	struct timespec ts;
	long total = 0, tot_ok[NSTAT] = { 0 };
	double el, end, cap;
	int o, pending;

	clock_gettime(CLOCK_REALTIME, &ts);
	seed = (uint64_t)ts.tv_sec * 1000003 ^ ts.tv_nsec;
	while ((o = getopt(argc, argv, "s:n:t:T:a:l:p:Q:KLD:x:h")) != -1) {
		switch (o) {
		case 's': seed = strtoull(optarg, NULL, 0); break;
		case 'n': max_cmds = atol(optarg); break;
		case 't': nthreads = atoi(optarg); break;
		case 'T': time_bound = atoi(optarg); break;
		case 'Q': nqps = atoi(optarg); break;
		case 'K': avoid_known = 1; break;
		case 'L': avoid_loop = 1; break;
		case 'D': drain_s = atoi(optarg); break;
		case 'x': for (char *p = optarg; *p; p++) if (*p != ',' && (p == optarg || p[-1] == ',')) op_off |= 1u << atoi(p); break;
		case 'a': if (npeers == 16 || parse_addr(optarg, &peers[npeers++])) usage(); break;
		case 'l': if (nlocals == 16 || parse_addr(optarg, &locals[nlocals++])) usage(); break;
		case 'p': if (nports == 16) usage(); ports[nports++] = atoi(optarg); break;
		default: usage();
		}
	}
	if (nthreads < 1 || nthreads > MAXFD - 1 || optind != argc)
		usage();
	printf("ucma_fuzz: seed %llu\n", (unsigned long long)seed);
	printf("ucma_fuzz: %ld commands, %d threads, at most %d s\n", max_cmds, nthreads, time_bound);
	fflush(stdout);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	signal(SIGALRM, watchdog);
	alarm(time_bound + drain_s + 180);
	guard = mmap(NULL, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	for (int i = 0; i <= nthreads; i++) {
		fds[i] = open("/dev/infiniband/rdma_cm", O_RDWR | O_NONBLOCK | O_CLOEXEC);
		if (fds[i] < 0) {
			perror("ucma_fuzz: /dev/infiniband/rdma_cm");
			return 2;
		}
	}
	siw_qps();
	for (int i = 0; i < nthreads; i++) {
		th[i] = new_thr(i);
		pthread_create(&th[i]->th, NULL, thread_main, th[i]);
	}
	for (int i = 0; i < nthreads; i++)
		pthread_join(th[i]->th, NULL);
	el = now_s();
	if (atomic_load(&timed_out))
		printf("ucma_fuzz: time bound of %d s reached after %ld commands, stopping\n",
		       time_bound, atomic_load(&done_cmds));

	/*
	 * drain: first destroy every id that did not connect (listeners,
	 * connect requests nobody answered), so that a connect to one of
	 * our own listeners gets its REJ now rather than after the MRA's
	 * service timeout; then up to -D seconds (75: the IB CM gives up
	 * on a silent peer after about 74 s), or up to the latest pending
	 * connect's outcome_deadline() (30 s more at most), for every
	 * connected id to get its outcome
	 */
	mt = new_thr(nthreads);
	mt->i = -1;
	for (int i = 0; i < MAXREC; i++)
		if (recs[i].used && !recs[i].conn_ok)
			destroy_rec(mt, &recs[i], 0, (uintptr_t)mt->resp);
	/*
	 * a connect issued just before the end may need all of its REQ
	 * retries: wait for its deadline too, up to 30 s past -D
	 */
	end = now_s() + drain_s;
	cap = end + 30;
	pthread_mutex_lock(&tab_mu);
	for (int i = 0; i < MAXREC; i++) {
		struct idrec *r = &recs[i];

		if (r->used && r->conn_ok && r->first < 0 && outcome_deadline(r) > end)
			end = outcome_deadline(r) < cap ? outcome_deadline(r) : cap;
	}
	pthread_mutex_unlock(&tab_mu);
	do {
		for (int f = 0; f <= nthreads; f++)
			while (get_event(mt, f, 0, sizeof(struct rdma_ucm_event_resp), (uintptr_t)mt->resp))
				;
		pending = 0;
		pthread_mutex_lock(&tab_mu);
		for (int i = 0; i < MAXREC; i++)
			pending += recs[i].used && recs[i].conn_ok && recs[i].first < 0;
		pthread_mutex_unlock(&tab_mu);
		if (pending)
			sleep_us(20000);
	} while (pending && now_s() < end);
	printf("ucma_fuzz: drain %.1f s\n", now_s() - el);

	/* assertion 3, then 4: destroy everything, close everything */
	for (int i = 0; i < MAXREC; i++) {
		struct idrec *r = &recs[i];
		char h[256] = "";

		if (!r->used)
			continue;
		for (int k = 0; k < r->nhist; k++)
			snprintf(h + strlen(h), sizeof(h) - strlen(h), " %s(%d)", ev_name[r->hist[k]], r->hstat[k]);
		if (r->conn_ok && r->first < 0 && r->conn_roce && outcome_deadline(r) > now_s())
			printf("ucma_fuzz: id %u: no outcome yet %.1f s after its CONNECT, as expected: with ACK_TIMEOUT %u (0: not set) it may take %.0f s\n",
			       r->kid, now_s() - r->conn_t, r->route_ack, outcome_deadline(r) - r->conn_t);
		else if (r->conn_ok && r->first < 0)
			violation(r->conn_thread, r->conn_index, "id %u (%s): no outcome event %.1f s after its CONNECT returned 0 (to %s, options set:%s%s%s%s%s); events:%s",
				  r->kid, spaces[r->sp].name, now_s() - r->conn_t, r->to, r->opts & 1 ? " TOS" : "",
				  r->opts & 2 ? " REUSEADDR" : "", r->opts & 4 ? " AFONLY" : "",
				  r->opts & 8 ? " ACK_TIMEOUT" : "", r->opts & 0x20 ? " IB_PATH" : "", h);
		destroy_rec(mt, r, 0, (uintptr_t)mt->resp);
	}
	siw_qps_free();
	for (int i = 0; i <= nthreads; i++)
		if (close(fds[i]))
			violation(-1, -1, "close of fd %d failed: %s", i, strerror(errno));

	/* the summary */
	for (int i = 0; i <= nthreads; i++) {
		struct thr *t = i < nthreads ? th[i] : mt;

		for (int c = 0; c < NSTAT; c++) {
			if (t != th[0]) {
				th[0]->st.issued[c] += t->st.issued[c];
				th[0]->st.ok[c] += t->st.ok[c];
				for (int e = 0; e < MAXERR; e++)
					th[0]->st.err[c][e] += t->st.err[c][e];
			}
		}
	}
	for (int c = 0; c < NSTAT; c++) {
		struct tstat *s = &th[0]->st;

		if (c == RDMA_USER_CM_CMD_GET_OPTION)
			continue;
		tot_ok[c] = s->ok[c];
		printf("cmd %-13s issued %7ld ok %7ld", cmd_name[c], s->issued[c], tot_ok[c]);
		for (int e = 0; e < MAXERR; e++)
			if (s->err[c][e] && strerrorname_np(e))
				printf(" %s:%ld", strerrorname_np(e), s->err[c][e]);
			else if (s->err[c][e])
				printf(" errno%d:%ld", e, s->err[c][e]);
		printf("\n");
		total += s->issued[c];
	}
	printf("events");
	for (int e = 0; e <= NEV; e++)
		if (atomic_load(&events[e]))
			printf(" %s:%ld", e < NEV ? ev_name[e] : "UNKNOWN", atomic_load(&events[e]));
	printf(" (of destroyed ids: %ld)\n", atomic_load(&orphan_events));
	printf("slowest outcome %.1f s after its CONNECT (to %s)\n", slowest, slowest_to);
	printf("connects returning 0 by port space:");
	for (unsigned s = 0; s < NSPACE; s++)
		printf(" %s:%ld", spaces[s].name, conn_ok_sp[s]);
	printf("\nconnects returning 0 by destination:");
	for (int d = 0; d < 32; d++) {
		char a[INET6_ADDRSTRLEN];
		const struct addr *x = d < 16 ? &peers[d] : &locals[d - 16];

		if (!conn_ok_dst[d])
			continue;
		inet_ntop(x->ss.ss_family, x->ss.ss_family == AF_INET ?
			  (void *)&((struct sockaddr_in *)&x->ss)->sin_addr :
			  (void *)&((struct sockaddr_in6 *)&x->ss)->sin6_addr, a, sizeof(a));
		printf(" %s:%ld", a, conn_ok_dst[d]);
	}
	printf("\nucma_fuzz: %ld commands (%ld writes) in %.1f s, %.0f commands/s, %.0f writes/s, violations %ld\n",
	       atomic_load(&done_cmds), total, el, atomic_load(&done_cmds) / el, total / el,
	       atomic_load(&violations));
	printf("ucma_fuzz: seed %llu commands %ld violations %ld elapsed_ms %.0f\n",
	       (unsigned long long)seed, atomic_load(&done_cmds), atomic_load(&violations), now_s() * 1000);
	return atomic_load(&violations) ? 1 : 0;
}
