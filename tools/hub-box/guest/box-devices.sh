#!/bin/bash
# Stand-ins for the Pi's device nodes in the hub box's VM (box-devices.service, before the station's
# unit: DeviceAllow= by path resolves when the unit starts). Each is a character node of the major
# the kernel registered for that driver (/proc/devices: spi, gpiochip, ttyACM), or, where the unit
# allows it by path (/dev/gpiomem, /dev/pio0), a misc node; no hardware answers, so opening one gets
# ENXIO/ENODEV, and EPERM only if the unit's device policy refuses it.
modprobe -a cdc_acm usbserial ftdi_sio 2>/dev/null
major() { awk -v n="$1" '/^Block/{exit} $2==n{print $1; exit}' /proc/devices; }
mk() {      # path major minor group
    [[ -n "$2" ]] || { echo "box-devices: no major for $1" >&2; return; }
    [[ -e "$1" ]] || mknod -m 0660 "$1" c "$2" "$3"
    chgrp "$4" "$1" 2>/dev/null; chmod 0660 "$1"
}
mk /dev/spidev0.0 "$(major spi)" 0 spi
mk /dev/gpiochip0 "$(major gpiochip)" 0 gpio
mk /dev/ttyACM0 "$(major ttyACM)" 0 dialout
mk /dev/gpiomem 10 250 gpio
mk /dev/pio0 10 251 gpio        # the udev rule 99-mexican-train-pio.rules does this on a Pi 5
exit 0
