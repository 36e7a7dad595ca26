"""Games for the players-across-nights tests, played through the real station: hidden hands,
double-6, two tiles each. In round r the seat to start (seat r mod n) plays the engine's suit on its
own train, every other seat does the same on its own, and the starter goes out with a double: each
round has one double played, by the seat that goes out."""
from __future__ import annotations

from station_helpers import PIN, join_all


def doubles_game(st, names: list[str], pips: list[list[int]], *, end: str = "played") -> int:
    """Set up and play a game of ``len(pips)`` rounds for ``names``; after the round r every seat
    but the one that went out counts ``pips[r][seat]`` pips. ``end``: "played" (the game has
    exactly those rounds: it ends by itself), "early" (a longer game the host ends after them) or
    "abandoned" (the host abandons it after them). Returns the game's id."""
    n = len(names)
    rounds = len(pips) if end == "played" else len(pips) + 2
    st.setup_game(PIN, names, "hub", 6, {"hand_size": 2, "rounds": rounds})
    game_id = st.game_id
    tokens = join_all(st, n)
    for r, counted in enumerate(pips):
        st.start_round(PIN)
        state = st.view()["result"]["state"]
        engine, out = state["engine"], state["turn"]
        assert out == r % n, f"round {r + 1} starts with seat {out}"
        ends = [v for v in range(7) if v != engine]
        for step in range(n):
            seat = (out + step) % n
            st.submit(seat, tokens[seat], {"play": f"{engine}-{ends[step]}", "on": seat}, st.version)
        st.submit(out, tokens[out], {"play": f"{ends[0]}-{ends[0]}", "on": out}, st.version)
        for seat in range(n):
            st.reveal(seat, tokens[seat], [] if seat == out else counted[seat])
    if end != "played":
        st.end_game(PIN, abandon=end == "abandoned")
    return game_id
