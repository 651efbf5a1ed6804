#!/bin/bash
# starve.sh SECONDS [FILE]: keep this guest's CPU for SECONDS at SCHED_FIFO 99, so that its
# kworkers wait while softirqs still run (network receive goes on; the work it queues waits),
# creating FILE (e.g. a go-file for the peer in the other guest) once it has the CPU. The
# kernel's fair server still gives normal tasks 50 ms a second, late in each second.
secs=${1:?usage: starve.sh SECONDS [FILE]} file=${2:-}
exec chrt -f 99 bash -c '[ -z "$2" ] || : > "$2"; end=$((SECONDS + $1)); while ((SECONDS < end)); do :; done' starve "$secs" "$file"
