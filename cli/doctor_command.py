"""Guided self-test of a real hub's wiring: each LED segment, seat button, slot sensor and the sensor board.

On the hub, stop the station first (the pins have one owner at a time): sudo systemctl stop
mexican-train-station; then: sudo /opt/mexican-train/venv/bin/station doctor --config /etc/mexican-train/hub.toml
It lights each LED segment and asks whether you see it (y/n; --yes skips asking), asks you to press
each seat's button and to place and lift a tile in each slot, checks the sensor board's link, then
reports what looks miswired and which GPIO to check. `station doctor --mock --yes` runs it against
mock hardware driven automatically; --mock-fault simulates a wiring fault. On a Pi it first checks
under-voltage and throttling, the config.txt settings the LED driver needs and overlays that hold
the build's pins. `station doctor --monitor 60` instead shows the inputs live for 60 s (to place
magnets and tune sensor distance). `sudo station doctor --as-service` runs the same checks as the
service user inside the installed unit's sandbox (cli/doctor_service.py: systemd-run with the
unit's properties), first opening every device the build uses: one the unit's device policy blocks
is named as blocked by the unit.
Exit status: 0 all fine, 1 problems found, 2 bad config, 3 no hub hardware here.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import threading

from hardware.events import BoardStatus, ButtonPressed, SlotChanged
from cli import doctor_service

#: the self-test's patterns: each a full channel, to see every LED's red, green and blue work (not
#: meanings: the lights' colours are palette's)
RED, WHITE, BLUE = (255, 0, 0), (255, 255, 255), (0, 0, 255)
FAULTS = ("button:N (press never arrives), button:N=M (wired to seat M's input), slot:NAME (dead sensor), "
          "slot:NAME=OTHER (seen by OTHER's sensor), stuck:NAME (always occupied), led:SEGMENT (dark), board:down")


def span(leds) -> str:
    """LED indices as "12-15" when consecutive, else "1, 5, 9"."""
    run = len(leds) > 1 and list(leds) == list(range(leds[0], leds[0] + len(leds)))
    return f"{leds[0]}-{leds[-1]}" if run else ", ".join(map(str, leds))


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--config", default=os.environ.get("STATION_CONFIG"),
                        help="hub build description (TOML); default: the reference 8-seat hub")
    parser.add_argument("--mock", action="store_true", help="mock hardware, driven automatically (no Pi needed)")
    parser.add_argument("--yes", "-y", action="store_true", help="do not ask about the LEDs and the buzzer")
    parser.add_argument("--timeout", type=float, default=10.0, help="seconds to wait for each press or tile (10)")
    parser.add_argument("--monitor", type=float, metavar="SECONDS",
                        help="show the inputs live for SECONDS (placing magnets, sensor distance) instead of the test")
    parser.add_argument("--mock-fault", action="append", default=[], metavar="SPEC",
                        help=f"with --mock, simulate a wiring fault (repeatable): {FAULTS}")
    parser.add_argument("--as-service", action="store_true",
                        help="run the checks as the service user inside the installed unit's sandbox "
                             "(systemd-run with the unit's properties; needs root and the installed unit)")


class MockHand:
    """Follows the doctor's prompts on a MockHub.create(); ``faults`` (see FAULTS) make it look miswired."""

    def __init__(self, hub, faults: list[str]):
        self.hub, self.buttons, self.slots, self.stuck, self.dark, self.board_down = hub, {}, {}, set(), set(), False
        for spec in faults:
            kind, _, rest = spec.partition(":")
            name, _, other = rest.partition("=")
            if kind == "button" and name.isdigit() and (not other or other.isdigit()):
                self.buttons[int(name)] = int(other) if other else None
            elif kind == "slot" and name in hub.build.slot_names and (not other or other in hub.build.slot_names):
                self.slots[name] = other or None
            elif kind == "stuck" and name in hub.build.slot_names:
                self.stuck.add(name)
            elif kind == "led" and name in hub.build.segments:
                self.dark.add(name)
            elif spec == "board:down" and hub.virtual_board is not None:
                self.board_down = True
            else:
                raise ValueError(f"--mock-fault {spec!r}: not a fault of this build; faults are {FAULTS}")

    def before_start(self) -> None:
        if self.board_down:
            self.hub.virtual_board.unplug()
        for name in self.stuck:     # a GPIO slot that reads occupied when the hub starts
            self.hub.mock_slot(name, True)

    def press(self, seat: int) -> None:
        if (target := self.buttons.get(seat, seat)) is not None:
            asyncio.get_running_loop().call_later(0.02, self.hub.mock_press, target)

    def place(self, slot: str, occupied: bool = True) -> None:
        if (target := self.slots.get(slot, slot)) is not None and target not in self.stuck:
            asyncio.get_running_loop().call_later(0.02, self.hub.mock_slot, target, occupied)

    def sees(self, segment: str | None, expected: list) -> bool:
        """What a person would answer: the strip shows ``expected`` and ``segment`` is not dark."""
        return segment not in self.dark and list(self.hub.strip.last or ()) == expected


class Doctor:
    """Runs the checks on a started hub; ``problems`` lists what looks miswired, in plain words."""

    def __init__(self, hub, *, yes: bool, timeout: float, hand: MockHand | None = None, out=print):
        self.hub, self.build, self.yes, self.timeout, self.hand, self.out = hub, hub.build, yes, timeout, hand, out
        self.queue: asyncio.Queue = asyncio.Queue()
        self.problems: list[str] = []
        self.passed, self.board_status = 0, None

    def on_event(self, event) -> None:
        if isinstance(event, BoardStatus):
            self.board_status = event
        self.queue.put_nowait(event)

    def check(self, good: bool, ok: str, bad: str = "") -> bool:
        """Count a passed check (``ok``) or record the problem ``bad``; returns ``good``."""
        if good:
            self.passed += 1
        else:
            self.problems.append(bad)
        self.out(f"  {'ok  ' if good else 'FAIL'}  {ok if good else bad}")
        return good

    async def next_event(self, match, seconds: float | None = None):
        """The first queued event for which ``match(event)`` is true, or None after ``seconds``."""
        try:
            async with asyncio.timeout(self.timeout if seconds is None else seconds):
                while not match(event := await self.queue.get()):
                    pass
                return event
        except TimeoutError:
            return None

    async def confirm(self, question: str, segment: str | None = None, expected: list | None = None) -> bool:
        if self.hand is not None and expected is not None:
            return self.hand.sees(segment, expected)
        if self.yes or self.hand is not None:
            return True
        loop, answer = asyncio.get_running_loop(), asyncio.get_running_loop().create_future()

        def read() -> None:      # a daemon thread: an unanswered prompt never blocks the exit
            try:
                line = input(f"        {question} [y/n] ")
            except EOFError:
                line = None
            loop.call_soon_threadsafe(lambda: answer.done() or answer.set_result(line))
        threading.Thread(target=read, daemon=True).start()
        if (line := await answer) is None:
            self.out("        (no input: not asking any more, as with --yes)")
            self.yes = True
        return line is None or line.strip().lower().startswith("y")

    def where(self, slot) -> str:
        return (f"check the sensor board's input for {slot.name} and that sensor" if slot.input is None
                else f"check GPIO{slot.input.pin} and its ground")

    def act(self, method: str, *args) -> None:
        if self.hand is not None:
            getattr(self.hand, method)(*args)

    async def run(self) -> list[str]:
        self.out(f"station doctor: hub build {self.build.name!r} ({self.build.path}), {'mock' if self.hand else 'hub'} "
                 f"hardware; waiting up to {self.timeout:g} s per step")
        self.out(f"LED driver: {self.hub.led_driver}" + (f" on {self.hub.model}" if self.hub.model else ""))
        if self.build.power:
            self.out(self.build.power.describe(self.build.strip))
        if self.hub.model:                 # a real Pi
            from .doctor_system import boot_settings, throttled
            self.out("\n[the Pi]")
            for ok, text in throttled() + boot_settings(self.build, self.hub.led_driver):
                self.check(ok, text, text)
        self.act("before_start")
        await self.hub.start(None, self.on_event)
        try:
            board_ok = await self.check_board()
            await self.check_idle(board_ok)
            await self.check_leds()
            await self.check_buzzer()
            await self.check_buttons()
            await self.check_slots(board_ok)
            if board_ok:
                self.check_link()
        finally:
            self.hub.show({})
        return self.problems

    async def check_board(self) -> bool:
        self.out("\n[sensor board]")
        board = self.build.board
        if board is None or self.hub.board_link is None:
            self.out("  --    none in this build")
            return False
        if not (self.board_status and self.board_status.connected):
            await self.next_event(lambda e: self.board_status is not None and self.board_status.connected)
        st = self.board_status
        return self.check(
            st is not None and st.connected, f"sensor board: connected on {board.port}, board "
            f"{st and st.board_id}, protocol {st and st.protocol}", f"sensor board: no link on {board.port} in "
            f"{self.timeout:g} s ({st.reason if st else 'no status'}) — check the USB cable, that the port exists "
            f"(ls -l /dev/mexican-train-board /dev/ttyACM*), baud {board.baud} and the board's firmware; "
            "its slots are not tested")

    async def check_idle(self, board_ok: bool) -> None:
        self.out("\n[at rest]")
        await self.confirm("Are all slots empty and no button held?")
        await asyncio.sleep(max(0.3, self.build.debounce_ms / 500))
        stuck = [s for s in self.build.slots if self.hub.slots[s.name] and (s.source == "gpio" or board_ok)]
        self.check(not stuck, "every slot reads empty", "; ".join(
            f"slot {s.name}: reads occupied while empty — {self.where(s)}; a stuck sensor, or pull/active_low wrong "
            "in the config" for s in stuck))

    async def check_leds(self) -> None:
        self.out("\n[LEDs]")
        count, st = self.build.strip.count, self.build.strip
        self.hub.show([RED] * count)
        self.check(await self.confirm("Is the whole strip lit RED?", None, [RED] * count),
                   f"LED strip: all {count} LEDs red", f"LED strip: not all red — if other colours: leds.order "
                   f"({st.order!r}) is wrong; if dark from some LED on: a broken joint there; if all dark: the data "
                   f"line (GPIO{st.gpio}, level shifter), 5 V power and common ground")
        for name, leds in self.build.segments.items():
            expected = [WHITE if i in leds else (0, 0, 0) for i in range(count)]
            self.hub.show({name: WHITE})
            key = "leds.ring" if name == "ring" else f"slots.{name}.leds"
            self.check(await self.confirm(f"Is only {name} lit white (LEDs {span(leds)})?", name, expected),
                       f"LED segment {name} (LEDs {span(leds)})", f"LED segment {name} (LEDs {span(leds)}): not "
                       f"seen lit — check {key} in the config and the strip around those LEDs")
        self.hub.show({})

    async def check_buzzer(self) -> None:
        if (bz := self.build.buzzer) is None:
            return
        self.out("\n[buzzer]")
        self.hub.buzz(300)
        self.check(await self.confirm("Did the buzzer beep?"), f"buzzer on GPIO{bz.pin}", f"buzzer: not heard — "
                   f"check GPIO{bz.pin}, its transistor and buzzer.active_high ({str(bz.active_high).lower()})")

    async def check_buttons(self) -> None:
        self.out("\n[seat buttons]")
        for seat, spec in enumerate(self.build.buttons):
            self.queue = asyncio.Queue()   # forget earlier events
            self.hub.show({f"seat{seat}": BLUE})
            self.out(f"  ...   press and release the button of seat{seat} (player {seat + 1})")
            self.act("press", seat)
            ev = await self.next_event(lambda e: isinstance(e, ButtonPressed))
            why = (f"no press seen in {self.timeout:g} s — check GPIO{spec.pin} and its ground" if ev is None else
                   f"the press came from seat{ev.seat}'s input (GPIO{self.build.buttons[ev.seat].pin}) — buttons "
                   f"swapped? check GPIO{spec.pin}")
            self.check(ev is not None and ev.seat == seat, f"seat{seat} button (GPIO{spec.pin})", f"seat{seat} button: {why}")
        self.hub.show({})

    async def check_slots(self, board_ok: bool) -> None:
        self.out("\n[slots]")
        for slot in self.build.slots:
            name = slot.name
            if (slot.source == "board" and not board_ok) or self.hub.slots[name]:
                self.out(f"  --    slot {name}: not tested ({'reads occupied' if self.hub.slots[name] else 'no board'})")
                continue
            self.queue = asyncio.Queue()   # forget earlier events
            self.hub.show({name: BLUE})
            self.out(f"  ...   place a tile in slot {name}")
            self.act("place", name)
            ev = await self.next_event(lambda e: isinstance(e, SlotChanged) and e.occupied)
            if ev is None or ev.slot != name:
                self.check(False, "", f"slot {name}: no tile seen in {self.timeout:g} s — {self.where(slot)}" if ev is None
                           else f"slot {name} reported as {ev.slot}: sensors swapped? {self.where(slot)}")
                self.act("place", name, False)
                if ev is not None:      # let the other slot clear before the next one
                    await self.next_event(lambda e: isinstance(e, SlotChanged) and e.slot == ev.slot and not e.occupied)
                continue
            self.out(f"  ...   now lift it from slot {name}")
            self.act("place", name, False)
            off = await self.next_event(lambda e: isinstance(e, SlotChanged) and e.slot == name and not e.occupied)
            self.check(off is not None, f"slot {name}: place and lift seen" + (f", tile tag {ev.tile}" if ev.tile else ""),
                       f"slot {name}: tile seen but not lifted in {self.timeout:g} s — stuck? {self.where(slot)}")
        self.hub.show({})

    def check_link(self) -> None:
        c = self.hub.board_counters
        noisy = {k: v for k, v in c.items() if k not in ("frames_ok", "connects") and v}
        self.check(not noisy, f"sensor board link: {c.get('frames_ok', 0)} frames, no errors", "sensor board link: "
                   + ", ".join(f"{k} {v}" for k, v in sorted(noisy.items()))
                   + " during the test — check the USB cable (short, data-capable), hubs and the baud rate")


def report(doctor: Doctor) -> int:
    n = len(doctor.problems)
    print(f"\nReport: {doctor.passed + n} checks, {doctor.passed} ok, {n} problem{'s' if n != 1 else ''}"
          + (":" if n else ". The hub is wired as its config says."))
    print("".join(f"  - {p}\n" for p in doctor.problems), end="")
    return 1 if n else 0


def fail(message: str, status: int) -> int:
    print(f"station doctor: {message}", file=sys.stderr)
    return status


def as_service(args: argparse.Namespace, build) -> int:
    """Run this doctor again through systemd-run with the installed unit's sandbox; its exit status."""
    import shutil
    import subprocess
    if shutil.which("systemctl") is None or shutil.which("systemd-run") is None:
        return fail("--as-service needs systemd (systemctl and systemd-run)", 3)
    unit = doctor_service.UNIT
    cat = subprocess.run(["systemctl", "cat", unit], capture_output=True, text=True)
    if cat.returncode != 0:
        return fail(f"--as-service: the unit {unit} is not installed ({cat.stderr.strip() or 'systemctl cat failed'}); "
                    "run systemd/install.sh first", 3)
    props = doctor_service.unit_properties(cat.stdout)
    argv = [sys.executable, "-m", "cli", "doctor"] \
        + (["--config", os.path.abspath(args.config)] if args.config else []) + ["--timeout", f"{args.timeout:g}"] + (["--yes"] if args.yes else []) \
        + (["--monitor", f"{args.monitor:g}"] if args.monitor else [])
    if os.geteuid() != 0:
        return fail("--as-service starts a transient unit: run it as root (sudo station doctor --as-service)", 3)
    print(f"station doctor: the checks as {dict(props).get('User', 'root')} in {unit}'s sandbox "
          f"({len(props)} settings of the installed unit)", flush=True)
    return subprocess.run(doctor_service.systemd_run_argv(props, argv, unit)).returncode


def main(args: argparse.Namespace) -> int:
    from hardware.config import ConfigError, default_build, load_build
    from hardware.hub import Hub
    from hardware.mockdrive import MockHub
    from hardware.pi import HardwareUnavailable

    try:
        build = load_build(args.config) if args.config else default_build()
    except ConfigError as exc:
        return fail(str(exc), 2)
    if args.mock_fault and not args.mock:
        return fail("--mock-fault needs --mock", 2)
    if args.as_service and args.mock:
        return fail("--as-service checks the real hub in the unit's sandbox: not with --mock", 2)
    if args.as_service and not os.environ.get(doctor_service.INSIDE_ENV):
        return as_service(args, build)
    if os.environ.get(doctor_service.INSIDE_ENV):
        from hardware.pi import pi_model
        unit = os.environ[doctor_service.INSIDE_ENV]
        print(f"station doctor: as uid {os.getuid()} (groups {' '.join(map(str, os.getgroups()))}) in {unit}'s sandbox")
        print("\n[devices, opened as the service]")
        found = doctor_service.device_findings(doctor_service.build_devices(build, pi_model()),
                                               os.environ.get(doctor_service.ALLOW_ENV, ""), unit)
        for ok, text in found:
            print(f"  {'ok  ' if ok else 'FAIL'}  {text}", flush=True)
        bad = [text for ok, text in found if not ok]
        if bad:
            print(f"\nReport: {len(found)} checks, {len(found) - len(bad)} ok, {len(bad)} problem"
                  f"{'s' if len(bad) != 1 else ''}:")
            print("".join(f"  - {p}\n" for p in bad), end="")
            return 1
    os.environ.setdefault("LG_WD", tempfile.gettempdir())   # lgpio's pipes: not in a cwd we may not own
    try:
        hub = MockHub.create(build) if args.mock else Hub.real(build)
    except HardwareUnavailable as exc:
        return fail(f"{exc}\n(to see the doctor on mock hardware: station doctor --mock --yes)", 3)
    except Exception as exc:  # noqa: BLE001 -- lgpio/gpiozero raise assorted errors, e.g. for busy pins
        return fail(f"cannot open the hub: {type(exc).__name__}: {exc}\n"
                    "Is the station still running? sudo systemctl stop mexican-train-station", 3)
    if args.monitor:
        from .doctor_monitor import monitor
        try:
            asyncio.run(monitor(hub, args.monitor, out=lambda s: print(s, flush=True)))
        except KeyboardInterrupt:
            pass
        finally:
            hub.close()
        return 0
    try:
        hand = MockHand(hub, args.mock_fault) if args.mock else None
        doctor = Doctor(hub, yes=args.yes, timeout=args.timeout, hand=hand, out=lambda s: print(s, flush=True))
        asyncio.run(doctor.run())
    except ValueError as exc:
        return fail(str(exc), 2)
    finally:
        hub.close()
    return report(doctor)
