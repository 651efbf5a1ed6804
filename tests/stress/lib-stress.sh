# shellcheck shell=bash
# Sourced by the stress scenario lists (tests/stress/scenarios.sh, tests/stress/modules.sh).
# persistent CMD...: a server command line that runs each CMD until the client is done, then
# sends them SIGTERM (rdmacm_conform's serve and flap exit 0 on it, an rping server dies of
# it: both fine; any other end fails)
persistent() {
	local c s=''
	for c in "$@"; do s+="$c & p+=\" \$!\"; "; done
	echo "p=''; ${s}until [ -e /shared/done ]; do sleep 1; for q in \$p; do kill -0 \$q || exit 1; done; done; kill \$p; for q in \$p; do wait \$q || [ \$? = 143 ] || exit 1; done"
}
