// SPDX-License-Identifier: GPL-2.0
/*
 * mpa_client: connect an RC QP through librdmacm (over siw against
 * tests/e2e/mpa_peer) and report the connect's outcome:
 *
 *   mpa_client -a ADDR -p PORT [-x error|established|closed] [-n LEN]
 *
 * Prints one line "mpa_client: EVENT status S private data length N"
 * (followed by the private data's first bytes), then:
 *   -x error        (default) exit 0 when the connect ends in
 *                   CONNECT_ERROR (not REJECTED: that is a reject or a TCP
 *                   reset, i.e. no Reply was judged), with at most LEN bytes of
 *                   private data (-n, default 0: a Reply too short for the
 *                   IRD/ORD block carries none, so any byte is read past
 *                   it), and no further event follows within a second;
 *                   ESTABLISHED, any other event, no event or a failing call
 *                   is exit 1
 *   -x established  exit 0 when the connect is ESTABLISHED with exactly LEN
 *                   bytes of private data (-n, default 0) holding mpa_peer's
 *                   pattern 0, 1, 2, ...
 *   -x closed       the same, and then DISCONNECTED within 5 s: the peer
 *                   closed right after its Reply (mpa_peer -s)
 * Every wait is bounded (30 s for the connect's event).
 */
#include <errno.h>
#include <netdb.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <rdma/rdma_cma.h>

#define STEP_MS 5000		/* address and route resolution */
#define CONNECT_MS 30000	/* siw's MPA timeout is shorter */
#define CLOSED_MS 5000		/* -x closed: the peer's close reported */

static struct rdma_event_channel *ch;

static void __attribute__((noreturn, format(printf, 1, 2))) fail(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	printf("mpa_client: FAIL: ");
	vprintf(fmt, ap);
	putchar('\n');
	va_end(ap);
	exit(1);
}

/* the next event, or NULL after @ms */
static struct rdma_cm_event *get_event(int ms)
{
	struct pollfd pfd = { .fd = ch->fd, .events = POLLIN };
	struct rdma_cm_event *ev;

	if (poll(&pfd, 1, ms) != 1)
		return NULL;
	if (rdma_get_cm_event(ch, &ev))
		fail("rdma_get_cm_event: %s", strerror(errno));
	return ev;
}

static void expect(enum rdma_cm_event_type want)
{
	struct rdma_cm_event *ev = get_event(STEP_MS);

	if (!ev)
		fail("no %s within %d ms", rdma_event_str(want), STEP_MS);
	if (ev->event != want)
		fail("expected %s, got %s status %d", rdma_event_str(want),
		     rdma_event_str(ev->event), ev->status);
	rdma_ack_cm_event(ev);
}

int main(int argc, char **argv)
{
	struct addrinfo hints = { .ai_flags = AI_NUMERICHOST | AI_NUMERICSERV };
	struct ibv_qp_init_attr attr = {
		.cap = { .max_send_wr = 1, .max_recv_wr = 1, .max_send_sge = 1,
			 .max_recv_sge = 1 },
		.qp_type = IBV_QPT_RC,
	};
	const char *addr = NULL, *port = NULL, *want = "error";
	struct rdma_conn_param param = { .responder_resources = 1, .initiator_depth = 1 };
	int c, i, n, len = 0, ok, got_error, status;
	struct rdma_cm_event *ev, *extra;
	const unsigned char *pd;
	enum rdma_cm_event_type e;
	struct rdma_cm_id *id;
	struct addrinfo *ai;

	setvbuf(stdout, NULL, _IOLBF, 0);
	while ((c = getopt(argc, argv, "a:p:x:n:")) != -1) {
		switch (c) {
		case 'a': addr = optarg; break;
		case 'p': port = optarg; break;
		case 'x': want = optarg; break;
		case 'n': len = atoi(optarg); break;
		default: goto usage;
		}
	}
	if (!addr || !port || optind != argc ||
	    (strcmp(want, "error") && strcmp(want, "established") && strcmp(want, "closed")))
		goto usage;
	if (getaddrinfo(addr, port, &hints, &ai))
		fail("cannot parse address %s port %s", addr, port);

	ch = rdma_create_event_channel();
	if (!ch)
		fail("rdma_create_event_channel: %s", strerror(errno));
	if (rdma_create_id(ch, &id, NULL, RDMA_PS_TCP))
		fail("rdma_create_id: %s", strerror(errno));
	if (rdma_resolve_addr(id, NULL, ai->ai_addr, STEP_MS))
		fail("rdma_resolve_addr: %s", strerror(errno));
	freeaddrinfo(ai);
	expect(RDMA_CM_EVENT_ADDR_RESOLVED);
	if (rdma_resolve_route(id, STEP_MS))
		fail("rdma_resolve_route: %s", strerror(errno));
	expect(RDMA_CM_EVENT_ROUTE_RESOLVED);
	printf("mpa_client: connecting over %s to %s port %s\n",
	       ibv_get_device_name(id->verbs->device), addr, port);
	/* the default PD, and CQs created for the QP */
	if (rdma_create_qp(id, NULL, &attr))
		fail("rdma_create_qp: %s", strerror(errno));
	if (rdma_connect(id, &param))
		fail("rdma_connect: %s", strerror(errno));

	ev = get_event(CONNECT_MS);
	if (!ev)
		fail("no event within %d ms of rdma_connect()", CONNECT_MS);
	e = ev->event;
	status = ev->status;
	n = ev->param.conn.private_data_len;
	pd = ev->param.conn.private_data;
	printf("mpa_client: %s status %d private data length %d", rdma_event_str(e), status, n);
	for (i = 0; pd && i < n && i < 16; i++)
		printf("%s%02x", i ? " " : ": ", pd[i]);
	printf("%s\n", pd && n > 16 ? " ..." : "");

	/*
	 * The refusal of a Reply is CONNECT_ERROR; REJECTED would be the peer's
	 * reject or, with a TCP reset, no peer at all: neither tests the Reply.
	 */
	got_error = e == RDMA_CM_EVENT_CONNECT_ERROR;
	if (!strcmp(want, "error")) {
		ok = got_error && n <= len;
	} else {
		ok = e == RDMA_CM_EVENT_ESTABLISHED && n == len;
		for (i = 0; ok && i < n; i++)
			ok = pd[i] == (i & 0xff);
	}
	rdma_ack_cm_event(ev);

	/* an error event is the connect's last word */
	if (got_error) {
		extra = get_event(1000);
		if (extra) {
			printf("mpa_client: FAIL: a further event after %s: %s status %d\n",
			       rdma_event_str(e), rdma_event_str(extra->event), extra->status);
			rdma_ack_cm_event(extra);
			ok = 0;
		}
	}
	/* -x closed: the peer has gone, and the connection must say so */
	if (ok && !strcmp(want, "closed")) {
		extra = get_event(CLOSED_MS);
		if (!extra) {
			printf("mpa_client: FAIL: no DISCONNECTED within %d ms of ESTABLISHED, the peer having closed\n",
			       CLOSED_MS);
			ok = 0;
		} else {
			printf("mpa_client: then %s status %d\n", rdma_event_str(extra->event),
			       extra->status);
			ok = extra->event == RDMA_CM_EVENT_DISCONNECTED;
			rdma_ack_cm_event(extra);
			e = RDMA_CM_EVENT_DISCONNECTED;
		}
	}
	if (e == RDMA_CM_EVENT_ESTABLISHED)
		rdma_disconnect(id);
	rdma_destroy_qp(id);
	if (rdma_destroy_id(id))
		fail("rdma_destroy_id: %s", strerror(errno));
	rdma_destroy_event_channel(ch);
	/* the last line (run.sh quotes it): what came, what was expected */
	printf("mpa_client: %s: %s status %d private data length %d; expected ", ok ? "PASS" : "FAIL",
	       rdma_event_str(e), status, n);
	if (!strcmp(want, "error"))
		printf("CONNECT_ERROR with at most %d bytes of private data\n", len);
	else
		printf("ESTABLISHED with %d bytes of private data 00 01 02 ...%s\n", len,
		       strcmp(want, "closed") ? "" : ", then DISCONNECTED");
	return ok ? 0 : 1;

usage:
	fprintf(stderr, "usage: mpa_client -a ADDR -p PORT [-x error|established|closed] [-n LEN]\n");
	return 2;
}
