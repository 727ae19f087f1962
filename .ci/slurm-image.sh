#!/usr/bin/env bash
# Builds the Slurm image of the container suite, starfish-slurm:bookworm, when it is missing.
#
# A real Slurm cluster for the scale-out tests (it-tests SlurmBatchIT): Debian's slurm-wlm
# (slurmctld, slurmd, the client commands) with munge and a headless JRE 17 to run the driver,
# made like starfish-base:bookworm from the Debian mirror (.ci/debootstrap-image.sh). The tests
# add slurm.conf, the munge key and the distribution when they start the containers.
# Idempotent; needs root, debootstrap and an engine (run .ci/docker-up.sh first).
#
# Environment: STARFISH_SLURM_IMAGE (default starfish-slurm:bookworm),
#              DEBIAN_MIRROR (default: the mirror apt uses; required when apt names none).
set -euo pipefail
# shellcheck source=debootstrap-image.sh
. "$(dirname -- "${BASH_SOURCE[0]}")/debootstrap-image.sh"

# The packages' generated munge key is replaced by the tests' one shared key; the state
# directories the daemons expect are made here so a container starts them without setup.
prepare_slurm() {
    rm -f "$1"/etc/munge/munge.key
    mkdir -p "$1"/var/spool/slurmctld "$1"/var/spool/slurmd "$1"/var/log/slurm "$1"/run/munge
}

debootstrap_image slurm-image "${STARFISH_SLURM_IMAGE:-starfish-slurm:bookworm}" \
    openjdk-17-jre-headless,procps,slurmctld,slurmd,slurm-client,munge prepare_slurm
