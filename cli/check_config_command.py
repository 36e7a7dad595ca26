"""Validate a hub build description (TOML in firmware_config/) and print the resolved build.

Exit status 0 when the build is valid, 2 with the file, key and allowed values when it is not.
``--print installer`` prints instead what systemd/install.sh needs, as shell-quoted ``KEY=VALUE``
lines (``eval "$(station check-config FILE --print installer --model "$PI_MODEL")"``): the build's
name and sensor board, and the LED driver's facts from its table in hardware/leds.py
(``installer_facts``: bus, root, pip extras, apt packages, config.txt lines).
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
                        help="with --print installer: the Pi's device-tree model (/proc/device-tree/model); "
                             "empty: unknown, taken as a Pi 1-4")


def installer_lines(build, model: str = "") -> list[str]:
    """The ``KEY=VALUE`` lines of ``--print installer`` for ``build`` on ``model``, values shell-quoted:
    BUILD_NAME, BOARD (board/noboard), then hardware.leds.installer_facts. Raises HardwareUnavailable."""
    from hardware.leds import installer_facts

    facts = {"BUILD_NAME": build.name, "BOARD": "board" if build.board else "noboard",
             **installer_facts(build.strip, model)}
    return [f"{k}={shlex.quote(v)}" for k, v in facts.items()]


def main(args: argparse.Namespace) -> int:
    from hardware.config import ConfigError, load_build
    from hardware.pi import HardwareUnavailable

    try:
        build = load_build(args.file)
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
    return 0
