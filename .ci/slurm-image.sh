#!/usr/bin/env bash
# Builds the Slurm image of the container suite, starfish-slurm:bookworm, when it is missing.
#
# A real Slurm cluster for the scale-out tests (it-tests SlurmBatchIT): Debian's slurm-wlm
# (slurmctld, slurmd, the client commands) with munge and a headless JRE 17 to run the driver.
# No image registry is reachable from CI and apt inside a Dockerfile has no network, so the
# image is made like starfish-base:bookworm (.ci/base-image.sh): debootstrap minbase from the
# Debian mirror, imported with `docker import`. The tests add slurm.conf, the munge key and the
# distribution when they start the containers. Idempotent; needs root, debootstrap and an
# engine (run .ci/docker-up.sh first).
#
# Environment: STARFISH_SLURM_IMAGE (default starfish-slurm:bookworm),
#              DEBIAN_MIRROR (default: the mirror apt uses, else deb.debian.org).
set -euo pipefail

image=${STARFISH_SLURM_IMAGE:-starfish-slurm:bookworm}
packages=openjdk-17-jre-headless,procps,slurmctld,slurmd,slurm-client,munge

say() { printf 'slurm-image: %s\n' "$*" >&2; }
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

root=$(mktemp -d /tmp/starfish-slurm.XXXXXX)
trap 'rm -rf "$root"' EXIT
# mktemp makes the directory 0700; munge's postinst runs as the munge user inside the chroot,
# which must be able to enter / (else: "su: failed to execute /bin/sh: Permission denied").
chmod 755 "$root"
say "building $image from $mirror (debootstrap minbase + $packages)"
start=$SECONDS
debootstrap --variant=minbase --include="$packages" bookworm "$root" "$mirror" >"$root.log" 2>&1 \
    || { cp "$root/debootstrap/debootstrap.log" "$root.debootstrap.log" 2>/dev/null; tail -n 30 "$root.log" >&2
         die "debootstrap failed (logs: $root.log, $root.debootstrap.log)"; }
rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/*
# The packages' generated munge key is replaced by the tests' one shared key; the state
# directories the daemons expect are made here so a container starts them without setup.
rm -f "$root"/etc/munge/munge.key
mkdir -p "$root"/var/spool/slurmctld "$root"/var/spool/slurmd "$root"/var/log/slurm "$root"/run/munge
tar -C "$root" -c . | docker import - "$image" >/dev/null || die "docker import failed"
rm -f "$root.log"
say "built $image in $((SECONDS - start))s"
