"""The project built as a wheel (not the editable install `make venv` and the installer make) holds
what the code loads at run time: the photo reader's trained model, the pages' templates, static
files and translations. Built with pip's own build isolation (setuptools from the package
registry), installed into a folder, and asked from there, not from the checkout."""
from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_a_built_wheel_carries_the_model_the_pages_and_the_catalogues(tmp_path):
    # the checkout's tracked files only, as a fresh clone has them: a build's leftover
    # *.egg-info/SOURCES.txt in the checkout lists files the package data may not
    tree = tmp_path / "tree"
    tracked = subprocess.run(["git", "ls-files", "-z"], capture_output=True, cwd=ROOT, check=True).stdout
    for name in filter(None, tracked.decode().split("\0")):
        if (ROOT / name).is_file():
            (tree / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, tree / name)
    res = subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(tmp_path / "dist"),
                          str(tree)], capture_output=True, text=True, timeout=600)
    assert res.returncode == 0, res.stderr[-2000:]
    wheel = next((tmp_path / "dist").glob("mexican_train_hub-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    data = subprocess.run(["git", "ls-files", "vision/models", "web/templates", "web/static", "web/locale",
                           "club/templates", "club/static"], capture_output=True, text=True, cwd=ROOT, check=True).stdout.split()
    assert "vision/models/pips.onnx" in data and "web/templates/base.html" in data
    assert sorted(set(data) - names) == []
    target = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(target)
    # asked from the installed files, with the checkout off the path (cwd elsewhere, -I)
    res = subprocess.run([sys.executable, "-I", "-c",
                          "import sys; sys.path.insert(0, sys.argv[1]); import vision.pipnet as p; "
                          "print(p.MODEL.resolve(), p.available())", str(target)],
                         capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert res.returncode == 0, res.stderr[-2000:]
    model, available = res.stdout.split()
    assert Path(model).is_relative_to(target.resolve()) and available == "True"
