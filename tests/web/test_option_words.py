"""One table of the options' words (web/option_words.py): every option the station offers has a
name and a help line, each translated in every catalogue; the engine's English house-rule names
are the table's; the pages are served the table in their language, and a refusal under a house
rule names it in that language."""
from __future__ import annotations

import pytest
from babel.messages.pofile import read_po

from engine.house import HOUSE_NAMES
from station.house_rules import option_catalogue
from web.i18n import LOCALE_DIR
from web.option_words import OPTION_WORDS, served
from web.refusals import refusal_text

LANGS = ["so", "sn", "si", "ps", "uz"]


def offered() -> list[str]:
    cat = option_catalogue()
    return [row["option"] for row in cat["rules"] + cat["house"]]


def test_every_offered_option_has_words_and_no_other():
    assert sorted(offered()) == sorted(OPTION_WORDS)
    for key, (name, help_) in OPTION_WORDS.items():
        assert name.strip() and help_.strip().endswith("."), key


def test_the_engine_names_house_rules_as_the_table_does():
    assert HOUSE_NAMES == {k: OPTION_WORDS[k][0] for k in HOUSE_NAMES}


@pytest.mark.parametrize("lang", LANGS)
def test_every_option_is_translated(lang):
    with (LOCALE_DIR / lang / "LC_MESSAGES" / "messages.po").open("rb") as fh:
        cat = {m.id: m for m in read_po(fh, locale=lang) if m.id}
    missing = [text for words in OPTION_WORDS.values() for text in words
               if text not in cat or not cat[text].string or cat[text].fuzzy]
    assert not missing, f"{lang}: {missing}"
    words = served(lang)
    assert all(words[k]["name"] != OPTION_WORDS[k][0] and words[k]["help"] != OPTION_WORDS[k][1] for k in OPTION_WORDS)


def test_a_house_rule_refusal_names_the_rule_in_the_language():
    pashto = served("ps")["own_train_first"]["name"]
    text = refusal_text("ps", "own-train-first", "", {"house_rule": "own_train_first"})
    assert pashto in text and "own train first" not in text


def test_pages_are_served_the_table_translated():
    from fastapi.testclient import TestClient

    import tempfile
    from station.service import Station
    from web.app import create_app

    client = TestClient(create_app(Station(tempfile.mkdtemp(), host_pin="2468")))
    page = client.get("/host?lang=so").text
    assert served("so")["rounds"]["name"] in page and served("so")["rounds"]["help"] in page


def test_every_moot_reason_has_words_and_the_view_gives_the_reason():
    """A greyed option says why (the station's reason code), not only which option greys it."""
    from engine.house import MOOT_REASONS
    from station.house_rules import moot
    from web.option_words import MOOT_WORDS
    assert sorted(MOOT_WORDS) == sorted(MOOT_REASONS)
    entry = moot("classic", {"first_turn_multi_play": False})["first_turn_doubles_open"]
    assert entry == {"because": "first_turn_multi_play", "value": False, "code": "no-first-turn-circuit",
                     "reason": MOOT_REASONS["no-first-turn-circuit"]}
    for lang in LANGS:
        words = served(lang)["moot"]
        assert set(words) == set(MOOT_REASONS)
        assert all(text != MOOT_WORDS[code] for code, text in words.items()), lang
