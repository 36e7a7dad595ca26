"""Run the station: the referee service, the hub's hardware and the phone pages.

`station run --mock` needs no hardware and no config: mock hardware (the virtual hub page drives
it), the embedded SQLite store in --data-dir, the pages on http://127.0.0.1:8080/. On a hub, give
the build's config (firmware_config/*.toml) and --host 0.0.0.0 so phones on the Wi-Fi can reach it.
Under systemd it reports readiness and feeds the watchdog (Type=notify, WatchdogSec).
"""
from __future__ import annotations

import argparse
import asyncio
import os
import socket
import sys


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--mock", action="store_true", help="mock hardware: no Raspberry Pi needed")
    parser.add_argument("--real-board", action="store_true",
                        help="with --mock: the config's real sensor board (sensor_board.port) instead of the virtual one")
    parser.add_argument("--config", default=os.environ.get("STATION_CONFIG"),
                        help="hub build description (TOML); default: the reference 8-seat hub")
    add_serve_arguments(parser, "STATION", 8080, "data",
                        "folder of the SQLite store (default ./data; /var/lib/mexican-train on a hub)")
    parser.add_argument("--pin", type=host_pin, default=os.environ.get("STATION_HOST_PIN"),
                        help="host PIN, 4-12 digits (default: a stored random PIN, changeable on the host page)")
    parser.add_argument("--pin-length", type=int, choices=range(4, 13), metavar="4-12",
                        default=_env_int("STATION_PIN_LENGTH", 4, range(4, 13)),
                        help="digits of a made host PIN (default 4; a shorter stored PIN is replaced)")
    parser.add_argument("--allowed-hosts", default=os.environ.get("STATION_ALLOWED_HOSTS"),
                        help="more host names the pages answer to, comma-separated (default: the station's "
                             "own address, hub.local, this machine's name and .local name)")
    add_mqtt_arguments(parser, hub=True)


def add_serve_arguments(parser: argparse.ArgumentParser, env: str, port: int, data_dir: str,
                        data_dir_help: str) -> None:
    """``--host``, ``--port`` (``port_number``: a bad one is argparse's one line, exit 2) and
    ``--data-dir`` of a service, ``station run`` and ``station club``; their defaults from
    ``{env}_HOST``, ``{env}_PORT``, ``{env}_DATA_DIR``, else 127.0.0.1, ``port``, ``data_dir``."""
    parser.add_argument("--host", default=os.environ.get(f"{env}_HOST", "127.0.0.1"),
                        help="address to serve on (0.0.0.0 for phones on the Wi-Fi); default 127.0.0.1")
    parser.add_argument("--port", type=port_number, default=os.environ.get(f"{env}_PORT", str(port)),
                        help=f"port, 0-65535 (default {port})")
    parser.add_argument("--data-dir", default=os.environ.get(f"{env}_DATA_DIR", data_dir), help=data_dir_help)


def add_mqtt_arguments(parser: argparse.ArgumentParser, hub: bool) -> None:
    """The broker options of ``station run`` (``hub``: with ``--hub-name``) and ``station club``."""
    parser.add_argument("--mqtt", default=os.environ.get("STATION_MQTT"),
                        help="MQTT broker, mqtt://HOST:PORT or mqtts://HOST:PORT (docs/club.md)"
                        + ("; default: none (or [mqtt] url in the config)" if hub else ""))
    if hub:
        parser.add_argument("--hub-name", default=os.environ.get("STATION_HUB_NAME"),
                            help="this hub's name in the topics mexican-train/NAME/... (default: the host name)")
    if hub:
        parser.add_argument("--ha-discovery", action="store_true",
                            default=os.environ.get("STATION_HA_DISCOVERY", "") in ("1", "true", "yes"),
                            help="also publish Home Assistant MQTT discovery messages (whose turn, round, leader)")
    parser.add_argument("--mqtt-username", default=os.environ.get("STATION_MQTT_USERNAME"),
                        help="broker user name (default: the URL's, else anonymous)")
    parser.add_argument("--mqtt-password", default=os.environ.get("STATION_MQTT_PASSWORD"),
                        help="broker password (better: STATION_MQTT_PASSWORD in the unit's environment file)")
    parser.add_argument("--mqtt-ca", default=os.environ.get("STATION_MQTT_CA"),
                        help="CA certificate file for mqtts:// (default: the system's)")


def port_number(text: str) -> int:
    """``--port``: a TCP port, 0-65535 (0: any free port). Raises ``argparse.ArgumentTypeError`` (argparse's one line, exit 2)."""
    if not (text.isascii() and text.isdigit() and int(text) <= 65535):
        raise argparse.ArgumentTypeError(f"{text!r} is not a port: give a whole number 0-65535")
    return int(text)


def host_pin(text: str) -> str:
    """``--pin``: a host PIN as the host page takes one (``station.auth.pin_problem``: 4-12 digits).
    Raises ``argparse.ArgumentTypeError`` (argparse's one line, exit 2)."""
    from station.auth import pin_problem

    problem = pin_problem(text)
    if problem is not None:
        raise argparse.ArgumentTypeError(f"the host PIN {problem}")
    return text


def _env_int(name: str, default: int, allowed: range) -> int:
    """An environment variable as a whole number in ``allowed``; ``default`` when unset or not one."""
    text = os.environ.get(name, "")
    return int(text) if text.isascii() and text.isdigit() and int(text) in allowed else default


def lan_address() -> str | None:
    """The hub's address on the local network (no packet is sent), or None."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("10.255.255.255", 1))
            return probe.getsockname()[0]
    except OSError:
        return None


def build_station(args: argparse.Namespace):
    """The Station for ``args`` (raises ConfigError or HardwareUnavailable with cause and fix)."""
    from hardware.config import default_build, load_build
    from hardware.hub import Hub
    from hardware.mockdrive import MockHub

    from station.service import Station

    build = load_build(args.config) if args.config else default_build()
    hub = MockHub.create(build, keep_frames=600, real_board=getattr(args, "real_board", False)) if args.mock else Hub.real(build)
    return Station(args.data_dir, hub=hub, host_pin=args.pin,
                   pin_length=getattr(args, "pin_length", 4))


def mqtt_publisher(station, args: argparse.Namespace):
    """The hub's ``MqttPublisher`` for ``args`` (``--mqtt`` etc. over the config's ``[mqtt]``), or None
    when no broker is given. Raises ``MqttConfigError``."""
    from station.mqtt_config import from_toml, hub_name, parse_url
    from station.mqtt_publish import MqttPublisher

    table = from_toml(getattr(args, "config", None))
    url = getattr(args, "mqtt", None) or table.get("url")
    if not url:
        return None
    broker = parse_url(url, username=args.mqtt_username or table.get("username"),
                       password=args.mqtt_password or table.get("password"), ca=args.mqtt_ca or table.get("ca"))
    name = hub_name(args.hub_name or table.get("hub_name"))
    ha = args.ha_discovery or table.get("ha_discovery", "") in ("1", "true", "yes")
    return MqttPublisher(station.store.path, broker, name, on_setup=station.propose_setup, ha_discovery=ha)


def allowed_hosts(host: str, extra: str | None = None) -> set[str]:
    """The names and addresses the station answers to (web/security.py's Host check): the address
    it serves on, and with every interface (0.0.0.0) its LAN address, ``hub.local``, this machine's
    host name and its ``.local`` name, and loopback; plus ``extra`` (comma-separated,
    ``--allowed-hosts``: e.g. the name a reverse proxy or the router's DNS gives it)."""
    found = {host.strip("[]").lower()}
    if host in ("0.0.0.0", "::", "") or host.startswith("127.") or host in ("localhost", "::1"):
        found |= {"localhost", "127.0.0.1", "::1"}
    if host in ("0.0.0.0", "::", ""):
        name = socket.gethostname().lower()
        found |= {"hub.local", name, f"{name}.local", lan_address() or "127.0.0.1"}
    found |= {h.strip().lower() for h in (extra or "").split(",") if h.strip()}
    found.discard("")
    return found


def addresses(host: str, port: int) -> list[str]:
    """The addresses phones can use to reach the station."""
    if host in ("0.0.0.0", "::", ""):
        found = [lan_address() or "127.0.0.1", "hub.local"]
    else:
        found = [host]
    return [f"http://{h}:{port}/" for h in found]


async def serve(station, args: argparse.Namespace, publisher=None) -> None:
    import uvicorn

    from web.app import create_app
    from web.limits import MAX_BODY
    from web.serve import server_config

    app = create_app(station, allowed_hosts=allowed_hosts(args.host, getattr(args, "allowed_hosts", None)))
    app.state.addresses = addresses(args.host, args.port)
    # a socket message is a ping: none may be larger than a request body (closed with 1009 beyond);
    # timeouts, connection limits and a quiet log: web/serve.py
    server = uvicorn.Server(server_config(app, args.host, args.port, ws_max_size=MAX_BODY))
    await station.start()
    if publisher is not None:
        station.mqtt = publisher.start(station.view())
    watchdog = asyncio.get_running_loop().create_task(_notify_systemd(server))
    try:
        await server.serve()
    finally:
        watchdog.cancel()
        if publisher is not None:
            station.mqtt = None
            publisher.stop()
        await station.stop()


async def _notify_systemd(server) -> None:
    """READY=1 once the pages are served, then WATCHDOG=1 at half the unit's WatchdogSec."""
    while not server.started:
        await asyncio.sleep(0.05)
    urls = server.config.app.state.addresses
    for url in urls:
        print(f"station: serving {url}", flush=True)
    if sys.stdout.isatty():                 # phones scan the hub's address off the screen
        import segno

        segno.make(urls[0], error="m").terminal(compact=True)
    if not os.environ.get("NOTIFY_SOCKET"):
        return
    import sdnotify

    notifier = sdnotify.SystemdNotifier()
    notifier.notify("READY=1")
    interval = int(os.environ.get("WATCHDOG_USEC", "0")) / 2_000_000
    while interval > 0:
        notifier.notify("WATCHDOG=1")
        await asyncio.sleep(interval)


def main(args: argparse.Namespace) -> int:
    from hardware.config import ConfigError
    from hardware.pi import HardwareUnavailable

    from station.mqtt_config import MqttConfigError

    if getattr(args, "real_board", False) and not args.mock:
        print("station run: --real-board goes with --mock (without it the sensor board is always the real one)",
              file=sys.stderr)
        return 2
    try:
        station = build_station(args)
        publisher = mqtt_publisher(station, args)
    except (ConfigError, MqttConfigError) as exc:
        print(f"station run: {exc}", file=sys.stderr)
        return 2
    except HardwareUnavailable as exc:
        print(f"station run: {exc}", file=sys.stderr)
        return 3
    except OSError as exc:          # the data folder cannot be made or opened
        print(f"station run: cannot use the data folder {args.data_dir!r} (--data-dir): "
              f"{exc.strerror or exc}", file=sys.stderr)
        return 2
    print(f"station: host PIN {station.host_pin}; data in {os.path.abspath(args.data_dir)}; "
          f"{'mock hardware (virtual hub at /hub)' if args.mock else 'hub hardware'}", flush=True)
    try:
        if publisher is not None:
            print(f"station: publishing to {publisher.broker.host}:{publisher.broker.port} "
                  f"as {publisher.prefix}/", flush=True)
        asyncio.run(serve(station, args, publisher))
    except KeyboardInterrupt:
        pass
    return 0
