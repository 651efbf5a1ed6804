// SPDX-License-Identifier: GPL-2.0
/*
 * mpa_peer: a broken iWARP passive peer over plain TCP, to test how an MPA
 * Initiator (siw_proc_mpareply() in drivers/infiniband/sw/siw/siw_cm.c)
 * handles an MPA v2 Reply whose private data is too short for the IRD/ORD
 * block.
 *
 *   mpa_peer -a ADDR -p PORT -l LEN [-n COUNT] [-t SECONDS] [-r FILE] [-s COUNT] [-w FILE]
 *
 * Listens on ADDR:PORT and, COUNT times (default 1), accepts a connection,
 * reads one complete MPA Request frame and checks it, answers with an MPA
 * Reply of revision 2 with the enhanced-mode flag set and exactly LEN bytes
 * of private data, then waits up to SECONDS (default 15) for the Initiator to
 * close and says how the connection ended (the Request, too, must come within
 * SECONDS). With -r FILE it creates FILE once it listens (a client in
 * another guest waits for it: rdma_cm does not see this listener).
 *
 * MPA Request/Reply frame (RFC 5044 section 7.1, RFC 6581 section 5; struct
 * mpa_rr in siw's iwarp.h):
 *
 *   16 bytes  key, "MPA ID Req Frame" or "MPA ID Rep Frame"
 *    1 byte   flags: M (0x80, markers), C (0x40, CRC), R (0x20, reject),
 *             RFC 6581's enhanced mode (0x10), siw's GSO hint (0x08)
 *    1 byte   revision (siw sends 2, MPA v2)
 *    2 bytes  private data length, big endian (at most 512)
 *   LEN bytes private data; in enhanced mode it starts with the 4-byte
 *             IRD/ORD block (struct mpa_v2_data): 16-bit IRD, 16-bit ORD,
 *             big endian, 14 bits of value each; the IRD's top bit asks
 *             for peer-to-peer mode, the ORD's top two bits are the
 *             zero-length RDMA Write / Read RTR the Initiator offers
 *
 * LEN 0 to 3 is shorter than the IRD/ORD block the enhanced-mode Reply must
 * carry: the first LEN bytes of a valid block are sent, so the length is the
 * only thing wrong. LEN 4 and more sends a valid block (the Initiator's ORD
 * as our IRD, its IRD as our ORD, and the RTR it offers) followed by the
 * bytes 0, 1, 2, ... as the consumer's private data: a Reply the Initiator
 * must accept.
 *
 * Exit 0 when every Reply was sent, however the Initiator then ended the
 * connection; 1 when a frame was not an MPA Request, the Initiator sent too
 * little or went silent, or a system call failed; 2 on bad usage.
 *
 *   mpa_peer -c -a ADDR -p PORT [-w FILE] [-x rtr|close|reset|preclose] [-t SECONDS]
 *
 * With -c it is an Initiator instead, to test a Responder (siw_accept() and
 * the iWARP CM above it) that waits for an RTR: it connects to ADDR:PORT
 * (retrying while nobody listens, up to SECONDS), sends an MPA v2 Request in
 * peer-to-peer mode that offers only the zero-length RDMA Write RTR, and reads
 * the Reply, which must accept the connection and pick that RTR. Until the RTR
 * arrives the Responder's consumer has no ESTABLISHED. Then it waits for FILE
 * (-w; the consumer in the other guest creates it) and, with -x rtr (the
 * default), sends the RTR (an FPDU of 14 bytes: the DDP/RDMAP header of a
 * tagged, last RDMA Write to STag 0, and a zero CRC, MPA CRCs being off) and
 * waits up to SECONDS for the Responder to close; with -x close it closes at
 * once instead, before any RTR, and with -x reset it resets the connection
 * (SO_LINGER 0: an RST, not a FIN). Exit 0 when the Reply was as expected and
 * the RTR (or the close) was sent, 1 otherwise.
 *
 * With -c -x preclose the Initiator closes before the Responder can have
 * looked at its Request: TCP_DEFER_ACCEPT on the connecting socket holds back
 * the last ACK of the handshake, and TCP_CORK then keeps the Request and the
 * FIN (shutdown(SHUT_WR)) in one segment with it, so the Responder's TCP has
 * the Request and the close before its listener has the connection. Nobody
 * is left to answer: exit 0 when the Responder ends the connection without
 * sending a byte, 1 when it answers (an MPA Reply: the connect request
 * reached its consumer, who accepted it) or keeps the connection for SECONDS.
 *
 * With -s COUNT (passive side) the Reply goes out as COUNT one-byte segments
 * (TCP_NODELAY) and the rest of the frame in one more, and the connection is
 * closed right after it: a burst of segments and a FIN at an Initiator that
 * is waiting for the Reply. With -w FILE (passive side) the Reply waits for
 * FILE (up to SECONDS).
 */
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>

#define MPA_KEY_REQ "MPA ID Req Frame"
#define MPA_KEY_REP "MPA ID Rep Frame"
#define MPA_KEY_LEN 16
#define MPA_HDR_LEN 20		/* key, flags, revision, private data length */
#define MPA_MAX_PDATA 512	/* RFC 5044 section 7.1 */
#define MPA_FLAG_MARKERS 0x80
#define MPA_FLAG_CRC 0x40
#define MPA_FLAG_REJECT 0x20
#define MPA_FLAG_ENHANCED 0x10	/* RFC 6581 */
#define MPA_FLAG_GSO 0x08	/* siw only */
#define MPA_V2_BLOCK_LEN 4
#define MPA_V2_P2P 0x8000	/* in the IRD */
#define MPA_V2_WRITE_RTR 0x8000	/* in the ORD */
#define MPA_V2_READ_RTR 0x4000	/* in the ORD */
#define MPA_V2_VALUE 0x3fff

#define PRECLOSE 2		/* -x preclose */

static int io_timeout_ms = 15000;
static const char *peer = "Initiator";	/* the other side, in messages */

static void die(const char *what)
{
	printf("mpa_peer: %s: %s\n", what, strerror(errno));
	exit(1);
}

static void print_hex(const char *what, const unsigned char *p, size_t n)
{
	size_t i;

	printf("%s", what);
	for (i = 0; i < n && i < 32; i++)
		printf(" %02x", p[i]);
	printf("%s\n", n > 32 ? " ..." : "");
}

/* read exactly @n bytes; -1 with a message on EOF, error or timeout */
static int read_full(int fd, unsigned char *buf, size_t n, const char *what)
{
	struct pollfd pfd = { .fd = fd, .events = POLLIN };
	size_t got = 0;
	ssize_t r;

	while (got < n) {
		r = poll(&pfd, 1, io_timeout_ms);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			die("poll");
		if (r == 0) {
			printf("mpa_peer: timeout reading the %s: %zu of %zu bytes after %d s\n",
			       what, got, n, io_timeout_ms / 1000);
			return -1;
		}
		r = read(fd, buf + got, n - got);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0) {
			printf("mpa_peer: the %s %s while we read the %s (%zu of %zu bytes)\n",
			       peer, r == 0 ? "closed" : strerror(errno), what, got, n);
			return -1;
		}
		got += r;
	}
	return 0;
}

static void print_flags(unsigned int flags)
{
	printf("%s%s%s%s%s%s", flags & MPA_FLAG_MARKERS ? " M" : "",
	       flags & MPA_FLAG_CRC ? " C" : "", flags & MPA_FLAG_REJECT ? " R" : "",
	       flags & MPA_FLAG_ENHANCED ? " enhanced" : "", flags & MPA_FLAG_GSO ? " gso" : "",
	       flags & 0x07 ? " (reserved bits set)" : "");
}

/*
 * Read and check one MPA Request. Fill @v2 with the IRD/ORD block of our
 * Reply and @crc with the Reply's C flag. 0 if it is a Request, else -1.
 */
static int read_request(int fd, unsigned char v2[MPA_V2_BLOCK_LEN], unsigned int *crc)
{
	unsigned char hdr[MPA_HDR_LEN], pdata[MPA_MAX_PDATA];
	unsigned int flags, rev, pd_len, ird = 1, ord = 1, rtr;

	if (read_full(fd, hdr, sizeof(hdr), "MPA Request header"))
		return -1;
	if (memcmp(hdr, MPA_KEY_REQ, MPA_KEY_LEN)) {
		print_hex("mpa_peer: not an MPA Request, the frame starts with", hdr, sizeof(hdr));
		return -1;
	}
	flags = hdr[16];
	rev = hdr[17];
	pd_len = hdr[18] << 8 | hdr[19];
	printf("mpa_peer: request: revision %u, flags 0x%02x", rev, flags);
	print_flags(flags);
	printf(", private data length %u\n", pd_len);
	if (flags & MPA_FLAG_REJECT) {
		printf("mpa_peer: not an MPA Request: the R (reject) bit is set\n");
		return -1;
	}
	if (pd_len > MPA_MAX_PDATA) {
		printf("mpa_peer: not an MPA Request: private data length %u > %u\n",
		       pd_len, MPA_MAX_PDATA);
		return -1;
	}
	if (read_full(fd, pdata, pd_len, "MPA Request private data"))
		return -1;
	if (pd_len)
		print_hex("mpa_peer: request private data:", pdata, pd_len);

	rtr = 0;
	if (rev == 2 && (flags & MPA_FLAG_ENHANCED)) {
		if (pd_len < MPA_V2_BLOCK_LEN) {
			printf("mpa_peer: not a valid MPA v2 Request: enhanced mode with %u bytes of private data\n",
			       pd_len);
			return -1;
		}
		ird = pdata[0] << 8 | pdata[1];
		ord = pdata[2] << 8 | pdata[3];
		printf("mpa_peer: request IRD %u ORD %u%s%s%s\n", ird & MPA_V2_VALUE,
		       ord & MPA_V2_VALUE, ird & MPA_V2_P2P ? ", peer-to-peer" : "",
		       ird & MPA_V2_P2P && ord & MPA_V2_WRITE_RTR ? ", write RTR" : "",
		       ird & MPA_V2_P2P && ord & MPA_V2_READ_RTR ? ", read RTR" : "");
		/* peer-to-peer: pick the Write RTR if offered, else the Read RTR */
		if (ird & MPA_V2_P2P)
			rtr = ord & MPA_V2_WRITE_RTR ? MPA_V2_WRITE_RTR : MPA_V2_READ_RTR;
	} else {
		printf("mpa_peer: note: the Initiator did not ask for MPA v2 enhanced mode, so it does not expect the IRD/ORD block\n");
	}
	/* our IRD is the Initiator's ORD and our ORD its IRD */
	v2[0] = ((ord & MPA_V2_VALUE) | (rtr ? MPA_V2_P2P : 0)) >> 8;
	v2[1] = ord & 0xff;
	v2[2] = ((ird & MPA_V2_VALUE) | rtr) >> 8;
	v2[3] = ird & 0xff;
	*crc = flags & MPA_FLAG_CRC;
	return 0;
}

static void send_all(int fd, const unsigned char *buf, size_t n, const char *what)
{
	size_t i;
	ssize_t r;

	for (i = 0; i < n; i += r) {
		r = send(fd, buf + i, n - i, MSG_NOSIGNAL);
		if (r < 0 && errno == EINTR)
			r = 0;
		else if (r < 0)
			die(what);
	}
}

static void send_reply(int fd, unsigned int len, const unsigned char v2[MPA_V2_BLOCK_LEN],
		       unsigned int crc, unsigned int split)
{
	unsigned char frame[MPA_HDR_LEN + MPA_MAX_PDATA];
	unsigned int i, n = MPA_HDR_LEN + len;

	memcpy(frame, MPA_KEY_REP, MPA_KEY_LEN);
	frame[16] = MPA_FLAG_ENHANCED | crc;
	frame[17] = 2;
	frame[18] = len >> 8;
	frame[19] = len & 0xff;
	/* the IRD/ORD block, cut to LEN bytes when LEN < 4 */
	for (i = 0; i < len && i < MPA_V2_BLOCK_LEN; i++)
		frame[MPA_HDR_LEN + i] = v2[i];
	/* the consumer's private data */
	for (; i < len; i++)
		frame[MPA_HDR_LEN + i] = (i - MPA_V2_BLOCK_LEN) & 0xff;
	/* -s: one byte per segment first, so the Initiator gets a burst */
	for (i = 0; i < split && i + 1 < n; i++)
		send_all(fd, frame + i, 1, "send of the MPA Reply");
	send_all(fd, frame + i, n - i, "send of the MPA Reply");
	printf("mpa_peer: sent reply%s: revision 2, flags 0x%02x", split ? " in pieces" : "",
	       frame[16]);
	print_flags(frame[16]);
	printf(", private data length %u%s\n", len,
	       len < MPA_V2_BLOCK_LEN ? " (shorter than the 4-byte IRD/ORD block)" : "");
	if (len)
		print_hex("mpa_peer: reply private data:", frame + MPA_HDR_LEN, len);
}

/* after the Reply (or our RTR): how does the peer end the connection? */
static void wait_close(int fd, int timeout_s)
{
	struct pollfd pfd = { .fd = fd, .events = POLLIN };
	unsigned char buf[256];
	size_t total = 0;
	ssize_t r;

	for (;;) {
		r = poll(&pfd, 1, timeout_s * 1000);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			die("poll");
		if (r == 0) {
			printf("mpa_peer: result: timeout: the %s kept the connection open for %d s (%zu bytes received)\n",
			       peer, timeout_s, total);
			return;
		}
		r = read(fd, buf, sizeof(buf));
		if (r < 0 && errno == EINTR)
			continue;
		if (r == 0) {
			printf("mpa_peer: result: peer closed (%zu bytes received)\n", total);
			return;
		}
		if (r < 0) {
			printf("mpa_peer: result: %s (%zu bytes received)\n",
			       errno == ECONNRESET ? "peer reset" : strerror(errno), total);
			return;
		}
		/* e.g. an FPDU, a TERMINATE or a zero-length RTR frame */
		printf("mpa_peer: the %s sent", peer);
		print_hex(":", buf, r);
		total += r;
	}
}

/*
 * connect to @ai, retrying for up to @timeout_s while nobody listens; with
 * @defer, the last ACK of the handshake waits for our first data
 */
static int connect_retry(struct addrinfo *ai, int timeout_s, int defer)
{
	int fd, i;

	for (i = 0; i < timeout_s * 5; i++) {
		fd = socket(ai->ai_family, SOCK_STREAM, 0);
		if (fd < 0)
			die("socket");
		if (defer && setsockopt(fd, IPPROTO_TCP, TCP_DEFER_ACCEPT, &defer, sizeof(defer)))
			die("TCP_DEFER_ACCEPT");
		if (!connect(fd, ai->ai_addr, ai->ai_addrlen))
			return fd;
		if (errno != ECONNREFUSED)
			die("connect");
		close(fd);
		usleep(200000);
	}
	printf("mpa_peer: nobody listened within %d s\n", timeout_s);
	exit(1);
}

static void wait_for(const char *path, int timeout_s)
{
	int i;

	for (i = 0; access(path, F_OK); i++) {
		if (i == timeout_s * 5) {
			printf("mpa_peer: %s did not appear within %d s\n", path, timeout_s);
			exit(1);
		}
		usleep(200000);
	}
}

/*
 * -x preclose: the Responder must end the connection without an answer.
 * 0 when it closes or resets without a byte, 1 when it answers or keeps it.
 */
static int preclose_result(int fd, int timeout_s)
{
	struct pollfd pfd = { .fd = fd, .events = POLLIN };
	unsigned char buf[MPA_HDR_LEN];
	ssize_t r;

	do
		r = poll(&pfd, 1, timeout_s * 1000);
	while (r < 0 && errno == EINTR);
	if (r < 0)
		die("poll");
	if (r == 0) {
		printf("mpa_peer: FAIL: the Responder kept a connection closed before its Request was looked at for %d s\n",
		       timeout_s);
		return 1;
	}
	r = read(fd, buf, sizeof(buf));
	close(fd);
	if (r > 0) {
		print_hex("mpa_peer: FAIL: the Responder answered a connection closed with its Request:",
			  buf, r);
		return 1;
	}
	printf("mpa_peer: PASS: the Responder %s the connection without answering\n",
	       r == 0 ? "closed" : errno == ECONNRESET ? "reset" : strerror(errno));
	return 0;
}

static int initiator(struct addrinfo *ai, const char *go, int rtr, int timeout_s)
{
	unsigned char req[MPA_HDR_LEN + MPA_V2_BLOCK_LEN], hdr[MPA_HDR_LEN];
	unsigned char pdata[MPA_MAX_PDATA];
	/* MPA length 14, DDP tagged + last, DDP and RDMAP version 1, RDMA Write */
	static const unsigned char fpdu[20] = { 0x00, 0x0e, 0xc1, 0x40 };
	unsigned int flags, pd_len, ird, ord;
	int one = 1, fd = connect_retry(ai, timeout_s, rtr == PRECLOSE);

	peer = "Responder";
	memcpy(req, MPA_KEY_REQ, MPA_KEY_LEN);
	req[16] = MPA_FLAG_ENHANCED;
	req[17] = 2;
	req[18] = 0;
	req[19] = MPA_V2_BLOCK_LEN;
	req[20] = MPA_V2_P2P >> 8;	/* IRD 1, peer-to-peer */
	req[21] = 1;
	req[22] = MPA_V2_WRITE_RTR >> 8;	/* ORD 1, only the Write RTR */
	req[23] = 1;
	if (rtr == PRECLOSE) {
		/* the Request, the FIN and the handshake's last ACK in one segment */
		if (setsockopt(fd, IPPROTO_TCP, TCP_CORK, &one, sizeof(one)))
			die("TCP_CORK");
		send_all(fd, req, sizeof(req), "send of the MPA Request");
		if (shutdown(fd, SHUT_WR))
			die("shutdown");
		printf("mpa_peer: sent request and FIN together: revision 2, enhanced, IRD 1 ORD 1\n");
		return preclose_result(fd, timeout_s);
	}
	send_all(fd, req, sizeof(req), "send of the MPA Request");
	printf("mpa_peer: sent request: revision 2, enhanced, IRD 1 ORD 1, peer-to-peer, write RTR\n");

	if (read_full(fd, hdr, sizeof(hdr), "MPA Reply header"))
		return 1;
	if (memcmp(hdr, MPA_KEY_REP, MPA_KEY_LEN)) {
		print_hex("mpa_peer: not an MPA Reply, the frame starts with", hdr, sizeof(hdr));
		return 1;
	}
	flags = hdr[16];
	pd_len = hdr[18] << 8 | hdr[19];
	printf("mpa_peer: reply: revision %u, flags 0x%02x", hdr[17], flags);
	print_flags(flags);
	printf(", private data length %u\n", pd_len);
	if (pd_len > MPA_MAX_PDATA || read_full(fd, pdata, pd_len, "MPA Reply private data"))
		return 1;
	if (flags & (MPA_FLAG_REJECT | MPA_FLAG_CRC | MPA_FLAG_MARKERS) || hdr[17] != 2 ||
	    !(flags & MPA_FLAG_ENHANCED) || pd_len < MPA_V2_BLOCK_LEN) {
		printf("mpa_peer: expected an MPA v2 Reply in enhanced mode that accepts, without CRC or markers\n");
		return 1;
	}
	ird = pdata[0] << 8 | pdata[1];
	ord = pdata[2] << 8 | pdata[3];
	printf("mpa_peer: reply IRD %u ORD %u%s%s%s\n", ird & MPA_V2_VALUE, ord & MPA_V2_VALUE,
	       ird & MPA_V2_P2P ? ", peer-to-peer" : "", ord & MPA_V2_WRITE_RTR ? ", write RTR" : "",
	       ord & MPA_V2_READ_RTR ? ", read RTR" : "");
	if (!(ird & MPA_V2_P2P) || (ord & (MPA_V2_WRITE_RTR | MPA_V2_READ_RTR)) != MPA_V2_WRITE_RTR) {
		printf("mpa_peer: expected peer-to-peer mode with the write RTR\n");
		return 1;
	}
	if (go)
		wait_for(go, timeout_s);
	if (rtr <= 0) {
		/* -x reset: an abortive close, a TCP RST instead of a FIN */
		struct linger lg = { .l_onoff = 1, .l_linger = 0 };

		if (rtr < 0 && setsockopt(fd, SOL_SOCKET, SO_LINGER, &lg, sizeof(lg)))
			die("SO_LINGER");
		printf("mpa_peer: %s before the RTR\n", rtr < 0 ? "resetting" : "closing");
		close(fd);
		return 0;
	}
	send_all(fd, fpdu, sizeof(fpdu), "send of the RTR");
	printf("mpa_peer: sent the RTR (zero-length RDMA Write)\n");
	wait_close(fd, timeout_s);
	close(fd);
	return 0;
}

int main(int argc, char **argv)
{
	struct addrinfo hints = { .ai_flags = AI_PASSIVE | AI_NUMERICHOST | AI_NUMERICSERV,
				  .ai_socktype = SOCK_STREAM };
	const char *addr = NULL, *port = NULL, *ready = NULL, *go = NULL;
	int len = -1, count = 1, timeout_s = 15, one = 1, active = 0, rtr = 1, lfd, fd, c, i, rc;
	unsigned char v2[MPA_V2_BLOCK_LEN];
	unsigned int crc, split = 0;
	struct addrinfo *ai;

	setvbuf(stdout, NULL, _IOLBF, 0);
	while ((c = getopt(argc, argv, "a:p:l:n:t:r:cw:x:s:")) != -1) {
		switch (c) {
		case 'c': active = 1; break;
		case 'w': go = optarg; break;
		case 'x':
			if (!strcmp(optarg, "rtr"))
				rtr = 1;
			else if (!strcmp(optarg, "close"))
				rtr = 0;
			else if (!strcmp(optarg, "reset"))
				rtr = -1;
			else if (!strcmp(optarg, "preclose"))
				rtr = PRECLOSE;
			else
				goto usage;
			break;
		case 's': split = atoi(optarg); break;
		case 'a': addr = optarg; break;
		case 'p': port = optarg; break;
		case 'l': len = atoi(optarg); break;
		case 'n': count = atoi(optarg); break;
		case 't': timeout_s = atoi(optarg); break;
		case 'r': ready = optarg; break;
		default: goto usage;
		}
	}
	if (!addr || !port || optind != argc || count < 1 || timeout_s < 1 ||
	    (!active && (len < 0 || len > MPA_MAX_PDATA)))
		goto usage;
	io_timeout_ms = timeout_s * 1000;

	if (active)
		hints.ai_flags &= ~AI_PASSIVE;
	rc = getaddrinfo(addr, port, &hints, &ai);
	if (rc) {
		printf("mpa_peer: %s port %s: %s\n", addr, port, gai_strerror(rc));
		return 2;
	}
	if (active)
		return initiator(ai, go, rtr, timeout_s);
	lfd = socket(ai->ai_family, SOCK_STREAM, 0);
	if (lfd < 0)
		die("socket");
	if (setsockopt(lfd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one)))
		die("SO_REUSEADDR");
	if (bind(lfd, ai->ai_addr, ai->ai_addrlen))
		die("bind");
	if (listen(lfd, count))
		die("listen");
	freeaddrinfo(ai);
	printf("mpa_peer: listening on %s port %s, %d connection(s), reply private data length %d\n",
	       addr, port, count, len);
	if (ready) {
		fd = open(ready, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (fd < 0)
			die(ready);
		close(fd);
	}

	for (i = 0; i < count; i++) {
		fd = accept(lfd, NULL, NULL);
		if (fd < 0)
			die("accept");
		printf("mpa_peer: connection %d accepted\n", i + 1);
		if (read_request(fd, v2, &crc))
			return 1;
		if (go)
			wait_for(go, timeout_s);
		if (split) {
			if (setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one)))
				die("TCP_NODELAY");
			send_reply(fd, len, v2, crc, split);
			printf("mpa_peer: closing right after the reply\n");
		} else {
			send_reply(fd, len, v2, crc, 0);
			wait_close(fd, timeout_s);
		}
		close(fd);
	}
	close(lfd);
	return 0;

usage:
	fprintf(stderr, "usage: mpa_peer -a ADDR -p PORT -l LEN [-n COUNT] [-t SECONDS] [-r FILE] [-s COUNT] [-w FILE]\n"
		"       mpa_peer -c -a ADDR -p PORT [-w FILE] [-x rtr|close|reset|preclose] [-t SECONDS]\n"
		"  LEN: private data length of the MPA v2 Reply (0-3: too short for the IRD/ORD block)\n");
	return 2;
}
