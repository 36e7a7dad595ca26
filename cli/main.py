"""The ``station`` command: one entry point, one subcommand per job.

Subcommands (each imported lazily so ``station replay`` never pays for the web stack):

- ``station run``           the referee service: web server, hardware backend, SQLite store
- ``station replay FILE``   check a game record (record-format.md) and print its result
- ``station simulate``      play whole games with computer players and print statistics
- ``station check-config``  validate a hub build description (firmware_config/*.toml)
- ``station export``        write a stored game as a record
- ``station doctor``        guided self-test of a real hub's wiring
- ``station club``          the club service: every hub of a club night over MQTT
"""
from __future__ import annotations

import argparse
import importlib
import os
import sys

#: subcommand name -> "module:function"; each function takes the parsed namespace and returns an exit code.
SUBCOMMANDS = {
    "run": "cli.run_command",
    "replay": "cli.replay_command",
    "simulate": "cli.simulate_command",
    "check-config": "cli.check_config_command",
    "export": "cli.export_command",
    "doctor": "cli.doctor_command",
    "club": "cli.club_command",
}


def build_parser() -> argparse.ArgumentParser:
    """Return the argument parser; each subcommand module adds its own options via ``add_arguments``."""
    parser = argparse.ArgumentParser(prog="station", description="Mexican Train hub station")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name, module_name in SUBCOMMANDS.items():
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name != module_name:
                raise
            continue  # a subcommand this installation does not have
        doc = (module.__doc__ or "").strip().splitlines()
        p = sub.add_parser(name, help=doc[0] if doc else name, description=(module.__doc__ or None),
                           formatter_class=argparse.RawDescriptionHelpFormatter)
        module.add_arguments(p)
        p.set_defaults(_module=module)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the ``station`` command line; returns the process exit status."""
    args = build_parser().parse_args(argv)
    try:
        status = int(args._module.main(args) or 0)
        sys.stdout.flush()
        return status
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:          # `station replay X --json | head`: the reader left early
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1


if __name__ == "__main__":
    sys.exit(main())
