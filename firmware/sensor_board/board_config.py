# Sensor board settings for the twelve-seat hub (firmware_config/twelve-seat.toml): one presence
# sensor per slot on a Raspberry Pi Pico. Edit to match your wiring, then copy with mpremote
# (see README.md). Slot names must match the hub build's slot names.
BOARD_ID = "PICO-1"          # shown by the station (1..32 printable characters, no spaces)
# (slot name, Pico GPIO "GPn"): GP2..GP15 on the Pico's left header, sensor to GND
SLOTS = (
    ("engine", 2), ("mexican", 3),
    ("seat0", 4), ("seat1", 5), ("seat2", 6), ("seat3", 7), ("seat4", 8), ("seat5", 9),
    ("seat6", 10), ("seat7", 11), ("seat8", 12), ("seat9", 13), ("seat10", 14), ("seat11", 15),
)
ACTIVE_LOW = True            # LOW = tile present (reed switch / open-drain hall sensor to GND)
PULL_UP = True               # the Pico's internal pull-up (about 50 kOhm) on every sensor input
STABLE_MS = 30               # glitch filter: a level counts once it has held this long (as the hub's)
HEARTBEAT_MS = 100           # HB at least every 250 ms (protocol); 100 ms like the virtual board
