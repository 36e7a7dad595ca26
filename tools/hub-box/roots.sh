#!/usr/bin/env bash
# The hub box's Debian trixie roots, built by mmdebstrap (minbase) from Debian's archive and cached
# outside the clone under $BOX_CACHE/<name>-<hash>, the hash taken over every input of the build
# (suite, architecture, package list, this file). Sourced by tools/hub-box/run.sh; also runnable:
#
#   tools/hub-box/roots.sh vm|arm64     build (or find) that root and print its directory
set -euo pipefail

BOX_CACHE="${BOX_CACHE:-/var/cache/mexican-train-box}"
BOX_SUITE=trixie
BOX_MIRROR="${BOX_MIRROR:-http://deb.debian.org/debian}"

# The hub's OS for the VM: what install.sh's apt step asks for is already there, so the install
# in the box needs no apt-get (python3-lgpio/liblgpio-dev are Raspberry Pi OS's, not Debian's).
BOX_VM_PACKAGES=(systemd systemd-sysv udev dbus kmod iproute2 procps linux-image-amd64
                 ca-certificates python3 python3-venv python3-dev python3-pip build-essential
                 git rsync swig avahi-daemon)
# The hub's architecture: Python 3.13 on aarch64 and only what compiles the three C extensions of
# the [pi] extra (rpi-ws281x, lgpio with swig, spidev). Every dpkg step runs under emulation, so
# nothing more: no build-essential (g++, make, dpkg-dev, perl), no git, no Debian pip (the venv's
# comes from ensurepip); the pure-Python and binary wheels are downloaded natively (wheels.sh).
BOX_ARM64_PACKAGES=(python3 python3-venv python3-dev gcc libc6-dev swig)

box_root_key() {    # name -> the cache key of that root
    local name="$1" pkgs
    case "$name" in
        vm) pkgs="amd64 ${BOX_VM_PACKAGES[*]}" ;;
        arm64) pkgs="arm64 ${BOX_ARM64_PACKAGES[*]}" ;;
        *) echo "roots.sh: unknown root '$name' (vm or arm64)" >&2; return 2 ;;
    esac
    printf '%s\n' "$BOX_SUITE" "$pkgs" "$(sed -n '/^# ROOT-HOOKS-BEGIN/,/^# ROOT-HOOKS-END/p' "${BASH_SOURCE[0]}")" \
        | sha256sum | cut -c1-16
}

box_root_dir() { echo "$BOX_CACHE/$1-$(box_root_key "$1")"; }

# ROOT-HOOKS-BEGIN (part of the cache key)
box_build_root() {  # name -> builds $BOX_CACHE/<name>-<hash>/root unless it is there; prints the dir
    local name="$1" dir arch pkgs
    dir="$(box_root_dir "$name")"
    if [[ -f "$dir/complete" ]]; then echo "$dir"; return 0; fi
    command -v mmdebstrap >/dev/null || { echo "roots.sh: no mmdebstrap (apt-get install mmdebstrap)" >&2; return 1; }
    case "$name" in
        vm) arch=amd64; pkgs="$(IFS=,; echo "${BOX_VM_PACKAGES[*]}")" ;;
        arm64) arch=arm64; pkgs="$(IFS=,; echo "${BOX_ARM64_PACKAGES[*]}")"
            [[ -e /proc/sys/fs/binfmt_misc/qemu-aarch64 ]] \
                || { echo "roots.sh: no binfmt_misc entry for qemu-aarch64 (apt-get install qemu-user-static binfmt-support; mount binfmt_misc)" >&2; return 1; } ;;
    esac
    rm -rf "$dir"; mkdir -p "$dir"
    # no documentation, manual pages or translations: less for dpkg to unpack (under emulation on arm64)
    mmdebstrap --variant=minbase --architectures="$arch" --include="$pkgs" \
        --dpkgopt='path-exclude=/usr/share/man/*' --dpkgopt='path-exclude=/usr/share/doc/*' \
        --dpkgopt='path-include=/usr/share/doc/*/copyright' --dpkgopt='path-exclude=/usr/share/locale/*' \
        --dpkgopt='path-exclude=/usr/share/info/*' \
        --customize-hook='echo hub-box >"$1/etc/hostname"' \
        --customize-hook='printf "127.0.0.1 localhost\n127.0.1.1 hub-box\n" >"$1/etc/hosts"' \
        --customize-hook='chroot "$1" passwd -d root' \
        --customize-hook='printf "/dev/vda / ext4 rw,errors=remount-ro 0 1\n" >"$1/etc/fstab"' \
        "$BOX_SUITE" "$dir/root" "$BOX_MIRROR" >"$dir/build.log" 2>&1 \
        || { echo "roots.sh: mmdebstrap $name failed: see $dir/build.log" >&2; return 1; }
    touch "$dir/complete"
    echo "$dir"
}
# ROOT-HOOKS-END

if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
    box_build_root "${1:?usage: roots.sh vm|arm64}"
fi
