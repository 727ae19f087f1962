#!/usr/bin/env bash
# The project's test command (README): unit tests of every module and the container suite.
#
#   bash .ci/test.sh [extra Maven arguments]
#
# 1. .ci/docker-up.sh   a Docker engine (installs and starts dockerd when none answers)
# 2. .ci/base-image.sh  the base image starfish-base:bookworm (debootstrap, when missing)
# 3. .ci/slurm-image.sh the Slurm cluster image starfish-slurm:bookworm (debootstrap, when missing)
# 4. chromium           Debian's headless browser, for the test of the compile report's page
#                       (ReportPageIT); installed with apt-get when missing
# 5. mvn -B verify      from the repository root: Surefire unit tests, the distribution,
#                       then the Failsafe container suite (it-tests/, last in the reactor)
# 4. the benchmarks' smoke run (below)
# Exits non-zero on any failure. Afterwards removes the suite's superseded (dangling)
# image builds, which carry Testcontainers' label; other images are left alone.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)
root=$(cd "$here/.." && pwd -P)

bash "$here/docker-up.sh"
bash "$here/base-image.sh"
bash "$here/slurm-image.sh"

if ! command -v chromium >/dev/null 2>&1; then
    echo "test.sh: installing Debian's chromium (for ReportPageIT)"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium >/dev/null
fi

# CompletionAndManPagesIT renders every shipped manual page with `man -l` (man-db, groff).
if ! command -v man >/dev/null 2>&1 || ! command -v groff >/dev/null 2>&1; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get install -y -q --no-install-recommends man-db groff-base \
        || { apt-get update -q && apt-get install -y -q --no-install-recommends man-db groff-base; }
fi

# ReportWriterTest traces the report's writes with strace (each file opened once, by the handle that made it).
if ! command -v strace >/dev/null 2>&1; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends strace \
        || { apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends strace; }
fi

# Every tool step of a compile runs in a bubblewrap sandbox (launcher.sandbox=auto, docs/isolation.md);
# SandboxEscapeIT and the *InSandboxTest classes need bwrap and fail where it is missing.
if ! command -v bwrap >/dev/null 2>&1; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends bubblewrap \
        || { apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends bubblewrap; }
fi

cd "$root"
status=0
mvn -B verify "$@" || status=$?

# 4. docs/bench/all.sh --smoke   every benchmark once, in seconds, so the scripts never rot (no
#                                thresholds: its figures are printed, not judged)
if [ "$status" -eq 0 ]; then
    bash "$root/docs/bench/all.sh" --smoke || status=$?
fi

stale=$(docker images -q -f dangling=true -f label=org.testcontainers=true)
if [ -n "$stale" ]; then
    # shellcheck disable=SC2086  # a list of image ids
    docker rmi $stale >/dev/null 2>&1 || true
fi
exit "$status"
