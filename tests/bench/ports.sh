# shellcheck shell=bash
# What the benchmark guests agree on: ports, counts (sourced by server.sh and client.sh)
CMTIME_RXE=7601 CMTIME_SIW=7602 LAT_PORT=7603
SIDR_N=${SIDR_N:-100}
