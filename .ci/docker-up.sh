#!/usr/bin/env bash
# Makes sure a Docker engine answers on this machine, starting one when none does.
#
# The container suite (it-tests/) needs a local engine. CI machines are Debian bookworm,
# run as root and have no network except the Debian and Maven Central mirrors, so the
# engine runs without a bridge, iptables or masquerading: every test container uses
# network mode "none". Idempotent: does nothing when `docker info` already succeeds.
#
# Environment: DOCKERD_LOG (default /var/log/starfish-dockerd.log),
#              DOCKER_WAIT_SECONDS (default 60).
set -euo pipefail

log=${DOCKERD_LOG:-/var/log/starfish-dockerd.log}
wait_seconds=${DOCKER_WAIT_SECONDS:-60}

say() { printf 'docker-up: %s\n' "$*" >&2; }
die() { say "error: $*"; exit 1; }

engine_answers() { docker info >/dev/null 2>&1; }

if command -v docker >/dev/null 2>&1 && engine_answers; then
    say "engine already running ($(docker info --format '{{.ServerVersion}}' 2>/dev/null))"
    exit 0
fi

missing=()
command -v dockerd >/dev/null 2>&1 || missing+=(docker.io)
command -v debootstrap >/dev/null 2>&1 || missing+=(debootstrap)
if ((${#missing[@]})); then
    [ "$(id -u)" = 0 ] || die "need root to install ${missing[*]} (apt-get install -y ${missing[*]})"
    say "installing ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq || die "apt-get update failed"
    apt-get install -y -qq "${missing[@]}" >/dev/null || die "apt-get install ${missing[*]} failed"
fi

[ "$(id -u)" = 0 ] || die "no Docker engine answers and starting dockerd needs root"

if pgrep -x dockerd >/dev/null 2>&1; then
    say "dockerd is running but does not answer yet; waiting"
else
    say "starting dockerd (log: $log)"
    mkdir -p "$(dirname "$log")"
    # No bridge, no iptables: the containers never get a network.
    nohup dockerd --bridge=none --iptables=false --ip-masq=false >>"$log" 2>&1 &
    disown || true
fi

for ((i = 0; i < wait_seconds; i++)); do
    if engine_answers; then
        say "engine up after ${i}s ($(docker info --format '{{.ServerVersion}}' 2>/dev/null))"
        exit 0
    fi
    sleep 1
done
say "last lines of $log:"
tail -n 20 "$log" >&2 2>/dev/null || true
die "Docker engine did not answer within ${wait_seconds}s (docker info failed); see $log"
