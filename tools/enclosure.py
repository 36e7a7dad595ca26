"""The hub's enclosure from a build's TOML (docs/enclosure/README.md): the build's seat count
([hub] seats) and slot size ([enclosure], hardware/config.py) given to the parametric
docs/enclosure/hub.scad, rendered by OpenSCAD (Debian's ``openscad`` package) to an STL.

    .venv/bin/python tools/enclosure.py BUILD.toml [-o hub.stl] [--print-command]

Prints the STL's path and its measured outer size (mm, from the STL's vertices) and exits 0;
exits 2 with one line for a bad build file or argument, or where ``openscad`` is not installed;
exits 1 when OpenSCAD fails (its last lines are printed).
"""
from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from hardware.build import HubBuild  # noqa: E402
from hardware.config import load_build  # noqa: E402
from hardware.errors import ConfigError  # noqa: E402

SCAD = ROOT / "docs" / "enclosure" / "hub.scad"


def scad_parameters(build: HubBuild) -> dict[str, float]:
    """hub.scad's parameters (its names: ``seats``, ``slot_length``, ``slot_width``, ``slot_depth``,
    ``height``; mm) from a validated build."""
    e = build.enclosure
    return {"seats": build.seats, "slot_length": e.slot_length_mm, "slot_width": e.slot_width_mm,
            "slot_depth": e.slot_depth_mm, "height": e.height_mm}


def openscad_command(build: HubBuild, out: Path, openscad: str = "openscad") -> list[str]:
    """The OpenSCAD command line that renders ``build``'s enclosure to the STL ``out``."""
    cmd = [openscad, "-o", str(out)]
    for name, value in scad_parameters(build).items():
        cmd += ["-D", f"{name}={value:g}"]
    return cmd + [str(SCAD)]


def stl_size(path: Path) -> tuple[float, float, float]:
    """The outer size (x, y, z in mm) of an ASCII STL (OpenSCAD's), from its vertices.
    Raises ValueError for a file with no vertices."""
    points = [tuple(float(w) for w in line.split()[1:4])
              for line in path.read_text(errors="replace").splitlines() if line.lstrip().startswith("vertex")]
    if not points:
        raise ValueError(f"{path}: no vertices (not an ASCII STL?)")
    return tuple(round(max(p[i] for p in points) - min(p[i] for p in points), 3) for i in range(3))


def render(build: HubBuild, out: Path) -> tuple[float, float, float]:
    """Render ``build``'s enclosure to ``out`` and return its measured size (x, y, z mm).
    Raises FileNotFoundError without ``openscad``, RuntimeError when OpenSCAD fails."""
    openscad = shutil.which("openscad")
    if openscad is None:
        raise FileNotFoundError("openscad is not installed (apt-get install openscad)")
    res = subprocess.run(openscad_command(build, out, openscad), capture_output=True, text=True)
    if res.returncode != 0 or not out.exists():
        tail = "\n".join((res.stderr or res.stdout).splitlines()[-8:])
        raise RuntimeError(f"openscad failed (exit {res.returncode}):\n{tail}")
    return stl_size(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("build", help="a hub build, e.g. firmware_config/reference-8-seat.toml")
    parser.add_argument("-o", "--output", help="the STL to write (default: BUILD's name + .stl here)")
    parser.add_argument("--print-command", action="store_true", help="print the openscad command, render nothing")
    args = parser.parse_args(argv)
    try:
        build = load_build(args.build)
    except (ConfigError, OSError) as exc:
        print(f"enclosure: {exc}", file=sys.stderr)
        return 2
    out = Path(args.output or f"{build.name}.stl")
    if args.print_command:
        print(" ".join(openscad_command(build, out)))
        return 0
    try:
        x, y, z = render(build, out)
    except FileNotFoundError as exc:
        print(f"enclosure: {exc}", file=sys.stderr)
        return 2
    except RuntimeError as exc:
        print(f"enclosure: {exc}", file=sys.stderr)
        return 1
    print(f"{out}: {build.seats} seats + the Mexican train, slots {build.enclosure.slot_length_mm:g} x "
          f"{build.enclosure.slot_width_mm:g} mm: outer size {x:g} x {y:g} x {z:g} mm")
    return 0


if __name__ == "__main__":
    sys.exit(main())
