"""The last faults of a fresh user's evening (issue 19, third pass), through the API: a typed pip
count no hand of that many tiles makes is refused with a 4xx naming the field and the counts
possible, worded in the player's language; the round's result says who kept the 0-0; the final
table is in the view once the game is over."""
from __future__ import annotations

import pytest
from api_helpers import H, join_seats

from web.i18n import gettext_for, translations


def real_tiles_round_over(client) -> list[str]:
    """Real tiles, double-6, two each: Ana plays 6-1 then goes out with 1-1, Ben played 6-2 and
    holds one tile; the 0-0 is not on the table. Returns the seat tokens."""
    r = client.post("/api/host/setup", json={"players": ["Ana", "Ben"], "profile": "hub", "set": 6,
                                             "options": {"hand_size": 2}}, headers=H)
    assert r.status_code == 200, r.text
    tokens = join_seats(client, 2)
    assert client.post("/api/host/start", headers=H).status_code == 200
    for seat, tile in ((0, "6-1"), (1, "6-2"), (0, "1-1")):
        version = client.get("/api/view").json()["version"]
        r = client.post(f"/api/seat/{seat}/submit", json={"event": {"play": tile, "on": seat}, "version": version},
                        headers={"X-Seat-Token": tokens[seat]})
        assert r.status_code == 200, r.text
    assert client.get("/api/view").json()["phase"] == "round_over"
    return tokens


def offered_pips(client, seat, token) -> set[int]:
    """The pips of every tile the seat's count offers (one tile held: each is a possible count)."""
    view = client.get(f"/api/seat/{seat}/view", headers={"X-Seat-Token": token}).json()
    return {view["game"]["pips"][t] for t in view["me"]["count"]["tiles"]}


@pytest.mark.parametrize("lang", ["en", "so", "ps"])
def test_an_impossible_typed_count_is_refused_naming_the_field_and_the_counts_possible(client, lang):
    tokens = real_tiles_round_over(client)
    possible = offered_pips(client, 1, tokens[1])
    top = max(p for p in possible if p != 50)
    before = client.get("/api/view").json()["version"]
    r = client.post("/api/seat/1/reveal", json={"hand": top + 1}, headers={"X-Seat-Token": tokens[1], "Accept-Language": lang})
    assert r.status_code == 409, r.text
    body = r.json()
    assert body["code"] == "bad-reveal" and body["facts"]["field"] == "hand" and body["facts"]["why"] == "impossible"
    assert body["facts"]["least"] == min(possible) and body["facts"]["most"] == 50
    assert body["facts"]["runs"] == [[min(possible), top], [50, 50]]
    ngettext = translations(lang).ngettext
    _ = gettext_for(lang)
    span = _("%(some)s or %(last)s") % {"some": _("%(low)s to %(high)s") % {"low": min(possible), "high": top}, "last": "50"}
    assert body["text"] == ngettext(
        "You typed %(typed)s pips, but %(n)s tile in your hand can count %(range)s pips. Check your count.",
        "You typed %(typed)s pips, but %(n)s tiles in your hand can count %(range)s pips. Check your count.", 1) % {
        "typed": top + 1, "n": 1, "range": span}
    if lang != "en":
        assert "You typed" not in body["text"]
    assert client.get("/api/view").json()["version"] == before          # nothing changed
    # a count some tile makes is taken
    r = client.post("/api/seat/1/reveal", json={"hand": top}, headers={"X-Seat-Token": tokens[1]})
    assert r.status_code == 200, r.text
    assert client.get("/api/view").json()["result"]["rounds"][0]["scores"] == [0, top]


def test_the_round_result_names_who_kept_the_double_blank_and_the_final_table_stays(client):
    tokens = real_tiles_round_over(client)
    r = client.post("/api/seat/1/reveal", json={"hand": ["0-0"]}, headers={"X-Seat-Token": tokens[1]})
    assert r.status_code == 200, r.text
    view = client.get("/api/view").json()
    assert view["result"]["rounds"][0]["double_blank"] == {"seat": 1, "points": 50}
    assert client.post("/api/host/end", json={"abandon": False}, headers=H).status_code == 200
    view = client.get("/api/view").json()
    assert view["phase"] == "finished" and view["result"]["state"] is None
    trains = {str(t["owner"] if t["owner"] is not None else "mexican"): t["tiles"] for t in view["final_table"]["trains"]}
    assert trains["0"] == ["6-1", "1-1"] and trains["1"] == ["6-2"] and trains["mexican"] == []
    assert view["final_table"]["open_ends"]["0"] == 1 and view["final_table"]["open_ends"]["mexican"] == 6
