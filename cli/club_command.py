"""Run the club service: every hub of a club night from one MQTT broker, on /club and /api/club.

`station club --mqtt mqtt://broker.lan:1883` subscribes to mexican-train/+/... (docs/club.md),
keeps every finished game in --data-dir (club.sqlite3) and serves http://HOST:PORT/club.
"""
from __future__ import annotations

import argparse
import os
import secrets
import sys


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from .run_command import add_mqtt_arguments, add_serve_arguments

    add_mqtt_arguments(parser, hub=False)
    add_serve_arguments(parser, "CLUB", 8090, "club-data", "folder of the club's SQLite store (default ./club-data)")
    parser.add_argument("--pin", default=os.environ.get("CLUB_PIN"),
                        help="the director's PIN for tournaments (default: a stored random 6-digit PIN)")
    parser.add_argument("--allowed-hosts", default=os.environ.get("CLUB_ALLOWED_HOSTS"),
                        help="more host names /club answers to, comma-separated (default: the club's own address, "
                             "this machine's name and .local name; with 0.0.0.0 its LAN address too)")
    parser.add_argument("--client-id", default=os.environ.get("CLUB_CLIENT_ID", "mt-club"),
                        help="the club's MQTT client id: its persistent session on the broker (default mt-club)")


def main(args: argparse.Namespace) -> int:
    from station.mqtt_config import MqttConfigError, parse_url

    if not args.mqtt:
        print("station club: give the broker: --mqtt mqtt://HOST:PORT (or STATION_MQTT)", file=sys.stderr)
        return 2
    try:
        broker = parse_url(args.mqtt, username=args.mqtt_username, password=args.mqtt_password, ca=args.mqtt_ca)
    except MqttConfigError as exc:
        print(f"station club: {exc}", file=sys.stderr)
        return 2
    import uvicorn

    from club.web import create_club_app
    from cli.run_command import allowed_hosts
    from web.limits import MAX_BODY
    from web.serve import server_config

    from club.listener import ClubListener
    from club.state import Club
    from club.store import ClubStore

    store = ClubStore(args.data_dir)
    club = Club(store)
    pin = args.pin or store.setting("director_pin", lambda: f"{secrets.randbelow(10 ** 6):06d}")
    listener = ClubListener(club, broker, args.client_id).start()
    print(f"station club: listening to {broker.host}:{broker.port}; data in {os.path.abspath(args.data_dir)}; "
          f"serving http://{args.host}:{args.port}/club; director PIN {pin}", flush=True)
    try:
        # the hub's connection limits, timeouts and quiet log (web/serve.py)
        # and the hub's Host and Origin check (web/security.py): it answers only to its own names
        app = create_club_app(club, pin, allowed_hosts=allowed_hosts(args.host, args.allowed_hosts))
        uvicorn.Server(server_config(app, args.host, args.port, ws_max_size=MAX_BODY)).run()
    except KeyboardInterrupt:
        pass
    finally:
        listener.stop()
        store.close()
    return 0
