// SPDX-License-Identifier: GPL-2.0
/*
 * mcast_twice - the trigger of syzbot's ucma multicast use-after-free
 * (KASAN in ucma_create_uevent()), through the raw ucma write() ABI, since
 * librdmacm cannot issue it (it leaves by address, as rdma_cm does).
 *
 * Each round, on a fresh /dev/infiniband/rdma_cm fd: a UDP id bound to
 * LOCAL_ADDR (an address of a RoCE or IB port), JOIN_MCAST of GROUP, then a
 * second JOIN_MCAST of GROUP on the same id. With rc-fixes 12 ("RDMA/cma:
 * Refuse a second join of the same multicast address on an id") the second
 * join must fail with EADDRINUSE. A kernel that takes it (stock) gets the
 * LEAVE_MCAST of the older join, right away, which frees the older
 * ucma_multicast while its join work is pending: a KASAN kernel reports the
 * use-after-free on its console (the harness fails the run on it).
 *
 * Usage: mcast_twice -l LOCAL_ADDR [-g GROUP] [-n ROUNDS]
 * Every round runs, also after one failed. Exit: 0 if every round refused
 * the second join; 1 if a round took it (or a call that must work failed);
 * 2 on bad usage.
 *
 * Build: gcc -O2 -Wall -Wextra -Werror -o build/bin/mcast_twice tests/stress/mcast_twice.c
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <rdma/rdma_user_cm.h>

/* one ucma command: 0, or -errno */
static int ucma(int fd, uint32_t cmd, const void *body, uint16_t in, uint16_t out)
{
	char buf[sizeof(struct rdma_ucm_cmd_hdr) + 512];
	struct rdma_ucm_cmd_hdr hdr = { .cmd = cmd, .in = in, .out = out };
	ssize_t len = sizeof(hdr) + in;

	memcpy(buf, &hdr, sizeof(hdr));
	memcpy(buf + sizeof(hdr), body, in);
	return write(fd, buf, len) == len ? 0 : -errno;
}

static int addr_of(const char *s, struct __kernel_sockaddr_storage *ss)
{
	struct sockaddr_in *s4 = (void *)ss;
	struct sockaddr_in6 *s6 = (void *)ss;

	memset(ss, 0, sizeof(*ss));
	if (inet_pton(AF_INET, s, &s4->sin_addr) == 1) {
		s4->sin_family = AF_INET;
		return sizeof(*s4);
	}
	if (inet_pton(AF_INET6, s, &s6->sin6_addr) == 1) {
		s6->sin6_family = AF_INET6;
		return sizeof(*s6);
	}
	return -1;
}

static int join(int fd, uint32_t id, uint64_t uid, const struct __kernel_sockaddr_storage *group,
		int len, uint32_t *mc_id)
{
	struct rdma_ucm_create_id_resp resp = {};
	struct rdma_ucm_join_mcast j = {
		.response = (uintptr_t)&resp, .uid = uid, .id = id, .addr_size = len,
		.join_flags = RDMA_MC_JOIN_FLAG_FULLMEMBER, .addr = *group,
	};
	int ret = ucma(fd, RDMA_USER_CM_CMD_JOIN_MCAST, &j, sizeof(j), sizeof(resp));

	*mc_id = resp.id;
	return ret;
}

/* one round: 0 if the second join was refused with EADDRINUSE, 1 otherwise */
static int round_once(int n, const struct __kernel_sockaddr_storage *local, int llen,
		      const struct __kernel_sockaddr_storage *group, int glen)
{
	struct rdma_ucm_create_id_resp cresp = {};
	struct rdma_ucm_create_id c = {
		.uid = 1, .response = (uintptr_t)&cresp, .ps = RDMA_PS_UDP, .qp_type = 2 /* UD */,
	};
	struct rdma_ucm_bind b = { .addr_size = llen, .addr = *local };
	struct rdma_ucm_destroy_id_resp dresp;
	struct rdma_ucm_destroy_id d = { .response = (uintptr_t)&dresp };
	uint32_t older, newer;
	int fd, ret, bad = 1;

	fd = open("/dev/infiniband/rdma_cm", O_RDWR | O_CLOEXEC);
	if (fd < 0) {
		perror("mcast_twice: /dev/infiniband/rdma_cm");
		return 1;
	}
	ret = ucma(fd, RDMA_USER_CM_CMD_CREATE_ID, &c, sizeof(c), sizeof(cresp));
	if (ret) {
		fprintf(stderr, "mcast_twice: round %d: CREATE_ID: %s\n", n, strerror(-ret));
		goto out;
	}
	b.id = cresp.id;
	ret = ucma(fd, RDMA_USER_CM_CMD_BIND, &b, sizeof(b), 0);
	if (ret) {
		fprintf(stderr, "mcast_twice: round %d: BIND: %s\n", n, strerror(-ret));
		goto out;
	}
	ret = join(fd, cresp.id, 10, group, glen, &older);
	if (ret) {
		fprintf(stderr, "mcast_twice: round %d: first JOIN_MCAST: %s\n", n, strerror(-ret));
		goto out;
	}
	ret = join(fd, cresp.id, 11, group, glen, &newer);
	if (ret == -EADDRINUSE) {
		bad = 0;
		goto out;
	}
	fprintf(stderr, "mcast_twice: round %d: second JOIN_MCAST of the group: %s, expected EADDRINUSE (rc-fixes 12, \"RDMA/cma: Refuse a second join of the same multicast address on an id\")\n",
		n, ret ? strerror(-ret) : "taken");
	if (!ret) {
		/* the trigger: leave the older join while its work is pending */
		d.id = older;
		ucma(fd, RDMA_USER_CM_CMD_LEAVE_MCAST, &d, sizeof(d), sizeof(dresp));
		usleep(100 * 1000);
	}
out:
	/* closing the fd destroys the id and whatever joins it still has */
	close(fd);
	return bad;
}

int main(int argc, char **argv)
{
	struct __kernel_sockaddr_storage local, group;
	const char *l = NULL, *g = "239.1.2.3";
	int llen, glen, rounds = 100, o, failed = 0;

	while ((o = getopt(argc, argv, "l:g:n:")) != -1) {
		switch (o) {
		case 'l': l = optarg; break;
		case 'g': g = optarg; break;
		case 'n': rounds = atoi(optarg); break;
		default: l = NULL; optind = argc; break;
		}
	}
	if (!l || optind != argc || rounds < 1 ||
	    (llen = addr_of(l, &local)) < 0 || (glen = addr_of(g, &group)) < 0) {
		fprintf(stderr, "usage: mcast_twice -l LOCAL_ADDR [-g GROUP] [-n ROUNDS]\n");
		return 2;
	}
	/* every round, also after a failure: each is another chance for KASAN */
	for (int n = 0; n < rounds; n++)
		failed += round_once(n, &local, llen, &group, glen);
	if (failed)
		printf("mcast_twice: FAIL: %d of %d rounds\n", failed, rounds);
	else
		printf("mcast_twice: %d rounds, second join refused with EADDRINUSE in each\n", rounds);
	return !!failed;
}
