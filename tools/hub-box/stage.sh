#!/usr/bin/env bash
# The hub box's stages (sourced by tools/hub-box/run.sh): a progress line per stage, each stage
# under its own time budget. A stage runs in a subshell with `set -e`, in the background, while
# the box waits for it; at its budget a timer stops the stage's whole process tree (mmdebstrap,
# systemd-nspawn and what runs in it, QEMU) and the run fails saying which stage overran. A stage
# passes what later stages need through the state file ($WORK/state, `box_state NAME=VALUE`).
# The box as a whole has a budget too (BOX_TOTAL_BUDGET_S, default 4500 s: with the tests' 15
# minutes .ci/run stays inside its 90): a stage gets at most what is left of it, and a stage that
# finds it spent does not start. BOX_STAGE_SCALE (default 1) multiplies every stage's own budget:
# .ci/run sets 3 (split) or 2 (beside) for what runs beside the tests at nice 19, where a stage
# waits for a core; the total budget still holds.
#
#   WORK=DIR; . tools/hub-box/stage.sh; stage NAME BUDGET_S COMMAND [ARG...]

T0=${T0:-$SECONDS}
STAGE_TIMES=()
BOX_TOTAL_BUDGET_S="${BOX_TOTAL_BUDGET_S:-4500}"

say() { echo "[hub-box $(printf '%4d' $((SECONDS - T0)))s] $*"; }
die() { say "FAILED: $*"; exit 1; }

box_state() {     # NAME=VALUE...: kept for the stages after this one (and the clean-up)
    local kv
    for kv in "$@"; do printf '%s=%q\n' "${kv%%=*}" "${kv#*=}" >>"$WORK/state"; done
}
box_load_state() { if [[ -f "$WORK/state" ]]; then . "$WORK/state"; fi; }

box_kill_tree() { # PID: that process and every descendant, stopped first so that none starts another
    local pid="$1" child
    kill -STOP "$pid" 2>/dev/null || return 0
    for child in $(ps -o pid= --ppid "$pid" 2>/dev/null); do box_kill_tree "$child"; done
    kill -TERM "$pid" 2>/dev/null
    kill -CONT "$pid" 2>/dev/null
}

box_alive() {     # PID: running (a zombie is not)
    local st
    st="$(ps -o stat= -p "$1" 2>/dev/null)" && [[ "$st" != Z* ]]
}

BOX_JOB="" BOX_TIMER=""
box_interrupted() {   # INT/TERM: the running stage's processes and its timer stopped, then the run fails
    if [[ -n "$BOX_JOB" ]]; then box_kill_tree "$BOX_JOB"; fi
    if [[ -n "$BOX_TIMER" ]]; then box_kill_tree "$BOX_TIMER"; fi
    die "interrupted${1:+ ($1)}"
}

stage() {         # NAME BUDGET_S COMMAND...: runs COMMAND under the budget; fails the run loudly
    local name="$1" budget="$2" start=$SECONDS rc=0 job timer left of=""
    shift 2
    budget=$((budget * ${BOX_STAGE_SCALE:-1}))
    left=$((BOX_TOTAL_BUDGET_S - (SECONDS - T0)))
    ((left > 0)) || die "stage $name not started: the box's total budget of ${BOX_TOTAL_BUDGET_S}s (BOX_TOTAL_BUDGET_S) is spent"
    if ((budget > left)); then budget=$left; of=", what is left of the box's total ${BOX_TOTAL_BUDGET_S}s"; fi
    say "stage $name (budget ${budget}s$of) ..."
    rm -f "$WORK/overrun"
    ( set -e; "$@" ) &
    job=$!
    BOX_JOB=$job
    (
        sleep "$budget" & wait $!
        : >"$WORK/overrun"
        box_kill_tree "$job"
        sleep 5
        for p in $(ps -o pid= --ppid "$job" 2>/dev/null) "$job"; do kill -KILL "$p" 2>/dev/null; done
    ) </dev/null >/dev/null 2>&1 &
    timer=$!
    BOX_TIMER=$timer
    wait "$job" || rc=$?
    BOX_JOB=""
    box_kill_tree "$timer"
    wait "$timer" 2>/dev/null || true
    BOX_TIMER=""
    box_load_state
    STAGE_TIMES+=("$name $((SECONDS - start))s/${budget}s")
    if [[ -e "$WORK/overrun" ]]; then
        die "stage $name overran its budget of ${budget}s$of: stopped after $((SECONDS - start))s (the run fails)"
    fi
    ((rc == 0)) || die "stage $name failed (exit $rc)"
    say "stage $name done in $((SECONDS - start))s (budget ${budget}s)"
}
