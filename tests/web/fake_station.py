"""A TEST DOUBLE of the station (``station.interface.StationApi``) for the web layer's unit tests.

Not the rules engine: a small in-memory imitation of a hidden-hands ``hub`` game (plays on own,
Mexican or marked trains that match the open end; draw; pass; reveal; corrections; undo), just
enough to drive every endpoint and page. The real ``station.service.Station`` replaces it in the
browser tests as soon as it exists.
"""
from __future__ import annotations

import asyncio
import copy
import secrets

from station.interface import Forbidden, NoGame, Refused, StaleVersion, StationError

from station.palette import SEAT_RGB


def _tile(text: str) -> tuple[int, int]:
    a, b = (int(x) for x in str(text).split("-"))
    return a, b


TEST_PIN = "1234"


class FakeStation:
    mock = True

    def __init__(self, host_pin: str = TEST_PIN):
        self.host_pin = host_pin
        self._queues: list[asyncio.Queue] = []
        self._codes: dict[int, str] = {}
        self._tokens: dict[int, str] = {}
        self.slots: dict[str, bool] = {}
        self.presses: list[tuple[int, bool]] = []
        self.s = {"version": 1, "game": None, "rounds": [], "round": None, "log": [], "status": None}
        self._history: list[dict] = []

    # -- views ----------------------------------------------------------------
    def _publish(self) -> None:
        view = self.view()
        for q in list(self._queues):
            q.put_nowait(view)

    def _change(self, text: str) -> dict:
        self.s["version"] += 1
        self.s["log"] = (self.s["log"] + [{"version": self.s["version"], "text": text}])[-20:]
        self._publish()
        return self.view()

    def _snapshot(self) -> None:
        self._history.append(copy.deepcopy(self.s))

    def _scores(self, rnd: dict) -> list[int] | None:
        if rnd["scores"] is None:
            return None
        scores = list(rnd["scores"])
        for c in rnd["corrections"]:
            scores[c["seat"]] = c["score"]
        return scores

    def view(self) -> dict:
        s = self.s
        g = s["game"]
        n = len(g["players"]) if g else 0
        rounds = [{"engine": r["engine"], "end": r["end"], "out": r["out"], "scores": self._scores(r),
                   "corrections": r["corrections"]} for r in s["rounds"]]
        totals = [sum((self._scores(r) or [0] * n)[i] for r in s["rounds"]) for i in range(n)]
        r = s["round"]
        state = None
        if r is not None:
            state = {"round": len(s["rounds"]) - 1, "engine": r["engine"], "turn": r["turn"],
                     "first_turn": False, "trains": r["trains"], "open_doubles": r["open_doubles"],
                     "hand_counts": r["counts"], "boneyard": r["boneyard"]}
        order = sorted(range(n), key=lambda i: totals[i])
        standings = []
        for i in order:
            rank = 1 + sum(1 for j in range(n) if totals[j] < totals[i])
            shared = sum(1 for j in range(n) if totals[j] == totals[i]) > 1
            standings.append({"seat": i, "name": g["players"][i], "total": totals[i], "rank": rank, "shared": shared})
        finished = bool(g) and s["status"] == "finished"
        frame = {"engine": [255, 255, 255], "mexican": [200, 200, 200], "ring": [0, 0, 40]}
        for i in range(n):
            frame[f"seat{i}"] = list(SEAT_RGB[i % 12])
        return {
            "version": s["version"],
            "game": None if not g else {**g, "status": s["status"]},
            "result": {"ok": True, "finished": finished, "rounds": rounds, "totals": totals,
                       "winners": [standings[0]["seat"]] if finished and standings else None, "state": state},
            "standings": standings,
            "tie_break": None,
            "seats": [{"seat": i, "name": g["players"][i], "joined": i in self._tokens,
                       "tile_count": r["counts"][i] if r else 0, "one_tile": bool(r and r["counts"][i] == 1)}
                      for i in range(n)],
            "leds": {"frame": frame, "pulse": f"seat{r['turn']}" if r and r["turn"] is not None else None,
                     "flash": [k for k, v in self.slots.items() if v]},
            "log": list(s["log"]),
            "prompt": None,
        }

    def _check_token(self, seat: int, token: str) -> None:
        if not token or self._tokens.get(seat) != token:
            raise Forbidden("that is not this seat's token", facts={"seat": seat})

    def seat_view(self, seat: int, token: str) -> dict:
        self._check_token(seat, token)
        v = self.view()
        r = self.s["round"]
        opts = {"play": {}, "trains": [], "draw": False, "pass": False, "done": False}
        if r and r["turn"] == seat and r["end"] is None:
            on_table = {t for tr in r["trains"] for t in tr["tiles"]}
            top = self.s["game"]["set"]
            for idx, tr in enumerate(r["trains"]):
                key = "mexican" if tr["owner"] is None else tr["owner"]
                open_ = tr["owner"] in (None, seat) or tr["marked"]
                end = tr["end"] if tr["end"] is not None else r["engine"]
                tiles = [f"{a}-{b}" for a in range(top + 1) for b in range(a, top + 1)
                         if (a == end or b == end) and f"{a}-{b}" not in on_table
                         and f"{b}-{a}" not in on_table and not (a == b == r["engine"])]
                opts["trains"].append({"on": key, "open": open_ and bool(tiles),
                                       "reason": None if open_ else "train-closed"})
                if open_ and tiles:
                    opts["play"][str(key)] = tiles
            opts["draw"] = r["boneyard"] > 0 and not r["drew"]
            opts["pass"] = r["boneyard"] == 0 or r["drew"]
        v["me"] = {"seat": seat, "hand": None, "options": opts}
        return v

    def subscribe(self):
        q: asyncio.Queue = asyncio.Queue()
        self._queues.append(q)
        return q

    def unsubscribe(self, queue) -> None:
        if queue in self._queues:
            self._queues.remove(queue)

    # -- seats ----------------------------------------------------------------
    def _pin(self, pin: str) -> None:
        if pin != self.host_pin:
            raise Forbidden("wrong host PIN")

    def seat_code(self, seat: int, pin: str) -> str:
        self._pin(pin)
        return self._codes.setdefault(seat, f"{seat}{secrets.token_hex(2).upper()}")

    def check_pin(self, pin: str, client=None) -> None:
        self._pin(pin)

    def join(self, seat: int, code: str, client=None) -> str:
        if not code or self._codes.get(seat) != code:
            raise Forbidden("wrong seat code", facts={"seat": seat})
        self._tokens[seat] = secrets.token_urlsafe(12)
        self._publish()
        return self._tokens[seat]

    def release_seat(self, seat: int, pin: str) -> dict:
        self._pin(pin)
        self._tokens.pop(seat, None)
        self._codes.pop(seat, None)
        return self._change(f"seat {seat} released")

    # -- host -----------------------------------------------------------------
    def setup_game(self, pin, players, profile, set, options, hidden_hands=True) -> dict:
        self._pin(pin)
        if len(players) < 2 or any(not p for p in players):
            raise StationError("give every player a name", code="bad-request")
        top = set or 12
        self._snapshot()
        self.s.update(game={"id": 1, "profile": profile, "set": top, "options": dict(options),
                            "hidden_hands": hidden_hands, "players": list(players), "hardware_seats": 8,
                            "deal": {"hand_size": options.get("hand_size", 15), "boneyard": 10}},
                      rounds=[], round=None, status="round-over")
        return self._change("game set up")

    def start_round(self, pin: str) -> dict:
        self._pin(pin)
        g = self.s["game"]
        if not g:
            raise NoGame("no game")
        if self.s["round"] and self.s["round"]["end"] is None:
            raise Refused("the round is still going on", code="bad-request")
        self._snapshot()
        n = len(g["players"])
        engine = g["set"] - len(self.s["rounds"])
        rnd = {"engine": engine, "end": None, "out": [], "scores": None, "corrections": [], "reveal": {},
               "turn": 0, "drew": False, "counts": [g["deal"]["hand_size"]] * n, "boneyard": g["deal"]["boneyard"],
               "trains": [{"owner": i, "tiles": [], "end": None, "marked": False} for i in range(n)]
               + [{"owner": None, "tiles": [], "end": None, "marked": True}], "open_doubles": []}
        self.s["rounds"].append(rnd)
        self.s["round"] = rnd
        self.s["status"] = "playing"
        return self._change(f"round {len(self.s['rounds'])} started")

    def undo(self, pin: str, version: int) -> dict:
        self._pin(pin)
        if version != self.s["version"]:
            raise StaleVersion("the table changed")
        if not self._history:
            raise Refused("nothing to undo", code="bad-request")
        log = self.s["log"]
        self.s = self._history.pop()
        self.s["version"] = version
        self.s["log"] = log
        return self._change("undone")

    def correct(self, pin, round, seat, score, reason) -> dict:
        self._pin(pin)
        if round >= len(self.s["rounds"]) or self.s["rounds"][round]["scores"] is None:
            raise Refused("that round has no scores", code="bad-record")
        self._snapshot()
        self.s["rounds"][round]["corrections"].append({"seat": seat, "score": score, "reason": reason})
        return self._change(f"round {round + 1} corrected")

    def end_game(self, pin: str, abandon: bool = False) -> dict:
        self._pin(pin)
        if not self.s["game"]:
            raise NoGame("no game")
        self.s["status"] = "abandoned" if abandon else "finished"
        return self._change("game ended")

    def export(self, game_id=None) -> dict:
        g = self.s["game"]
        if not g:
            raise NoGame("no game")
        return {"format": "mexican-train-record/1", "profile": g["profile"], "options": g["options"],
                "set": g["set"], "players": g["players"],
                "rounds": [{"engine": r["engine"], "events": [], "reveal": None,
                            "corrections": r["corrections"]} for r in self.s["rounds"]]}

    # -- moves ----------------------------------------------------------------
    def submit(self, seat: int, token: str, event: dict, version: int) -> dict:
        self._check_token(seat, token)
        if version != self.s["version"]:
            raise StaleVersion("the table changed, look again", facts={"version": self.s["version"]})
        r = self.s["round"]
        if r is None:
            raise NoGame("no round")
        if r["end"] is not None:
            raise Refused("the round is over", code="round-over")
        if r["turn"] != seat:
            raise Refused("it is not your turn", code="not-your-turn", facts={"turn": r["turn"]})
        n = len(r["counts"])
        if "play" in event:
            tile = str(event["play"])
            a, b = _tile(tile)
            on = event.get("on")
            idx = n if on == "mexican" else int(on)
            tr = r["trains"][idx]
            on_table = {tuple(sorted(_tile(t))) for x in r["trains"] for t in x["tiles"]} | {(r["engine"],) * 2}
            if tuple(sorted((a, b))) in on_table:
                raise Refused(f"{tile} is already on the table", code="tile-on-table", facts={"tile": tile})
            if not (tr["owner"] in (None, seat) or tr["marked"]):
                raise Refused("that train is not marked", code="train-closed", facts={"tile": tile, "train": on})
            end = tr["end"] if tr["end"] is not None else r["engine"]
            if end not in (a, b):
                raise Refused(f"{tile} does not match {end}", code="no-match", facts={"tile": tile, "end": end})
            self._snapshot()
            r = self.s["round"]
            tr = r["trains"][idx]
            if b == end:
                a, b = b, a
            tr["tiles"].append(f"{a}-{b}")
            tr["end"] = b
            if tr["owner"] == seat:
                tr["marked"] = False
            r["counts"][seat] -= 1
            name = self.s["game"]["players"][seat]
            if r["counts"][seat] == 0:
                r["end"], r["out"], r["turn"] = "out", [seat], None
                self.s["status"] = "round-over"
            elif a != b:
                r["turn"], r["drew"] = (seat + 1) % n, False
            return self._change(f"{name} played {tile}")
        if event.get("draw"):
            if r["boneyard"] == 0:
                raise Refused("the boneyard is empty", code="boneyard-empty")
            if r["drew"]:
                raise Refused("already drew", code="already-drew")
            self._snapshot()
            r = self.s["round"]
            r["boneyard"] -= 1
            r["counts"][seat] += 1
            r["drew"] = True
            return self._change("drew")
        if event.get("pass"):
            if r["boneyard"] > 0 and not r["drew"]:
                raise Refused("draw first", code="must-draw")
            self._snapshot()
            r = self.s["round"]
            r["trains"][seat]["marked"] = True
            r["turn"], r["drew"] = (seat + 1) % n, False
            return self._change("passed")
        if event.get("done"):
            raise Refused("no first turn here", code="cannot-end-turn")
        raise StationError("unknown event", code="bad-request")

    def register_hand(self, seat, token, tiles) -> dict:
        self._check_token(seat, token)
        return self.view()

    def reveal(self, seat: int, token: str, hand) -> dict:
        self._check_token(seat, token)
        r = self.s["round"]
        if r is None or r["end"] is None:
            raise Refused("the round has not ended", code="bad-record")
        pips = hand if isinstance(hand, int) else sum(sum(_tile(t)) or 50 for t in hand)
        if pips < 0 or (seat in r["out"] and pips):
            raise Refused("bad reveal", code="bad-reveal")
        self._snapshot()
        r = self.s["round"]
        r["reveal"][seat] = pips
        n = len(r["counts"])
        if all(i in r["reveal"] or i in r["out"] for i in range(n)):
            r["scores"] = [0 if i in r["out"] else r["reveal"][i] for i in range(n)]
            if len(self.s["rounds"]) == self.s["game"]["set"] + 1:
                self.s["status"] = "finished"
        return self._change(f"seat {seat} counted {pips}")

    # -- virtual hub ----------------------------------------------------------
    def mock_press(self, seat: int, long: bool = False) -> None:
        self.presses.append((seat, long))
        self._change(f"button {seat} {'long' if long else 'short'}")

    def mock_slot(self, slot: str, occupied: bool) -> None:
        self.slots[slot] = occupied
        self._change(f"slot {slot} {'in' if occupied else 'out'}")
