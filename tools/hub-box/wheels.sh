#!/usr/bin/env bash
# Wheels for the hub box, built once and cached in $BOX_CACHE/wheels-<root>-<hash> (the hash over
# the root's key, pyproject.toml, the extras and requirements, and this file): every wheel
# `pip install -e '.[EXTRAS]'` needs on the root's Python, plus pip and its build backend.
#
#  vm     (amd64, native speed): `pip wheel` in the root under systemd-nspawn (--volatile=overlay: the
#         cached root is not changed) on the host's network.
#  arm64  (aarch64 under qemu-user: every instruction emulated): only the C extensions of the [pi]
#         extra (rpi-ws281x, lgpio, spidev: no wheel for cp313 aarch64 on PyPI) are compiled in the
#         root, from sdists; everything else is a binary wheel downloaded natively by the host's pip
#         (--platform manylinux_2_x_aarch64 --python-version 3.13 --only-binary=:all:). The installer
#         takes no pure-Python package from Debian (only Raspberry Pi OS's python3-lgpio, which
#         Debian's archive does not have), so neither does the box.
#
#   tools/hub-box/wheels.sh vm|arm64 EXTRAS [REQUIREMENT...]    prints the wheel directory
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
SRC="$(cd "$HERE/../.." && pwd)"
# shellcheck source=tools/hub-box/roots.sh
. "$HERE/roots.sh"

# the host's CA file: where a TLS-inspecting proxy stands between this machine and PyPI
BOX_CA="${PIP_CERT:-${SSL_CERT_FILE:-/etc/ssl/certs/ca-certificates.crt}}"

box_wheels() {     # root-name extras [requirement...] -> prints the wheel directory (built unless cached)
    local name="$1" extras="$2" root key dir
    shift 2
    local reqs="$*"
    root="$(box_build_root "$name")/root"
    key="$( { box_root_key "$name"; cat "$SRC/pyproject.toml" "${BASH_SOURCE[0]}"; echo "$extras $reqs"; } | sha256sum | cut -c1-16)"
    dir="$BOX_CACHE/wheels-$name-$key"
    if [[ -f "$dir/complete" ]]; then echo "$dir"; return 0; fi
    rm -rf "$dir"; mkdir -p "$dir/wheels" "$BOX_CACHE/pip-$name"
    case "$name" in
        vm) box_wheels_vm "$root" "$dir" "$extras" "$reqs" ;;
        arm64) box_wheels_arm64 "$root" "$dir" "$extras" "$reqs" ;;
    esac || { echo "wheels.sh: building the $name wheels failed: see $dir/build.log" >&2; return 1; }
    touch "$dir/complete"
    echo "$dir"
}

box_wheels_vm() {  # root dir extras reqs: all of it built in the root (native amd64)
    local root="$1" dir="$2" extras="$3" reqs="$4" meta
    # only the project's metadata goes in: the wheels depend on pyproject.toml, not on the code
    meta="$(mktemp -d)"
    cp "$SRC/pyproject.toml" "$SRC/README.md" "$meta/"
    mkdir -p "$meta/engine" && touch "$meta/engine/__init__.py"
    systemd-nspawn -q --register=no --keep-unit --volatile=overlay --resolv-conf=copy-host -D "$root" \
        --bind="$dir/wheels:/wheels" --bind="$BOX_CACHE/pip-vm:/pipcache" --bind="$meta:/src" \
        --bind-ro="$BOX_CA:/etc/ssl/host-ca.crt" --setenv=PIP_CERT=/etc/ssl/host-ca.crt \
        --setenv=PIP_CACHE_DIR=/pipcache --setenv=PYPI=1 --pipe -- /bin/sh -ec '
            python3 -m venv /tmp/v
            /tmp/v/bin/pip install -q --upgrade pip
            /tmp/v/bin/pip download -q -d /wheels pip "setuptools>=77" wheel
            /tmp/v/bin/pip wheel -q -w /wheels "/src'"$extras"'" '"$reqs"'
            rm -f /wheels/mexican_train_hub-*.whl' >"$dir/build.log" 2>&1
    local rc=$?
    rm -rf "$meta"
    return $rc
}

box_host_pip() {   # the host's pip (the clone's venv, else python3's): downloads for the arm64 root
    if [[ -x "$SRC/.venv/bin/python" ]] && "$SRC/.venv/bin/python" -m pip --version >/dev/null 2>&1; then
        "$SRC/.venv/bin/python" -m pip "$@"
    else
        python3 -m pip "$@"
    fi
}

box_wheels_arm64() {  # root dir extras reqs: binary wheels downloaded natively, the C extensions compiled in the root
    local root="$1" dir="$2" extras="$3" reqs="$4" t0=$SECONDS
    python3 -m pip --version >/dev/null 2>&1 || [[ -x "$SRC/.venv/bin/python" ]] \
        || { echo "wheels.sh: no pip on the host to download the aarch64 wheels (make venv, or apt-get install python3-pip)" >&2; return 1; }
    # the requirements from pyproject.toml: the [pi] extra's from source, all the others as wheels
    local lists
    lists="$(python3 - "$SRC/pyproject.toml" "$extras" <<'PY'
import re, sys, tomllib
project = tomllib.load(open(sys.argv[1], "rb"))["project"]
extras = [e for e in sys.argv[2].strip("[]").split(",") if e]
source = project["optional-dependencies"]["pi"]
binary = list(project["dependencies"])
for extra in extras:
    binary += [r for r in project["optional-dependencies"][extra] if r not in source]
print(" ".join(source) if "pi" in extras else "")
print(" ".join(binary))
PY
)" || return 1
    local source binary
    source="$(sed -n 1p <<<"$lists")"
    binary="$(sed -n 2p <<<"$lists")"
    local plat=(--platform manylinux2014_aarch64) v
    for v in $(seq 17 41); do plat+=(--platform "manylinux_2_${v}_aarch64"); done
    {
        echo "binary wheels (native download): $binary $reqs pip setuptools>=77 wheel"
        # a pure-Python package with no wheel on PyPI (sdnotify) is made a wheel natively (py3-none-any:
        # the same on every architecture), then the download is tried again with it at hand
        local tries out missing
        for tries in 1 2 3 4 5 6; do
            # shellcheck disable=SC2086  # word lists of requirements
            if out="$(PIP_CERT="$BOX_CA" box_host_pip download -q -d "$dir/wheels" --find-links "$dir/wheels" \
                    --only-binary=:all: "${plat[@]}" --python-version 3.13 --implementation cp --abi cp313 \
                    $binary $reqs pip "setuptools>=77" wheel 2>&1)"; then break; fi
            echo "$out"
            missing="$(sed -n 's/^ERROR: No matching distribution found for \([A-Za-z0-9_.-]*\).*/\1/p' <<<"$out" | head -1)"
            [[ -n "$missing" && "$tries" -lt 6 ]] || return 1
            PIP_CERT="$BOX_CA" box_host_pip wheel -q --no-deps -w "$dir/pure" "$missing" || return 1
            compgen -G "$dir/pure/*-none-any.whl" >/dev/null || { echo "$missing has no wheel for aarch64 and is not pure Python"; return 1; }
            echo "made natively (pure Python, no wheel on PyPI): $(cd "$dir/pure" && echo ./*-none-any.whl)"
            mv "$dir"/pure/*-none-any.whl "$dir/wheels/"
        done
        echo "native download: $((SECONDS - t0)) s"
        [[ -n "$source" ]] || return 0
        mkdir -p "$dir/sdist"
        echo "sdists: $source"
        # shellcheck disable=SC2086
        PIP_CERT="$BOX_CA" box_host_pip download -q -d "$dir/sdist" --no-binary=:all: --no-deps $source || return 1
        echo "sdist download: $((SECONDS - t0)) s"
    } >"$dir/build.log" 2>&1 || return 1
    # pip and setuptools for the root, put in a directory natively (pure Python): no venv and no
    # ensurepip under emulation (ensurepip ignores PIP_* settings, runs pip from its zip and
    # byte-compiles it: over 8 minutes at load 40)
    box_host_pip install -q --no-compile --no-index --find-links "$dir/wheels" --target "$dir/bootstrap" \
        pip "setuptools>=77" wheel >>"$dir/build.log" 2>&1 || return 1
    # and byte-compiled natively for Python 3.13 (roots.sh: box_compile_native), as it is mounted in the
    # root (/bootstrap, read-only there: Python under emulation would compile pip anew on every run)
    box_compile_native "$dir" /bootstrap >>"$dir/build.log" 2>&1 || return 1
    # the C extensions compiled on Python 3.13 aarch64 (every instruction emulated), offline
    local t1=$SECONDS
    systemd-nspawn -q --register=no --keep-unit --volatile=overlay -D "$root" \
        --bind="$dir/wheels:/wheels" --bind-ro="$dir/sdist:/sdist" --bind="$dir/bootstrap:/bootstrap" \
        --setenv=PYPI=1 --setenv=PYTHONPATH=/bootstrap --setenv=PIP_NO_INDEX=1 --setenv=PIP_FIND_LINKS=/wheels \
        --setenv=PIP_DISABLE_PIP_VERSION_CHECK=1 --setenv=PIP_NO_COMPILE=1 --pipe -- /bin/sh -ec '
            python3 -m pip wheel -q --no-build-isolation --no-deps -w /wheels /sdist/*
            python3 -c "import platform, sys; print(\"compiled on python\", sys.version.split()[0], platform.machine())"
        ' >>"$dir/build.log" 2>&1 || return 1
    echo "compiled in the root (emulated): $((SECONDS - t1)) s" >>"$dir/build.log"
    ls "$dir/wheels" >>"$dir/build.log"
}

if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
    box_wheels "${1:?usage: wheels.sh vm|arm64 EXTRAS [REQUIREMENT...]}" "${2:-[pi]}" "${@:3}"
fi
