"""The walls between our packages, read from the import graph (grimp) of the real tree.

The layout (README, *Layout*): ``engine`` (rules), ``palette`` (colours) and ``vision`` (photos of
tiles) import nothing of ours (every other package of ``PACKAGES``);
``hardware`` no rules, photos, pages, station, club or command line; ``station`` no web, club or command
line; ``web`` no club or command line; ``club`` no command line; nothing imports ``cli``, the one
composition root. No two of our modules import each other, directly or round a longer loop.
Imports inside functions count too: a wall is not kept by hiding an import in a function.
"""
from __future__ import annotations

import textwrap

import grimp

#: our top-level packages, from the bottom up
PACKAGES = ("engine", "palette", "vision", "hardware", "station", "web", "club", "cli")

#: importer -> the packages of ours it must not import (directly or through another module)
#: the leaves import nothing of ours: every other package, a new one too
LEAVES = ("engine", "palette", "vision")
FORBIDDEN = {
    **{leaf: tuple(p for p in PACKAGES if p != leaf) for leaf in LEAVES},
    "hardware": ("engine", "palette", "vision", "station", "web", "club", "cli"),
    "station": ("web", "club", "cli"),
    "web": ("club", "cli"),
    "club": ("cli",),
}

#: import cycles known and allowed for now, each as the set of its modules: none (the last one,
#: engine/hints.py <-> engine/players.py, went with engine/autoplay.py, issue 21)
KNOWN_CYCLES: set[frozenset[str]] = set()


def wall_violations(graph: grimp.ImportGraph, root: str = "",
                    known_cycles: set[frozenset[str]] = frozenset()) -> list[str]:
    """Every broken wall of ``graph``, one line each (empty: all walls hold).

    ``root``: the prefix of our package names in ``graph`` ("" for the real tree, "x." for a tree
    built under package ``x``); a package of ``PACKAGES`` missing from the graph is skipped.
    ``known_cycles``: cycles (sets of module names without ``root``) not to report."""
    ours = {name for name in PACKAGES if root + name in graph.modules}
    found = []
    for importer, banned in FORBIDDEN.items():
        for imported in banned:
            if importer in ours and imported in ours:
                chain = graph.find_shortest_chain(importer=root + importer, imported=root + imported,
                                                  as_packages=True)
                if chain:
                    found.append(f"{importer} imports {imported}: {' -> '.join(chain)}")
    seen = set()
    for module in sorted(graph.modules):
        for target in sorted(graph.find_modules_directly_imported_by(module)):
            back = graph.find_shortest_chain(importer=target, imported=module)
            if back is None:
                continue
            cycle = frozenset((module, *back))
            named = frozenset(m.removeprefix(root) for m in cycle)
            if cycle not in seen and named not in known_cycles:
                seen.add(cycle)
                found.append(f"import cycle: {' -> '.join((module, *back))}")
    return found


def test_the_walls_hold_in_the_tree():
    graph = grimp.build_graph(*PACKAGES, cache_dir=None)
    assert wall_violations(graph, known_cycles=KNOWN_CYCLES) == []


def plant(tmp_path, files: dict[str, str]) -> grimp.ImportGraph:
    """A package tree ``planted`` under ``tmp_path`` from ``{relative path: source}``, and its graph."""
    for rel, source in files.items():
        path = tmp_path / "planted" / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(source))
    for folder in [tmp_path / "planted", *(p for p in (tmp_path / "planted").rglob("*") if p.is_dir())]:
        (folder / "__init__.py").touch()
    return grimp.build_graph("planted", cache_dir=None)


CLEAN = {
    "engine/rules.py": "import json\n",
    "station/service.py": "from planted.engine import rules\n",
    "web/pages.py": "from planted.station import service\n",
    "cli/main.py": "from planted.web import pages\nfrom planted.station import service\n",
}


def test_a_clean_tree_passes(tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(tmp_path))
    assert wall_violations(plant(tmp_path, CLEAN), root="planted.") == []


def test_a_planted_violation_fails(tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(tmp_path))
    files = {**CLEAN,
             # the engine reaching up, even from inside a function
             "engine/rules.py": "def score():\n    from planted.station import service\n",
             # the station importing the command line
             "station/lights.py": "import planted.cli.main\n",
             # the engine reaching sideways into another leaf
             "engine/tiles.py": "import planted.vision.read\n",
             "vision/read.py": "import json\n",
             # a cycle inside web, kept apart by nothing
             "web/a.py": "from planted.web import b\n",
             "web/b.py": "from planted.web import a\n"}
    found = wall_violations(plant(tmp_path, files), root="planted.")
    assert "engine imports station: planted.engine.rules -> planted.station.service" in found
    assert "station imports cli: planted.station.lights -> planted.cli.main" in found
    assert "engine imports vision: planted.engine.tiles -> planted.vision.read" in found
    assert any(line.startswith("import cycle:") and "planted.web.a" in line and "planted.web.b" in line
               for line in found), found
    # the engine's planted import also closes a loop station.service -> engine.rules -> station.service
    assert len([line for line in found if line.startswith("import cycle:")]) == 2, found


def test_a_known_cycle_is_not_reported(tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(tmp_path))
    files = {**CLEAN, "web/a.py": "from planted.web import b\n", "web/b.py": "from planted.web import a\n"}
    graph = plant(tmp_path, files)
    assert wall_violations(graph, root="planted.", known_cycles={frozenset({"web.a", "web.b"})}) == []
