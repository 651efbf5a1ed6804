// SPDX-License-Identifier: GPL-2.0
/*
 * rdmacm_conform: drive rdma_connect() through librdmacm and the ucma ABI and
 * check the exact outcome SPEC.md promises. One process is one side:
 *
 *   rdmacm_conform server -a ADDR -p PORT -t TEST [-P tcp|udp] [-q] [-n LEN]
 *   rdmacm_conform client -a ADDR -p PORT -t TEST [-P tcp|udp] [-q] [-n LEN]
 *
 * Client tests:
 *   einval     rdma_connect() after rdma_resolve_addr() only, then on the
 *              established id: EINVAL both times, and the id still connects
 *              in between
 *   pdata      LEN bytes of private data; the connection is established
 *   pdata_over LEN bytes of private data: EINVAL, nothing sent
 *   nolistener nobody listens: REJECTED 8 (IB CM), UNREACHABLE 1 (SIDR),
 *              REJECTED -ECONNRESET (iWARP: the TCP connect was reset)
 *   reject     the server rejects with private data: REJECTED 28 (IB CM)
 *              with those bytes
 *   ece        ECE set with rdma_set_local_ece(); the connect completes
 *   qpn        no QP, a qp_num with bits above 24 set; the server checks it
 *              got the 24-bit QPN and rejects
 *   acktimeout RDMA_OPTION_ID_ACK_TIMEOUT LEN before rdma_resolve_route():
 *              the path's packet lifetime is LEN - 1, and for 0 the default
 *              (that of an id without the option), never a wrapped 255; LEN
 *              above 31 (the field has 5 bits) is refused with EINVAL and the
 *              id keeps the default
 *   mcast      rdma_join_multicast() on an id resolved to ADDR (-P udp): for
 *              an IPv6 ADDR, group ff0e::1:1, refused with EOPNOTSUPP (rxe is
 *              a RoCE v2 device, where rdma_cm joins no IPv6 group; stock
 *              kernels return the kernel-internal 524); for IPv4, group
 *              239.1.1.1: MULTICAST_JOIN; a second join of the group on the
 *              id refused with EADDRINUSE (stock kernels take it, and leaving
 *              the older join frees what the newer's event reads; rc-fixes
 *              "RDMA/cma: Refuse a second join of the same multicast address
 *              on an id"); rdma_leave_multicast(); and a join after the leave
 *              gets MULTICAST_JOIN again
 *   addrgone   (server hold) a connection from an alias of the client's
 *              rxe address, which is then deleted and added back (its GID
 *              entry goes): rdma_disconnect() cannot send a DREQ, and must
 *              be followed by DISCONNECTED -ETIMEDOUT within 10 s, and
 *              then by nothing but TIMEWAIT_EXIT for 3 s (stock kernels:
 *              no event ever; rc-fixes "IB/cm: Report IB_CM_DREQ_ERROR when
 *              a DREQ cannot be sent")
 *   unroutable a connect to the loopback address of ADDR's family (::1 or
 *              127.0.0.1) from the local address that reaches ADDR: a REQ
 *              that rxe cannot route; rdma_connect() returns 0 and the id is
 *              destroyed 2 s later, whatever it got (nothing, on stock
 *              7.3.4 as with rxe-fixes). Then a connect to ADDR: the
 *              server's answer arrives (stock rxe moved QP1 to ERROR, whose
 *              receive buffers are gone: no event within 20 s)
 *   mra        a server whose process is stopped once it listens: its IB CM
 *              answers the retried REQ with an MRA (66 s) and nobody ever
 *              accepts. UNREACHABLE -ETIMEDOUT after the MRA's wait and the
 *              REQ's remaining retries at their own timeout: between 60 and
 *              200 s (stock: each retry waits the MRA's 66 s, about 16.6
 *              minutes; no event within 300 s fails)
 *   timeout    a peer that never answers: rdma_connect() returns within 1 s,
 *              then UNREACHABLE -ETIMEDOUT after the CM's retries (IB CM) or
 *              the connect timeout (iWARP)
 *   destroy    LEN ids (default 1) connect to a peer that never answers; each
 *              rdma_connect() returns and each destroy takes less than 1 s,
 *              and no event arrives afterwards. Even ids are destroyed
 *              before their QP, odd ones after it.
 *   rejreq     against accept_late: rdma_reject(), then rdma_accept(), on
 *              the id while its own REQ is outstanding;
 *              with -n 1 rdma_accept() first; with -w FILE, FILE is created
 *              after the two calls, and the server accepts only then. Both EINVAL, and the connect
 *              goes on to ESTABLISHED (CONNECT_RESPONSE without a QP).
 *              Stock IB/RoCE: the reject returns 0, and the refused accept
 *              rejects; either cancels the connect without an event
 *   errqp      (-q, against the server's errqp) packets for a QP in ERROR:
 *              with -n 1 the server's QP is moved to ERROR and a 64 KiB send
 *              to it (one retry) ends in a retry error; without, a 4 MiB
 *              RDMA READ is flushed by moving our QP to ERROR once its
 *              first response has arrived. What finds the bug is the
 *              console check of the e2e run (lockdep; stock 7.3.4 rxe
 *              frees the dropped packets with interrupts off and hangs)
 *   retry      iWARP: the first connect is refused (nobody listens yet):
 *              REJECTED -ECONNRESET, and the same id refuses a second
 *              connect (EINVAL); after touching FILE (-w), new ids connect
 *              until the server listens and one gets ESTABLISHED
 *
 * Hardening tests (tests/stress), against a `serve` or `flap` server; -n is a
 * count (LEN for failnth: the private data length):
 *   failnth    for n = 1, 2, ...: fail the n-th slab allocation of
 *              rdma_connect() (/proc/thread-self/fail-nth) until a call
 *              passes without one. Each injected failure returns an errno
 *              (and the same id then connects) or ends in one terminal
 *              event; prints the number of injection points
 *   connect2   LEN times: two threads call rdma_connect() on the same id at
 *              once; exactly one gets 0, the other EINVAL; it connects
 *   closefd    LEN times: rdma_connect() while another thread closes the
 *              event channel's fd (ucma destroys the ids); odd rounds
 *              destroy the id a random 0-5 ms after rdma_connect() instead
 *   disconnect LEN times: rdma_disconnect() from another thread during
 *              rdma_connect(); at most one connect outcome, destroy works
 *   rejpending rdma_reject() and rdma_accept() on an id whose connect is
 *              pending (a peer that never answers): both EINVAL (stock
 *              IB/RoCE: the reject returns 0, a REJ); the destroy then
 *              takes less than 1 s and reports nothing
 *   rejafter   the peer never sees the RTU and goes away: ESTABLISHED, then
 *              REJECTED on the connected id; its QP is in ERROR and the id
 *              destroys within 1 s (the server runs accept_exit)
 *   storm      LEN connects, 8 in flight, each ending in one terminal event
 *              (ESTABLISHED, REJECTED, UNREACHABLE, CONNECT_ERROR) or in
 *              DEVICE_REMOVAL; for a peer whose listener flaps, or a device
 *              or netdev that goes away: prints the outcomes
 *   burst      LEN connects (at most BURST_MAX) started at once against a
 *              serve server with a small backlog: each ends ESTABLISHED, or
 *              REJECTED by the listener's backlog, and one at least is
 *              ESTABLISHED; none fails to start and none ends UNREACHABLE or
 *              CONNECT_ERROR (a connection that the listener does not take
 *              waits out the MPA timeout)
 * Server tests: accept (checks LEN bytes of pattern), reject, ece, qpn;
 * accept_late (accept once the request has arrived and, with -w FILE, FILE
 * exists, which rejreq creates after its calls; without -w, 1 s later);
 * accrej (iWARP, against mpa_peer -c: accept, then reject and accept again
 * while the accept waits for the peer's RTR, both EINVAL; with -n 1 the
 * second accept only; then create the -w FILE, on which the peer sends its
 * RTR, and expect ESTABLISHED; with -n 2 neither call, and the peer resets
 * the connection instead of its RTR: expect DISCONNECTED);
 * accept_exit (accept, then exit 3 s later without waiting for the RTU),
 * errqp (accept with a readable buffer; with -n 1 move the QP to ERROR and
 * create the -w FILE; then wait for DISCONNECTED),
 * serve (accept every request until SIGTERM; -n: the listen backlog, else
 * 128), flap (serve, but destroy and
 * re-create the listener every few ms); with -w FILE the server listens only
 * once FILE exists (but for accept_late and accrej).
 *
 * Every wait is bounded. Exit 0 when the outcome is the expected one; else a
 * line naming the event and status seen instead, and exit 1.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <getopt.h>
#include <netdb.h>
#include <poll.h>
#include <stdarg.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <rdma/rdma_cma.h>

#define TIMEOUT_MS	20000
/* a REQ nobody answers: 16 sends of 4.3 s (CM response timeout 20) */
#define REQ_TIMEOUT_MS	150000
/* after an MRA: MRA_MIN_S, the MRA was honoured; MRA_MAX_S, but not for every retry */
#define MRA_MIN_S	60
#define MRA_MAX_S	200
#define MRA_WAIT_MS	300000
/* servers start together and wait for their client's turn */
#define REQUEST_TIMEOUT_MS	200000
#define ECE_VENDOR	0x0015b3	/* any 24-bit vendor id */
#define ECE_ATTR	0x5a5a0001
#define QPN_SENT	0xab000123u
#define REJECT_LEN	8
/* rdma_connect() and rdma_destroy_id() only start or stop work: 1 s at most */
#define CALL_MAX_S	1.0
/* a call still blocked after this is reported as such (stock siw blocks) */
#define CALL_ALARM_S	30
#define MAX_IDS		64
/* more injection points than this in one rdma_connect() is a runaway */
#define FAILNTH_MAX	200
#define STORM_INFLIGHT	8
#define BURST_MAX	1024

static const char *role, *test, *addr, *port = "7400";
static enum rdma_port_space ps = RDMA_PS_TCP;
static int want_qp, len;
static const char *go_file;
static struct rdma_event_channel *ch;

/* SIGTERM ends a server, SIGUSR1 ends a storm's start of new connects */
static volatile sig_atomic_t stopping;

static void stop(int sig)
{
	(void)sig;
	stopping = 1;
}

static void __attribute__((noreturn, format(printf, 1, 2))) fail(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fprintf(stderr, "%s %s: FAIL: ", role, test);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
	exit(1);
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void blocked(int sig)
{
	static const char msg[] = "FAIL: a call was still blocked after "
		"30 s\n";

	(void)sig;
	if (write(2, msg, sizeof(msg) - 1) < 0)
		_exit(1);
	_exit(1);
}

/* Is @id's device iWARP? Asked of the device, not guessed. */
static int is_iwarp(struct rdma_cm_id *id)
{
	return id->verbs && id->verbs->device->transport_type ==
		IBV_TRANSPORT_IWARP;
}

static uint8_t pattern(int i)
{
	return (uint8_t)(i * 7 + 1);
}

/* The next event on the channel, or fail after @timeout_ms. */
static struct rdma_cm_event *wait_event(int timeout_ms)
{
	struct pollfd pfd = { .fd = ch->fd, .events = POLLIN };
	struct rdma_cm_event *ev;

	if (poll(&pfd, 1, timeout_ms) != 1)
		fail("no event within %d ms", timeout_ms);
	if (rdma_get_cm_event(ch, &ev))
		fail("rdma_get_cm_event: %s", strerror(errno));
	return ev;
}

static struct rdma_cm_event *next_event(void)
{
	return wait_event(TIMEOUT_MS);
}

/* Wait for @want, acknowledge it, fail on anything else. */
static void expect_event(enum rdma_cm_event_type want)
{
	struct rdma_cm_event *ev = next_event();

	if (ev->event != want)
		fail("expected %s, got %s status %d", rdma_event_str(want),
		     rdma_event_str(ev->event), ev->status);
	rdma_ack_cm_event(ev);
}

static struct addrinfo *lookup(int passive)
{
	struct addrinfo hints = {
		.ai_flags = passive ? AI_PASSIVE | AI_NUMERICHOST : AI_NUMERICHOST,
		.ai_family = AF_UNSPEC,
	};
	struct addrinfo *res;

	if (getaddrinfo(addr, port, &hints, &res))
		fail("cannot parse address %s port %s", addr, port);
	return res;
}

/* one PD and CQ for all QPs of the process (one device per run) */
static struct ibv_pd *pd;
static struct ibv_cq *cq;

/* A QP for @id on one PD and CQ shared by the process; 0 or an errno. */
static int create_qp(struct rdma_cm_id *id)
{
	struct ibv_qp_init_attr attr = {
		.cap = { .max_send_wr = 1, .max_recv_wr = 1,
			 .max_send_sge = 1, .max_recv_sge = 1 },
		.qp_type = ps == RDMA_PS_UDP ? IBV_QPT_UD : IBV_QPT_RC,
	};
	if (!pd)
		pd = ibv_alloc_pd(id->verbs);
	if (pd && !cq)
		cq = ibv_create_cq(id->verbs, 2 * MAX_IDS, NULL, NULL, 0);
	if (!cq)
		return errno;
	attr.send_cq = cq;
	attr.recv_cq = cq;
	return rdma_create_qp(id, pd, &attr) ? errno : 0;
}

static void make_qp(struct rdma_cm_id *id)
{
	int err = create_qp(id);

	if (err)
		fail("cannot create a QP: %s", strerror(err));
}

/* ---------------------------------------------------------------- client */

/* the -w handshake between the two guests: a file in the shared directory */
static void touch_file(const char *path)
{
	FILE *f = fopen(path, "w");

	if (!f)
		fail("cannot create %s", path);
	fclose(f);
}

static void wait_file(const char *path, int secs)
{
	int i;

	for (i = 0; access(path, F_OK); i++) {
		if (i == secs)
			fail("%s never appeared", path);
		sleep(1);
	}
}

static struct rdma_cm_id *client_id(int resolve_route)
{
	struct addrinfo *res = lookup(0);
	struct rdma_cm_id *id;

	if (rdma_create_id(ch, &id, NULL, ps))
		fail("rdma_create_id: %s", strerror(errno));
	if (rdma_resolve_addr(id, NULL, res->ai_addr, 2000))
		fail("rdma_resolve_addr: %s", strerror(errno));
	freeaddrinfo(res);
	expect_event(RDMA_CM_EVENT_ADDR_RESOLVED);
	if (resolve_route) {
		if (rdma_resolve_route(id, 2000))
			fail("rdma_resolve_route: %s", strerror(errno));
		expect_event(RDMA_CM_EVENT_ROUTE_RESOLVED);
		if (want_qp)
			make_qp(id);
	}
	return id;
}

static uint32_t next_qpn = 0x123;

static void conn_param_init(struct rdma_conn_param *p, const void *data, int n)
{
	memset(p, 0, sizeof(*p));
	p->private_data = data;
	p->private_data_len = n;
	p->responder_resources = 1;
	p->initiator_depth = 1;
	p->retry_count = 7;
	p->rnr_retry_count = 7;
	/*
	 * Without a QP the QPN is made up; a new one each time, or the peer
	 * would take a second connection from the same QPN for a stale one
	 * (REJ reason 10) while the first is in timewait
	 */
	p->qp_num = next_qpn++ & 0xffffff;
}

/* After rdma_connect(): wait until the connection is up (or UD resolved). */
static void client_established(struct rdma_cm_id *id)
{
	struct rdma_cm_event *ev = next_event();
	enum rdma_cm_event_type got = ev->event;
	int status = ev->status;

	rdma_ack_cm_event(ev);
	if (got == RDMA_CM_EVENT_CONNECT_RESPONSE && !id->qp) {
		if (rdma_establish(id))	/* send the RTU ourselves */
			fail("rdma_establish: %s", strerror(errno));
		return;
	}
	if (got != RDMA_CM_EVENT_ESTABLISHED)
		fail("expected ESTABLISHED, got %s status %d",
		     rdma_event_str(got), status);
}

static int client_connect(struct rdma_cm_id *id, const void *data, int n)
{
	struct rdma_conn_param p;

	conn_param_init(&p, data, n);
	return rdma_connect(id, &p);
}

static void client_einval(void)
{
	struct rdma_cm_id *id = client_id(0);

	/* ADDR_RESOLVED: refused, and the id goes on as if nothing happened */
	if (!client_connect(id, NULL, 0) || errno != EINVAL)
		fail("connect in ADDR_RESOLVED: expected EINVAL, got %s",
		     strerror(errno));
	if (rdma_resolve_route(id, 2000))
		fail("rdma_resolve_route after the refused connect: %s",
		     strerror(errno));
	expect_event(RDMA_CM_EVENT_ROUTE_RESOLVED);
	if (want_qp)
		make_qp(id);
	if (client_connect(id, NULL, 0))
		fail("connect in ROUTE_RESOLVED: %s", strerror(errno));
	client_established(id);
	/* connected (or UD resolved): refused again */
	if (!client_connect(id, NULL, 0) || errno != EINVAL)
		fail("connect on a connected id: expected EINVAL, got %s",
		     strerror(errno));
}

static uint8_t *pattern_buf(int n)
{
	uint8_t *buf = calloc(1, n ? n : 1);
	int i;

	for (i = 0; i < n; i++)
		buf[i] = pattern(i);
	return buf;
}

static void client_pdata(int over)
{
	struct rdma_cm_id *id = client_id(1);
	uint8_t *buf = pattern_buf(len);

	if (over) {
		if (!client_connect(id, buf, len) || errno != EINVAL)
			fail("%d bytes of private data: expected EINVAL, got %s",
			     len, strerror(errno));
		return;
	}
	if (client_connect(id, buf, len))
		fail("connect with %d bytes: %s", len, strerror(errno));
	client_established(id);
}

/*
 * Nobody listens (@consumer 0) or the server rejects (1): REJECTED 8 or 28
 * from the IB CM, UNREACHABLE 1 for a SIDR REQ; on iWARP REJECTED
 * -ECONNRESET for a reset TCP connect, and -ECONNREFUSED for an MPA reject,
 * as cxgb4 and irdma report it (stock siw: -ECONNRESET, siw-next 4), the
 * status by which rdma_consumer_reject_data() hands over its private data.
 */
static void client_refused(int consumer)
{
	struct rdma_cm_id *id = client_id(1);
	int iw = is_iwarp(id), want_reject = iw || ps != RDMA_PS_UDP;
	int want_status = consumer ? (iw ? -ECONNREFUSED : 28) :
		iw ? -ECONNRESET : ps == RDMA_PS_UDP ? 1 : 8;
	struct rdma_cm_event *ev;
	int i;

	if (client_connect(id, NULL, 0))
		fail("rdma_connect: %s", strerror(errno));
	ev = next_event();
	if (ev->event != (want_reject ? RDMA_CM_EVENT_REJECTED :
					 RDMA_CM_EVENT_UNREACHABLE))
		fail("expected %s, got %s status %d",
		     want_reject ? "REJECTED" : "UNREACHABLE",
		     rdma_event_str(ev->event), ev->status);
	/* iWARP reports an errno, the IB CM its reject reason / SIDR status */
	if (want_status && ev->status != want_status)
		fail("%s with status %d, expected %d", rdma_event_str(ev->event),
		     ev->status, want_status);
	if (consumer) {
		const uint8_t *p = ev->param.conn.private_data;

		if (!p || ev->param.conn.private_data_len < REJECT_LEN)
			fail("REJECTED without the server's private data");
		for (i = 0; i < REJECT_LEN; i++)
			if (p[i] != pattern(i))
				fail("reject private data byte %d is %#x", i, p[i]);
	}
	rdma_ack_cm_event(ev);
}

static void client_ece(void)
{
	struct ibv_ece ece = { .vendor_id = ECE_VENDOR, .options = ECE_ATTR };
	struct rdma_cm_id *id = client_id(1);

	if (rdma_set_local_ece(id, &ece))
		fail("rdma_set_local_ece: %s", strerror(errno));
	if (client_connect(id, NULL, 0))
		fail("rdma_connect: %s", strerror(errno));
	client_established(id);
}

static void client_qpn(void)
{
	struct rdma_cm_id *id = client_id(1);
	struct rdma_conn_param p;

	conn_param_init(&p, NULL, 0);
	p.qp_num = QPN_SENT;
	if (rdma_connect(id, &p))
		fail("rdma_connect: %s", strerror(errno));
	/* the server checks the QPN and rejects */
	expect_event(RDMA_CM_EVENT_REJECTED);
}

static int path_lifetime(int set, uint8_t timeout)
{
	struct rdma_cm_id *id = client_id(0);
	int lifetime;

	if (set && rdma_set_option(id, RDMA_OPTION_ID, RDMA_OPTION_ID_ACK_TIMEOUT,
				   &timeout, sizeof(timeout)))
		fail("rdma_set_option(ACK_TIMEOUT %u): %s", timeout,
		     strerror(errno));
	if (rdma_resolve_route(id, 2000))
		fail("rdma_resolve_route: %s", strerror(errno));
	expect_event(RDMA_CM_EVENT_ROUTE_RESOLVED);
	if (!id->route.num_paths || !id->route.path_rec)
		fail("ROUTE_RESOLVED without a path record");
	lifetime = id->route.path_rec[0].packet_life_time;
	rdma_destroy_id(id);
	return lifetime;
}

static void client_acktimeout(void)
{
	int def = path_lifetime(0, 0), got, want;

	if (len > 31) {
		/* the field has 5 bits: refused, and the id keeps the default */
		struct rdma_cm_id *id = client_id(0);
		uint8_t timeout = len;

		if (!rdma_set_option(id, RDMA_OPTION_ID, RDMA_OPTION_ID_ACK_TIMEOUT,
				     &timeout, sizeof(timeout)))
			fail("ACK timeout %d accepted, expected EINVAL", len);
		if (errno != EINVAL)
			fail("ACK timeout %d: %s, expected EINVAL", len, strerror(errno));
		if (rdma_resolve_route(id, 2000))
			fail("rdma_resolve_route: %s", strerror(errno));
		expect_event(RDMA_CM_EVENT_ROUTE_RESOLVED);
		got = id->route.path_rec[0].packet_life_time;
		rdma_destroy_id(id);
		if (got != def)
			fail("refused ACK timeout %d: packet lifetime %d, expected the default %d",
			     len, got, def);
		printf("%s %s: ack timeout %d refused (EINVAL), packet lifetime %d (default)\n",
		       role, test, len, got);
		return;
	}
	got = path_lifetime(1, len);
	want = len ? len - 1 : def;

	if (got != want)
		fail("ACK timeout %d: packet lifetime %d, expected %d (default %d)",
		     len, got, want, def);
	printf("%s %s: ack timeout %d -> packet lifetime %d (default %d)\n",
	       role, test, len, got, def);
}

/* rdma_join_multicast() of @group on @id, which must end in MULTICAST_JOIN */
static void mcast_joined(struct rdma_cm_id *id, struct sockaddr *group,
			 const char *what)
{
	struct rdma_cm_event *ev;

	if (rdma_join_multicast(id, group, NULL))
		fail("%s: %s (errno %d)", what, strerror(errno), errno);
	ev = next_event();
	if (ev->event != RDMA_CM_EVENT_MULTICAST_JOIN)
		fail("%s: %s (status %d), expected MULTICAST_JOIN", what,
		     rdma_event_str(ev->event), ev->status);
	rdma_ack_cm_event(ev);
}

static void client_mcast(void)
{
	struct rdma_cm_id *id = client_id(0);
	int v6 = id->route.addr.src_addr.sa_family == AF_INET6;
	struct addrinfo hints = { .ai_flags = AI_NUMERICHOST, .ai_family = AF_UNSPEC };
	struct addrinfo *group;
	int ret;

	if (getaddrinfo(v6 ? "ff0e::1:1" : "239.1.1.1", NULL, &hints, &group))
		fail("cannot parse the multicast group");
	if (v6) {
		ret = rdma_join_multicast(id, group->ai_addr, NULL);
		if (!ret || errno != EOPNOTSUPP)
			fail("IPv6 join on RoCE v2: %d, errno %d (%s), expected EOPNOTSUPP (%d)",
			     ret, ret ? errno : 0, ret ? strerror(errno) : "-", EOPNOTSUPP);
	} else {
		mcast_joined(id, group->ai_addr, "IPv4 join");
		ret = rdma_join_multicast(id, group->ai_addr, NULL);
		if (!ret || errno != EADDRINUSE)
			fail("second IPv4 join of the group: %d, errno %d (%s), expected EADDRINUSE (%d): rc-fixes \"RDMA/cma: Refuse a second join of the same multicast address on an id\"",
			     ret, ret ? errno : 0, ret ? strerror(errno) : "-", EADDRINUSE);
		if (rdma_leave_multicast(id, group->ai_addr))
			fail("rdma_leave_multicast: %s", strerror(errno));
		/* the leave gave the address back */
		mcast_joined(id, group->ai_addr, "IPv4 join after the leave");
		if (rdma_leave_multicast(id, group->ai_addr))
			fail("second rdma_leave_multicast: %s", strerror(errno));
	}
	printf("%s %s: %s join %s\n", role, test, v6 ? "IPv6" : "IPv4",
	       v6 ? "refused with EOPNOTSUPP" :
	       "done, a second refused with EADDRINUSE, left, done again and left");
	freeaddrinfo(group);
	rdma_destroy_id(id);
}

/*
 * The address that addrgone connects from, deletes and adds back: an alias
 * on the client's rxe netdev, so that the scenarios running beside it keep
 * theirs.
 */
#define ADDRGONE_SRC	"169.254.1.12"
#define ADDRGONE_DEV	"eth0"

static void addrgone_remove(void)
{
	if (system("ip addr del " ADDRGONE_SRC "/24 dev " ADDRGONE_DEV " 2>/dev/null"))
		return;	/* already gone */
}

static void client_addrgone(void)
{
	struct addrinfo hints = { .ai_flags = AI_NUMERICHOST, .ai_family = AF_INET };
	struct pollfd pfd = { .fd = ch->fd, .events = POLLIN };
	struct addrinfo *src, *dst = lookup(0);
	struct rdma_cm_event *ev;
	struct rdma_cm_id *id;

	if (system("ip addr add " ADDRGONE_SRC "/24 dev " ADDRGONE_DEV))
		fail("cannot add " ADDRGONE_SRC " to " ADDRGONE_DEV);
	atexit(addrgone_remove);
	sleep(1);	/* rxe adds the address's GID entry from a work item */
	if (getaddrinfo(ADDRGONE_SRC, NULL, &hints, &src))
		fail("cannot parse " ADDRGONE_SRC);
	if (rdma_create_id(ch, &id, NULL, ps))
		fail("rdma_create_id: %s", strerror(errno));
	if (rdma_resolve_addr(id, src->ai_addr, dst->ai_addr, 2000))
		fail("rdma_resolve_addr: %s", strerror(errno));
	expect_event(RDMA_CM_EVENT_ADDR_RESOLVED);
	if (rdma_resolve_route(id, 2000))
		fail("rdma_resolve_route: %s", strerror(errno));
	expect_event(RDMA_CM_EVENT_ROUTE_RESOLVED);
	if (client_connect(id, NULL, 0))
		fail("rdma_connect: %s", strerror(errno));
	client_established(id);

	/* its GID entry goes, and a new one comes */
	if (system("ip addr del " ADDRGONE_SRC "/24 dev " ADDRGONE_DEV " && "
		   "ip addr add " ADDRGONE_SRC "/24 dev " ADDRGONE_DEV))
		fail("cannot delete and add back " ADDRGONE_SRC);
	sleep(1);
	if (rdma_disconnect(id))
		fail("rdma_disconnect: %s", strerror(errno));
	if (poll(&pfd, 1, 10000) != 1)
		fail("no DISCONNECTED within 10 s of rdma_disconnect() once the address was deleted and added back (rc-fixes \"IB/cm: Report IB_CM_DREQ_ERROR when a DREQ cannot be sent\")");
	ev = next_event();
	if (ev->event != RDMA_CM_EVENT_DISCONNECTED || ev->status != -ETIMEDOUT)
		fail("rdma_disconnect after the address came back: %s status %d, expected DISCONNECTED status %d",
		     rdma_event_str(ev->event), ev->status, -ETIMEDOUT);
	printf("%s %s: DISCONNECTED status %d after the address was deleted and added back\n",
	       role, test, ev->status);
	rdma_ack_cm_event(ev);
	/* one disconnect event: for 3 s only TIMEWAIT_EXIT may follow */
	while (poll(&pfd, 1, 3000) == 1) {
		ev = next_event();
		if (ev->event != RDMA_CM_EVENT_TIMEWAIT_EXIT)
			fail("after DISCONNECTED: %s status %d, expected nothing but TIMEWAIT_EXIT",
			     rdma_event_str(ev->event), ev->status);
		printf("%s %s: then TIMEWAIT_EXIT\n", role, test);
		rdma_ack_cm_event(ev);
	}
	if (rdma_destroy_id(id))
		fail("rdma_destroy_id: %s", strerror(errno));
	freeaddrinfo(src);
	freeaddrinfo(dst);
}

/* rdma_connect() on @id, which must return 0 within CALL_MAX_S */
static void connect_quickly(struct rdma_cm_id *id, double *took)
{
	double t = now();
	int rc;

	alarm(CALL_ALARM_S);
	rc = client_connect(id, NULL, 0);
	alarm(0);
	*took = now() - t;
	if (rc)
		fail("rdma_connect returned %s after %.3f s", strerror(errno),
		     *took);
	if (*took > CALL_MAX_S)
		fail("rdma_connect took %.3f s (at most %.1f s)", *took,
		     CALL_MAX_S);
}

/*
 * A connect that must end in UNREACHABLE -ETIMEDOUT within @wait_ms; with
 * @max_s > 0, between @min_s and @max_s seconds after rdma_connect().
 */
static void client_unreachable(int wait_ms, double min_s, double max_s)
{
	struct rdma_cm_id *id = client_id(1);
	struct rdma_cm_event *ev;
	double took, t;

	connect_quickly(id, &took);
	t = now();
	ev = wait_event(wait_ms);
	t = now() - t;
	printf("%s %s: rdma_connect returned after %.3f s, %s status %d after %.1f s\n",
	       role, test, took, rdma_event_str(ev->event), ev->status, t);
	if (ev->event != RDMA_CM_EVENT_UNREACHABLE || ev->status != -ETIMEDOUT)
		fail("expected UNREACHABLE status %d, got %s status %d",
		     -ETIMEDOUT, rdma_event_str(ev->event), ev->status);
	if (max_s > 0 && (t < min_s || t > max_s))
		fail("UNREACHABLE after %.1f s, expected %.0f to %.0f s", t,
		     min_s, max_s);
	rdma_ack_cm_event(ev);
	if (rdma_destroy_id(id))
		fail("rdma_destroy_id after the timeout: %s", strerror(errno));
}

/*
 * A REQ that rxe cannot route, from the address that reaches ADDR to the
 * loopback address of its family, then a connect to ADDR that must get its
 * answer: the first must not take the port's QP1 down.
 */
static void client_unroutable(void)
{
	struct rdma_cm_id *id = client_id(1), *lost;
	struct sockaddr_storage src = {}, dst = {};
	struct sockaddr_in *d4 = (void *)&dst;
	struct sockaddr_in6 *d6 = (void *)&dst, *s6 = (void *)&src;
	struct rdma_conn_param p;
	struct rdma_cm_event *ev;
	struct pollfd pfd = { .fd = ch->fd, .events = POLLIN };
	int v6 = id->route.addr.src_addr.sa_family == AF_INET6;
	const char *got = "no event";

	memcpy(&src, &id->route.addr.src_addr, v6 ? sizeof(*s6) : sizeof(*d4));
	if (v6) {
		s6->sin6_port = 0;
		d6->sin6_family = AF_INET6;
		d6->sin6_addr = in6addr_loopback;
		d6->sin6_port = htons(atoi(port));
	} else {
		((struct sockaddr_in *)&src)->sin_port = 0;
		d4->sin_family = AF_INET;
		d4->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
		d4->sin_port = htons(atoi(port));
	}
	if (rdma_create_id(ch, &lost, NULL, ps))
		fail("rdma_create_id: %s", strerror(errno));
	if (rdma_resolve_addr(lost, (struct sockaddr *)&src, (struct sockaddr *)&dst, 2000))
		fail("rdma_resolve_addr to the loopback address: %s", strerror(errno));
	expect_event(RDMA_CM_EVENT_ADDR_RESOLVED);
	if (rdma_resolve_route(lost, 2000))
		fail("rdma_resolve_route to the loopback address: %s", strerror(errno));
	expect_event(RDMA_CM_EVENT_ROUTE_RESOLVED);
	if (lost->verbs->device->transport_type != IBV_TRANSPORT_IB)
		fail("the loopback id is not on an IB CM device");
	conn_param_init(&p, NULL, 0);
	if (rdma_connect(lost, &p))
		fail("rdma_connect to the loopback address: %s", strerror(errno));
	/* rxe's send task takes the REQ, and drops it or fails it */
	if (poll(&pfd, 1, 2000) == 1) {
		if (rdma_get_cm_event(ch, &ev))
			fail("rdma_get_cm_event: %s", strerror(errno));
		if (ev->id != lost)
			fail("%s on the connected id before its connect", rdma_event_str(ev->event));
		got = rdma_event_str(ev->event);
		rdma_ack_cm_event(ev);
	}
	if (rdma_destroy_id(lost))
		fail("rdma_destroy_id: %s", strerror(errno));
	printf("%s %s: the unroutable REQ got %s within 2 s\n", role, test, got);
	if (client_connect(id, NULL, 0))
		fail("rdma_connect to %s: %s", addr, strerror(errno));
	client_established(id);
}

/* Destroy @id and its QP, the id first if @id_first. */
static void destroy_id_and_qp(struct rdma_cm_id *id, int id_first)
{
	struct ibv_qp *qp = id->qp;

	if (!id_first && qp)
		rdma_destroy_qp(id);
	if (rdma_destroy_id(id))
		fail("rdma_destroy_id: %s", strerror(errno));
	if (id_first && qp && ibv_destroy_qp(qp))
		fail("ibv_destroy_qp: %s", strerror(errno));
}

static void client_destroy(void)
{
	struct rdma_cm_id *ids[MAX_IDS];
	int n = len ? len : 1, i;
	double took, max_connect = 0, max_destroy = 0, t;
	struct pollfd pfd = { .fd = ch->fd, .events = POLLIN };

	if (n > MAX_IDS)
		fail("at most %d ids", MAX_IDS);
	for (i = 0; i < n; i++)
		ids[i] = client_id(1);
	for (i = 0; i < n; i++) {
		connect_quickly(ids[i], &took);
		if (took > max_connect)
			max_connect = took;
	}
	/* mid-connect: the peer never answers, so nothing can have come */
	usleep(300000);
	for (i = 0; i < n; i++) {
		t = now();
		alarm(CALL_ALARM_S);
		destroy_id_and_qp(ids[i], !(i & 1));
		alarm(0);
		took = now() - t;
		if (took > max_destroy)
			max_destroy = took;
	}
	printf("%s %s: %d ids: rdma_connect at most %.3f s, destroy at most %.3f s\n",
	       role, test, n, max_connect, max_destroy);
	if (max_destroy > CALL_MAX_S)
		fail("a destroy took %.3f s (at most %.1f s)", max_destroy,
		     CALL_MAX_S);
	/* a destroyed id reports nothing */
	if (poll(&pfd, 1, 2000) != 0)
		fail("an event arrived after the ids were destroyed");
}

static void client_retry(void)
{
	struct rdma_cm_id *id = client_id(1);
	struct rdma_cm_event *ev;
	int i;

	if (client_connect(id, NULL, 0))
		fail("first connect: %s", strerror(errno));
	ev = next_event();
	if (ev->event != RDMA_CM_EVENT_REJECTED || ev->status != -ECONNRESET)
		fail("first connect: expected REJECTED status %d, got %s status %d",
		     -ECONNRESET, rdma_event_str(ev->event), ev->status);
	rdma_ack_cm_event(ev);
	/* the id has had its answer: it does not connect again */
	if (!client_connect(id, NULL, 0) || errno != EINVAL)
		fail("second connect on the rejected id: expected EINVAL, got %s",
		     strerror(errno));
	destroy_id_and_qp(id, 0);
	touch_file(go_file);
	/* new ids until the server listens */
	for (i = 0; ; i++) {
		id = client_id(1);
		if (client_connect(id, NULL, 0))
			fail("retried connect: %s", strerror(errno));
		ev = next_event();
		if (ev->event == RDMA_CM_EVENT_ESTABLISHED)
			break;
		if (ev->event != RDMA_CM_EVENT_REJECTED || i == 60)
			fail("retried connect: %s status %d",
			     rdma_event_str(ev->event), ev->status);
		rdma_ack_cm_event(ev);
		destroy_id_and_qp(id, 0);
		sleep(1);
	}
	rdma_ack_cm_event(ev);
}

/* ------------------------------------------------------ hardening tests */

static int nth_fd = -1;

static void fail_nth_write(unsigned int n)
{
	char buf[16];
	int k = snprintf(buf, sizeof(buf), "%u", n);

	if (pwrite(nth_fd, buf, k, 0) != k)
		fail("writing fail-nth: %s", strerror(errno));
}

static unsigned int fail_nth_read(void)
{
	char buf[16] = "";

	if (pread(nth_fd, buf, sizeof(buf) - 1, 0) <= 0)
		fail("reading fail-nth: %s", strerror(errno));
	return strtoul(buf, NULL, 10);
}

/*
 * Fail the first, second, ... slab allocation of rdma_connect() until one
 * call makes no allocation fail: the number of injection points. The
 * failslab switches (ignore-gfp-wait N, verbose 0) are the caller's.
 */
static void client_failnth(void)
{
	int n, enomem = 0, other = 0, absorbed = 0;
	uint8_t *buf = pattern_buf(len);
	struct rdma_conn_param p;
	struct rdma_cm_event *ev;

	nth_fd = open("/proc/thread-self/fail-nth", O_RDWR);
	if (nth_fd < 0)
		fail("no fail-nth (CONFIG_FAULT_INJECTION): %s", strerror(errno));
	for (n = 1; ; n++) {
		struct rdma_cm_id *id = client_id(1);
		unsigned int left;
		int rc, err;

		if (n > FAILNTH_MAX)
			fail("more than %d allocations in one rdma_connect()",
			     FAILNTH_MAX);
		conn_param_init(&p, buf, len);
		fail_nth_write(n);
		rc = rdma_connect(id, &p);
		err = errno;
		left = fail_nth_read();
		fail_nth_write(0);
		if (left) {
			/* nothing failed: there were n - 1 allocations */
			if (rc)
				fail("rdma_connect with nothing injected: %s",
				     strerror(err));
			client_established(id);
			destroy_id_and_qp(id, 0);
			break;
		}
		if (rc) {
			printf("%s %s: allocation %d failed: rdma_connect %s\n",
			       role, test, n, strerror(err));
			if (err == ENOMEM)
				enomem++;
			else
				other++;
			/* the failed call left the id as it was */
			if (client_connect(id, buf, len))
				fail("allocation %d: rdma_connect after the failed one: %s",
				     n, strerror(errno));
			client_established(id);
		} else {
			/* the failure was handled inside: one event ends it */
			ev = next_event();
			printf("%s %s: allocation %d failed: rdma_connect 0, then %s status %d\n",
			       role, test, n, rdma_event_str(ev->event),
			       ev->status);
			if (ev->event == RDMA_CM_EVENT_CONNECT_RESPONSE &&
			    !id->qp && rdma_establish(id))
				fail("rdma_establish: %s", strerror(errno));
			rdma_ack_cm_event(ev);
			absorbed++;
		}
		destroy_id_and_qp(id, 0);
	}
	printf("%s %s: %d injection points: %d ENOMEM, %d other errno, %d absorbed; every id connected after its failure\n",
	       role, test, n - 1, enomem, other, absorbed);
}

struct racer {
	struct rdma_cm_id *id;
	struct rdma_conn_param *p;
	pthread_barrier_t *start;
	int what;		/* 0 connect, 1 close @fd, 2 disconnect */
	int fd, delay_us, rc, err;
};

static void *racer_run(void *arg)
{
	struct racer *r = arg;

	pthread_barrier_wait(r->start);
	if (r->delay_us)
		usleep(r->delay_us);
	switch (r->what) {
	case 0:
		r->rc = rdma_connect(r->id, r->p);
		break;
	case 1:
		r->rc = close(r->fd);
		break;
	default:
		r->rc = rdma_disconnect(r->id);
		break;
	}
	r->err = errno;
	return NULL;
}

/* Run @a and @b at once (each after its delay) and wait for both. */
static void race(struct racer *a, struct racer *b)
{
	pthread_barrier_t start;
	pthread_t t[2];

	pthread_barrier_init(&start, NULL, 2);
	a->start = b->start = &start;
	if (pthread_create(&t[0], NULL, racer_run, a) ||
	    pthread_create(&t[1], NULL, racer_run, b))
		fail("pthread_create failed");
	pthread_join(t[0], NULL);
	pthread_join(t[1], NULL);
	pthread_barrier_destroy(&start);
}

static int rounds(void)
{
	return len ? len : 1;
}

static void client_connect2(void)
{
	struct rdma_conn_param p;
	int i;

	for (i = 0; i < rounds(); i++) {
		struct rdma_cm_id *id = client_id(1);
		struct racer a = { .id = id, .p = &p }, b = a;
		struct racer *loser;

		conn_param_init(&p, NULL, 0);
		race(&a, &b);
		if (!a.rc == !b.rc)
			fail("round %d: rdma_connect returned %d (%s) and %d (%s)",
			     i, a.rc, strerror(a.err), b.rc, strerror(b.err));
		loser = a.rc ? &a : &b;
		if (loser->err != EINVAL)
			fail("round %d: the second rdma_connect: %s, expected EINVAL",
			     i, strerror(loser->err));
		client_established(id);
		destroy_id_and_qp(id, 0);
	}
	printf("%s %s: %d rounds: one rdma_connect won each, the other got EINVAL\n",
	       role, test, rounds());
}

static void client_closefd(void)
{
	struct rdma_event_channel *main_ch = ch;
	int i, closed = 0, destroyed = 0;
	double t, max_destroy = 0;
	struct rdma_conn_param p;

	srand(1);
	for (i = 0; i < rounds(); i++) {
		struct rdma_cm_id *id;
		struct ibv_qp *qp;

		ch = rdma_create_event_channel();
		if (!ch)
			fail("rdma_create_event_channel: %s", strerror(errno));
		id = client_id(1);
		qp = id->qp;
		conn_param_init(&p, NULL, 0);
		if (i & 1) {
			/* the id goes while its connect is under way */
			if (client_connect(id, NULL, 0))
				fail("round %d: rdma_connect: %s", i, strerror(errno));
			usleep(rand() % 5000);
			t = now();
			alarm(CALL_ALARM_S);
			destroy_id_and_qp(id, i & 2);
			alarm(0);
			if (now() - t > max_destroy)
				max_destroy = now() - t;
			rdma_destroy_event_channel(ch);
			destroyed++;
			continue;
		}
		/* the fd goes: ucma destroys every id of the file */
		{
			struct racer a = { .id = id, .p = &p };
			struct racer b = { .what = 1, .fd = ch->fd,
					   .delay_us = rand() % 2000 };

			race(&a, &b);
			if (a.rc && a.err != EBADF)
				fail("round %d: rdma_connect against close: %s",
				     i, strerror(a.err));
			if (b.rc)
				fail("round %d: close: %s", i, strerror(b.err));
		}
		/* librdmacm's id and channel went with the fd: only the QP is left */
		if (qp && ibv_destroy_qp(qp))
			fail("ibv_destroy_qp: %s", strerror(errno));
		closed++;
	}
	ch = main_ch;
	printf("%s %s: %d fds closed mid-connect, %d ids destroyed mid-connect (at most %.3f s)\n",
	       role, test, closed, destroyed, max_destroy);
	if (max_destroy > CALL_MAX_S)
		fail("a destroy took %.3f s (at most %.1f s)", max_destroy,
		     CALL_MAX_S);
}

static int is_outcome(enum rdma_cm_event_type e)
{
	return e == RDMA_CM_EVENT_ESTABLISHED ||
	       e == RDMA_CM_EVENT_CONNECT_RESPONSE ||
	       e == RDMA_CM_EVENT_REJECTED ||
	       e == RDMA_CM_EVENT_UNREACHABLE ||
	       e == RDMA_CM_EVENT_CONNECT_ERROR;
}

static void client_disconnect(void)
{
	int i, seen[RDMA_CM_EVENT_ADDR_CHANGE + 2] = { 0 }, refused = 0;
	struct pollfd pfd = { .fd = ch->fd, .events = POLLIN };
	struct rdma_conn_param p;
	struct rdma_cm_event *ev;

	srand(2);
	for (i = 0; i < rounds(); i++) {
		struct rdma_cm_id *id = client_id(1);
		struct racer a = { .id = id, .p = &p };
		struct racer b = { .id = id, .what = 2,
				   .delay_us = rand() % 3000 };
		int outcomes = 0;

		conn_param_init(&p, NULL, 0);
		race(&a, &b);
		if (a.rc)
			fail("round %d: rdma_connect: %s", i, strerror(a.err));
		if (b.rc) {
			if (b.err != EINVAL)
				fail("round %d: rdma_disconnect: %s", i,
				     strerror(b.err));
			refused++;
		}
		/* what the attempt reports until it has been quiet for 1 s */
		while (poll(&pfd, 1, 1000) == 1) {
			ev = next_event();
			if ((unsigned int)ev->event < sizeof(seen) / sizeof(seen[0]))
				seen[ev->event]++;
			if (is_outcome(ev->event) &&
			    ev->event != RDMA_CM_EVENT_REJECTED && ++outcomes > 1)
				fail("round %d: a second outcome, %s", i,
				     rdma_event_str(ev->event));
			rdma_ack_cm_event(ev);
		}
		alarm(CALL_ALARM_S);
		destroy_id_and_qp(id, 0);
		alarm(0);
	}
	printf("%s %s: %d rounds, rdma_disconnect refused (EINVAL) %d times; events:",
	       role, test, rounds(), refused);
	for (i = 0; i < (int)(sizeof(seen) / sizeof(seen[0])); i++)
		if (seen[i])
			printf(" %s %d", rdma_event_str(i), seen[i]);
	printf("\n");
}

/* One connect of the storm: its id and how far it got. */
struct attempt {
	struct rdma_cm_id *id;
	int step;	/* 0 free, 1 resolving the address, 2 the route, 3 connecting */
};

static void storm_end(struct attempt *a, int *ended)
{
	if (a->id->qp)
		rdma_destroy_qp(a->id);
	rdma_destroy_id(a->id);
	a->step = 0;
	(*ended)++;
}

/* Start a connect in slot @a; 0 when it failed at once (counted in @setup). */
static int storm_start(struct attempt *a, struct sockaddr *dst, int *setup)
{
	if (rdma_create_id(ch, &a->id, a, ps)) {
		(*setup)++;
		return 0;
	}
	if (rdma_resolve_addr(a->id, NULL, dst, 2000)) {
		rdma_destroy_id(a->id);
		(*setup)++;
		return 0;
	}
	a->step = 1;
	return 1;
}

/*
 * STORM_INFLIGHT connects in flight at a time; with @burst, all of them at
 * once, and only ESTABLISHED (CONNECT_RESPONSE without a QP) or REJECTED may
 * end one
 */
static void client_storm(int burst)
{
	int n = len ? len : 100, started = 0, ended = 0, setup = 0, i, k;
	int seen[RDMA_CM_EVENT_ADDR_CHANGE + 2] = { 0 }, inflight = 0;
	int width = burst ? n : STORM_INFLIGHT;
	struct attempt *slot;
	struct pollfd pfd = { .fd = ch->fd, .events = POLLIN };
	struct addrinfo *res = lookup(0);
	struct rdma_conn_param p;
	struct rdma_cm_event *ev;

	if (burst && (n < 1 || n > BURST_MAX))
		fail("a burst is 1 to %d connects, not %d", BURST_MAX, n);
	slot = calloc(width, sizeof(*slot));
	if (!slot)
		fail("no memory for %d connects", width);
	signal(SIGUSR1, stop);
	for (;;) {
		for (k = 0; k < width && started < n && !stopping; k++) {
			if (slot[k].step)
				continue;
			started++;
			inflight += storm_start(&slot[k], res->ai_addr, &setup);
		}
		if (!inflight)
			break;
		i = poll(&pfd, 1, REQ_TIMEOUT_MS);
		if (i < 0 && errno == EINTR)
			continue;
		if (i != 1)
			fail("%d connects in flight and no event for %d ms",
			     inflight, REQ_TIMEOUT_MS);
		if (rdma_get_cm_event(ch, &ev))
			fail("rdma_get_cm_event: %s", strerror(errno));
		{
			struct attempt *a = ev->id->context;
			enum rdma_cm_event_type e = ev->event;
			int st = ev->status, err = 0;

			if ((unsigned int)e < sizeof(seen) / sizeof(seen[0]))
				seen[e]++;
			if (e == RDMA_CM_EVENT_CONNECT_RESPONSE && !a->id->qp)
				rdma_establish(a->id);
			rdma_ack_cm_event(ev);
			if (e == RDMA_CM_EVENT_ADDR_RESOLVED && a->step == 1) {
				err = rdma_resolve_route(a->id, 2000) ? errno : 0;
				a->step = 2;
			} else if (e == RDMA_CM_EVENT_ROUTE_RESOLVED && a->step == 2) {
				err = want_qp ? create_qp(a->id) : 0;
				conn_param_init(&p, NULL, 0);	/* a new QPN */
				if (!err && rdma_connect(a->id, &p))
					err = errno;
				a->step = 3;
			} else if (a->step == 3 && is_outcome(e)) {
				storm_end(a, &ended);
				inflight--;
			} else if (e == RDMA_CM_EVENT_ADDR_ERROR ||
				   e == RDMA_CM_EVENT_ROUTE_ERROR ||
				   e == RDMA_CM_EVENT_DEVICE_REMOVAL ||
				   e == RDMA_CM_EVENT_ADDR_CHANGE) {
				storm_end(a, &ended);
				inflight--;
			} else {
				fail("%s status %d in step %d", rdma_event_str(e),
				     st, a->step);
			}
			if (err) {
				setup++;
				storm_end(a, &ended);
				ended--;
				inflight--;
			}
		}
	}
	freeaddrinfo(res);
	free(slot);
	printf("%s %s: %d attempts (%d started), %d failed to start, %d ended in an event:",
	       role, test, n, started, setup, ended);
	for (i = 0; i < (int)(sizeof(seen) / sizeof(seen[0])); i++)
		if (seen[i])
			printf(" %s %d", rdma_event_str(i), seen[i]);
	printf("\n");
	k = seen[RDMA_CM_EVENT_ESTABLISHED] + seen[RDMA_CM_EVENT_REJECTED] +
	    seen[RDMA_CM_EVENT_CONNECT_RESPONSE];
	if (burst && (setup || ended != n || k != n))
		fail("%d of %d connects did not end ESTABLISHED or REJECTED",
		     n - k, n);
	if (burst && !seen[RDMA_CM_EVENT_ESTABLISHED] &&
	    !seen[RDMA_CM_EVENT_CONNECT_RESPONSE])
		fail("none of %d connects was established", n);
}

/* Reject and accept are for a connect request, not for our own pending connect */
static void client_rejpending(void)
{
	struct pollfd pfd = { .fd = ch->fd, .events = POLLIN };
	struct rdma_cm_id *id = client_id(1);
	struct rdma_conn_param p;
	double took, t;

	connect_quickly(id, &took);
	/* nothing to reject: refused (stock IB/RoCE sent a REJ and dropped the REQ) */
	errno = 0;
	if (!rdma_reject(id, NULL, 0) || errno != EINVAL)
		fail("rdma_reject on a connecting id: expected EINVAL, got %s",
		     strerror(errno));
	conn_param_init(&p, NULL, 0);
	if (!rdma_accept(id, &p) || errno != EINVAL)
		fail("rdma_accept on a connecting id: expected EINVAL, got %s",
		     strerror(errno));
	t = now();
	alarm(CALL_ALARM_S);
	destroy_id_and_qp(id, 0);
	alarm(0);
	printf("%s %s: reject and accept as expected, destroy took %.3f s\n",
	       role, test, now() - t);
	if (now() - t > CALL_MAX_S)
		fail("the destroy took %.3f s", now() - t);
	if (poll(&pfd, 1, 1000) != 0)
		fail("an event arrived after the id was destroyed");
}

/*
 * Accept and reject while our own REQ is outstanding (the server accepts 1 s
 * late): both refused, and the connect goes on to its own event
 */
static void client_rejreq(void)
{
	struct rdma_cm_id *id = client_id(1);
	struct rdma_conn_param p;
	double took;
	int i;

	connect_quickly(id, &took);
	for (i = 0; i < 2; i++) {
		errno = 0;
		if ((i == 0) == (len == 1)) {
			conn_param_init(&p, NULL, 0);
			if (!rdma_accept(id, &p) || errno != EINVAL)
				fail("rdma_accept on a connecting id: expected EINVAL, got %s",
				     errno ? strerror(errno) : "0");
		} else if (!rdma_reject(id, NULL, 0) || errno != EINVAL) {
			fail("rdma_reject on a connecting id: expected EINVAL, got %s",
			     errno ? strerror(errno) : "0");
		}
	}
	/* the server accepts once both calls are done */
	if (go_file)
		touch_file(go_file);
	client_established(id);
	printf("%s %s: accept and reject EINVAL, then the connect's own event\n",
	       role, test);
}

/* A REJ after ESTABLISHED (IBTA 12.9.8.3: the passive side timed out on the RTU) */
static void client_rejafter(void)
{
	struct rdma_cm_id *id = client_id(1);
	struct ibv_qp_init_attr init;
	struct ibv_qp_attr attr;
	struct rdma_cm_event *ev;
	double t;

	if (client_connect(id, NULL, 0))
		fail("rdma_connect: %s", strerror(errno));
	client_established(id);
	printf("%s %s: established\n", role, test);
	fflush(stdout);
	ev = wait_event(60000);
	if (ev->event != RDMA_CM_EVENT_REJECTED)
		fail("expected REJECTED on the connected id, got %s status %d",
		     rdma_event_str(ev->event), ev->status);
	printf("%s %s: REJECTED status %d\n", role, test, ev->status);
	rdma_ack_cm_event(ev);
	if (id->qp) {
		if (ibv_query_qp(id->qp, &attr, IBV_QP_STATE, &init))
			fail("ibv_query_qp: %s", strerror(errno));
		if (attr.qp_state != IBV_QPS_ERR)
			fail("the QP is in state %d after REJECTED, not ERROR",
			     attr.qp_state);
	}
	t = now();
	alarm(CALL_ALARM_S);
	destroy_id_and_qp(id, 0);
	alarm(0);
	if (now() - t > CALL_MAX_S)
		fail("the destroy took %.3f s", now() - t);
}

/*
 * errqp: the peer's packets reach a QP in ERROR, which rxe drops. With -n 1
 * the server's QP is moved to ERROR (it creates the -w FILE then) and we send
 * ERRQP_SEND bytes to it: the send ends in a retry error. Without, we read
 * ERRQP_READ bytes of the server's memory (its address and rkey come with its
 * accept) and move our own QP to ERROR once the first read response is in:
 * the read is flushed. Either way the kernel must not complain, which the
 * e2e run's console check sees (stock 7.3.4 rxe frees those packets with
 * interrupts off: page_pool's lockdep WARN, then a hang; rxe-fixes 2).
 */
struct errqp_buf {
	uint64_t addr;
	uint32_t rkey;
	uint32_t len;
};

#define ERRQP_SEND	(64 << 10)
#define ERRQP_READ	(4 << 20)

static struct ibv_mr *errqp_mr(size_t n, int access)
{
	void *buf = calloc(1, n);
	struct ibv_mr *mr;

	if (!buf)
		fail("out of memory");
	mr = ibv_reg_mr(pd, buf, n, access);
	if (!mr)
		fail("ibv_reg_mr: %s", strerror(errno));
	return mr;
}

static struct ibv_wc errqp_wait_wc(void)
{
	struct ibv_wc wc;
	double end = now() + TIMEOUT_MS / 1000;
	int n;

	while (!(n = ibv_poll_cq(cq, 1, &wc)) && now() < end)
		usleep(1000);
	if (n != 1)
		fail("no work completion within %d ms", TIMEOUT_MS);
	return wc;
}

static void client_errqp(void)
{
	struct rdma_cm_id *id = client_id(1);
	struct ibv_qp_attr attr = { .qp_state = IBV_QPS_ERR };
	struct ibv_sge sge = {};
	struct ibv_send_wr wr = { .sg_list = &sge, .num_sge = 1,
				  .send_flags = IBV_SEND_SIGNALED }, *bad;
	struct rdma_conn_param p;
	struct rdma_cm_event *ev;
	struct errqp_buf peer;
	struct ibv_mr *mr;
	struct ibv_wc wc;
	uint8_t ack_timeout = 14;

	if (!id->qp)
		fail("errqp needs a QP (-q)");
	/* ACK timeouts of 67 ms, one retry: a retry error within a second */
	if (rdma_set_option(id, RDMA_OPTION_ID, RDMA_OPTION_ID_ACK_TIMEOUT,
			    &ack_timeout, sizeof(ack_timeout)))
		fail("rdma_set_option(ACK_TIMEOUT): %s", strerror(errno));
	conn_param_init(&p, NULL, 0);
	p.retry_count = 1;
	if (rdma_connect(id, &p))
		fail("rdma_connect: %s", strerror(errno));
	ev = next_event();
	if (ev->event != RDMA_CM_EVENT_ESTABLISHED)
		fail("expected ESTABLISHED, got %s status %d",
		     rdma_event_str(ev->event), ev->status);
	if (ev->param.conn.private_data_len < sizeof(peer))
		fail("%d bytes of private data, expected the server's buffer",
		     ev->param.conn.private_data_len);
	memcpy(&peer, ev->param.conn.private_data, sizeof(peer));
	rdma_ack_cm_event(ev);

	mr = errqp_mr(ERRQP_READ, IBV_ACCESS_LOCAL_WRITE);
	sge.addr = (uintptr_t)mr->addr;
	sge.lkey = mr->lkey;
	if (len == 1) {
		wait_file(go_file, TIMEOUT_MS / 1000);
		sge.length = ERRQP_SEND;
		wr.opcode = IBV_WR_SEND;
		if (ibv_post_send(id->qp, &wr, &bad))
			fail("ibv_post_send: %s", strerror(errno));
		wc = errqp_wait_wc();
		if (wc.status != IBV_WC_RETRY_EXC_ERR)
			fail("the send to a QP in ERROR ended in %s, not %s",
			     ibv_wc_status_str(wc.status),
			     ibv_wc_status_str(IBV_WC_RETRY_EXC_ERR));
	} else {
		volatile uint8_t *first = mr->addr;
		double end;

		if (peer.len < ERRQP_READ)
			fail("the server's buffer has %u bytes", peer.len);
		sge.length = ERRQP_READ;
		wr.opcode = IBV_WR_RDMA_READ;
		wr.wr.rdma.remote_addr = peer.addr;
		wr.wr.rdma.rkey = peer.rkey;
		if (ibv_post_send(id->qp, &wr, &bad))
			fail("ibv_post_send: %s", strerror(errno));
		/* the first response has arrived: the rest is on its way */
		for (end = now() + TIMEOUT_MS / 1000; !*first; usleep(100))
			if (now() > end)
				fail("no read response within %d ms", TIMEOUT_MS);
		if (ibv_modify_qp(id->qp, &attr, IBV_QP_STATE))
			fail("ibv_modify_qp(ERROR): %s", strerror(errno));
		wc = errqp_wait_wc();
		if (wc.status != IBV_WC_WR_FLUSH_ERR)
			fail("the read ended in %s, not %s (flushed)",
			     ibv_wc_status_str(wc.status),
			     ibv_wc_status_str(IBV_WC_WR_FLUSH_ERR));
	}
	printf("%s %s: %s\n", role, test, ibv_wc_status_str(wc.status));
	rdma_disconnect(id);
	destroy_id_and_qp(id, 0);
}

/* ---------------------------------------------------------------- server */

static struct rdma_cm_id *listen_on(struct addrinfo *res, int backlog)
{
	struct rdma_cm_id *id;

	if (rdma_create_id(ch, &id, NULL, ps))
		fail("rdma_create_id: %s", strerror(errno));
	if (rdma_bind_addr(id, res->ai_addr))
		fail("rdma_bind_addr %s: %s", addr, strerror(errno));
	if (rdma_listen(id, backlog))
		fail("rdma_listen: %s", strerror(errno));
	return id;
}

static struct rdma_cm_id *server_request(struct rdma_cm_id **listen_id)
{
	struct addrinfo *res = lookup(1);
	struct rdma_cm_event *ev;
	struct rdma_cm_id *id;

	/*
	 * accept_late listens at once and waits for the file before it
	 * accepts; accrej creates it
	 */
	if (go_file && strcmp(test, "accept_late") && strcmp(test, "accrej") &&
	    strcmp(test, "errqp"))
		wait_file(go_file, REQUEST_TIMEOUT_MS / 1000);
	*listen_id = listen_on(res, 4);
	freeaddrinfo(res);
	printf("%s %s: listening on %s port %s\n", role, test, addr, port);
	fflush(stdout);

	ev = wait_event(REQUEST_TIMEOUT_MS);
	if (ev->event != RDMA_CM_EVENT_CONNECT_REQUEST)
		fail("expected CONNECT_REQUEST, got %s status %d",
		     rdma_event_str(ev->event), ev->status);
	id = ev->id;
	if (test && !strcmp(test, "accept")) {
		const uint8_t *p = ps == RDMA_PS_UDP ?
			ev->param.ud.private_data : ev->param.conn.private_data;
		int n = ps == RDMA_PS_UDP ? ev->param.ud.private_data_len :
			ev->param.conn.private_data_len;
		int i;

		if (n < len)
			fail("%d bytes of private data arrived, expected %d", n, len);
		for (i = 0; i < len; i++)
			if (p[i] != pattern(i))
				fail("private data byte %d is %#x, expected %#x",
				     i, p[i], pattern(i));
	}
	if (!strcmp(test, "qpn") && ev->param.conn.qp_num != (QPN_SENT & 0xffffff))
		fail("QPN %#x arrived, expected %#x", ev->param.conn.qp_num,
		     QPN_SENT & 0xffffff);
	rdma_ack_cm_event(ev);
	return id;
}

static void server_accept(struct rdma_cm_id *id)
{
	struct rdma_conn_param p;

	if (want_qp)
		make_qp(id);
	next_qpn = 0x456;
	conn_param_init(&p, NULL, 0);
	if (rdma_accept(id, &p))
		fail("rdma_accept: %s", strerror(errno));
	if (ps != RDMA_PS_UDP)	/* a SIDR REP ends it for UD */
		expect_event(RDMA_CM_EVENT_ESTABLISHED);
}

/*
 * accrej: accept, then reject and accept again while the accept is under
 * way (before ESTABLISHED: the Initiator, mpa_peer -c, holds back the RTR
 * until we create the -w file). Both must fail with EINVAL and leave the
 * accept to end in ESTABLISHED. The QP is not the id's (ibv_create_qp(),
 * not rdma_create_qp()): librdmacm would move it to ERROR when a call fails.
 */
static void server_accrej(struct rdma_cm_id *id)
{
	struct ibv_qp_init_attr attr = {
		.cap = { .max_send_wr = 1, .max_recv_wr = 1,
			 .max_send_sge = 1, .max_recv_sge = 1 },
		.qp_type = IBV_QPT_RC,
	};
	struct rdma_cm_event *ev;
	struct rdma_conn_param p;
	struct pollfd pfd;
	struct ibv_pd *pd;
	struct ibv_qp *qp;
	int ret;

	pd = ibv_alloc_pd(id->verbs);
	attr.send_cq = pd ? ibv_create_cq(id->verbs, 2, NULL, NULL, 0) : NULL;
	attr.recv_cq = attr.send_cq;
	qp = attr.send_cq ? ibv_create_qp(pd, &attr) : NULL;
	if (!qp)
		fail("cannot create a QP: %s", strerror(errno));
	conn_param_init(&p, NULL, 0);
	p.qp_num = qp->qp_num;
	if (rdma_accept(id, &p))
		fail("rdma_accept: %s", strerror(errno));
	/* the window: no ESTABLISHED (or any event) before the peer's RTR */
	pfd.fd = ch->fd;
	pfd.events = POLLIN;
	if (poll(&pfd, 1, 0) != 0)
		fail("an event is pending right after rdma_accept(): the Initiator did not hold back its RTR");
	if (len != 1 && len != 2) {	/* -n 1, -n 2: no reject */
		ret = rdma_reject(id, NULL, 0);
		if (!ret || errno != EINVAL)
			fail("rdma_reject after rdma_accept: expected EINVAL, got %s",
			     ret ? strerror(errno) : "0");
	}
	if (len != 2) {			/* -n 2: no second accept */
		ret = rdma_accept(id, &p);
		if (!ret || errno != EINVAL)
			fail("a second rdma_accept: expected EINVAL, got %s",
			     ret ? strerror(errno) : "0");
		printf("%s %s: %ssecond accept refused with EINVAL\n", role, test,
		       len == 1 ? "" : "reject and ");
	}
	fflush(stdout);
	if (go_file)
		touch_file(go_file);
	ev = wait_event(TIMEOUT_MS);
	/* -n 2: the Initiator resets the connection instead of its RTR */
	if (ev->event != (len == 2 ? RDMA_CM_EVENT_DISCONNECTED : RDMA_CM_EVENT_ESTABLISHED))
		fail("expected %s, got %s status %d",
		     len == 2 ? "DISCONNECTED" : "ESTABLISHED",
		     rdma_event_str(ev->event), ev->status);
	printf("%s %s: %s\n", role, test, rdma_event_str(ev->event));
	rdma_ack_cm_event(ev);
	rdma_destroy_id(id);
	ibv_destroy_qp(qp);
	ibv_destroy_cq(attr.send_cq);
	ibv_dealloc_pd(pd);
}

static void server_drop(struct rdma_cm_id *id)
{
	if (id->qp)
		rdma_destroy_qp(id);
	rdma_destroy_id(id);
}

/*
 * Accept every request until SIGTERM; with @flap, destroy the listener and
 * listen again every 5-50 ms, so that requests meet no listener or one that
 * goes away under them.
 */
static void server_serve(int flap)
{
	struct pollfd pfd = { .fd = ch->fd, .events = POLLIN };
	struct addrinfo *res = lookup(1);
	int backlog = len ? len : 128;
	struct rdma_cm_id *listen_id = listen_on(res, backlog);
	unsigned long accepted = 0, flaps = 0;
	double next_flap = now();
	struct rdma_conn_param p;
	struct rdma_cm_event *ev;

	signal(SIGTERM, stop);
	printf("%s %s: listening on %s port %s\n", role, test, addr, port);
	fflush(stdout);
	srand(3);
	next_qpn |= 0x800000;	/* apart from the clients' */
	while (!stopping) {
		if (flap && now() > next_flap) {
			rdma_destroy_id(listen_id);
			usleep(rand() % 20000);
			listen_id = listen_on(res, backlog);
			next_flap = now() + (5 + rand() % 45) / 1000.0;
			flaps++;
		}
		if (poll(&pfd, 1, flap ? 5 : 200) != 1)
			continue;
		if (rdma_get_cm_event(ch, &ev))
			fail("rdma_get_cm_event: %s", strerror(errno));
		if (ev->event == RDMA_CM_EVENT_CONNECT_REQUEST) {
			struct rdma_cm_id *id = ev->id;

			rdma_ack_cm_event(ev);
			conn_param_init(&p, NULL, 0);
			if ((want_qp && create_qp(id)) || rdma_accept(id, &p)) {
				rdma_reject(id, NULL, 0);
				server_drop(id);
			} else if (ps == RDMA_PS_UDP) {
				server_drop(id);	/* the SIDR REP was all */
			}
			accepted++;
		} else if (ev->id != listen_id &&
			   ev->event != RDMA_CM_EVENT_ESTABLISHED) {
			/* disconnected, failed or gone: done with it */
			struct rdma_cm_id *id = ev->id;

			rdma_ack_cm_event(ev);
			server_drop(id);
		} else {
			rdma_ack_cm_event(ev);
		}
	}
	printf("%s %s: accepted %lu requests, listener re-created %lu times\n",
	       role, test, accepted, flaps);
	freeaddrinfo(res);
	exit(0);
}

/*
 * errqp: accept with the address and rkey of ERRQP_READ readable bytes; with
 * -n 1 move the QP to ERROR once ESTABLISHED and create the -w FILE. Then wait
 * until the client is gone.
 */
static void server_errqp(struct rdma_cm_id *id)
{
	struct ibv_qp_attr attr = { .qp_state = IBV_QPS_ERR };
	struct rdma_conn_param p;
	struct errqp_buf b;
	struct rdma_cm_event *ev;
	struct ibv_mr *mr;

	make_qp(id);
	mr = errqp_mr(ERRQP_READ, IBV_ACCESS_LOCAL_WRITE |
		      IBV_ACCESS_REMOTE_READ);
	memset(mr->addr, 0xa5, ERRQP_READ);	/* the reader waits for non-zero */
	b.addr = (uintptr_t)mr->addr;
	b.rkey = mr->rkey;
	b.len = ERRQP_READ;
	conn_param_init(&p, &b, sizeof(b));
	if (rdma_accept(id, &p))
		fail("rdma_accept: %s", strerror(errno));
	expect_event(RDMA_CM_EVENT_ESTABLISHED);
	if (len == 1) {
		if (ibv_modify_qp(id->qp, &attr, IBV_QP_STATE))
			fail("ibv_modify_qp(ERROR): %s", strerror(errno));
		touch_file(go_file);
	}
	ev = wait_event(60000);
	if (ev->event != RDMA_CM_EVENT_DISCONNECTED)
		fail("expected DISCONNECTED, got %s status %d",
		     rdma_event_str(ev->event), ev->status);
	rdma_ack_cm_event(ev);
}

static void server(void)
{
	struct rdma_cm_id *listen_id, *id;

	if (!strcmp(test, "serve") || !strcmp(test, "flap"))
		server_serve(!strcmp(test, "flap"));
	id = server_request(&listen_id);
	if (!strcmp(test, "accept")) {
		server_accept(id);
	} else if (!strcmp(test, "accept_late")) {
		if (go_file)
			wait_file(go_file, TIMEOUT_MS / 1000);
		else
			sleep(1);
		server_accept(id);
	} else if (!strcmp(test, "reject") || !strcmp(test, "qpn")) {
		uint8_t *buf = pattern_buf(REJECT_LEN);

		if (rdma_reject(id, buf, REJECT_LEN))
			fail("rdma_reject: %s", strerror(errno));
	} else if (!strcmp(test, "accrej")) {
		server_accrej(id);
	} else if (!strcmp(test, "accept_exit")) {
		struct rdma_conn_param p;

		if (want_qp)
			make_qp(id);
		conn_param_init(&p, NULL, 0);
		if (rdma_accept(id, &p))
			fail("rdma_accept: %s", strerror(errno));
		/* no RTU comes: leave, and let ucma destroy the id (a REJ) */
		sleep(3);
		printf("%s %s: leaving without the RTU\n", role, test);
	} else if (!strcmp(test, "hold")) {
		/* the client's DREQ may never come (addrgone): stay a while */
		server_accept(id);
		sleep(15);
	} else if (!strcmp(test, "errqp")) {
		server_errqp(id);
	} else if (!strcmp(test, "ece")) {
		struct ibv_ece ece = {};

		if (rdma_get_remote_ece(id, &ece))
			fail("rdma_get_remote_ece: %s", strerror(errno));
		if (ece.vendor_id != ECE_VENDOR || ece.options != ECE_ATTR)
			fail("ECE vendor %#x options %#x arrived, expected %#x %#x",
			     ece.vendor_id, ece.options, ECE_VENDOR, ECE_ATTR);
		server_accept(id);
	} else {
		fail("unknown server test");
	}
}

int main(int argc, char **argv)
{
	int c;

	role = argc > 1 ? argv[1] : "";
	optind = 2;
	while ((c = getopt(argc, argv, "a:p:P:t:n:qw:")) != -1) {
		switch (c) {
		case 'a': addr = optarg; break;
		case 'p': port = optarg; break;
		case 'P': ps = !strcmp(optarg, "udp") ? RDMA_PS_UDP : RDMA_PS_TCP; break;
		case 't': test = optarg; break;
		case 'n': len = atoi(optarg); break;
		case 'q': want_qp = 1; break;
		case 'w': go_file = optarg; break;
		default: goto usage;
		}
	}
	if (!addr || !test || (strcmp(role, "client") && strcmp(role, "server")))
		goto usage;
	signal(SIGALRM, blocked);
	/* made-up QPNs of one process apart from another's */
	next_qpn = (getpid() & 0x7ff) << 12 | 0x123;
	ch = rdma_create_event_channel();
	if (!ch)
		fail("rdma_create_event_channel: %s", strerror(errno));

	if (!strcmp(role, "server"))
		server();
	else if (!strcmp(test, "einval"))
		client_einval();
	else if (!strcmp(test, "pdata"))
		client_pdata(0);
	else if (!strcmp(test, "pdata_over"))
		client_pdata(1);
	else if (!strcmp(test, "nolistener"))
		client_refused(0);
	else if (!strcmp(test, "reject"))
		client_refused(1);
	else if (!strcmp(test, "ece"))
		client_ece();
	else if (!strcmp(test, "qpn"))
		client_qpn();
	else if (!strcmp(test, "acktimeout"))
		client_acktimeout();
	else if (!strcmp(test, "mcast"))
		client_mcast();
	else if (!strcmp(test, "addrgone"))
		client_addrgone();
	else if (!strcmp(test, "timeout"))
		client_unreachable(REQ_TIMEOUT_MS, 0, 0);
	else if (!strcmp(test, "unroutable"))
		client_unroutable();
	else if (!strcmp(test, "mra"))
		client_unreachable(MRA_WAIT_MS, MRA_MIN_S, MRA_MAX_S);
	else if (!strcmp(test, "destroy"))
		client_destroy();
	else if (!strcmp(test, "retry") && go_file)
		client_retry();
	else if (!strcmp(test, "failnth"))
		client_failnth();
	else if (!strcmp(test, "connect2"))
		client_connect2();
	else if (!strcmp(test, "closefd"))
		client_closefd();
	else if (!strcmp(test, "disconnect"))
		client_disconnect();
	else if (!strcmp(test, "storm"))
		client_storm(0);
	else if (!strcmp(test, "burst"))
		client_storm(1);
	else if (!strcmp(test, "rejafter"))
		client_rejafter();
	else if (!strcmp(test, "rejpending"))
		client_rejpending();
	else if (!strcmp(test, "rejreq"))
		client_rejreq();
	else if (!strcmp(test, "errqp"))
		client_errqp();
	else
		goto usage;
	printf("%s %s: PASS\n", role, test);
	return 0;
usage:
	fprintf(stderr, "usage: rdmacm_conform server|client -a ADDR -t TEST [-p PORT] [-P tcp|udp] [-q] [-n LEN] [-w FILE]\n");
	return 2;
}
