"""tools/tile_photos.py's command line (issue 20, *A test corpus*): cases with their truth, the
view from an angle, and bad arguments refused in one line with exit 2."""
from __future__ import annotations

import json

import pytest

pytest.importorskip("cv2")
from tools.tile_photos import main  # noqa: E402


def test_cases_are_written_with_their_truth_seen_from_an_angle(tmp_path, capsys):
    assert main([str(tmp_path), "--count", "2", "--seed", "4", "--elevation", "50"]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["case-4.jpg", "case-4.json", "case-5.jpg", "case-5.json"]
    truth = json.loads((tmp_path / "case-4.json").read_text())
    assert truth["seed"] == 4 and truth["tiles"] and all(len(t["quad"]) == 4 for t in truth["tiles"])
    assert (tmp_path / "case-4.jpg").read_bytes()[:3] == b"\xff\xd8\xff"
    assert "2 cases" in capsys.readouterr().out
    # from 50 degrees the table's depth shrinks: the same tiles, outlined shorter up the photo
    main([str(tmp_path / "above"), "--count", "1", "--seed", "4"])
    above = json.loads((tmp_path / "above" / "case-4.json").read_text())
    assert [t["tile"] for t in above["tiles"]] == [t["tile"] for t in truth["tiles"]]
    assert above["tiles"] != truth["tiles"]


@pytest.mark.parametrize("args", [["--elevation", "5"], ["--count", "0"], ["--seed", "-1"]])
def test_bad_arguments_are_one_line_and_exit_2(tmp_path, capsys, args):
    with pytest.raises(SystemExit) as done:
        main([str(tmp_path), *args])
    assert done.value.code == 2
    err = capsys.readouterr().err
    assert ": error: --" in err.splitlines()[-1]
    assert "Traceback" not in err and not list(tmp_path.iterdir())
