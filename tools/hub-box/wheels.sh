#!/usr/bin/env bash
# Wheels for the hub box, built once and cached: every wheel `pip install -e '.[EXTRAS]'` needs on
# the root's Python (rpi-ws281x, spidev and lgpio from their sources; the rest from PyPI), plus pip's
# build backend, in $BOX_CACHE/wheels-<root>-<hash>, the hash over the root's key, pyproject.toml
# and EXTRAS. Built with systemd-nspawn in the root (--volatile=overlay: the cached root is not
# changed) on the host's network; qemu-user runs an arm64 root through binfmt_misc.
#
#   tools/hub-box/wheels.sh vm|arm64 EXTRAS [REQUIREMENT...]    prints the wheel directory
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
SRC="$(cd "$HERE/../.." && pwd)"
# shellcheck source=tools/hub-box/roots.sh
. "$HERE/roots.sh"

box_wheels() {     # root-name extras [requirement...] -> prints the wheel directory (built unless cached)
    local name="$1" extras="$2" root key dir
    shift 2
    local reqs="$*"
    root="$(box_build_root "$name")/root"
    key="$( { box_root_key "$name"; cat "$SRC/pyproject.toml"; echo "$extras $reqs"; } | sha256sum | cut -c1-16)"
    dir="$BOX_CACHE/wheels-$name-$key"
    if [[ -f "$dir/complete" ]]; then echo "$dir"; return 0; fi
    rm -rf "$dir"; mkdir -p "$dir/wheels" "$BOX_CACHE/pip-$name"
    # only the project's metadata goes in: the wheels depend on pyproject.toml, not on the code
    local meta; meta="$(mktemp -d)"
    cp "$SRC/pyproject.toml" "$SRC/README.md" "$meta/"
    mkdir -p "$meta/engine" && touch "$meta/engine/__init__.py"
    # the host's CA file: where a TLS-inspecting proxy stands between this machine and PyPI
    local ca="${PIP_CERT:-${SSL_CERT_FILE:-/etc/ssl/certs/ca-certificates.crt}}"
    systemd-nspawn -q --register=no --keep-unit --volatile=overlay --resolv-conf=copy-host -D "$root" \
        --bind="$dir/wheels:/wheels" --bind="$BOX_CACHE/pip-$name:/pipcache" --bind="$meta:/src" \
        --bind-ro="$ca:/etc/ssl/host-ca.crt" --setenv=PIP_CERT=/etc/ssl/host-ca.crt \
        --setenv=PIP_CACHE_DIR=/pipcache --setenv=PYPI=1 --pipe -- /bin/sh -ec '
            python3 -m venv /tmp/v
            /tmp/v/bin/pip install -q --upgrade pip
            /tmp/v/bin/pip download -q -d /wheels pip "setuptools>=77" wheel
            /tmp/v/bin/pip wheel -q -w /wheels "/src'"$extras"'" '"$reqs"'
            rm -f /wheels/mexican_train_hub-*.whl' >"$dir/build.log" 2>&1 \
        || { rm -rf "$meta"; echo "wheels.sh: building the $name wheels failed: see $dir/build.log" >&2; return 1; }
    rm -rf "$meta"
    touch "$dir/complete"
    echo "$dir"
}

if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
    box_wheels "${1:?usage: wheels.sh vm|arm64 EXTRAS [REQUIREMENT...]}" "${2:-[pi]}" "${@:3}"
fi
