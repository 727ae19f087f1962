#!/usr/bin/env bash
# Builds the base image of the container suite, starfish-base:bookworm, when it is missing.
#
# No image registry is reachable from CI, so the image is made from the Debian mirror:
# a minbase bookworm with a headless JRE 17 (to run the driver) and procps (the suite
# checks for leftover tool processes with ps/pgrep), imported with `docker import`.
# Idempotent; takes about 90 s when it has to build. Needs root, debootstrap and an
# engine (run .ci/docker-up.sh first).
#
# Environment: STARFISH_BASE_IMAGE (default starfish-base:bookworm),
#              DEBIAN_MIRROR (default: the mirror apt uses, else deb.debian.org).
set -euo pipefail

image=${STARFISH_BASE_IMAGE:-starfish-base:bookworm}
packages=openjdk-17-jre-headless,procps

say() { printf 'base-image: %s\n' "$*" >&2; }
die() { say "error: $*"; exit 1; }

docker info >/dev/null 2>&1 || die "no Docker engine answers; run .ci/docker-up.sh first"

if docker image inspect "$image" >/dev/null 2>&1; then
    say "$image already present"
    exit 0
fi

command -v debootstrap >/dev/null 2>&1 || die "debootstrap is missing (apt-get install -y debootstrap, or run .ci/docker-up.sh)"
[ "$(id -u)" = 0 ] || die "debootstrap needs root"

mirror=${DEBIAN_MIRROR:-}
if [ -z "$mirror" ]; then
    # Use the mirror this machine's apt already reaches (the only network there is).
    mirror=$(grep -hE '^[[:space:]]*(deb|URIs:)[[:space:]]' \
                 /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources 2>/dev/null \
             | grep -oE 'https?://[^[:space:]]+/debian/?([[:space:]]|$)' | head -n 1 | tr -d '[:space:]' || true)
    mirror=${mirror:-http://deb.debian.org/debian}
fi

root=$(mktemp -d /tmp/starfish-base.XXXXXX)
trap 'rm -rf "$root"' EXIT
say "building $image from $mirror (debootstrap minbase + $packages)"
start=$SECONDS
debootstrap --variant=minbase --include="$packages" bookworm "$root" "$mirror" >"$root.log" 2>&1 \
    || { tail -n 30 "$root.log" >&2; die "debootstrap failed (log: $root.log)"; }
rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/*
tar -C "$root" -c . | docker import - "$image" >/dev/null || die "docker import failed"
rm -f "$root.log"
say "built $image in $((SECONDS - start))s"
