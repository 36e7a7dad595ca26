"""Write a stored game as a game record (mexican-train-record/1), or list the stored games.

`station export` writes the newest game to standard output; `--game ID` another one; `--list`
the stored games; `-o FILE` to a file. The record replays with `station replay`.
"""
from __future__ import annotations

import argparse
import json
import os
import sys


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--data-dir", default=os.environ.get("STATION_DATA_DIR", "data"),
                        help="folder of the station's SQLite store (default ./data)")
    parser.add_argument("--game", type=int, default=None, help="game id (default: the newest)")
    parser.add_argument("--list", action="store_true", help="list the stored games")
    parser.add_argument("-o", "--output", default="-", help="file to write (default: standard output)")


def main(args: argparse.Namespace) -> int:
    from station.referee import Referee
    from station.store import Store

    path = os.path.join(args.data_dir, "station.sqlite3")
    if not os.path.exists(path):
        print(f"station export: no station store at {path} (give --data-dir)", file=sys.stderr)
        return 2
    store = Store(path)
    games = store.games()
    if args.list:
        for g in games:
            print(f"{g['id']:>4}  {g['status']:<10} {', '.join(g['players'])}")
        return 0
    if not games:
        print("station export: the store has no game yet", file=sys.stderr)
        return 2
    game_id = args.game if args.game is not None else games[0]["id"]
    journal = store.journal(game_id)
    if not journal:
        print(f"station export: there is no game {game_id} (see --list)", file=sys.stderr)
        return 2
    text = json.dumps(Referee.from_journal(journal).record(), indent=1)
    if args.output == "-":
        print(text)
    else:
        with open(args.output, "w", encoding="utf-8") as handle:
            handle.write(text + "\n")
        print(f"wrote game {game_id} to {args.output}", file=sys.stderr)
    return 0
