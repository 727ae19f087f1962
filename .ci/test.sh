#!/usr/bin/env bash
# The project's test command (README): unit tests of every module and the container suite.
#
#   bash .ci/test.sh [extra Maven arguments]
#
# 1. .ci/docker-up.sh   a Docker engine (installs and starts dockerd when none answers)
# 2. .ci/base-image.sh  the base image starfish-base:bookworm (debootstrap, when missing)
#    .ci/slurm-image.sh the Slurm cluster image starfish-slurm:bookworm (debootstrap, when missing)
# 3. mvn -B verify      from the repository root: Surefire unit tests, the distribution,
#                       then the Failsafe container suite (it-tests/, last in the reactor)
# Exits non-zero on any failure. Afterwards removes the suite's superseded (dangling)
# image builds, which carry Testcontainers' label; other images are left alone.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)
root=$(cd "$here/.." && pwd -P)

bash "$here/docker-up.sh"
bash "$here/base-image.sh"
bash "$here/slurm-image.sh"

cd "$root"
status=0
mvn -B verify "$@" || status=$?

stale=$(docker images -q -f dangling=true -f label=org.testcontainers=true)
if [ -n "$stale" ]; then
    # shellcheck disable=SC2086  # a list of image ids
    docker rmi $stale >/dev/null 2>&1 || true
fi
exit "$status"
