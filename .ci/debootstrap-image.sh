# Sourced by base-image.sh and slurm-image.sh: builds a local Docker image from the Debian mirror
# when it is missing or was built with other packages (its label dev.starfish.packages). No image registry is reachable from CI and apt inside a Dockerfile has no
# network, so an image is a debootstrap minbase bookworm with the given packages, imported with
# `docker import`. Needs root, debootstrap and an engine (.ci/docker-up.sh).
#
#   debootstrap_image NAME IMAGE PACKAGES [FINISH]
# NAME prefixes the messages, IMAGE is the tag, PACKAGES a comma-separated list; FINISH, when
# given, is a function called with the root directory before it is imported.
# Environment: DEBIAN_MIRROR (default: the first Debian mirror in this machine's apt sources; when
# there is none it stops and asks for DEBIAN_MIRROR: the tree names no registry host).

debootstrap_image() {
    local name=$1 image=$2 packages=$3 finish=${4:-}
    say() { printf '%s: %s\n' "$name" "$*" >&2; }
    die() { say "error: $*"; exit 1; }

    docker info >/dev/null 2>&1 || die "no Docker engine answers; run .ci/docker-up.sh first"
    # An image is current when its label names exactly these packages: adding one (bubblewrap for the
    # tool sandbox) rebuilds it once, instead of leaving a stale image that merely has the tag.
    local label=dev.starfish.packages have
    if have=$(docker image inspect -f "{{index .Config.Labels \"$label\"}}" "$image" 2>/dev/null); then
        if [ "$have" = "$packages" ]; then
            say "$image already present"
            return 0
        fi
        say "$image was built with packages '${have:-(unlabelled)}', not '$packages': rebuilding it"
    fi
    command -v debootstrap >/dev/null 2>&1 || die "debootstrap is missing (apt-get install -y debootstrap, or run .ci/docker-up.sh)"
    [ "$(id -u)" = 0 ] || die "debootstrap needs root"

    local mirror=${DEBIAN_MIRROR:-}
    if [ -z "$mirror" ]; then
        # Use the mirror this machine's apt already reaches (the only network there is).
        mirror=$(grep -hE '^[[:space:]]*(deb|URIs:)[[:space:]]' \
                     /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources 2>/dev/null \
                 | grep -oE 'https?://[^[:space:]]+/debian/?([[:space:]]|$)' | head -n 1 | tr -d '[:space:]' || true)
        [ -n "$mirror" ] || die "no Debian mirror found in /etc/apt/sources.list or /etc/apt/sources.list.d/; set DEBIAN_MIRROR to the mirror's URL (e.g. DEBIAN_MIRROR=http://HOST/debian)"
    fi

    root=$(mktemp -d "/tmp/$name.XXXXXX")
    trap 'rm -rf "$root"' EXIT
    # mktemp makes the directory 0700, and it becomes the image's /: a package's postinst that runs
    # as another user inside the chroot (munge's) must be able to enter it.
    chmod 755 "$root"
    say "building $image from $mirror (debootstrap minbase + $packages)"
    local start=$SECONDS
    debootstrap --variant=minbase --include="$packages" bookworm "$root" "$mirror" >"$root.log" 2>&1 \
        || { cp "$root/debootstrap/debootstrap.log" "$root.debootstrap.log" 2>/dev/null; tail -n 30 "$root.log" >&2
             die "debootstrap failed (logs: $root.log, $root.debootstrap.log)"; }
    rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/*
    if [ -n "$finish" ]; then
        "$finish" "$root"
    fi
    tar -C "$root" -c . | docker import --change "LABEL $label=$packages" - "$image" >/dev/null \
        || die "docker import failed"
    rm -f "$root.log"
    say "built $image in $((SECONDS - start))s"
}
