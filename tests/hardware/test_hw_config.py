"""Hub build validation: the reference builds load; every class of error names file, key and allowed values."""
from __future__ import annotations

from pathlib import Path

import pytest

from hardware.config import REFERENCE_BUILD, ConfigError, default_build, load_build

ROOT = Path(__file__).resolve().parents[2]
REF = REFERENCE_BUILD.read_text()
TWELVE = (ROOT / "firmware_config" / "twelve-seat.toml").read_text()


def write(tmp_path: Path, text: str, name: str = "hub.toml") -> Path:
    p = tmp_path / name
    p.write_text(text)
    return p


def edited(old: str, new: str, base: str = REF) -> str:
    assert old in base, old
    return base.replace(old, new, 1)


def test_reference_build_loads():
    b = default_build()
    assert b.seats == 8
    assert b.slot_names == ("engine", "mexican") + tuple(f"seat{i}" for i in range(8))
    assert b.button_pin(0) == 16 and b.sensor_pin("engine") == 4
    assert b.strip.count == 52 and b.strip.order == "GRB" and b.strip.channel == 0
    assert b.segments["ring"] == tuple(range(12)) and b.segments["seat7"] == (48, 49, 50, 51)
    assert b.board is None and b.buzzer.pin == 13
    text = b.describe()
    assert "reference-8-seat" in text and "GPIO18 (PWM0" in text and "seat7" in text


def test_twelve_seat_build_loads():
    b = load_build(ROOT / "firmware_config" / "twelve-seat.toml")
    assert b.seats == 12 and b.board.port == "/dev/ttyACM0" and b.board.baud == 115200
    assert all(s.source == "board" and s.input is None for s in b.slots)
    assert b.sensor_pin("seat11") is None and b.strip.bus == "SPI0"
    assert "sensor board" in b.describe()


def assert_error(tmp_path, text, key, *fragments, name="hub.toml"):
    path = write(tmp_path, text, name)
    with pytest.raises(ConfigError) as info:
        load_build(path)
    msg = str(info.value)
    assert str(path) in msg, msg
    assert f": {key}:" in msg, msg
    assert info.value.key == key
    assert "allowed:" in msg
    for f in fragments:
        assert f in msg, msg
    return msg


def test_pin_used_twice(tmp_path):
    assert_error(tmp_path, edited("seat1 = 10", "seat1 = 16"), "buttons.seat1",
                 "GPIO16 is already used by buttons.seat0", "not already used")


def test_pin_claimed_by_pwm_led_bus(tmp_path):
    msg = assert_error(tmp_path, edited("seat1 = 10", "seat1 = 12"), "buttons.seat1", "PWM0", "claimed")
    assert "GPIO 2, 3, 4" in msg  # the allowed list is spelled out


def test_pin_claimed_by_spi_led_bus(tmp_path):
    text = edited("seat0 = 4", "seat0 = 9", TWELVE)
    assert_error(tmp_path, text, "buttons.seat0", "SPI0", "claimed")


def test_pin_claimed_by_pcm_led_bus(tmp_path):
    text = edited("gpio = 18 ", "gpio = 21 ")
    assert_error(tmp_path, text, "buttons.seat2", "PCM")  # seat2 uses GPIO20


def test_pin_used_by_serial_console(tmp_path):
    text = edited("serial_console = false", "serial_console = true")
    text = edited("seat1 = 10", "seat1 = 14", text)
    assert_error(tmp_path, text, "buttons.seat1", "serial console")


def test_console_pins_free_without_console(tmp_path):
    assert load_build(write(tmp_path, edited("seat1 = 10", "seat1 = 14"))).button_pin(1) == 14


@pytest.mark.parametrize("pin, why", [(28, "not on the Pi's 40-pin header"), (40, "not on the Pi's 40-pin"),
                                      (0, "HAT ID EEPROM")])
def test_pin_not_on_header(tmp_path, pin, why):
    assert_error(tmp_path, edited("seat1 = 10", f"seat1 = {pin}"), "buttons.seat1", why)


def test_fixed_pull_up_pin_cannot_pull_down(tmp_path):
    assert_error(tmp_path, edited("seat5 = 2", 'seat5 = { pin = 2, pull = "down" }'), "buttons.seat5.pull",
                 "fixed")


def test_led_index_out_of_range(tmp_path):
    assert_error(tmp_path, edited("leds = [48, 49, 50, 51]", "leds = [48, 49, 50, 52]"), "slots.seat7.leds",
                 "out of range", "0..51")


def test_led_shared_by_two_slots(tmp_path):
    assert_error(tmp_path, edited("leds = [48, 49, 50, 51]", "leds = [44, 49, 50, 51]"), "slots.seat7.leds",
                 "LED 44 is already used by slots.seat6.leds")


def test_led_shared_with_ring(tmp_path):
    assert_error(tmp_path, edited("leds = [12, 13, 14, 15]", "leds = [11, 13, 14, 15]"), "leds.ring",
                 "LED 11 is already used by slots.engine.leds")


def test_missing_slot(tmp_path):
    line = next(ln for ln in REF.splitlines() if ln.startswith("seat3 ") and "source" in ln)
    assert_error(tmp_path, edited(line + "\n", ""), "slots.seat3", "missing slot", "seat3")


def test_missing_button(tmp_path):
    assert_error(tmp_path, edited("seat7 = 7\n", ""), "buttons.seat7", "missing button")


def test_unknown_key(tmp_path):
    assert_error(tmp_path, edited("brightness = 64", "brightness = 64\ncolour = 1"), "leds.colour",
                 "unknown key", "brightness", "order")


def test_unknown_top_level_table(tmp_path):
    assert_error(tmp_path, REF + "\n[extras]\nx = 1\n", "extras", "unknown key", "sensor_board")


def test_unknown_slot_name(tmp_path):
    assert_error(tmp_path, edited("[slots]", "[slots]\nseat8 = { pin = 11, leds = [] }"), "slots.seat8",
                 "unknown key", "seat7")


def test_bad_led_gpio(tmp_path):
    assert_error(tmp_path, edited("gpio = 18 ", "gpio = 17 "), "leds.gpio", "10 (SPI)", "12 or 18 (PWM0)")


def test_channel_must_match_gpio(tmp_path):
    assert_error(tmp_path, edited("channel = 0", "channel = 1"), "leds.channel", "PWM0")


def test_bad_order_and_brightness(tmp_path):
    assert_error(tmp_path, edited('order = "GRB"', 'order = "XYZ"'), "leds.order", "'GRBW'")
    assert_error(tmp_path, edited("brightness = 64", "brightness = 300"), "leds.brightness", "0..255")


def test_board_slot_needs_sensor_board(tmp_path):
    text = edited("[sensor_board]", "[nothing]", TWELVE).split("[nothing]")[0]
    assert_error(tmp_path, text, "slots.engine.source", "no [sensor_board]")


def test_bad_baud(tmp_path):
    assert_error(tmp_path, edited("baud = 115200", "baud = 12345", TWELVE), "sensor_board.baud", "115200")


def test_bad_toml_and_missing_file(tmp_path):
    assert_error(tmp_path, "[hub\n", "(syntax)", "not valid TOML")
    with pytest.raises(ConfigError) as info:
        load_build(tmp_path / "nope.toml")
    assert "nope.toml" in str(info.value) and "cannot read" in str(info.value)


@pytest.mark.parametrize("encoding", ["latin-1", "utf-16"])
def test_a_config_not_saved_as_utf8_is_named_not_a_traceback(tmp_path, encoding):
    # a builder's editor saved the hub's name with an umlaut in its own encoding
    path = tmp_path / "hub.toml"
    path.write_bytes(TWELVE.replace('name = "twelve-seat"', 'name = "K\u00fcche"').encode(encoding))
    with pytest.raises(ConfigError) as info:
        load_build(path)
    assert str(path) in str(info.value) and "not UTF-8" in str(info.value) and info.value.key == "(file)"


def test_config_error_is_value_error():
    assert issubclass(ConfigError, ValueError)


def test_input_filter_stable_times_per_input_kind(tmp_path):
    b = default_build()
    assert (b.button_stable_ms, b.slot_stable_ms) == (5, 30) and b.stable_ms("seat") == 5 and b.stable_ms("slot") == 30
    assert "5 ms (buttons), 30 ms (slot sensors)" in b.describe()
    assert_error(tmp_path, edited("button_stable_ms = 5 ", "button_stable_ms = 0 "), "timing.button_stable_ms", "1..50")
    assert_error(tmp_path, edited("slot_stable_ms = 30 ", "slot_stable_ms = 900 "), "timing.slot_stable_ms", "1..500")


def test_old_debounce_key_names_its_replacement(tmp_path):
    assert_error(tmp_path, edited("[timing]", "[timing]\ndebounce_ms = 20"), "timing.debounce_ms",
                 "button_stable_ms", "slot_stable_ms")


def test_a_buzzer_that_would_sound_while_the_pi_boots_is_refused(tmp_path):
    msg = assert_error(tmp_path, edited("pin = 13 ", "pin = 8 "), "buzzer.pin", "GPIO8 is pulled up while the Pi boots")
    assert "quiet at boot: 11, 13" in msg
    assert_error(tmp_path, edited("active_high = true", "active_high = false"), "buzzer.pin", "pulled down")
