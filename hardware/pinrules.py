"""Raspberry Pi 40-pin header facts used to validate hub builds.

Pin numbers are BCM GPIO numbers everywhere in this package (not physical header positions).
"""
from __future__ import annotations

#: GPIOs brought out on the 40-pin header of every Pi since the B+ (GPIO0..27).
HEADER_GPIOS = frozenset(range(0, 28))

#: BCM GPIO -> physical pin of the 40-pin header.
HEADER_PIN = {2: 3, 3: 5, 4: 7, 17: 11, 27: 13, 22: 15, 10: 19, 9: 21, 11: 23, 0: 27, 5: 29, 6: 31, 13: 33,
              19: 35, 26: 37, 14: 8, 15: 10, 18: 12, 23: 16, 24: 18, 25: 22, 8: 24, 7: 26, 1: 28, 12: 32,
              16: 36, 20: 38, 21: 40}
#: The header's other pins: physical pin -> name.
POWER_PINS = {1: "3V3", 17: "3V3", 2: "5V", 4: "5V", **{p: "GND" for p in (6, 9, 14, 20, 25, 30, 34, 39)}}

#: GPIO0/1 are the HAT ID EEPROM I2C bus (ID_SD/ID_SC); the firmware probes them at boot.
RESERVED_GPIOS = {0: "HAT ID EEPROM (ID_SD)", 1: "HAT ID EEPROM (ID_SC)"}

#: GPIO2/3 carry fixed 1.8 kOhm pull-ups to 3.3 V on the board (I2C1); a pull-down cannot win.
FIXED_PULL_UP = frozenset({2, 3})

#: GPIO0-8 have their pull-up on while the Pi boots (until the station claims them); GPIO9-27 a pull-down.
BOOT_PULL_UP = frozenset(range(0, 9))

#: The serial console (enable_uart=1 with console=serial0 in cmdline.txt) owns the UART pins.
SERIAL_CONSOLE_GPIOS = frozenset({14, 15})

#: The LED buses (PWM, PCM, SPI, PIO), the GPIOs they claim and each driver's data GPIOs are in
#: hardware/leds.py (BUSES, DRIVERS), next to the drivers' code.

#: Colour orders: 3 letters for WS2812 (WS2811_STRIP_*), 4 letters for SK6812 RGBW (SK6812_STRIP_*).
LED_ORDERS = ("RGB", "RBG", "GRB", "GBR", "BRG", "BGR", "RGBW", "RBGW", "GRBW", "GBRW", "BRGW", "BGRW")


def usable_input_pins(led_gpio: int, serial_console: bool, led_claims: frozenset[int]) -> list[int]:
    """Return the GPIO numbers a build may use for sensors, buttons and the buzzer; ``led_claims`` are the
    GPIOs the LED driver takes (``hardware.leds.claims``), ``led_gpio`` its data GPIO."""
    led_claims = led_claims | {led_gpio}
    claimed = set(RESERVED_GPIOS) | set(led_claims)
    if serial_console:
        claimed |= SERIAL_CONSOLE_GPIOS
    return sorted(HEADER_GPIOS - claimed)
