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
 *              (that of an id without the option), never a wrapped 255
 *   timeout    a peer that never answers: rdma_connect() returns within 1 s,
 *              then UNREACHABLE -ETIMEDOUT after the CM's retries (IB CM) or
 *              the connect timeout (iWARP)
 *   destroy    LEN ids (default 1) connect to a peer that never answers; each
 *              rdma_connect() returns and each destroy takes less than 1 s,
 *              and no event arrives afterwards. Even ids are destroyed
 *              before their QP, odd ones after it.
 *   retry      iWARP: the first connect is refused (nobody listens yet):
 *              REJECTED -ECONNRESET, and the same id refuses a second
 *              connect (EINVAL); after touching FILE (-w), new ids connect
 *              until the server listens and one gets ESTABLISHED
 * Server tests: accept (checks LEN bytes of pattern), reject, ece, qpn;
 * with -w FILE the server listens only once FILE exists.
 *
 * Every wait is bounded. Exit 0 when the outcome is the expected one; else a
 * line naming the event and status seen instead, and exit 1.
 */
#include <errno.h>
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

static const char *role, *test, *addr, *port = "7400";
static enum rdma_port_space ps = RDMA_PS_TCP;
static int want_qp, len;
static const char *go_file;
static struct rdma_event_channel *ch;

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

static void make_qp(struct rdma_cm_id *id)
{
	struct ibv_qp_init_attr attr = {
		.cap = { .max_send_wr = 1, .max_recv_wr = 1,
			 .max_send_sge = 1, .max_recv_sge = 1 },
		.qp_type = ps == RDMA_PS_UDP ? IBV_QPT_UD : IBV_QPT_RC,
	};
	/* one PD and CQ for all QPs of the process (one device per run) */
	static struct ibv_pd *pd;
	static struct ibv_cq *cq;

	if (!pd)
		pd = ibv_alloc_pd(id->verbs);
	if (pd && !cq)
		cq = ibv_create_cq(id->verbs, 2 * MAX_IDS, NULL, NULL, 0);
	if (!cq)
		fail("cannot allocate a PD and CQ: %s", strerror(errno));
	attr.send_cq = cq;
	attr.recv_cq = cq;
	if (rdma_create_qp(id, pd, &attr))
		fail("rdma_create_qp: %s", strerror(errno));
}

/* ---------------------------------------------------------------- client */

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

static void conn_param_init(struct rdma_conn_param *p, const void *data, int n)
{
	memset(p, 0, sizeof(*p));
	p->private_data = data;
	p->private_data_len = n;
	p->responder_resources = 1;
	p->initiator_depth = 1;
	p->retry_count = 7;
	p->rnr_retry_count = 7;
	p->qp_num = 0x123;
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
 * -ECONNRESET for a reset TCP connect. The status of an MPA reject is the
 * provider's (siw: -ECONNRESET, cxgb4: -ECONNREFUSED): not checked.
 */
static void client_refused(int consumer)
{
	struct rdma_cm_id *id = client_id(1);
	int iw = is_iwarp(id), want_reject = iw || ps != RDMA_PS_UDP;
	int want_status = consumer ? (iw ? 0 : 28) :
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
	int def = path_lifetime(0, 0), got = path_lifetime(1, len);
	int want = len ? len - 1 : def;

	if (got != want)
		fail("ACK timeout %d: packet lifetime %d, expected %d (default %d)",
		     len, got, want, def);
	printf("%s %s: ack timeout %d -> packet lifetime %d (default %d)\n",
	       role, test, len, got, def);
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

static void client_timeout(void)
{
	struct rdma_cm_id *id = client_id(1);
	struct rdma_cm_event *ev;
	double took, t;

	connect_quickly(id, &took);
	t = now();
	ev = wait_event(REQ_TIMEOUT_MS);
	printf("%s %s: rdma_connect returned after %.3f s, %s status %d after %.1f s\n",
	       role, test, took, rdma_event_str(ev->event), ev->status,
	       now() - t);
	if (ev->event != RDMA_CM_EVENT_UNREACHABLE || ev->status != -ETIMEDOUT)
		fail("expected UNREACHABLE status %d, got %s status %d",
		     -ETIMEDOUT, rdma_event_str(ev->event), ev->status);
	rdma_ack_cm_event(ev);
	if (rdma_destroy_id(id))
		fail("rdma_destroy_id after the timeout: %s", strerror(errno));
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
	FILE *f;
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
	f = fopen(go_file, "w");
	if (!f)
		fail("cannot create %s", go_file);
	fclose(f);
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

/* ---------------------------------------------------------------- server */

static struct rdma_cm_id *server_request(struct rdma_cm_id **listen_id)
{
	struct addrinfo *res = lookup(1);
	struct rdma_cm_event *ev;
	struct rdma_cm_id *id;

	if (go_file) {
		int i;

		for (i = 0; access(go_file, F_OK); i++) {
			if (i == REQUEST_TIMEOUT_MS / 1000)
				fail("%s never appeared", go_file);
			sleep(1);
		}
	}
	if (rdma_create_id(ch, listen_id, NULL, ps))
		fail("rdma_create_id: %s", strerror(errno));
	if (rdma_bind_addr(*listen_id, res->ai_addr))
		fail("rdma_bind_addr %s: %s", addr, strerror(errno));
	freeaddrinfo(res);
	if (rdma_listen(*listen_id, 4))
		fail("rdma_listen: %s", strerror(errno));
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
	conn_param_init(&p, NULL, 0);
	p.qp_num = 0x456;
	if (rdma_accept(id, &p))
		fail("rdma_accept: %s", strerror(errno));
	if (ps != RDMA_PS_UDP)	/* a SIDR REP ends it for UD */
		expect_event(RDMA_CM_EVENT_ESTABLISHED);
}

static void server(void)
{
	struct rdma_cm_id *listen_id, *id;

	id = server_request(&listen_id);
	if (!strcmp(test, "accept")) {
		server_accept(id);
	} else if (!strcmp(test, "reject") || !strcmp(test, "qpn")) {
		uint8_t *buf = pattern_buf(REJECT_LEN);

		if (rdma_reject(id, buf, REJECT_LEN))
			fail("rdma_reject: %s", strerror(errno));
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
	else if (!strcmp(test, "timeout"))
		client_timeout();
	else if (!strcmp(test, "destroy"))
		client_destroy();
	else if (!strcmp(test, "retry") && go_file)
		client_retry();
	else
		goto usage;
	printf("%s %s: PASS\n", role, test);
	return 0;
usage:
	fprintf(stderr, "usage: rdmacm_conform server|client -a ADDR -t TEST [-p PORT] [-P tcp|udp] [-q] [-n LEN] [-w FILE]\n");
	return 2;
}
