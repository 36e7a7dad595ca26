#!/bin/bash
# In the hub box's VM, every boot (box.service, after the station's unit): on the first boot
# install the station from the clone in /root/mexican-train with systemd/install.sh, then check it
# as it runs. Lines starting "BOX:" go to the serial console, which tools/hub-box/run.sh reads.
set -u
say() { echo "BOX: $*" >/dev/ttyS0; echo "BOX: $*"; }
UNIT=mexican-train-station.service
. /box/box.env          # BOX_PI_MODEL, BOX_CONFIG, BOX_PIN (written by run.sh)

if [[ ! -e /var/lib/box/installed ]]; then
    say "boot 1: systemd/install.sh from the clone (INSTALL_PI_MODEL=\"$BOX_PI_MODEL\", $BOX_CONFIG)"
    cd /root/mexican-train || exit 1
    # the wheels were built once on the host (tools/hub-box/wheels.sh): no index in the VM
    # each line of the installer's output stamped with the seconds since boot 1's script began,
    # so the console can say where the install's minutes go
    PIP_NO_INDEX=1 PIP_FIND_LINKS=/box/wheels INSTALL_PI_MODEL="$BOX_PI_MODEL" \
        systemd/install.sh --config "$BOX_CONFIG" --no-start 2>&1 \
        | while IFS= read -r line; do printf '%4d %s\n' "$SECONDS" "$line"; done >/var/log/box-install.log
    if [[ "${PIPESTATUS[0]}" == 0 ]]; then
        say "install ok ($(grep -c '^ *[0-9]* ==> ' /var/log/box-install.log) steps)"
        say "install steps (s): $(awk '$2 == "==>" { if (name != "") printf "%s %d; ", name, $1 - t; t = $1; $1 = $2 = ""; name = substr($0, 3, 28) } END { printf "%s %d", name, $1 - t }' /var/log/box-install.log)"
    else
        say "install FAILED:"; tail -n 25 /var/log/box-install.log | sed 's/^/BOX:   | /' >/dev/ttyS0
        say "check done"; exit 1
    fi
    echo "STATION_HOST_PIN=$BOX_PIN" >>/etc/mexican-train/station.env    # the documented fixed PIN
    # the only change for the box: no Raspberry Pi hardware in the VM, so the station runs its mock
    # pins and strip, with the real sensor board port (--real-board); the sandbox is the unit's own
    mkdir -p /etc/systemd/system/$UNIT.d
    printf '[Service]\nExecStart=\nExecStart=/opt/mexican-train/venv/bin/station run --mock --real-board\n' \
        >/etc/systemd/system/$UNIT.d/box.conf
    /box/box-devices.sh
    systemctl daemon-reload
    systemctl start $UNIT
    mkdir -p /var/lib/box && touch /var/lib/box/installed && sync
    say "boot 1: the station started by systemctl after the install"
else
    say "boot 2: the station was started by systemd at boot (enabled, nobody started it)"
fi

for _ in $(seq 1 120); do systemctl is-active --quiet $UNIT && break; sleep 1; done
say "unit: $(systemctl show -p ActiveState -p SubState -p Type -p WatchdogUSec -p NRestarts -p DevicePolicy --value $UNIT | paste -sd' ')"
say "unit sandbox: User=$(systemctl show -p User --value $UNIT) DeviceAllow=$(systemctl show -p DeviceAllow --value $UNIT | tr '\n' ';')"
say "proc/devices: $(awk '/^Block/{exit} $2 ~ /^(spi|gpiochip|ttyACM|ttyUSB)$/{printf "%s %s; ", $1, $2}' /proc/devices)"

# every allowed device opened by the running service: a process in the service's cgroup (its
# DevicePolicy BPF program), in its mount namespace, as its user and groups
pid=$(systemctl show -p MainPID --value $UNIT)
cg="/sys/fs/cgroup$(awk -F: '$1=="0"{print $3}' /proc/"$pid"/cgroup)"
sh -c "echo \$\$ >'$cg/cgroup.procs' && exec nsenter -t $pid -m -- setpriv --reuid=mtstation --regid=mtstation --init-groups /opt/mexican-train/venv/bin/python /box/probe.py" \
    | sed 's/^/BOX: /' >/dev/ttyS0

# fault 1 of issue 18 as the box shows it: the unit's old DeviceAllow=char-spidev matches no
# /proc/devices name, so the same open under it gets EPERM (char-spi: the policy passes it)
for name in spidev spi; do
    got=$(systemd-run --quiet --wait --pipe --collect -p DevicePolicy=closed -p "DeviceAllow=char-$name rw" \
        /usr/bin/python3 -c 'import os, errno
try: os.open("/dev/spidev0.0", os.O_RDWR); print("opened")
except OSError as e: print(errno.errorcode[e.errno])' 2>&1)
    say "DeviceAllow=char-$name rw: /dev/spidev0.0 -> $got"
done

board=$(readlink -f /dev/mexican-train-board 2>/dev/null || echo none)
say "board: /dev/mexican-train-board -> $board ($(udevadm info -q property -n "$board" 2>/dev/null | grep -E '^ID_(VENDOR_ID|MODEL_ID)=' | paste -sd' '), $(stat -c '%G %a' "$board" 2>/dev/null))"
/opt/mexican-train/venv/bin/python /box/link.py | sed 's/^/BOX: /' >/dev/ttyS0
if [[ ! -e /var/lib/box/doctor-done ]]; then
    say "station doctor --as-service:"
    /opt/mexican-train/venv/bin/station doctor --as-service --config /etc/mexican-train/hub.toml --yes --timeout 1 2>&1 \
        | grep -E "as uid|sandbox|device " | sed 's/^/BOX:   | /' >/dev/ttyS0
    touch /var/lib/box/doctor-done
fi
sync
say "check done"
