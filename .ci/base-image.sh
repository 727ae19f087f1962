#!/usr/bin/env bash
# Builds the base image of the container suite, starfish-base:bookworm, when it is missing or was built with other packages.
#
# A minbase bookworm with a headless JRE 17 (to run the driver), procps (the suite checks for
# leftover tool processes with ps/pgrep) and bubblewrap (every tool step runs in its sandbox), made from the Debian mirror (.ci/debootstrap-image.sh).
# Idempotent; takes about 90 s when it has to build. Needs root, debootstrap and an engine (run
# .ci/docker-up.sh first).
#
# Environment: STARFISH_BASE_IMAGE (default starfish-base:bookworm),
#              DEBIAN_MIRROR (default: the mirror apt uses; required when apt names none).
set -euo pipefail
# shellcheck source=debootstrap-image.sh
. "$(dirname -- "${BASH_SOURCE[0]}")/debootstrap-image.sh"

debootstrap_image base-image "${STARFISH_BASE_IMAGE:-starfish-base:bookworm}" openjdk-17-jre-headless,procps,bubblewrap
