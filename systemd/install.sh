#!/usr/bin/env bash
# Install (or update) the Mexican Train hub station on Raspberry Pi OS trixie (Debian 13, Python 3.13)
# or Bookworm (Debian 12, Python 3.11). See docs/install.md.
#
#   sudo systemd/install.sh --config firmware_config/reference-8-seat.toml
#
# Safe to run again: every step checks what is already there (re-run it after `git pull` to update).
#
# For tests: INSTALL_ROOT=/some/dir puts every file the installer reads or writes under that
# directory (its proc/device-tree/model, boot/firmware/config.txt, etc/, opt/, ...) and skips
# every command that would change the system (apt-get, useradd, pip, systemctl, udevadm, ...).
# INSTALL_PI_MODEL="Raspberry Pi 4 Model B Rev 1.5" names the board where /proc/device-tree/model
# cannot (a VM, a chroot, an image built off the Pi): the installer then acts as on that model.
set -euo pipefail

readonly UNIT_NAME=mexican-train-station.service
readonly APP_USER=mtstation
readonly APP_GROUPS=(gpio spi dialout)
readonly PREFIX=/opt/mexican-train
readonly CONF_DIR=/etc/mexican-train
readonly STATE_DIR=/var/lib/mexican-train
readonly BOARD_LINK=/dev/mexican-train-board
readonly APT_PACKAGES=(python3-venv python3-dev python3-pip build-essential git rsync swig
                       python3-lgpio liblgpio-dev avahi-daemon)
readonly RELEASES=(trixie bookworm)     # Raspberry Pi OS releases it is made for, the main one first
readonly SPIDEV_BUFSIZ=32768            # spidev.bufsiz on cmdline.txt when a frame outgrows 4,096 bytes
readonly BEGIN_MARK="# BEGIN mexican-train (managed by systemd/install.sh; edits inside are replaced)"
readonly END_MARK="# END mexican-train"

ROOT="${INSTALL_ROOT:-}"
ROOT="${ROOT%/}"
SRC="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CONFIG=""
PORT=""
NEW_HOSTNAME=""
DRY_RUN=0
START=1
REBOOT_NEEDED=0
PYTHON="${INSTALL_PYTHON:-python3}"   # tests: the interpreter that runs the repository code

usage() {
    cat <<EOF
Usage: sudo systemd/install.sh [--config FILE] [--port N] [--hostname NAME] [--no-start] [--dry-run]

Installs the Mexican Train hub station on Raspberry Pi OS trixie (or Bookworm): apt packages, the '$APP_USER'
user (groups ${APP_GROUPS[*]}), the code and a virtual environment in $PREFIX, the hub build's
config in $CONF_DIR, SPI or PWM for the LED strip in config.txt, the sensor board's udev rule,
and the $UNIT_NAME systemd unit (enabled and started). Run it again to update.

Options:
  --config FILE    the hub build (firmware_config/*.toml); checked with 'station check-config'.
                   Default: the installed $CONF_DIR/hub.toml, else firmware_config/reference-8-seat.toml
  --port N         port for the phone pages (default 80, or what station.env already says)
  --hostname NAME  also set the Pi's hostname, so phones find the hub at NAME.local (e.g. hub)
  --no-start       install and enable the unit but do not (re)start it now
  --dry-run        print what would be done and change nothing (root not needed)
  -h, --help       this help

Environment: INSTALL_PI_MODEL="Raspberry Pi 5 Model B Rev 1.0" names the board when
/proc/device-tree/model does not (a VM or chroot); the installer then acts as on that model.
For tests: INSTALL_ROOT=DIR treats DIR as the root of the file system and runs no system
commands; INSTALL_PYTHON=PATH is the python3 that runs the repository's code.
EOF
}

die() { echo "install.sh: error: $*" >&2; exit 1; }
step() { echo; echo "==> $*"; }
note() { echo "    $*"; }

# A command that changes the system: printed, and run unless --dry-run or INSTALL_ROOT.
run() {
    local shown
    shown="$(printf '%q ' "$@")"
    if ((DRY_RUN)); then
        echo "    would run: ${shown% }"
    elif [[ -n "$ROOT" ]]; then
        echo "    skipped under INSTALL_ROOT: ${shown% }"
    else
        echo "    + ${shown% }"
        "$@"
    fi
}

# Write stdin to file $1 (under ROOT) with mode $2 ("keep": rewrite in place) when its content
# differs; returns 1 when unchanged.
put_file() {
    local dest="$ROOT$1" mode="$2" tmp
    tmp="$(mktemp)"
    cat >"$tmp"
    if [[ -f "$dest" ]] && cmp -s "$tmp" "$dest"; then
        rm -f "$tmp"
        note "unchanged: $1"
        return 1
    fi
    if ((DRY_RUN)); then
        if [[ -f "$dest" ]]; then
            note "would change: $1:"
            diff -u "$dest" "$tmp" | tail -n +3 | sed 's/^/      | /' || true
        elif (($(wc -l <"$tmp") <= 25)); then
            note "would write: $1:"
            sed 's/^/      | /' "$tmp"
        else
            note "would write: $1 ($(wc -l <"$tmp") lines)"
        fi
        rm -f "$tmp"
        return 0
    fi
    mkdir -p "$(dirname "$dest")"
    if [[ "$mode" == keep ]]; then
        cat "$tmp" >"$dest"        # in place: /boot/firmware is FAT, which has no modes to set
    else
        install -m "$mode" "$tmp" "$dest"
    fi
    rm -f "$tmp"
    note "wrote: $1"
    return 0
}

remove_file() {
    if [[ -e "$ROOT$1" ]]; then
        if ((DRY_RUN)); then note "would remove: $1"; else rm -f "$ROOT$1"; note "removed: $1"; fi
        return 0
    fi
    return 1
}

# Run the repository's own code (hardware.config, the station command) with the system python3:
# it works before the virtual environment exists and needs nothing outside the standard library.
repo_python() { PYTHONPATH="$SRC${PYTHONPATH:+:$PYTHONPATH}" "$PYTHON" "$@"; }

parse_args() {
    while (($#)); do
        case "$1" in
            -h|--help) usage; exit 0 ;;
            --config) [[ $# -ge 2 ]] || die "--config needs a FILE"; CONFIG="$2"; shift ;;
            --config=*) CONFIG="${1#*=}" ;;
            --port) [[ $# -ge 2 ]] || die "--port needs a number"; PORT="$2"; shift ;;
            --port=*) PORT="${1#*=}" ;;
            --hostname) [[ $# -ge 2 ]] || die "--hostname needs a NAME"; NEW_HOSTNAME="$2"; shift ;;
            --hostname=*) NEW_HOSTNAME="${1#*=}" ;;
            --no-start) START=0 ;;
            --dry-run) DRY_RUN=1 ;;
            *) usage >&2; die "unknown argument: $1" ;;
        esac
        shift
    done
    if [[ -n "$PORT" ]] && ! [[ "$PORT" =~ ^[0-9]+$ && "$PORT" -ge 1 && "$PORT" -le 65535 ]]; then
        die "--port must be a number 1..65535, got '$PORT'"
    fi
    if [[ -n "$NEW_HOSTNAME" ]] && ! [[ "$NEW_HOSTNAME" =~ ^[a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?$ ]]; then
        die "--hostname must be letters, digits and '-', got '$NEW_HOSTNAME'"
    fi
}

preflight() {
    step "Checking the system"
    if ((DRY_RUN)); then note "dry run: nothing will be changed"; fi
    if [[ -n "$ROOT" ]]; then note "INSTALL_ROOT=$ROOT: files under it, no system commands"; fi
    if ((!DRY_RUN)) && [[ -z "$ROOT" ]] && [[ "$(id -u)" -ne 0 ]]; then
        die "run as root: sudo $0 $*"
    fi
    local codename=""
    if [[ -r "$ROOT/etc/os-release" ]]; then
        # shellcheck disable=SC1091  # the system's file, not part of this repository
        codename="$(. "$ROOT/etc/os-release" && echo "${VERSION_CODENAME:-}")"
    fi
    if [[ " ${RELEASES[*]} " == *" $codename "* ]]; then
        note "release: $codename"
    else
        note "warning: made for Raspberry Pi OS ${RELEASES[0]} (or ${RELEASES[*]:1}), this is '${codename:-unknown}'"
    fi
    PI_MODEL="${INSTALL_PI_MODEL:-}"
    local f
    if [[ -z "$PI_MODEL" ]]; then
        for f in "$ROOT/proc/device-tree/model" "$ROOT/sys/firmware/devicetree/base/model"; do
            if [[ -r "$f" ]]; then PI_MODEL="$(tr -d '\0' <"$f")"; break; fi
        done
    fi
    if [[ "$PI_MODEL" == "Raspberry Pi"* ]]; then
        note "model: $PI_MODEL${INSTALL_PI_MODEL:+ (named by INSTALL_PI_MODEL)}"
    else
        note "warning: not a Raspberry Pi (no model in /proc/device-tree/model): the station will only start with real hardware"
        PI_MODEL=""
    fi
    note "source: $SRC"
}

# The boards with the RP1 (GPIO through /dev/gpiochip4-style numbering, PIO, no rpi-ws281x):
# Pi 5, Pi 500 ("Raspberry Pi 500 Rev 1.0") and Compute Module 5 ("Raspberry Pi Compute Module 5 Rev 1.0").
is_pi5() { [[ "$PI_MODEL" == "Raspberry Pi 5"* || "$PI_MODEL" == *"Compute Module 5"* ]]; }

choose_config() {
    step "Checking the hub build's config"
    if [[ -z "$CONFIG" ]]; then
        if [[ -f "$ROOT$CONF_DIR/hub.toml" ]]; then CONFIG="$ROOT$CONF_DIR/hub.toml"
        else CONFIG="$SRC/firmware_config/reference-8-seat.toml"; fi
    fi
    [[ -f "$CONFIG" ]] || die "no such config file: $CONFIG"
    CONFIG="$(cd "$(dirname "$CONFIG")" && pwd)/$(basename "$CONFIG")"
    note "config: $CONFIG"
    local out
    MODEL_ARGS=()
    if [[ -n "$PI_MODEL" ]]; then MODEL_ARGS=(--model "$PI_MODEL"); fi     # the [power] advice for this board
    if ! out="$(repo_python -m cli check-config "$CONFIG" "${MODEL_ARGS[@]}" 2>&1)"; then
        echo "$out" >&2
        die "the config is not valid (fix it and run again; see docs/hardware.md)"
    fi
    printf '%s\n' "$out" | sed 's/^/    | /'
    # the strip's facts from the driver table (hardware/leds.py DRIVERS and BUSES), one place:
    # BUILD_NAME BOARD LED_DRIVER LED_DRIVER_USED LED_GPIO LED_BUS LED_COUNT LED_NEEDS_ROOT
    # LED_PIP_EXTRAS LED_APT_PACKAGES LED_CONFIG_TXT LED_BUFSIZ (shell-quoted KEY=VALUE lines)
    local facts
    facts="$(repo_python -m cli check-config "$CONFIG" --print installer "${MODEL_ARGS[@]}")" \
        || die "the LED driver cannot run on ${PI_MODEL:-this board} (see above)"
    eval "$facts"
    note "LED strip on GPIO$LED_GPIO ($LED_BUS), $LED_COUNT LEDs; sensor board: $([[ $BOARD == board ]] && echo yes || echo no)"
    # (the query refuses rpi-ws281x on a Pi 5 with the fix; auto there gives LED_BUS=PIO)
    if [[ "$LED_BUS" == PIO ]]; then note "Pi 5: the strip is driven by the RP1's PIO (leds.driver auto)"; fi
}

install_packages() {
    step "Installing packages"
    local missing=() p installed
    # one dpkg-query for all of them, not one a package (it prints nothing for a package it has
    # never heard of, and exits 1 then)
    installed=" $( { dpkg-query -W -f='${Package}:${Status}\n' "${APT_PACKAGES[@]}" 2>/dev/null || true; } \
        | sed -n 's/:install ok installed$//p' | tr '\n' ' ') "
    for p in "${APT_PACKAGES[@]}"; do
        [[ "$installed" == *" $p "* ]] || missing+=("$p")
    done
    if ((${#missing[@]} == 0)); then note "all present: ${APT_PACKAGES[*]}"; return; fi
    note "missing: ${missing[*]}"
    run apt-get update
    local available=()
    for p in "${missing[@]}"; do
        if apt-cache show "$p" >/dev/null 2>&1; then
            available+=("$p")
        else    # python3-lgpio and liblgpio-dev are in the Raspberry Pi OS archive, not in Debian's
            note "no package $p in the apt sources (not Raspberry Pi OS?): skipped; pip builds lgpio from its source"
        fi
    done
    if ((${#available[@]})); then
        run env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${available[@]}"
    fi
}

create_user() {
    step "Creating the '$APP_USER' user (groups ${APP_GROUPS[*]})"
    local g
    for g in "${APP_GROUPS[@]}"; do
        if getent group "$g" >/dev/null; then note "group $g exists"
        else run groupadd --system "$g"; fi
    done
    if getent passwd "$APP_USER" >/dev/null; then
        note "user $APP_USER exists"
    else
        run useradd --system --user-group --home-dir "$STATE_DIR" --no-create-home \
            --shell /usr/sbin/nologin --comment "Mexican Train hub station" "$APP_USER"
    fi
    run usermod --append --groups "$(IFS=,; echo "${APP_GROUPS[*]}")" "$APP_USER"
}

install_code() {
    step "Installing the code in $PREFIX"
    if [[ "$SRC" == "$ROOT$PREFIX" ]]; then
        note "running from $PREFIX: nothing to copy"
    elif ((DRY_RUN)); then
        note "would copy $SRC/ to $PREFIX/ (rsync --delete; keeping $PREFIX/venv)"
    else
        mkdir -p "$ROOT$PREFIX"
        if command -v rsync >/dev/null; then
            rsync -a --delete --exclude=/venv/ --exclude=/.venv/ --exclude=/.git/ --exclude=/data/ \
                --exclude=__pycache__/ --exclude='*.egg-info/' --exclude=/.pytest_cache/ \
                --exclude=/node_modules/ "$SRC/" "$ROOT$PREFIX/"
        else    # only without apt (INSTALL_ROOT): a plain copy, old files are not deleted
            tar -C "$SRC" --exclude=./venv --exclude=./.venv --exclude=./.git --exclude=./data \
                --exclude=__pycache__ --exclude='*.egg-info' --exclude=./.pytest_cache \
                --exclude=./node_modules -cf - . | tar -C "$ROOT$PREFIX" -xf -
        fi
        note "copied $SRC/ to $PREFIX/"
    fi
    run chown -R root:root "$PREFIX"
    step "Creating the virtual environment $PREFIX/venv"
    if [[ -x "$ROOT$PREFIX/venv/bin/python" ]]; then
        note "exists"
    else
        # --system-site-packages: Debian's python3-lgpio serves the [pi] extra's lgpio (no build)
        run "$PYTHON" -m venv --system-site-packages "$PREFIX/venv"
    fi
    run "$PREFIX/venv/bin/pip" install --quiet --upgrade pip
    # rpi-ws281x and spidev have no wheel for any Pi, lgpio none for Python 3.13: pip builds them
    # (build-essential, python3-dev, swig). PYPI=1 makes lgpio's setup.py link its own bundled C
    # library statically, so it builds without liblgpio-dev where only Debian's archive is there;
    # Raspberry Pi OS's python3-lgpio (system site packages) satisfies lgpio without a build.
    local extras="[$LED_PIP_EXTRAS]"       # from the driver table: pi, and pi5 (Adafruit's PIO driver) on a Pi 5
    run env PYPI=1 "$PREFIX/venv/bin/pip" install --quiet -e "${PREFIX}${extras}"
    # the station runs with a read-only /opt: compile once here
    run "$PREFIX/venv/bin/python" -m compileall -q "$PREFIX/engine" "$PREFIX/hardware" "$PREFIX/station" "$PREFIX/web" "$PREFIX/club" "$PREFIX/cli" "$PREFIX/palette"
    run "$PREFIX/venv/bin/station" check-config "$CONFIG" "${MODEL_ARGS[@]}"
}

# Set KEY=VALUE in env file $1 content (stdin -> stdout); only_if_absent=1 keeps an existing value.
set_env() {
    local key="$1" value="$2" only_if_absent="${3:-0}" text
    text="$(cat)"
    if grep -q "^$key=" <<<"$text"; then
        if ((only_if_absent)); then printf '%s\n' "$text"; return; fi
        printf '%s\n' "$text" | sed "s|^$key=.*|$key=$value|"
    else
        printf '%s\n%s=%s\n' "$text" "$key" "$value" | sed '/./,$!d'
    fi
}

install_config() {
    step "Installing the config in $CONF_DIR"
    local toml
    toml="$(cat "$CONFIG")"
    if [[ "$BOARD" == board ]]; then
        # the udev rule gives the board a stable name, whatever ttyACM number it gets
        toml="$(sed -E '/^\[sensor_board\]/,/^\[/ s|^([[:space:]]*port[[:space:]]*=[[:space:]]*)"[^"]*"|\1"'"$BOARD_LINK"'"|' <<<"$toml")"
        note "sensor_board.port = \"$BOARD_LINK\" (the udev rule's symlink)"
    fi
    if [[ "$CONFIG" != "$ROOT$CONF_DIR/hub.toml" ]] && [[ -f "$ROOT$CONF_DIR/hub.toml" ]] \
        && ! cmp -s <(printf '%s\n' "$toml") "$ROOT$CONF_DIR/hub.toml"; then
        if ((DRY_RUN)); then note "would keep the old config as $CONF_DIR/hub.toml.bak"
        else cp -p "$ROOT$CONF_DIR/hub.toml" "$ROOT$CONF_DIR/hub.toml.bak"; note "old config kept as $CONF_DIR/hub.toml.bak"; fi
    fi
    printf '%s\n' "$toml" | put_file "$CONF_DIR/hub.toml" 0644 || true
    if ((!DRY_RUN)); then
        repo_python -m cli check-config "$ROOT$CONF_DIR/hub.toml" >/dev/null \
            || die "the installed $CONF_DIR/hub.toml is not valid"
    fi
    local env=""
    [[ -f "$ROOT$CONF_DIR/station.env" ]] && env="$(cat "$ROOT$CONF_DIR/station.env")"
    [[ -n "$env" ]] || env="# The station's settings (systemd EnvironmentFile); install.sh keeps what you add.
# After a change: sudo systemctl restart mexican-train-station
# STATION_HOST_PIN=1234   fixes the host PIN (default: a stored random PIN)"
    # gpiozero 2 prefers lgpio (the only factory that works on a Pi 5, fine on every other Pi);
    # name it explicitly so a stray RPi.GPIO never gets picked.
    env="$(set_env STATION_CONFIG "$CONF_DIR/hub.toml" <<<"$env" \
        | set_env STATION_HOST 0.0.0.0 1 \
        | set_env STATION_PORT "${PORT:-80}" "$([[ -n "$PORT" ]] && echo 0 || echo 1)" \
        | set_env GPIOZERO_PIN_FACTORY lgpio)"
    printf '%s\n' "$env" | put_file "$CONF_DIR/station.env" 0640 || true
    run chown "root:$APP_USER" "$CONF_DIR/station.env"
}

# Boot file $1 (config.txt, cmdline.txt; under ROOT), which holds $2, rewritten to $3: kept once
# as $1.mexican-train.bak, and the hub needs a reboot. Notes $4 when it already holds $3, else $5.
boot_file() {
    local file="$1" old="$2" new="$3"
    if [[ "$new" == "$old" ]]; then note "$4"; return; fi
    if ((!DRY_RUN)) && [[ ! -e "$ROOT$file.mexican-train.bak" ]]; then cp "$ROOT$file" "$ROOT$file.mexican-train.bak"; fi
    printf '%s\n' "$new" | put_file "$file" keep || true
    REBOOT_NEEDED=1
    note "$5"
}

boot_config() {
    step "LED strip: $LED_BUS on GPIO$LED_GPIO"
    if [[ "$LED_BUS" == PIO ]]; then note "the Pi 5's PIO needs no config.txt setting"; return; fi
    local cfg="" f
    for f in /boot/firmware/config.txt /boot/config.txt; do
        if [[ -f "$ROOT$f" ]]; then cfg="$f"; break; fi
    done
    if [[ -z "$cfg" ]]; then note "no /boot/firmware/config.txt: skipped (not a Raspberry Pi OS boot partition)"; return; fi
    # the bus's lines for this model, from the driver table (hardware/leds.py BUSES: LED_CONFIG_TXT)
    local block=("$BEGIN_MARK" "[all]") line
    while IFS= read -r line; do
        if [[ -n "$line" ]]; then block+=("$line"); fi
    done <<<"$LED_CONFIG_TXT"
    block+=("$END_MARK")
    local old new
    old="$(cat "$ROOT$cfg")"
    new="$(awk -v b="$BEGIN_MARK" -v e="$END_MARK" '$0==b{skip=1} !skip{print} $0==e{skip=0}' <<<"$old")"
    new="$(printf '%s\n\n%s\n' "$new" "$(printf '%s\n' "${block[@]}")" | cat -s)"
    boot_file "$cfg" "$old" "$new" "$cfg already set: ${block[*]:2:${#block[@]}-3}" \
        "$cfg changed: a reboot is needed before the strip works"
}

# More than 339 LEDs on SPI (4,096-byte frames): spidev.bufsiz on the kernel command line lifts the
# spidev driver's one-transfer limit (/sys/module/spidev/parameters/bufsiz) to SPIDEV_BUFSIZ.
spi_buffer() {
    [[ "$LED_BUS" == SPI0 ]] || return 0
    step "SPI buffer for $LED_COUNT LEDs"
    if ((LED_BUFSIZ == 0)); then note "one frame fits spidev's default 4,096 bytes"; return; fi
    local f cmd=""
    for f in /boot/firmware/cmdline.txt /boot/cmdline.txt; do
        if [[ -f "$ROOT$f" ]]; then cmd="$f"; break; fi
    done
    if [[ -z "$cmd" ]]; then
        note "warning: no /boot/firmware/cmdline.txt: add spidev.bufsiz=$SPIDEV_BUFSIZ to the kernel command line"
        return
    fi
    local old new
    old="$(head -n 1 "$ROOT$cmd")"
    new="$(sed -E 's/(^| )spidev\.bufsiz=[0-9]+//g' <<<"$old")"
    new="${new% } spidev.bufsiz=$SPIDEV_BUFSIZ"
    boot_file "$cmd" "$old" "$new" "$cmd already has spidev.bufsiz=$SPIDEV_BUFSIZ" \
        "$cmd: spidev.bufsiz=$SPIDEV_BUFSIZ (a frame of $LED_COUNT LEDs is over 4,096 bytes); reboot needed"
}

# /dev/pio0 (the Pi 5's RP1 PIO, Adafruit's NeoPixel driver) for the gpio group: without the rule
# it is root's only and the hardened unit's user gets EACCES. The rule matches nothing elsewhere.
pio_rule() {
    step "Pi 5 PIO device rule"
    if put_file /etc/udev/rules.d/99-mexican-train-pio.rules 0644 <"$SRC/systemd/99-mexican-train-pio.rules"; then
        run udevadm control --reload
        if is_pi5; then run udevadm trigger --action=add --subsystem-match=rp1-pio; fi
    fi
}

sensor_board() {
    step "Sensor board"
    local rule=/etc/udev/rules.d/99-mexican-train-sensor-board.rules mods=/etc/modules-load.d/mexican-train.conf
    if [[ "$BOARD" != board ]]; then
        note "this build has no sensor board"
        if remove_file "$rule"; then run udevadm control --reload; fi
        remove_file "$mods" || true
        return
    fi
    if put_file "$rule" 0644 <"$SRC/systemd/99-mexican-train-sensor-board.rules"; then
        run udevadm control --reload
        run udevadm trigger --subsystem-match=tty --action=add
    fi
    # the unit's DeviceAllow=char-ttyACM/char-ttyUSB need the drivers registered before it starts
    printf '%s\n' "# USB serial drivers for the hub's sensor board (written by systemd/install.sh)" cdc_acm usbserial \
        | put_file "$mods" 0644 || true
    run modprobe -a cdc_acm usbserial
    note "the board appears as $BOARD_LINK (plug it in; see: ls -l $BOARD_LINK)"
}

install_unit() {
    step "Installing the $UNIT_NAME unit"
    local changed=0 dropin=/etc/systemd/system/$UNIT_NAME.d/pwm-root.conf
    put_file "/etc/systemd/system/$UNIT_NAME" 0644 <"$SRC/systemd/$UNIT_NAME" && changed=1
    if [[ "$LED_BUS" == SPI0 || "$LED_BUS" == PIO ]]; then
        remove_file "$dropin" && changed=1
        note "hardened: runs as $APP_USER ($LED_BUS needs no root)"
    else
        put_file "$dropin" 0644 <"$SRC/systemd/pwm-root.conf" && changed=1
        note "$LED_BUS needs root for DMA: the station runs as root through the pwm-root.conf drop-in (see docs/install.md)"
    fi
    ((changed)) && run systemctl daemon-reload
    run systemctl enable "$UNIT_NAME"
    if ((REBOOT_NEEDED)); then
        note "not starting now: reboot first (sudo reboot); the station starts at boot"
    elif ((START)); then
        run systemctl restart "$UNIT_NAME"
        if ((!DRY_RUN)) && [[ -z "$ROOT" ]]; then
            sleep 3
            systemctl is-active --quiet "$UNIT_NAME" \
                || note "warning: the station is not running: journalctl -u ${UNIT_NAME%.service} -n 50"
        fi
    else
        note "--no-start: start it with: sudo systemctl start $UNIT_NAME"
    fi
}

set_hostname() {
    local current port=""
    current="$(cat "$ROOT/etc/hostname" 2>/dev/null || hostname)"
    [[ -n "$PORT" && "$PORT" != 80 ]] && port=":$PORT"
    if [[ -z "$NEW_HOSTNAME" ]]; then
        step "Network name"
        note "phones find the hub at http://$current.local$port/ (avahi-daemon); --hostname hub makes it hub.local"
        return
    fi
    step "Setting the hostname to $NEW_HOSTNAME"
    note "phones find the hub at http://$NEW_HOSTNAME.local$port/ (avahi-daemon)"
    if [[ "$current" == "$NEW_HOSTNAME" ]]; then note "already $NEW_HOSTNAME"; return; fi
    run hostnamectl set-hostname "$NEW_HOSTNAME"
    if [[ -f "$ROOT/etc/hosts" ]]; then
        sed -E "s/^(127\.0\.1\.1[[:space:]]+).*/\1$NEW_HOSTNAME/" "$ROOT/etc/hosts" | put_file /etc/hosts 0644 || true
    fi
}

summary() {
    step "Done"
    if ((DRY_RUN)); then note "(dry run: nothing was changed)"; fi
    note "build '$BUILD_NAME': config $CONF_DIR/hub.toml, settings $CONF_DIR/station.env, state $STATE_DIR"
    note "logs:     journalctl -u ${UNIT_NAME%.service} -f"
    note "self-test: sudo systemctl stop ${UNIT_NAME%.service}; sudo $PREFIX/venv/bin/station doctor --config $CONF_DIR/hub.toml"
    if ((REBOOT_NEEDED)); then echo; echo "    REBOOT NEEDED: config.txt changed for the LED strip: sudo reboot"; fi
}

main() {
    parse_args "$@"
    preflight "$@"
    choose_config
    install_packages
    create_user
    install_code
    install_config
    boot_config
    spi_buffer
    pio_rule
    sensor_board
    install_unit
    set_hostname
    summary
}

main "$@"
