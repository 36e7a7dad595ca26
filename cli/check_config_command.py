"""Validate a hub build description (TOML in firmware_config/) and print the resolved build.

Exit status 0 when the build is valid, 2 with the file, key and allowed values when it is not.
"""
from __future__ import annotations

import argparse
import sys


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="a hub build description, e.g. firmware_config/reference-8-seat.toml")


def main(args: argparse.Namespace) -> int:
    from hardware.config import ConfigError, load_build

    try:
        build = load_build(args.file)
    except ConfigError as exc:
        print(f"station check-config: {exc}", file=sys.stderr)
        return 2
    print(build.describe())
    return 0
