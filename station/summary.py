"""A hub's game in brief, read from its public view (``station.view()``, station/views.py): the
one reading shared by the hub's Home Assistant summary (station/ha_discovery.py) and the club's
tables (club/state.py). A leaf: it imports nothing, so both sides may import it.
"""
from __future__ import annotations


def table_summary(view: dict | None) -> dict | None:
    """A hub's game as the club shows it, from the hub's public view: ``{"id", "status",
    "profile", "set", "players", "round" (0-based, None before the first), "rounds", "round_over",
    "totals" (points), "turn" (seat to act, None when nobody is), "standings"}``; None without a game."""
    game = (view or {}).get("game")
    if not isinstance(game, dict):
        return None
    players = list(game.get("players") or [])
    rnd = ((view.get("host") or {}).get("round")) or {}
    result = view.get("result") or {}
    state = result.get("state") or {}
    playing = game.get("status") == "playing" and not rnd.get("over") and game.get("engine_placed")
    return {"id": game.get("id"), "status": game.get("status"), "profile": game.get("profile"),
            "set": game.get("set"), "players": players, "round": rnd.get("index"),
            "rounds": game.get("rounds_total"), "round_over": bool(rnd.get("over")),
            "totals": list(result.get("totals") or [0] * len(players)),
            "turn": state.get("turn") if playing else None,
            "standings": list(view.get("standings") or [])}
