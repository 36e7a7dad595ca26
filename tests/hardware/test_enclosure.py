"""The hub's enclosure (docs/enclosure/hub.scad, tools/enclosure.py): every build in firmware_config/
renders to an STL of the size docs/enclosure/README.md states, the [enclosure] table's slot size
and height reach the model, and a bad [enclosure] value is refused naming its key. The renders need
Debian's ``openscad``; where it is absent they skip saying so."""
from __future__ import annotations

import functools
import re
import shutil
import tempfile
import subprocess
import sys
from pathlib import Path

import pytest

from hardware.config import REFERENCE_BUILD, loads_build
from hardware.errors import ConfigError

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import enclosure  # noqa: E402  (tools/enclosure.py)

needs_openscad = pytest.mark.skipif(shutil.which("openscad") is None,
                                    reason="openscad is not installed (apt-get install openscad)")


def documented_sizes() -> dict[str, tuple[int, tuple[float, float, float]]]:
    """docs/enclosure/README.md's table: build file -> (seats, (x, y, z) mm)."""
    text = (ROOT / "docs" / "enclosure" / "README.md").read_text()
    table = text.split("<!-- enclosure:sizes -->")[1].split("<!-- /enclosure:sizes -->")[0]
    rows = re.findall(r"^\| `([^`]+)` \| (\d+) \| \d+ \| ([\d.]+) x ([\d.]+) x ([\d.]+) \|$", table, re.M)
    return {name: (int(seats), (float(x), float(y), float(z))) for name, seats, x, y, z in rows}


@functools.lru_cache(maxsize=None)
def rendered_size(toml: str, name: str = "hub.toml") -> tuple[float, float, float]:
    """The measured size of the enclosure of the build ``toml`` (rendered once per text)."""
    with tempfile.TemporaryDirectory() as tmp:
        return enclosure.render(loads_build(toml, name), Path(tmp) / "hub.stl")


def test_the_docs_list_every_build():
    assert sorted(documented_sizes()) == sorted(p.name for p in (ROOT / "firmware_config").glob("*.toml"))


@needs_openscad
@pytest.mark.parametrize("name", sorted(p.name for p in (ROOT / "firmware_config").glob("*.toml")))
def test_each_build_renders_to_its_documented_size(name):
    text = (ROOT / "firmware_config" / name).read_text()
    build = loads_build(text, name)
    seats, size = documented_sizes()[name]
    assert build.seats == seats
    measured = rendered_size(text, name)
    assert measured == pytest.approx(size, abs=0.1)
    assert measured[0] > 2 * (build.enclosure.slot_length_mm + 12)    # a pocket and a button each side


@needs_openscad
def test_the_slot_size_and_height_reach_the_model():
    base = REFERENCE_BUILD.read_text()
    default = rendered_size(base, REFERENCE_BUILD.name)
    size = rendered_size(base + "\n[enclosure]\nslot_length_mm = 62\nheight_mm = 55\n")
    # a radial pocket 10 mm longer makes the hub 10 mm wider on each side; the height is the table's
    assert size[0] - default[0] == pytest.approx(20, abs=0.1)
    assert size[2] == pytest.approx(55, abs=0.01)


@pytest.mark.parametrize("extra, key", [
    ("slot_width_mm = 5", "enclosure.slot_width_mm"),
    ("height_mm = 18\nslot_depth_mm = 5", "enclosure.height_mm"),
    ("colour = 'red'", "enclosure.colour"),
])
def test_a_bad_enclosure_value_names_its_key(extra, key):
    with pytest.raises(ConfigError) as err:
        loads_build(REFERENCE_BUILD.read_text() + f"\n[enclosure]\n{extra}\n", "hub.toml")
    assert key in str(err.value) and "hub.toml" in str(err.value)


def test_a_bad_build_file_is_one_line_and_exit_2(tmp_path):
    bad = tmp_path / "hub.toml"
    bad.write_text(REFERENCE_BUILD.read_text() + "\n[enclosure]\nslot_length_mm = 'long'\n")
    res = subprocess.run([sys.executable, str(ROOT / "tools" / "enclosure.py"), str(bad)],
                         capture_output=True, text=True)
    assert res.returncode == 2
    assert res.stderr.count("\n") == 1 and "enclosure.slot_length_mm" in res.stderr
    assert "Traceback" not in res.stderr
