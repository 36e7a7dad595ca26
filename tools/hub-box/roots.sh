#!/usr/bin/env bash
# The hub box's Debian trixie roots, built by mmdebstrap from Debian's archive and cached outside the
# clone under $BOX_CACHE/<name>-<hash>, the hash taken over every input of the build (suite,
# architecture, package list, this file's build steps). Sourced by tools/hub-box/run.sh; also runnable:
#
#   tools/hub-box/roots.sh vm|arm64|py313     build (or find) that root and print its directory
#
#  vm     amd64, --variant=minbase: a system that boots (dpkg configures every package, natively).
#  arm64  aarch64, --variant=extract: the packages unpacked, no maintainer script run. Every one would
#         run under qemu-user, and most of their minutes were py3compile byte-compiling Python 3.13's
#         standard library: the root needs no configured system (it is entered with systemd-nspawn,
#         never booted), so only what its programs read is put in: /etc/passwd and /etc/group from
#         base-passwd's masters, the directories base-files' postinst would make (/opt, the install's
#         place), and the standard library's .pyc, compiled natively (below).
#  py313  amd64, --variant=extract, Python 3.13 alone: the box's native byte-compiler. A .pyc holds
#         marshalled code, the same on every architecture for one Python version, so Python 3.13 on
#         amd64 writes the very files Python 3.13 on aarch64 would, in seconds instead of minutes
#         (box_compile_native).
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
# Python 3.13 for amd64, only to byte-compile for the arm64 root (the same Debian version: trixie)
BOX_PY313_PACKAGES=(python3.13-minimal libpython3.13-stdlib)

box_root_key() {    # name -> the cache key of that root
    local name="$1" pkgs
    case "$name" in
        vm) pkgs="amd64 ${BOX_VM_PACKAGES[*]}" ;;
        arm64) pkgs="arm64 ${BOX_ARM64_PACKAGES[*]}" ;;
        py313) pkgs="amd64 ${BOX_PY313_PACKAGES[*]}" ;;
        *) echo "roots.sh: unknown root '$name' (vm, arm64 or py313)" >&2; return 2 ;;
    esac
    printf '%s\n' "$BOX_SUITE" "$pkgs" "$(sed -n '/^# ROOT-HOOKS-BEGIN/,/^# ROOT-HOOKS-END/p' "${BASH_SOURCE[0]}")" \
        | sha256sum | cut -c1-16
}

box_root_dir() { echo "$BOX_CACHE/$1-$(box_root_key "$1")"; }

# ROOT-HOOKS-BEGIN (part of the cache key)
BOX_DPKG_SLIM=(--dpkgopt='path-exclude=/usr/share/man/*' --dpkgopt='path-exclude=/usr/share/doc/*'
    --dpkgopt='path-include=/usr/share/doc/*/copyright' --dpkgopt='path-exclude=/usr/share/locale/*'
    --dpkgopt='path-exclude=/usr/share/info/*')
box_build_root() {  # name -> builds $BOX_CACHE/<name>-<hash>/root unless it is there; prints the dir
    local name="$1" dir
    dir="$(box_root_dir "$name")" || return 1
    if [[ -f "$dir/complete" ]]; then echo "$dir"; return 0; fi
    command -v mmdebstrap >/dev/null || { echo "roots.sh: no mmdebstrap (apt-get install mmdebstrap)" >&2; return 1; }
    if [[ "$name" == arm64 ]]; then
        [[ -e /proc/sys/fs/binfmt_misc/qemu-aarch64 ]] \
            || { echo "roots.sh: no binfmt_misc entry for qemu-aarch64 (apt-get install qemu-user-static binfmt-support; mount binfmt_misc)" >&2; return 1; }
        box_build_root py313 >/dev/null || return 1
    fi
    rm -rf "$dir"; mkdir -p "$dir"
    # no documentation, manual pages or translations: less to unpack
    case "$name" in
        vm) mmdebstrap --variant=minbase --architectures=amd64 --include="$(IFS=,; echo "${BOX_VM_PACKAGES[*]}")" \
                "${BOX_DPKG_SLIM[@]}" \
                --customize-hook='echo hub-box >"$1/etc/hostname"' \
                --customize-hook='printf "127.0.0.1 localhost\n127.0.1.1 hub-box\n" >"$1/etc/hosts"' \
                --customize-hook='chroot "$1" passwd -d root' \
                --customize-hook='printf "/dev/vda / ext4 rw,errors=remount-ro 0 1\n" >"$1/etc/fstab"' \
                "$BOX_SUITE" "$dir/root" "$BOX_MIRROR" ;;
        py313) mmdebstrap --variant=extract --architectures=amd64 --include="$(IFS=,; echo "${BOX_PY313_PACKAGES[*]}")" \
                "${BOX_DPKG_SLIM[@]}" "$BOX_SUITE" "$dir/root" "$BOX_MIRROR" ;;
        arm64) mmdebstrap --variant=extract --architectures=arm64 --include='?essential' \
                --include="$(IFS=,; echo "${BOX_ARM64_PACKAGES[*]}")" "${BOX_DPKG_SLIM[@]}" \
                "$BOX_SUITE" "$dir/root" "$BOX_MIRROR" \
            && box_finish_extract "$dir/root" \
            && box_compile_native "$dir/root" /usr/lib/python3.13 ;;
    esac >"$dir/build.log" 2>&1 \
        || { echo "roots.sh: building the $name root failed: see $dir/build.log" >&2; return 1; }
    touch "$dir/complete"
    echo "$dir"
}

box_finish_extract() {  # ROOT: what an extract root's programs read and no maintainer script made
    # (mmdebstrap runs no customize hook for --variant=extract): the users and groups from
    # base-passwd's masters, a hostname, and the directories base-files' postinst makes (/opt)
    local root="$1"
    cp "$root/usr/share/base-passwd/passwd.master" "$root/etc/passwd" \
        && cp "$root/usr/share/base-passwd/group.master" "$root/etc/group" \
        && echo hub-box >"$root/etc/hostname" \
        && mkdir -p "$root/opt" "$root/srv" "$root/mnt" "$root/media"
}

box_compile_native() {  # ROOT DIR...: every .py under ROOT/DIR byte-compiled by the native Python 3.13
    # (the py313 root), each .pyc where and as ROOT's own Python 3.13 would write it (the source's
    # path inside ROOT in it, stamped with the source's mtime and size)
    local root="$1" py d
    shift
    py="$(box_build_root py313)/root" || return 1
    for d in "$@"; do
        systemd-nspawn -q --register=no --keep-unit -D "$py" --bind="$root$d:/c$d" --pipe -- \
            /usr/bin/python3.13 -m compileall -q -j 0 -s /c -p / "/c$d" >/dev/null \
            || { echo "roots.sh: byte-compiling $d natively for $root failed" >&2; return 1; }
    done
}
# ROOT-HOOKS-END

if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
    box_build_root "${1:?usage: roots.sh vm|arm64|py313}"
fi
