"""Refusal reasons in the player's language, worded from the error code and its facts.

The station's English ``message`` is the fallback for a code this table does not know.
"""
from __future__ import annotations

import json
import re

from .i18n import N_, gettext_for, translations
from .option_words import option_name

#: error code -> sentence (record-format.md's error table plus the station's own codes)
REASONS: dict[str, str] = {
    "bad-record": N_("That is not a valid move."),
    "round-over": N_("The round is over."),
    "game-over": N_("The game is over."),
    "end-with-done": N_("You have played: end your turn with Done."),
    "not-your-turn": N_("It is not your turn."),
    "engine-missing": N_("The engine double must be placed first."),
    "no-such-tile": N_("That tile is not in this set."),
    "tile-on-table": N_("That tile is already on the table."),
    "not-in-hand": N_("That tile is not in your hand."),
    "first-turn": N_("On the first turn you may only play on your own train."),
    "cannot-end-turn": N_("You cannot end your turn now: play a tile first."),
    "open-double": N_("An open double must be satisfied first."),
    "train-closed": N_("That train is closed: it is another player's train without a marker."),
    "own-train-first": N_("Your train must have a tile first."),
    "last-tile-double": N_("A double may not be your last tile."),
    "no-match": N_("That tile does not match the open end of the train."),
    "must-play": N_("You have a tile you can play, so you must play."),
    "already-drew": N_("You have already drawn from the boneyard."),
    "boneyard-empty": N_("The boneyard is empty."),
    "must-draw": N_("Draw from the boneyard before you pass."),
    "bad-reveal": N_("Those tiles do not match your hand."),
    "stale": N_("The table changed, look again."),
    "forbidden": N_("Not allowed: wrong seat code or host PIN."),
    "wrong-seat-code": N_("That is not this seat's code: ask the host."),
    "seat-code-used": N_("That code was already used: ask the host for the seat's new code."),
    "seat-code-expired": N_("That code has expired: ask the host to show the seat's code again."),
    "no-game": N_("No game has been set up yet."),
    "bad-request": N_("That request was not understood."),
    "not-mock": N_("The virtual hub works only with the mock hardware."),
    "hints-off": N_("The host switched hints off for this game."),
    "no-hand": N_("The station does not know your hand: register it first."),
    "no-round": N_("No round is being played."),
    # set-up refusals (web/routes_api.py picks them by facts["option"]); %(...)s from the facts
    "setup-names": N_("Give every player a name."),
    "setup-players": N_("These rules take %(allowed)s players: add or remove players, or choose other rules."),
    "setup-set": N_("Choose a set: double-6, 9, 12, 15 or 18."),
    "setup-hand_size": N_("%(players)s hands of %(hand)s tiles need %(need)s tiles, but double-%(set)s "
                          "deals only %(have)s: give at most %(most)s tiles each."),
    "too-large": N_("That request is too large."),
    # rule sets (web/routes_rulesets.py picks them by facts["field"])
    "ruleset-option": N_("Option %(option)s: allowed values are %(allowed)s."),
    "ruleset-name": N_("Give the rule set a name of 1 to %(max)s characters, without line breaks."),
    "ruleset-format": N_("That file is not a rule set."),
    # a seat's photo of its tiles (web/routes_photo.py)
    "photo-not-image": N_("That file is not a photo: send a JPEG, PNG or WebP picture."),
    "photo-too-large": N_("That photo is too large: take it again at a smaller size."),
    "photo-undecodable": N_("That photo could not be read: it may be cut short. Take it again."),
    "photo-nothing-found": N_("No tiles were found in the photo: lay them face up and take it again."),
    "photo-unavailable": N_("This hub cannot read photos: tap your tiles or type your count."),
    "photo-not-kept": N_("No photo was kept for that round and seat."),
    "photo-not-due": N_("Photograph your tiles when the round is over and your count is due."),
    "photo-counted": N_("Your count is already in: no photo is needed."),
    "photo-went-out": N_("You went out: your count is 0."),
    "photo-busy": N_("The hub is reading other photos: send yours again in a few seconds."),
    # players across nights (web/routes_players.py picks them by facts["problem"])
    "players-unknown": N_("No counted game has a player called %(name)s."),
    "players-same": N_("%(name)s and %(into)s are already one player."),
    "players-together": N_("%(name)s and %(into)s played in the same game: they are two people."),
    "players-undone": N_("That merge is not in force: it was undone already."),
    "throttled": N_("Too many wrong tries from this phone: wait %(seconds)s s before the next one."),
}

NEW_PIN = N_("The new PIN must have 4 to 12 digits.")

#: (what, locked out, or "everyone") -> sentence for "throttled"; facts: retry_after (s), what
#: ("pin"/"code"), lockout, everyone (every client's shared budget is spent: station/throttle.py)
THROTTLED: dict[tuple[str, bool | str], str] = {
    ("pin", False): N_("Too many wrong PINs from this phone: wait %(seconds)s s before the next try."),
    ("pin", True): N_("Too many wrong PINs from this phone: locked for %(minutes)s min. "
                      "Restarting the station shows the PIN again."),
    ("code", False): N_("Too many wrong seat codes from this phone: wait %(seconds)s s before the next try."),
    ("code", True): N_("Too many wrong seat codes from this phone: locked for %(minutes)s min. Ask the host."),
    ("pin", "everyone"): N_("Too many wrong PINs from several devices: the station waits %(seconds)s s before "
                            "the next try from any phone. Restarting the station shows the PIN again."),
    ("code", "everyone"): N_("Too many wrong seat codes from several devices: the station waits %(seconds)s s "
                             "before the next try from any phone."),
}

#: reasons worded from their facts (``%(name)s``)
FACT_REASONS = {"setup-players", "setup-hand_size", "ruleset-option", "ruleset-name", "players-unknown",
                "players-same", "players-together"}

#: added to a refusal that only a house rule causes (``facts["house_rule"]``, engine/house.py)
HOUSE_RULE = N_("%(reason)s: house rule (%(rule)s)")

#: fact key -> label; shown after the reason ("Tile: 12-5")
FACT_LABELS: dict[str, str] = {
    "tile": N_("Tile"),
    "double": N_("Open double"),
    "open_double": N_("Open double"),
}


#: a wrong host PIN (station/auth.py: facts["why"] "wrong-pin"); "forbidden" alone is a seat's too
WRONG_PIN = N_("That is not the host PIN.")
#: "round-over" refused for the round's state (station/referee.py, facts["why"]): a count sent
#: while the round is still in play, or a round-bound action with no round started
ROUND_STATE = {"in-play": N_("A round is in play."), "no-round": N_("No round is being played.")}
#: a seat the game in play does not have (station/service.py ``_not_in_game``)
NOT_IN_GAME = N_("This game has no seat %(seat)s.")
#: a request with no seat token or no host PIN at all (web/routes_api.py ``_token``/``_pin``: 401,
#: facts["need"]); a wrong one is "forbidden"'s own sentence
NEEDED = {"token": N_("This phone has not joined the seat: scan the seat's code, or type it."),
          "pin": N_("Enter the host PIN first.")}
#: a seat token refused (station/service.py ``_seat``: facts["why"]): the seat page's own words
#: (web/static/js/seat.js ``joinNote``), not "wrong seat code or host PIN"
TOKEN_REFUSED = {
    "replaced": N_("Another phone has joined this seat with its new code. To play on this phone again, ask the host for the seat's code."),
    "old-game": N_("This phone was playing game %(id)s. A new game has been set up since: scan this seat's new QR code on the host page or enter its code."),
    "not-joined": NEEDED["token"],
}
#: a stored game's id the hub has no game under (``NoGame.no_such``: "no-game", field "game_id")
NO_SUCH_GAME = N_("There is no game %(id)s on this hub.")
#: an address the hub serves nothing at (web/app.py, any 404 of no route: code "not-found")
NOT_FOUND = N_("The hub has nothing at this address.")


def impossible_count_text(lang: str, facts: dict) -> str:
    """A typed pip count no hand of the seat's tiles makes (``bad-reveal``, why "impossible",
    ``Referee.impossible_count``): "You typed 2 pips, but 3 tiles in your hand can count 16 to 33
    or 53 to 73 pips. Check your count." in ``lang``, from the facts ``typed``, ``holds`` and
    ``runs``."""
    _ = gettext_for(lang)
    ngettext = translations(lang).ngettext
    runs = [r for r in facts.get("runs") or [] if isinstance(r, list) and len(r) == 2]
    parts = [str(low) if low == high else _("%(low)s to %(high)s") % {"low": low, "high": high} for low, high in runs]
    span = parts[-1] if len(parts) == 1 else _("%(some)s or %(last)s") % {"some": ", ".join(parts[:-1]), "last": parts[-1]} if parts else "…"
    holds = facts.get("holds") if isinstance(facts.get("holds"), int) else 0
    return ngettext("You typed %(typed)s pips, but %(n)s tile in your hand can count %(range)s pips. Check your count.",
                    "You typed %(typed)s pips, but %(n)s tiles in your hand can count %(range)s pips. Check your count.",
                    holds) % {"typed": facts.get("typed", "…"), "n": holds, "range": span}


def refusal_text(lang: str, code: str, message: str = "", facts: dict | None = None) -> str:
    """The reason for a refusal in ``lang``."""
    _ = gettext_for(lang)
    why = (facts or {}).get("why")
    if code == "bad-reveal" and why == "impossible":
        return impossible_count_text(lang, facts or {})
    if code == "round-over" and why in ROUND_STATE:      # "round-over" also names a round not over yet
        return _(ROUND_STATE[why])
    if code == "forbidden" and (facts or {}).get("need") in NEEDED:
        return _(NEEDED[facts["need"]])
    if code == "forbidden" and why == "wrong-pin":       # the host's PIN alone: no seat code in it
        return _(WRONG_PIN)
    if code == "forbidden" and (facts or {}).get("field") == "token" and why in TOKEN_REFUSED:
        game = (facts or {}).get("game_id")
        return _(TOKEN_REFUSED[why]) % {"id": game if isinstance(game, int) else "…"} if why == "old-game" \
            else _(TOKEN_REFUSED[why])
    if code == "no-game" and (facts or {}).get("field") == "game_id":
        game = (facts or {}).get("game_id")
        return _(NO_SUCH_GAME) % {"id": game if isinstance(game, int) else "…"}
    if code == "not-found":
        return _(NOT_FOUND)
    if code == "bad-request" and why == "not-in-game":
        return _(NOT_IN_GAME) % {"seat": (facts or {}).get("seat", "…")}
    if code == "throttled":
        facts = facts or {}
        seconds = int(facts.get("retry_after") or 1)
        which = "everyone" if facts.get("everyone") else bool(facts.get("lockout"))
        sentence = THROTTLED.get((facts.get("what"), which), REASONS["throttled"])
        return _(sentence) % {"seconds": seconds, "minutes": max(1, -(-seconds // 60))}
    if code == "bad-request" and (facts or {}).get("field") == "new_pin":
        return _(NEW_PIN)
    reason = REASONS.get(code)
    if reason is None:
        return message or _(REASONS["bad-request"])
    text = _(reason)
    if code in FACT_REASONS:      # a fact that is missing reads "…" (the sentence stays in the language)
        given = {k: v for k, v in (facts or {}).items() if isinstance(v, (str, int))}
        if isinstance((facts or {}).get("allowed"), list):
            given["allowed"] = ", ".join(json.dumps(v) if not isinstance(v, str) else v for v in facts["allowed"])
        return re.sub(r"%\((\w+)\)s", lambda m: str(given.get(m.group(1), "…")), text)
    rule = option_name(lang, (facts or {}).get("house_rule"))
    if rule is not None:
        text = _(HOUSE_RULE) % {"reason": text.rstrip("."), "rule": rule}
    for key, label in FACT_LABELS.items():
        value = (facts or {}).get(key)
        if isinstance(value, (str, int)) and value != "":
            text += f" ({_(label)}: {value})"
            break
    return text
