#!/usr/bin/env bash
# make hub-box: the hub's own operating system booted in a box (docs/install.md, "The hub in a box").
#
#  A. a Debian trixie VM under QEMU (TCG): systemd/install.sh from a clone, the unit's full sandbox,
#     every allowed device opened by the running service, the sensor board as QEMU's USB serial
#     adapter played by firmware/sensor_board/main.py, a game through the API, the VM SIGKILLed
#     mid-game and booted again;
#  B. an aarch64 trixie root (qemu-user through binfmt_misc): the [pi] and [pi5] extras built from
#     source, the engine tests and the non-timing hardware tests on Python 3.13 aarch64, the benches.
#
# `all` runs A and B at once (each its own run.sh, lines prefixed [vm] and [arm64]).
# Roots, wheels, images and the arm64 venv are cached outside the clone ($BOX_CACHE, default
# /var/cache/mexican-train-box), keyed by their inputs. Each stage has a time budget: one that
# overruns is stopped and the run fails. Needs root, mmdebstrap, qemu-system-x86, qemu-user-static
# with binfmt_misc, systemd-container; where one is missing it says so in one line and fails.
#
#   tools/hub-box/run.sh [vm|arm64|all]        (default all)
#   BOX_PI_MODEL="Raspberry Pi 4 Model B Rev 1.5"  the model install.sh is told (INSTALL_PI_MODEL)
#   BOX_CONFIG=firmware_config/twelve-seat.toml    the build installed in the VM (LED strip on SPI, a board)
#   BOX_CACHE=/var/cache/mexican-train-box         where roots, wheels, the arm64 venv and pip's cache are kept
#   BOX_QEMU=qemu-system-x86_64                    the QEMU that boots the VM
#   BOX_TOTAL_BUDGET_S=4500                        the box's total time budget (every stage gets at most what is left)
#   BOX_ARM64_NICE=0                               the arm64 part's niceness in `all`, added to the caller's
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
SRC="$(cd "$HERE/../.." && pwd)"
# shellcheck source=tools/hub-box/roots.sh
. "$HERE/roots.sh"
# shellcheck source=tools/hub-box/wheels.sh
. "$HERE/wheels.sh"

WHAT="${1:-all}"
BOX_PI_MODEL="${BOX_PI_MODEL:-Raspberry Pi 4 Model B Rev 1.5}"
BOX_CONFIG="${BOX_CONFIG:-firmware_config/twelve-seat.toml}"
BOX_PIN=2468
BOX_QEMU="${BOX_QEMU:-qemu-system-x86_64}"   # the QEMU that boots the VM
# the pages must answer within this many seconds of QEMU's start (TCG: minutes on a loaded 2-core machine)
PAGES_WITHIN_S="${BOX_PAGES_WITHIN_S:-900}"
WORK=""
T0=$SECONDS
SUMMARY=()
QEMU_PID="" FW_PID=""
# shellcheck source=tools/hub-box/stage.sh
. "$HERE/stage.sh"

result() { SUMMARY+=("$*"); say "$*"; }
box_quiet() { "$@" >/dev/null; }   # a builder that prints its directory: the stage's line says enough
cleanup() {
    [[ -n "$WORK" ]] || return 0
    box_load_state
    [[ -n "$FW_PID" ]] && kill "$FW_PID" 2>/dev/null
    [[ -n "$QEMU_PID" ]] && kill -9 "$QEMU_PID" 2>/dev/null
    wait 2>/dev/null
    if ((OK)); then rm -rf "$WORK"; return 0; fi
    cp "$WORK"/arm64-root/opt/mexican-train/arm64-tests-*.log "$WORK/" 2>/dev/null || true   # pytest's own output, out of the root
    say "kept for a look: $WORK (console*.log, qemu*.log, fw*.log, arm64-*.log)"; rm -rf "$WORK/disk.img" "$WORK/arm64-root"
}
OK=0
trap cleanup EXIT
trap 'box_interrupted SIGINT' INT
trap 'box_interrupted SIGTERM' TERM

preflight() {     # where this machine cannot run the box: one line saying why, and the run fails
    [[ "$(id -u)" == 0 ]] || die "the box needs root (mmdebstrap, mknod, systemd-nspawn): sudo make hub-box"
    local need=()     # the QEMU asked for (BOX_QEMU) is checked first: it is the one a builder may name wrong
    [[ "$WHAT" == arm64 ]] || need+=("$BOX_QEMU:qemu-system-x86")
    need+=(mmdebstrap:mmdebstrap systemd-nspawn:systemd-container mkfs.ext4:e2fsprogs)
    [[ "$WHAT" == vm ]] || need+=(qemu-aarch64-static:qemu-user-static)
    local n
    for n in "${need[@]}"; do
        command -v "${n%%:*}" >/dev/null || die "no ${n%%:*} on this machine (apt-get install ${n##*:})"
    done
    if [[ "$WHAT" != vm ]]; then
        [[ -e /proc/sys/fs/binfmt_misc/status ]] || mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc 2>/dev/null || true
        [[ -e /proc/sys/fs/binfmt_misc/status ]] \
            || die "no binfmt_misc on this machine (the kernel's binfmt_misc is not mounted and cannot be): the arm64 root needs it"
        [[ -e /proc/sys/fs/binfmt_misc/qemu-aarch64 ]] || update-binfmts --enable qemu-aarch64 2>/dev/null || true
        [[ -e /proc/sys/fs/binfmt_misc/qemu-aarch64 ]] \
            || die "no binfmt_misc entry for qemu-aarch64: apt-get install qemu-user-static binfmt-support"
    fi
}

# ---------------------------------------------------------------- A: the hub's OS in a VM
vm_image() {
    local root wheels
    root="$(box_build_root vm)/root"
    wheels="$(box_wheels vm '[pi]')/wheels"
    mkdir -p "$WORK/root"
    cp -a "$root/." "$WORK/root/"
    local r="$WORK/root"
    git clone -q "$SRC" "$r/root/mexican-train"
    git -C "$SRC" diff --quiet HEAD 2>/dev/null || say "note: the clone is HEAD ($(git -C "$SRC" rev-parse --short HEAD)); uncommitted changes are not in it"
    mkdir -p "$r/box"
    cp "$HERE"/guest/*.sh "$HERE"/guest/*.py "$r/box/"
    cp -a "$wheels" "$r/box/wheels"
    local venv
    venv="$(vm_venv_dir)"
    if [[ -f "$venv/complete" ]]; then
        mkdir -p "$r/opt/mexican-train"
        cp -a "$venv/venv" "$r/opt/mexican-train/venv"
        say "the venv from $venv (the installer made it in an earlier run with the same inputs): the installer takes its re-run path"
    else
        say "no cached venv for these inputs: the installer makes it in the VM (kept for the next run)"
    fi
    printf 'BOX_PI_MODEL=%q\nBOX_CONFIG=%q\nBOX_PIN=%q\n' "$BOX_PI_MODEL" "$BOX_CONFIG" "$BOX_PIN" >"$r/box/box.env"
    cp "$HERE/guest/box.service" "$HERE/guest/box-devices.service" "$r/etc/systemd/system/"
    mkdir -p "$r/etc/systemd/system/multi-user.target.wants" "$r/etc/systemd/network"
    ln -sf ../box.service ../box-devices.service "$r/etc/systemd/system/multi-user.target.wants/"
    cp "$HERE/guest/10-box.network" "$r/etc/systemd/network/"
    ln -sf /lib/systemd/system/systemd-networkd.service "$r/etc/systemd/system/multi-user.target.wants/"
    cp "$r"/boot/vmlinuz-* "$WORK/vmlinuz"; cp "$r"/boot/initrd.img-* "$WORK/initrd"
    truncate -s 6G "$WORK/disk.img"
    mkfs.ext4 -q -F -L hubroot -d "$r" "$WORK/disk.img"
    rm -rf "$r"
}

# The VM's venv, cached in $BOX_CACHE/vm-venv-<hash>: the hash over the root's and the wheels'
# keys, pyproject.toml, systemd/install.sh, the build installed and the model it is told. Making it
# (ensurepip, then pip installing numpy, OpenCV, ... under TCG) was three quarters of the first
# boot's install. A run with the same inputs puts the venv an earlier run's installer made at
# /opt/mexican-train/venv in the image, and the installer takes its re-run path, as on a hub
# updated after `git pull` ("exists"; pip upgraded; `pip install -e` of this run's clone on top).
# A run without it (an empty cache, or any input changed) runs the installer's first-install path.
vm_venv_dir() {
    local key
    key="$( { box_root_key vm; basename "$(box_wheels vm '[pi]')";
              cat "$SRC/pyproject.toml" "$SRC/systemd/install.sh" "$SRC/$BOX_CONFIG"; echo "$BOX_PI_MODEL"; } \
            | sha256sum | cut -c1-16)"
    echo "$BOX_CACHE/vm-venv-$key"
}
vm_venv_save() {   # the venv boot 1's installer made, out of the image without mounting it (debugfs)
    local dir
    dir="$(vm_venv_dir)"
    if [[ -f "$dir/complete" ]]; then say "the venv came from the cache"; return 0; fi
    e2fsck -fy "$WORK/disk.img" >/dev/null 2>&1 || true   # the journal replayed: QEMU was SIGKILLed
    rm -rf "$dir"; mkdir -p "$dir"
    debugfs -R "rdump /opt/mexican-train/venv $dir" "$WORK/disk.img" >/dev/null 2>&1 || true
    [[ -x "$dir/venv/bin/python" ]] || { say "the VM's venv could not be read out of the image"; rm -rf "$dir"; return 1; }
    touch "$dir/complete"
    say "the VM's venv kept in $dir ($(du -sh "$dir" | cut -f1))"
}

PORT=""
vm_boot() {   # N: boots the VM in the background; the board's pty gets the firmware
    local n="$1"
    PORT="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')"
    : >"$WORK/console$n.log"
    "$BOX_QEMU" -accel tcg,thread=multi -cpu max -smp 2 -m 2048 -nodefaults -display none \
        -kernel "$WORK/vmlinuz" -initrd "$WORK/initrd" \
        -append "root=/dev/vda rw console=ttyS0 quiet systemd.show_status=0 net.ifnames=0" \
        -drive "file=$WORK/disk.img,if=virtio,format=raw" \
        -netdev "user,id=n0,hostfwd=tcp:127.0.0.1:$PORT-:80" -device virtio-net-pci,netdev=n0,romfile= \
        -device qemu-xhci -chardev pty,id=board -device usb-serial,chardev=board \
        -serial "file:$WORK/console$n.log" >"$WORK/qemu$n.log" 2>&1 &
    QEMU_PID=$!
    box_state QEMU_PID="$QEMU_PID" PORT="$PORT"
    local pty=""
    for _ in $(seq 1 50); do
        pty="$(grep -o '/dev/pts/[0-9]*' "$WORK/qemu$n.log" | head -1 || true)"
        [[ -n "$pty" ]] && break; sleep 0.2
    done
    [[ -n "$pty" ]] || { cat "$WORK/qemu$n.log"; return 1; }
    stty -F "$pty" raw -echo
    mkfifo "$WORK/fw$n.ctl"
    # the sensor board: the unchanged firmware under CPython, `machine` stood in for (all slots empty)
    FW_CONTROL_FD=3 python3 "$SRC/tests/hardware/firmware_host.py" <"$pty" >"$pty" 3<>"$WORK/fw$n.ctl" 2>"$WORK/fw$n.log" &
    FW_PID=$!
    box_state FW_PID="$FW_PID"
    say "boot $n: QEMU TCG (pid $QEMU_PID), pages on 127.0.0.1:$PORT, sensor board (firmware/sensor_board/main.py) on $pty"
}

wait_console() {   # N TEXT: until the guest prints "BOX: TEXT"
    until grep -q "BOX: $2" "$WORK/console$1.log"; do
        box_alive "$QEMU_PID" || { tail -n 30 "$WORK/console$1.log"; return 1; }
        sleep 2
    done
}

box_lines() { grep -a '^BOX: ' "$WORK/console$1.log" | sed 's/^BOX: /    /' | tr -d '\r'; }

vm_first_boot() {
    vm_boot 1
    wait_console 1 "check done"
    box_lines 1
    grep -q "BOX: install ok" "$WORK/console1.log" || return 1
    grep -q "BOX: devices blocked: 0" "$WORK/console1.log" || { say "a device was blocked as the service"; return 1; }
    grep -q "station link: connected=True board_id=PICO-1" "$WORK/console1.log" || { say "the station did not link to the board"; return 1; }
}

vm_pull_plug() {   # QEMU SIGKILLed and waited for (the disk image is then QEMU's no more), the board's firmware stopped
    kill -9 "$QEMU_PID" 2>/dev/null    # fails when QEMU is already gone: the VM died on its own
    while box_alive "$QEMU_PID"; do sleep 0.2; done
    kill "$FW_PID" 2>/dev/null || true
    box_state QEMU_PID="" FW_PID=""
}

vm_game_and_plug() {
    python3 "$HERE/game.py" play "http://127.0.0.1:$PORT" "$BOX_PIN" "$WORK/game.json"
    vm_pull_plug                        # right after the last acknowledged move
    say "the VM SIGKILLed mid-game (QEMU killed right after the last acknowledged move)"
}

vm_second_boot() {
    vm_boot 2
    local secs
    secs="$(python3 "$HERE/game.py" pages "http://127.0.0.1:$PORT" "$PAGES_WITHIN_S")" \
        || { tail -n 30 "$WORK/console2.log"; return 1; }
    echo "$secs" >"$WORK/pages.s"
    python3 "$HERE/game.py" verify "http://127.0.0.1:$PORT" "$BOX_PIN" "$WORK/game.json" | tee "$WORK/verify.txt"
    wait_console 2 "check done"
    box_lines 2
    grep -q "BOX: boot 2: the station was started by systemd at boot" "$WORK/console2.log" || return 1
    grep -q "BOX: devices blocked: 0" "$WORK/console2.log"
}

# Stage budgets (s): about twice what each took on this machine kind at load 10-40 (docs/install.md),
# all under the box's total (BOX_TOTAL_BUDGET_S, tools/hub-box/stage.sh)
part_vm() {
    stage vm-root 900 box_quiet box_build_root vm
    stage vm-wheels 600 box_quiet box_wheels vm '[pi]'
    stage vm-image 300 vm_image
    stage vm-boot-1-install 1800 vm_first_boot
    stage vm-game 300 vm_game_and_plug
    stage vm-boot-2 1200 vm_second_boot
    result "VM boot to pages: $(cat "$WORK/pages.s") s (QEMU TCG, from QEMU's start; limit ${PAGES_WITHIN_S} s)"
    local line
    while read -r line; do result "as the service: ${line#BOX: }"; done < <(grep -a '^BOX: device ' "$WORK/console2.log" | tr -d '\r')
    result "sensor board: $(grep -a '^BOX: board:' "$WORK/console2.log" | tr -d '\r' | sed 's/^BOX: board: //'); $(grep -a 'station link:' "$WORK/console2.log" | tr -d '\r' | sed 's/^BOX: //')"
    result "plug pulled mid-game: $(cat "$WORK/verify.txt")"
    vm_pull_plug
    stage vm-venv-keep 300 vm_venv_save
}

# ---------------------------------------------------------------- B: the hub's architecture
part_arm64() {
    local line
    stage arm64-root 3000 box_quiet box_build_root arm64
    # shellcheck disable=SC2086  # a word list of requirements
    stage arm64-wheels 1200 box_quiet box_wheels arm64 "$ARM64_EXTRAS" $ARM64_REQS
    stage arm64-install 1200 arm64_install
    stage arm64-bench 900 arm64_bench      # before the tests: minutes, where the tests take tens of them
    while read -r line; do result "bench: $line"; done <"$WORK/arm64-bench.txt"
    stage arm64-tests 1800 arm64_tests
    result "aarch64 Python 3.13: $(cat "$WORK/arm64-tests.txt")"
}

# a shell script run in this run's copy of the arm64 root, offline, the clone on /src. PIP_NO_COMPILE:
# pip writes no .pyc of what it installs (byte-compiling pip, numpy, ... under emulation took most
# of ensurepip's minutes); Python compiles what is imported, and the installer's compileall step
# still compiles the station's own code
arm64_run() {
    local wheels
    # shellcheck disable=SC2086
    wheels="$(box_wheels arm64 "$ARM64_EXTRAS" $ARM64_REQS)"
    systemd-nspawn -q --register=no --keep-unit -D "$WORK/arm64-root" \
        --bind-ro="$WORK/clone:/src" --bind-ro="$wheels/wheels:/wheels" --bind-ro="$wheels/bootstrap:/bootstrap" \
        --setenv=PIP_NO_INDEX=1 \
        --setenv=PIP_FIND_LINKS=/wheels --setenv=PIP_DISABLE_PIP_VERSION_CHECK=1 --setenv=PYPI=1 \
        --setenv=PIP_NO_COMPILE=1 \
        --pipe -- /bin/bash -ec "$1"
}

# systemd/install.sh's Python steps (install_code), as it runs them on a Pi 5 on trixie, each timed:
# the venv with the system site packages (made --without-pip, and pip put in by the upgrade step
# from the wheel cache: ensurepip under emulation took over 8 minutes), pip upgraded, `pip install -e /opt/mexican-train[pi,pi5]`
# (PYPI=1; the C extensions from the wheels compiled once in the root), compileall, check-config.
# Between them the box byte-compiles what pip installed natively (PIP_NO_COMPILE=1: pip writes no
# .pyc under emulation; roots.sh: box_compile_native writes the same files in seconds), where the
# hub's pip would have compiled it itself; the installer's own compileall step runs as it is.
ARM64_EXTRAS='[pi,pi5]'
ARM64_REQS='pytest hypothesis'
ARM64_MODEL='Raspberry Pi 5 Model B Rev 1.0'
ARM64_STEP='t() { local s=$SECONDS; "$@"; echo "  step $((SECONDS - s)) s: $*" >&2; }; P=/opt/mexican-train; '
ARM64_SITE=/opt/mexican-train/venv/lib/python3.13/site-packages
arm64_install() {  # the cached root copied for this run (the cache stays as built), the installer's Python steps in it
    [[ -d "$WORK/clone" ]] || git clone -q "$SRC" "$WORK/clone"
    rm -rf "$WORK/arm64-root"
    cp -a --reflink=auto "$(box_build_root arm64)/root" "$WORK/arm64-root"
    local s venv
    venv="$(arm64_venv_dir)"
    if [[ -f "$venv/complete" ]]; then
        arm64_install_from_cache "$venv" 2>&1 | tee "$WORK/arm64-install.log"
    else
        { arm64_run "$ARM64_STEP$arm64_pip"
          s=$SECONDS; box_compile_native "$WORK/arm64-root" "$ARM64_SITE"
          echo "  step $((SECONDS - s)) s: the venv's site-packages byte-compiled natively (box_compile_native)" >&2
          arm64_run "$ARM64_STEP$arm64_check$arm64_test_tools"
          s=$SECONDS; box_compile_native "$WORK/arm64-root" "$ARM64_SITE"
          echo "  step $((SECONDS - s)) s: the test tools byte-compiled natively" >&2
          arm64_run "$ARM64_STEP$arm64_imports"
        } 2>&1 | tee "$WORK/arm64-install.log"
        grep -q "rpi_ws281x spidev lgpio adafruit_raspberry_pi5_neopixel_write import" "$WORK/arm64-install.log" \
            || return 1
        arm64_venv_save "$venv"
    fi
    grep -q "rpi_ws281x spidev lgpio adafruit_raspberry_pi5_neopixel_write import" "$WORK/arm64-install.log"
}

# The installed venv, cached in $BOX_CACHE/arm64-venv-<hash>: the hash over every input of the
# install (the root's and the wheels' keys, pyproject.toml, systemd/install.sh, the steps below).
# The project is installed editable, so the venv holds none of its code: a run with the same inputs
# copies the venv from the cache instead of running pip under emulation again (about 7 minutes),
# and still copies this run's clone, runs the installer's compileall and check-config steps on it,
# and imports the [pi] and [pi5] drivers.
arm64_venv_dir() {
    local key
    # shellcheck disable=SC2086
    key="$( { box_root_key arm64; basename "$(box_wheels arm64 "$ARM64_EXTRAS" $ARM64_REQS)";
              cat "$SRC/pyproject.toml" "$SRC/systemd/install.sh";
              echo "$arm64_pip$arm64_test_tools$ARM64_EXTRAS$ARM64_REQS"; } | sha256sum | cut -c1-16)"
    echo "$BOX_CACHE/arm64-venv-$key"
}
arm64_venv_save() {  # dir: the venv this run installed, kept for the next run with the same inputs
    local dir="$1"
    rm -rf "$dir"; mkdir -p "$dir"
    cp -a --reflink=auto "$WORK/arm64-root/opt/mexican-train/venv" "$dir/venv" && touch "$dir/complete"
}
arm64_install_from_cache() {  # dir: the venv from the cache, then this run's code on it
    local dir="$1" s=$SECONDS
    mkdir -p "$WORK/arm64-root/opt/mexican-train"
    cp -a "$WORK/clone/." "$WORK/arm64-root/opt/mexican-train/"
    cp -a --reflink=auto "$dir/venv" "$WORK/arm64-root/opt/mexican-train/venv"
    echo "  step $((SECONDS - s)) s: the clone copied, and the venv from $dir (installed by the steps below in an earlier run with the same inputs:" >&2
    echo "$arm64_pip$arm64_test_tools" | sed -n 's/^ *t /      /p' >&2
    echo "  )" >&2
    arm64_run "$ARM64_STEP$arm64_check"
    arm64_run "$ARM64_STEP$arm64_imports"
}
arm64_pip='
    t cp -a /src $P && cd $P
    t python3 -m venv --system-site-packages --without-pip $P/venv
    t env PYTHONPATH=/bootstrap $P/venv/bin/python -m pip install --quiet --upgrade --ignore-installed pip
    t $P/venv/bin/pip install --quiet -e "$P'"$ARM64_EXTRAS"'"
'
arm64_check='
    cd $P
    t $P/venv/bin/python -m compileall -q engine hardware station web club cli palette
    t $P/venv/bin/station check-config firmware_config/twelve-seat.toml --model "'"$ARM64_MODEL"'" >/dev/null
    echo "  check-config firmware_config/twelve-seat.toml --model \"'"$ARM64_MODEL"'\": ok" >&2
'
arm64_test_tools='
    t $P/venv/bin/pip install --quiet '"$ARM64_REQS"'
'
arm64_imports='
    /opt/mexican-train/venv/bin/python -c "import platform, sys, rpi_ws281x, spidev, lgpio, adafruit_raspberry_pi5_neopixel_write; print(\"  python\", sys.version.split()[0], platform.machine(), \"rpi_ws281x spidev lgpio adafruit_raspberry_pi5_neopixel_write import\")" >&2
'

# the engine tests and the hardware tests that do not depend on timing (the drivers import, a
# failed driver start exits 3, check-config); the timing-bound ones stay native. Two pytest
# processes at once, each on its half (about equal: the hint tests, the fast-path properties and the
# hardware tests; the other properties, the CLI replays and the rest), so the second core is not
# idle once the VM part is done; the count is theirs added up, and each prints its five slowest
# tests. The property tests run a fifth of their examples (MT_EXAMPLES_SCALE,
# tests/engine/mt_helpers.py `examples`): natively they run them all and search; emulated, the same
# tests show the code holds on aarch64, where their full count took most of the part's time. (The
# record fuzz's 182 s, at a fifth, were Hypothesis making its Unicode tables: arm64_hypothesis_tables.)
ARM64_EXAMPLES_SCALE=0.2
ARM64_TESTS_1="tests/engine/test_engine_hints.py tests/engine/test_engine_fast.py \
tests/hardware/test_hw_config.py tests/hardware/test_hw_leds.py \
tests/hardware/test_hw_docs.py tests/hardware/test_hw_protocol.py tests/hardware/test_hw_errors.py"
ARM64_TESTS_2="tests/engine --ignore=tests/engine/test_strength_tool.py --ignore=tests/engine/test_engine_hints.py \
--ignore=tests/engine/test_engine_fast.py"

# Hypothesis's Unicode tables. The first `st.text()` a pytest process draws makes them (each code
# point's category, and which encode in UTF-8: two loops over 1.1 million code points) and keeps
# them in .hypothesis/unicode_data/. Under qemu-user that took about 100 s in each of the two
# processes (tests/engine/test_trust_record_fuzz.py: its first example 104 s, the next 19 in
# 0.1 s). They are data of the Hypothesis and Unicode versions alone, so they are made once,
# before the tests, and kept beside the cached venv (its key covers what was installed); a run with
# them copies them into the clone's .hypothesis. (Made natively instead, by the py313 root, they
# could not be: Hypothesis now has a compiled part, built here for aarch64 only.)
arm64_hypothesis_tables() {
    local venv s=$SECONDS dst="$WORK/arm64-root/opt/mexican-train/.hypothesis"
    venv="$(arm64_venv_dir)"
    mkdir -p "$dst"
    if [[ -d "$venv/hypothesis/unicode_data" ]]; then
        cp -a "$venv/hypothesis/unicode_data" "$dst/"
        echo "  step $((SECONDS - s)) s: Hypothesis's Unicode tables from $venv/hypothesis (made in an earlier run with the same venv)"
        return 0
    fi
    arm64_run 'cd /opt/mexican-train && venv/bin/python -c "
from hypothesis.internal.charmap import charmap, intervals_from_codec
charmap(); intervals_from_codec(\"utf-8\")"' || return 1
    if [[ -f "$venv/complete" ]]; then
        rm -rf "$venv/hypothesis"; mkdir -p "$venv/hypothesis"
        cp -a "$dst/unicode_data" "$venv/hypothesis/"
    fi
    echo "  step $((SECONDS - s)) s: Hypothesis's Unicode tables made (under emulation, once: kept in $venv/hypothesis)"
}

arm64_tests() {
    rm -f "$WORK"/arm64-root/opt/mexican-train/arm64-tests-[12].log
    arm64_hypothesis_tables 2>&1 | tee "$WORK/arm64-tests.log"
    arm64_run "$ARM64_STEP"'
        cd $P
        export MT_EXAMPLES_SCALE='"$ARM64_EXAMPLES_SCALE"'
        py() { $P/venv/bin/python -m pytest -q -p no:cacheprovider --durations=5 "$@"; }
        t py '"$ARM64_TESTS_1"' >$P/arm64-tests-1.log 2>&1 &
        t py '"$ARM64_TESTS_2"' >$P/arm64-tests-2.log 2>&1 &
        wait
    ' 2>&1 | tee -a "$WORK/arm64-tests.log"
    local n log
    for n in 1 2; do
        log="$WORK/arm64-root/opt/mexican-train/arm64-tests-$n.log"
        [[ -f "$log" ]] || { echo "  no output from the aarch64 tests' process $n"; return 1; }
        tail -n 12 "$log" | sed "s/^/  [tests $n] /" | tee -a "$WORK/arm64-tests.log"
    done
    python3 "$HERE/count_tests.py" "$WORK"/arm64-root/opt/mexican-train/arm64-tests-[12].log >"$WORK/arm64-tests.txt" || return 1
    ! grep -qE "failed|error" "$WORK/arm64-tests.txt"
}

# each figure timed once per position (--repeats 1): under emulation one hint of 1,000 playouts is
# about 20 s and the workload timed after it 3-4 s, so the default three timings of each made the
# hint alone over two minutes of this stage
BENCH_ARGS="--seconds 2 --replays 6 --hints 2 --repeats 1"
arm64_bench() {   # bench/engine.py once under qemu-user, and once natively in the same minutes (the reference)
    # shellcheck disable=SC2086  # a word list of arguments
    arm64_run "cd /opt/mexican-train && venv/bin/python bench/engine.py $BENCH_ARGS 2>&1 | tail -n 12 || true" | tee "$WORK/arm64-bench.log"
    local py=python3
    [[ -x "$SRC/.venv/bin/python" ]] && py="$SRC/.venv/bin/python"
    # shellcheck disable=SC2086
    (cd "$WORK/clone" && "$py" bench/engine.py $BENCH_ARGS 2>&1 | tail -n 12 || true) | tee "$WORK/native-bench.log"
    local what
    : >"$WORK/arm64-bench.txt"
    for what in machine calibration simulate replay hint strong; do
        echo "aarch64 (qemu-user) $(grep -m1 "^$what:" "$WORK/arm64-bench.log" | cut -c1-150)" >>"$WORK/arm64-bench.txt"
        echo "native (same minutes) $(grep -m1 "^$what:" "$WORK/native-bench.log" | cut -c1-150)" >>"$WORK/arm64-bench.txt"
    done
    grep -q "^aarch64 (qemu-user) simulate:" "$WORK/arm64-bench.txt"
}

# all: the two parts at once, each its own run.sh (its own work directory, stages and budgets; the
# box's total budget holds for each), their lines prefixed with the part's name. TCG's threads and
# qemu-user's processes share the cores, so the box takes about as long as its slower part. The
# arm64 part runs at nice BOX_ARM64_NICE (default 0; .ci/run's beside-mode sets 19): it has no clock
# to keep, where a TCG guest starved of CPU misses systemd's start timeouts. The run fails if either
# part does; a TERM or INT stops both (each stops its stage's processes).
BOX_ARM64_NICE="${BOX_ARM64_NICE:-0}"
BOTH_PIDS=()
both_stop() { local p; for p in "${BOTH_PIDS[@]}"; do kill -TERM "$p" 2>/dev/null; done; wait; die "interrupted${1:+ ($1)}"; }
both_parts() {
    trap 'both_stop SIGINT' INT
    trap 'both_stop SIGTERM' TERM
    local part pid rc=0 failed=()
    say "hub box: vm and arm64 at once; cache $BOX_CACHE; clone of $SRC at $(git -C "$SRC" rev-parse --short HEAD)"
    local nice
    for part in vm arm64; do
        nice=0; [[ "$part" == arm64 ]] && nice="$BOX_ARM64_NICE"
        nice -n "$nice" "$HERE/run.sh" "$part" > >(sed -u "s/^/[$part] /") 2>&1 &
        BOTH_PIDS+=($!)
    done
    for part in vm arm64; do
        pid="${BOTH_PIDS[0]}"; BOTH_PIDS=("${BOTH_PIDS[@]:1}")
        wait "$pid" || { rc=$?; failed+=("$part (exit $rc)"); }
        BOTH_PIDS+=("$pid")
    done
    ((${#failed[@]} == 0)) || die "hub box: ${failed[*]} failed, after $((SECONDS - T0)) s"
    say "hub box: vm and arm64 both passed in $((SECONDS - T0)) s"
}

main() {
    case "$WHAT" in vm|arm64|all) ;; *) die "usage: tools/hub-box/run.sh [vm|arm64|all]" ;; esac
    preflight
    if [[ "$WHAT" == all ]]; then both_parts; return; fi
    WORK="$(mktemp -d /var/tmp/hub-box.XXXXXX)"
    say "hub box: $WHAT; cache $BOX_CACHE; clone of $SRC at $(git -C "$SRC" rev-parse --short HEAD)"
    case "$WHAT" in
        vm) part_vm ;;
        arm64) part_arm64 ;;
        *) die "usage: tools/hub-box/run.sh [vm|arm64|all]" ;;
    esac
    OK=1
    echo
    echo "hub box summary ($((SECONDS - T0)) s):"
    printf '  %s\n' "${SUMMARY[@]}"
    echo "  stages (time/budget): ${STAGE_TIMES[*]}"
}

# on one line: bash has read all of it before it runs (an edit of this file during a run is harmless)
main "$@"; exit $?
