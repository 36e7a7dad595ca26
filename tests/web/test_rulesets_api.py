"""Saved rule sets and house rules over HTTP, against the real station (``Station.mock()`` in
process): /api/host/rulesets (save, list, export, import, delete) with the PIN, a bad rule set
refused 400 naming the option and its allowed values in the page's language, the options a set-up
makes moot, and a refusal under a house rule naming that rule."""
import json

from api_helpers import H, join_seats

from web.i18n import gettext_for

GRANDMA = {"doubles_open": False, "own_train_first": True}


def test_save_list_export_import_delete(client):
    r = client.post("/api/host/rulesets", json={"name": "Grandma's rules", "options": GRANDMA}, headers=H)
    assert r.status_code == 200, r.text
    assert [s["name"] for s in r.json()["rulesets"]] == ["Grandma's rules"]
    assert client.get("/api/host/rulesets", headers=H).json()["rulesets"][0]["options"] == GRANDMA
    # the export is a download, the PIN in the header only (the host page fetches it): never in the URL
    assert client.get("/api/host/rulesets/export", params={"name": "Grandma's rules", "pin": H["X-Host-Pin"]}).status_code == 401
    r = client.get("/api/host/rulesets/export", params={"name": "Grandma's rules"}, headers=H)
    assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
    document = json.loads(r.content)
    assert document == {"format": "mexican-train-rules/1", "name": "Grandma's rules", "options": GRANDMA}
    # delete it, then import the file again: the same set comes back
    r = client.post("/api/host/rulesets/delete", json={"name": "Grandma's rules"}, headers=H)
    assert r.status_code == 200 and r.json()["rulesets"] == []
    r = client.post("/api/host/rulesets/import", json=document, headers=H)
    assert r.status_code == 200
    assert client.get("/api/host/rulesets/export", params={"name": "Grandma's rules"}, headers=H).json() == document


def test_a_bad_import_is_400_naming_the_option_and_its_values(client):
    doc = {"format": "mexican-train-rules/1", "name": "Bad", "options": {"follow_double": "always"}}
    r = client.post("/api/host/rulesets/import", json=doc, headers=H)
    assert r.status_code == 400
    body = r.json()
    assert body["facts"]["option"] == "follow_double" and body["facts"]["allowed"] == ["anywhere", "on_double"]
    assert body["text"] == "Option follow_double: allowed values are anywhere, on_double."
    # in the page's language, still naming the option and its values
    r = client.post("/api/host/rulesets/import?lang=uz", json=doc, headers=H)
    assert r.json()["text"] == gettext_for("uz")("Option %(option)s: allowed values are %(allowed)s.") % {
        "option": "follow_double", "allowed": "anywhere, on_double"}
    r = client.post("/api/host/rulesets", json={"name": "Bad", "options": {"rounds": True}}, headers=H)
    assert r.status_code == 400 and r.json()["facts"]["option"] == "rounds"
    assert client.get("/api/host/rulesets", headers=H).json()["rulesets"] == []


def test_bad_names_and_documents(client):
    r = client.post("/api/host/rulesets", json={"name": "a" * 41, "options": {}}, headers=H)
    assert r.status_code == 400 and r.json()["facts"]["field"] == "name"
    assert "40" in r.json()["text"]
    r = client.post("/api/host/rulesets", json={"name": "tab\there", "options": {}}, headers=H)
    assert r.status_code == 400 and r.json()["facts"]["field"] == "name"
    r = client.post("/api/host/rulesets/import", json={"format": "other/1", "name": "x", "options": {}}, headers=H)
    assert r.status_code == 400 and r.json()["text"] == "That file is not a rule set."
    r = client.post("/api/host/rulesets/import", json={"format": "mexican-train-rules/1", "name": "x",
                                                       "options": {}, "extra": 1}, headers=H)
    assert r.status_code == 422 and r.json()["facts"]["field"] == "extra"
    r = client.get("/api/host/rulesets/export", params={"name": "nobody's"}, headers=H)
    assert r.status_code == 400 and r.json()["facts"]["field"] == "name"


def test_rule_sets_need_the_pin(client):
    assert client.get("/api/host/rulesets").status_code == 401
    assert client.post("/api/host/rulesets", json={"name": "x", "options": {}},
                       headers={"X-Host-Pin": "0000"}).status_code == 403


def test_the_station_says_which_options_are_moot(client):
    r = client.post("/api/options", json={"profile": "hub", "options": {"doubles_open": False}})
    assert r.status_code == 200
    assert r.json()["house"] == [{"option": "doubles_open", "value": False, "house": True}]
    assert {"double_binds", "follow_double", "close_doubles"} <= set(r.json()["moot"])
    assert client.post("/api/options", json={"profile": "classic", "options": {}}).json() == {"house": [], "moot": {}}
    # the hub profile has no first-turn circuit: a first-turn double has nothing to be open in
    hub = client.post("/api/options", json={"profile": "hub", "options": {}}).json()["moot"]
    assert list(hub) == ["first_turn_doubles_open"] and hub["first_turn_doubles_open"]["because"] == "first_turn_multi_play"
    catalogue = client.get("/api/options").json()
    assert len(catalogue["house"]) == 10
    assert {o["option"] for o in catalogue["rules"]} >= {"close_doubles", "tie_break", "must_play"}


def test_a_game_from_a_rule_set_refuses_under_its_house_rule_naming_it(client):
    client.post("/api/host/rulesets", json={"name": "Grandma's rules", "options": GRANDMA}, headers=H)
    r = client.post("/api/host/setup", json={"players": ["Ana", "Ben"], "profile": "hub", "set": 6,
                                             "options": GRANDMA, "ruleset": "Grandma's rules"}, headers=H)
    assert r.status_code == 200, r.text
    assert r.json()["game"]["house"] == [{"option": "doubles_open", "value": False, "house": True},
                                         {"option": "own_train_first", "value": True, "house": True}]
    assert client.get("/api/host/rulesets", headers=H).json()["last"] == "Grandma's rules"
    assert client.post("/api/host/start", headers=H).status_code == 200
    tokens = join_seats(client, 2)
    view = client.get("/api/view").json()
    turn = view["result"]["state"]["turn"]
    # hidden hands: a tile on the Mexican train before the seat's own train has one
    r = client.post(f"/api/seat/{turn}/submit", json={"event": {"play": "6-1", "on": "mexican"},
                                                      "version": view["version"]},
                    headers={"X-Seat-Token": tokens[turn]})
    assert r.status_code == 409 and r.json()["code"] == "own-train-first"
    assert r.json()["facts"]["house_rule"] == "own_train_first"
    assert r.json()["text"] == "Your train must have a tile first: house rule (own train first) (Tile: 6-1)"
    r = client.post(f"/api/seat/{turn}/submit?lang=so", json={"event": {"play": "6-1", "on": "mexican"},
                                                              "version": view["version"]},
                    headers={"X-Seat-Token": tokens[turn]})
    _ = gettext_for("so")
    assert r.json()["text"] == _("%(reason)s: house rule (%(rule)s)") % {
        "reason": _("Your train must have a tile first.").rstrip("."), "rule": _("own train first")} + f" ({_('Tile')}: 6-1)"
    # the seat page's train list says why, with the house rule
    me = client.get(f"/api/seat/{turn}/view", headers={"X-Seat-Token": tokens[turn]}).json()["me"]
    mexican = [t for t in me["options"]["trains"] if t["on"] == "mexican"][0]
    assert (mexican["open"], mexican["code"], mexican["house_rule"]) == (False, "own-train-first", "own_train_first")
