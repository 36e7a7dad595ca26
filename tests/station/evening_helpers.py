"""Games for the end-of-evening tests (a module of its own, shared by the station and browser tests)."""
from __future__ import annotations

from station_helpers import PIN, join_all


def round_over_with_a_count(st, options: dict | None = None) -> list[str]:
    """A hidden-hands double-6 round for Ana and Ben that Ana ends by going out with 1-1 (the 0-0
    never played): Ben must count his hand. Returns the seat tokens."""
    st.setup_game(PIN, ["Ana", "Ben"], "hub", 6, {"hand_size": 2, **(options or {})})
    tokens = join_all(st, 2)
    st.start_round(PIN)
    st.submit(0, tokens[0], {"play": "6-1", "on": 0}, st.version)
    st.submit(1, tokens[1], {"play": "6-2", "on": 1}, st.version)
    st.submit(0, tokens[0], {"play": "1-1", "on": 0}, st.version)
    assert st.view()["phase"] == "round_over"
    return tokens
