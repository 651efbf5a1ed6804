#!/bin/bash
# Guest helper: the number of RDMA CM ids of this guest (`rdma resource show cm_id`).
#   cm-ids.sh             print it
#   cm-ids.sh --settle B  wait up to 30 s for it to come back to B or less; else print the
#                         ids left and fail
set -uo pipefail
count() { rdma resource show cm_id 2>/dev/null | grep -c '^link' || true; }
if [ "${1:-}" != --settle ]; then
	count
	exit 0
fi
for _ in $(seq 30); do
	[ "$(count)" -le "$2" ] && exit 0
	sleep 1
done
echo "cm-ids: $(count) CM ids left, $2 before:"
rdma resource show cm_id
exit 1
