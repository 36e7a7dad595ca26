"""tools/hub-box (``make hub-box``): the parts that run without building a box. Its stages'
time budgets (tools/hub-box/stage.sh: a stage that overruns is stopped, process tree and all, and
the run fails saying so), a failing step failing its stage, what a stage leaves for the next, and
the one line the box says where this machine cannot run it. The box itself (a trixie VM, an
aarch64 root) is run by ``make hub-box``, not by the test suite: it takes tens of minutes."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BOX = ROOT / "tools" / "hub-box"


def run_stages(tmp_path, body: str) -> subprocess.CompletedProcess:
    """``body`` run by bash after sourcing stage.sh, with a fresh WORK directory."""
    script = tmp_path / "stages.sh"
    script.write_text(f"set -euo pipefail\nWORK={tmp_path}\n. {BOX / 'stage.sh'}\n{body}\n")
    return subprocess.run(["bash", str(script)], capture_output=True, text=True, timeout=120)


@pytest.mark.skipif(shutil.which("shellcheck") is None, reason="shellcheck is not installed (apt-get install shellcheck)")
def test_shellcheck_is_clean():
    scripts = sorted(str(p) for p in BOX.glob("*.sh")) + sorted(str(p) for p in (BOX / "guest").glob("*.sh"))
    res = subprocess.run(["shellcheck", "-x", "--severity=warning", *scripts], capture_output=True, text=True, cwd=ROOT)
    assert res.returncode == 0, res.stdout


def test_a_stage_over_its_budget_is_stopped_with_its_children_and_the_run_fails(tmp_path):
    marker = "31.4159"          # a sleep of its own, to find it again
    res = run_stages(tmp_path, f"""
        slow() {{ sh -c 'sleep {marker} | cat'; echo "slow went on"; }}
        stage quick 30 true
        stage slow 1 slow
        echo "the run went on"
    """)
    assert res.returncode == 1
    lines = res.stdout.strip().splitlines()
    assert "stage quick done" in lines[1]
    assert "FAILED: stage slow overran its budget of 1s: stopped" in lines[-1]
    assert "went on" not in res.stdout
    left = subprocess.run(["pgrep", "-f", f"sleep {marker}"], capture_output=True, text=True)
    assert left.stdout == "", "the stage's grandchild outlived its budget"


def test_a_stage_gets_at_most_what_is_left_of_the_total_budget(tmp_path):
    marker = "23.0259"
    res = run_stages(tmp_path, f"""
        BOX_TOTAL_BUDGET_S=3
        stage long 600 sh -c 'sleep {marker}'
    """)
    assert res.returncode == 1
    lines = res.stdout.strip().splitlines()
    # what is left: 3 s less the whole seconds the shell took to get here (1 or 2 on a busy machine)
    left = re.search(r"stage long \(budget ([123])s, what is left of the box's total 3s\)", lines[0])
    assert left, lines[0]
    assert (f"FAILED: stage long overran its budget of {left.group(1)}s, what is left of the box's total 3s: stopped"
            in lines[-1])
    res = run_stages(tmp_path, """
        BOX_TOTAL_BUDGET_S=1
        sleep 1.2
        stage late 600 true
    """)
    assert res.returncode == 1
    assert res.stdout.strip().endswith("FAILED: stage late not started: the box's total budget of 1s (BOX_TOTAL_BUDGET_S) is spent")


def test_a_stage_budget_is_scaled_beside_the_tests_and_the_total_still_holds(tmp_path):
    """BOX_STAGE_SCALE (.ci/run's 2 while the box runs beside the tests): a
    stage's own budget is that many times longer, so a stage that waited for a core passes, and
    the box's total budget still stops it."""
    res = run_stages(tmp_path, """
        BOX_STAGE_SCALE=3
        stage waited 1 sleep 1.5
    """)
    assert res.returncode == 0, res.stdout
    assert "stage waited (budget 3s) ..." in res.stdout and "stage waited done" in res.stdout
    res = run_stages(tmp_path, """
        BOX_STAGE_SCALE=3 BOX_TOTAL_BUDGET_S=2
        stage waited 1 sleep 4.5
    """)
    assert res.returncode == 1
    assert "FAILED: stage waited overran its budget of " in res.stdout and "what is left of the box's total 2s" in res.stdout


def test_a_failing_step_fails_its_stage_and_nothing_after_it_runs(tmp_path):
    res = run_stages(tmp_path, """
        two_steps() { false; echo "second step ran"; }
        stage build 30 two_steps
        echo "next stage ran"
    """)
    assert res.returncode == 1
    assert res.stdout.strip().splitlines()[-1].endswith("FAILED: stage build failed (exit 1)")
    assert "ran" not in res.stdout


def test_a_stage_leaves_its_state_for_the_next(tmp_path):
    res = run_stages(tmp_path, """
        boot() { sleep 0 & box_state GUEST_PID=$! PORT="8 0"; }
        stage boot 30 boot
        echo "port [$PORT] pid ${GUEST_PID:?}"
        echo "times: ${STAGE_TIMES[*]}"
    """)
    assert res.returncode == 0, res.stdout + res.stderr
    assert "port [8 0] pid " in res.stdout
    # bash's SECONDS counts whole seconds: a stage of a few milliseconds can cross one
    assert re.search(r"^times: boot [01]s/30s$", res.stdout, re.M), res.stdout


needs_root = pytest.mark.skipif(os.geteuid() != 0 or shutil.which("setpriv") is None,
                                reason="needs root (to run the box as another user and as root)")


@needs_root
def test_not_root_is_one_line_and_a_failure():
    res = subprocess.run(["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups",
                          "bash", str(BOX / "run.sh"), "vm"], capture_output=True, text=True, timeout=60)
    assert res.returncode == 1
    assert res.stderr == ""
    assert len(res.stdout.splitlines()) == 1 and "the box needs root" in res.stdout


@needs_root
def test_no_qemu_is_one_line_and_a_failure():
    res = subprocess.run(["bash", str(BOX / "run.sh"), "vm"], capture_output=True, text=True, timeout=60,
                         env={**os.environ, "BOX_QEMU": "/nonexistent/qemu-system-x86_64"})
    assert res.returncode == 1
    assert res.stdout.splitlines() == [res.stdout.strip()]
    assert "no /nonexistent/qemu-system-x86_64 on this machine (apt-get install qemu-system-x86)" in res.stdout


@needs_root
def test_both_parts_at_once_check_the_machine_first_in_one_line():
    res = subprocess.run(["bash", str(BOX / "run.sh"), "all"], capture_output=True, text=True, timeout=60,
                         env={**os.environ, "BOX_QEMU": "/nonexistent/qemu-system-x86_64"})
    assert res.returncode == 1
    assert res.stdout.splitlines() == [res.stdout.strip()]        # not one line per part
    assert "no /nonexistent/qemu-system-x86_64 on this machine (apt-get install qemu-system-x86)" in res.stdout


def test_a_bad_part_is_named_before_anything_runs():
    res = subprocess.run(["bash", str(BOX / "run.sh"), "both"], capture_output=True, text=True, timeout=60)
    assert res.returncode == 1
    assert res.stdout.splitlines() == [res.stdout.strip()]
    assert "usage: tools/hub-box/run.sh [vm|arm64|all]" in res.stdout


def test_an_interrupted_run_stops_its_stage_and_its_timer(tmp_path):
    marker = "27.1828"
    script = tmp_path / "stages.sh"
    script.write_text(f"set -euo pipefail\nWORK={tmp_path}\n. {BOX / 'stage.sh'}\n"
                      "trap 'box_interrupted SIGTERM' TERM\n"
                      f"stage long 593 sh -c 'sleep {marker}'\n")
    proc = subprocess.Popen(["bash", str(script)], stdout=subprocess.PIPE, text=True)
    for _ in range(100):                      # until the stage's sleep runs
        if subprocess.run(["pgrep", "-f", f"sleep {marker}"], capture_output=True).returncode == 0:
            break
        time.sleep(0.1)
    proc.terminate()
    out, _ = proc.communicate(timeout=30)     # returns at once: no budget timer left to wait for
    assert proc.returncode == 1
    assert out.strip().splitlines()[-1].endswith("FAILED: interrupted (SIGTERM)")
    left = subprocess.run(["pgrep", "-f", f"sleep {marker}|sleep 593"], capture_output=True, text=True)
    assert left.stdout == ""


def _pytest_log(tmp_path, name: str, body: str) -> Path:
    """A real pytest run's output over a test file with ``body``, as the box's logs hold it."""
    d = tmp_path / name
    d.mkdir()
    (d / f"test_{name}.py").write_text(body)
    res = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--durations=5", str(d)],
                         capture_output=True, text=True, timeout=120, cwd=d)
    log = tmp_path / f"{name}.log"
    log.write_text(res.stdout + res.stderr)
    return log


def test_the_aarch64_count_adds_up_both_processes_and_a_failure_shows(tmp_path):
    ok = _pytest_log(tmp_path, "ok", "import pytest\n\ndef test_a(): pass\n\ndef test_b(): pass\n\n"
                     "@pytest.mark.skip(reason='x')\ndef test_c(): pass\n")
    bad = _pytest_log(tmp_path, "bad", "def test_d(): pass\n\ndef test_e(): assert 1 == 2\n")
    count = [sys.executable, str(BOX / "count_tests.py")]
    both = subprocess.run(count + [str(ok), str(ok)], capture_output=True, text=True, timeout=60)
    assert both.returncode == 0
    assert both.stdout.startswith("4 passed, 2 skipped (2 passed, 1 skipped in ") and "2 processes at once" in both.stdout
    failed = subprocess.run(count + [str(ok), str(bad)], capture_output=True, text=True, timeout=60)
    assert failed.stdout.startswith("3 passed, 1 skipped, 1 failed (")
    empty = tmp_path / "died.log"
    empty.write_text("Fatal Python error: Segmentation fault\n")
    died = subprocess.run(count + [str(ok), str(empty)], capture_output=True, text=True, timeout=60)
    assert died.returncode == 1 and died.stdout.strip() == f"error: no pytest summary in {empty}"
