"""``python -m hardware real [FILE]``: open the real hub hardware for FILE (default: the reference
build), report what was found and close it. Exit 0 when it opened, 2 with cause and fix when not.
``python -m hardware wiring FILE [OUT.svg]``: the build's wiring diagram (SVG) to OUT or stdout."""
from __future__ import annotations

import sys

from hardware.config import ConfigError, default_build, load_build
from hardware.pi import HardwareUnavailable


def main(argv: list[str]) -> int:
    if argv and argv[0] == "wiring" and len(argv) in (2, 3):
        from hardware.wiring import svg
        try:
            text = svg(load_build(argv[1]))
        except ConfigError as exc:
            print(f"hardware: {exc}", file=sys.stderr)
            return 2
        if len(argv) == 3:
            with open(argv[2], "w", encoding="utf-8") as f:
                f.write(text)
        else:
            sys.stdout.write(text)
        return 0
    if not argv or argv[0] != "real":
        print(__doc__.strip(), file=sys.stderr)
        return 2
    try:
        build = load_build(argv[1]) if len(argv) > 1 else default_build()
        from hardware.hub import Hub
        hub = Hub.real(build)
    except (ConfigError, HardwareUnavailable) as exc:
        print(f"hardware: {exc}", file=sys.stderr)
        return 2
    print(f"hardware: opened {build.name}: {build.seats} seats, {build.strip.count} LEDs")
    hub.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
