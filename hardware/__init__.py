"""The hub's hardware layer: slot sensors, seat buttons, LED strip, buzzer, sensor board, and mocks.

The station uses :class:`hardware.hub.Hub` (events in ``hardware.events``) and
``hardware.config.load_build``/``default_build``. This package knows no game rules and never
imports engine, station or web. Submodules are imported lazily so that importing ``hardware``
costs nothing (rpi_ws281x, in particular, is only imported by ``Hub.real`` on a Raspberry Pi).
"""
