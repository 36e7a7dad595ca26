"""Run inside the station's cgroup and mount namespace as its user (box.sh): open every device the
unit allows, as the station would, and say what the kernel answered."""
import errno
import os

DEVICES = ["/dev/spidev0.0", "/dev/gpiochip0", "/dev/gpiomem", "/dev/ttyACM0", "/dev/mexican-train-board", "/dev/pio0"]
eperm = 0
print(f"probe: uid {os.getuid()} groups {sorted(os.getgroups())} cgroup {open('/proc/self/cgroup').read().strip()}")
for path in DEVICES:
    real = os.path.realpath(path)
    try:
        st = os.stat(real)
        rdev = f"{os.major(st.st_rdev)}:{os.minor(st.st_rdev)}"
    except OSError as exc:
        print(f"device {path}: missing ({exc.strerror})")
        eperm += 1
        continue
    try:
        os.close(os.open(real, os.O_RDWR | os.O_NONBLOCK | os.O_NOCTTY))
        result = "opened"
    except OSError as exc:
        result = f"{errno.errorcode.get(exc.errno, exc.errno)} ({'BLOCKED by the unit' if exc.errno == errno.EPERM else 'policy passed, no hardware behind it'})"
        eperm += exc.errno in (errno.EPERM, errno.EACCES)
    print(f"device {path} -> {real} ({rdev}) as the service: {result}")
print(f"devices blocked: {eperm}")
