"""The docstring examples of the product packages run with the tests (issue 21).

Collected as ordinary tests, one per module that has examples, rather than with pytest's
``--doctest-modules``: that option also imports every ``conftest.py`` under ``tests/`` as a module
named ``conftest``, and the run then breaks on "import file mismatch" when folders are collected
in another order.
"""
from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

PACKAGES = ["engine", "hardware", "station", "palette", "club", "web", "cli"]


def _modules():
    for name in PACKAGES:
        package = importlib.import_module(name)
        yield name
        for info in pkgutil.walk_packages(package.__path__, prefix=name + "."):
            if not info.name.endswith("__main__"):
                yield info.name


def _with_examples():
    found = []
    for name in _modules():
        module = importlib.import_module(name)
        if any(t.examples for t in doctest.DocTestFinder().find(module)):
            found.append(name)
    return found


MODULES = _with_examples()


def test_there_are_examples_to_run():
    assert len(MODULES) >= 10, MODULES


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
                             report=False)
    assert result.attempted > 0
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"
