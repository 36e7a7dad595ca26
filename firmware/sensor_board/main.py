# Reference sensor-board firmware, MicroPython on a Raspberry Pi Pico (RP2040), speaking
# docs/sensor-board-protocol.md version 1 over the USB serial port (stdin/stdout):
# HELLO with a replay of every slot at boot and on every SYNC (a HELLO at boot is lost when no host
# has the port open yet, as USB CDC drops it: the host asks with SYNC, a person types "0 SYNC*5A"), SLOT on every filtered change,
# HB every HEARTBEAT_MS, CRC-8 (poly 0x07) on every frame, host frames with a bad checksum ignored.
# Each sensor goes through the same glitch filter as the hub's GPIO inputs: a level counts only
# once it has held STABLE_MS. Settings: board_config.py. Flashing: README.md (mpremote).
# The same source runs under CPython for the tests (tests/hardware/firmware_host.py stands in for
# `machine` and adds MicroPython's ticks functions to `time`).
import sys
import time

import machine
import select

from board_config import ACTIVE_LOW, BOARD_ID, HEARTBEAT_MS, PULL_UP, SLOTS, STABLE_MS

PROTOCOL = 1
MAX_LINE = 120


def crc8(data):
    crc = 0
    for byte in data:
        crc ^= byte
        for _ in range(8):
            crc = ((crc << 1) ^ 0x07) & 0xFF if crc & 0x80 else (crc << 1) & 0xFF
    return crc


class Slot:
    """One presence sensor and its glitch filter (times in ms, compared with ticks_diff)."""

    def __init__(self, name, gpio, now):
        pull = machine.Pin.PULL_UP if PULL_UP else None
        self.name = name
        self.pin = machine.Pin(gpio, machine.Pin.IN, pull)
        self.raw = self.read()
        self.state = self.raw
        self.changed_at = now

    def read(self):
        return (self.pin.value() == 0) == ACTIVE_LOW

    def poll(self, now):
        """Returns True when the filtered state changed."""
        level = self.read()
        if level != self.raw:
            self.raw, self.changed_at = level, now
        if self.raw != self.state and time.ticks_diff(now, self.changed_at) >= STABLE_MS:
            self.state = self.raw
            return True
        return False


class Board:
    def __init__(self, out, now):
        self.out = out
        self.seq = 0
        self.line = bytearray()
        self.overflow = False
        self.slots = [Slot(name, gpio, now) for name, gpio in SLOTS]
        self.booted = now
        self.last_hb = now

    def send(self, kind, *args):
        body = " ".join([str(self.seq), kind] + [str(a) for a in args]).encode()
        self.out.write(body + ("*%02X\n" % crc8(body)).encode())
        self.seq = (self.seq + 1) % 65536

    def hello(self):
        self.seq = 0
        self.send("HELLO", PROTOCOL, BOARD_ID, len(self.slots))
        for s in self.slots:
            self.send("SLOT", s.name, 1 if s.state else 0)

    def feed(self, byte):
        if byte == 10:                                   # "\n": one line from the host
            line, overflow = bytes(self.line).rstrip(b"\r"), self.overflow
            self.line, self.overflow = bytearray(), False
            if not overflow:
                self.host_line(line)
        elif len(self.line) < MAX_LINE:
            self.line.append(byte)
        else:
            self.overflow = True

    def host_line(self, line):
        star = line.rfind(b"*")
        if star < 0 or len(line) - star != 3:
            return
        body, given = line[:star], line[star + 1:].decode()
        try:
            if int(given, 16) != crc8(body) or given.upper() != given:
                return
        except ValueError:
            return
        parts = body.split(b" ")
        if len(parts) >= 2 and parts[1] == b"SYNC":      # unknown types are ignored
            self.hello()

    def tick(self, now):
        for s in self.slots:
            if s.poll(now):
                self.send("SLOT", s.name, 1 if s.state else 0)
        if time.ticks_diff(now, self.last_hb) >= HEARTBEAT_MS:
            self.last_hb = now
            self.send("HB", time.ticks_diff(now, self.booted) % 1000000000)


def run():
    # Ctrl-C stays MicroPython's: the protocol is printable ASCII, so no host frame holds a 0x03, and
    # mpremote's Ctrl-C is what stops main.py to reach the raw REPL (copying a new firmware).
    stdin, out = sys.stdin.buffer, sys.stdout.buffer
    poller = select.poll()
    poller.register(stdin, select.POLLIN)
    board = Board(out, time.ticks_ms())
    board.hello()                                        # at boot, as after a SYNC
    while True:
        while poller.poll(0):
            data = stdin.read(1)
            if not data:
                return                                   # the host side went away (tests only)
            board.feed(data[0])
        board.tick(time.ticks_ms())
        time.sleep_ms(1)


run()
