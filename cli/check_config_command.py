"""Validate a hub build description (TOML in firmware_config/) and print the resolved build.

Exit status 0 when the build is valid, 2 with the file, key and allowed values when it is not.
With ``--model`` (or on a Raspberry Pi, its /proc/device-tree/model) the [power] section is also
checked against that board's needs (hardware.config.check_power_for_model: a Pi 5 wants 5 A).
"""
from __future__ import annotations

import argparse
import sys


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="a hub build description, e.g. firmware_config/reference-8-seat.toml")
    parser.add_argument("--model", default=None,
                        help='the Pi it runs on, as /proc/device-tree/model says it (e.g. "Raspberry Pi 5 '
                             'Model B Rev 1.0"); default: this board\'s model, none off a Pi')


def main(args: argparse.Namespace) -> int:
    from hardware.config import ConfigError, check_power_for_model, load_build
    from hardware.pi import pi_model

    try:
        build = load_build(args.file)
        model = getattr(args, "model", None) or pi_model()
        board = check_power_for_model(build, model) if model else None
    except ConfigError as exc:
        print(f"station check-config: {exc}", file=sys.stderr)
        return 2
    print(build.describe())
    from hardware.leds import spi_bufsiz_needed
    if spi_bufsiz_needed(build.strip):
        print(f"  SPI frame over spidev's 4,096 bytes: needs spidev.bufsiz={spi_bufsiz_needed(build.strip)} "
              "on /boot/firmware/cmdline.txt (install.sh adds it)")
    if board:
        print(board)
    return 0
