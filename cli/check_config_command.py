"""Validate a hub build description (TOML in firmware_config/) and print the resolved build.

Exit status 0 when the build is valid, 2 with the file, key and allowed values when it is not.
``--print installer`` prints instead what systemd/install.sh needs, as shell-quoted ``KEY=VALUE``
lines (``eval "$(station check-config FILE --print installer --model "$PI_MODEL")"``): the build's
name and sensor board, and the LED driver's facts from its table in hardware/leds.py
(``installer_facts``: bus, root, pip extras, apt packages, config.txt lines).
With ``--model`` (or on a Raspberry Pi, its /proc/device-tree/model) the [power] section is also
checked against that board's needs (hardware.config.check_power_for_model: a Pi 5 wants 5 A).
"""
from __future__ import annotations

import argparse
import shlex
import sys


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="a hub build description, e.g. firmware_config/reference-8-seat.toml")
    parser.add_argument("--print", dest="print_what", choices=("build", "installer"), default="build",
                        help="build: the resolved build (default); installer: KEY=VALUE lines for systemd/install.sh")
    parser.add_argument("--model", default="",
                        help='the Pi it runs on, as /proc/device-tree/model says it (e.g. "Raspberry Pi 5 Model B '
                             'Rev 1.0"): its [power] needs are checked, and --print installer uses it; default: '
                             "this board's model; off a Pi none (taken as a Pi 1-4)")


def installer_lines(build, model: str = "") -> list[str]:
    """The ``KEY=VALUE`` lines of ``--print installer`` for ``build`` on ``model``, values shell-quoted:
    BUILD_NAME, BOARD (board/noboard), then hardware.leds.installer_facts. Raises HardwareUnavailable."""
    from hardware.leds import installer_facts

    facts = {"BUILD_NAME": build.name, "BOARD": "board" if build.board else "noboard",
             **installer_facts(build.strip, model)}
    return [f"{k}={shlex.quote(v)}" for k, v in facts.items()]


def main(args: argparse.Namespace) -> int:
    from hardware.config import ConfigError, check_power_for_model, load_build
    from hardware.pi import HardwareUnavailable, pi_model

    try:
        build = load_build(args.file)
        model = getattr(args, "model", None) or pi_model()
        # the [power] check belongs to validating the build; --print installer only states facts
        validate = getattr(args, "print_what", "build") == "build"
        board = check_power_for_model(build, model) if model and validate else None
    except ConfigError as exc:
        print(f"station check-config: {exc}", file=sys.stderr)
        return 2
    if getattr(args, "print_what", "build") == "installer":
        try:
            print("\n".join(installer_lines(build, getattr(args, "model", "") or "")))
        except HardwareUnavailable as exc:
            print(f"station check-config: {exc}", file=sys.stderr)
            return 2
        return 0
    print(build.describe())
    from hardware.leds import spi_bufsiz_needed
    if spi_bufsiz_needed(build.strip):
        print(f"  SPI frame over spidev's 4,096 bytes: needs spidev.bufsiz={spi_bufsiz_needed(build.strip)} "
              "on /boot/firmware/cmdline.txt (install.sh adds it)")
    if board:
        print(board)
    return 0
