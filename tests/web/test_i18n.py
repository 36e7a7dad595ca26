"""Translations: the catalogues are complete for all six languages and match the sources."""
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from babel import Locale

from web.i18n import LANGUAGES, gettext_for, js_catalogue, negotiate, pick_language, plural_index, translations
from web.refusals import REASONS, refusal_text

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "web" / "locale"
OTHERS = [lang for lang in LANGUAGES if lang != "en"]


def extract(tmp_path):
    out = tmp_path / "fresh.pot"
    # the keywords of the extract line in web/babel.cfg's first line (tn:1,2 is the plural one)
    line = (ROOT / "web" / "babel.cfg").read_text().splitlines()[0].split()
    keywords = [w for i, w in enumerate(line) if i and line[i - 1] == "-k"]
    assert "tn:1,2" in keywords
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", "extract", "-F", "web/babel.cfg",
                    *[a for k in keywords for a in ("-k", k)], "--no-location", "-o", str(out), "."], cwd=ROOT,
                   check=True, capture_output=True)
    with out.open("rb") as fh:
        return {m.id for m in read_po(fh) if m.id}


def test_template_is_current(tmp_path):
    with (LOCALE / "messages.pot").open("rb") as fh:
        stored = {m.id for m in read_po(fh) if m.id}
    assert extract(tmp_path) == stored, "run the pybabel extract line in web/babel.cfg and update the .po files"


@pytest.mark.parametrize("lang", OTHERS)
def test_every_msgid_translated(lang):
    with (LOCALE / "messages.pot").open("rb") as fh:
        ids = {m.id for m in read_po(fh) if m.id}
    with (LOCALE / lang / "LC_MESSAGES" / "messages.po").open("rb") as fh:
        cat = read_po(fh, locale=lang)
    have = {m.id: m.string for m in cat if m.id}
    missing = sorted(i for i in ids if not have.get(i))
    assert not missing, f"{lang}: untranslated {missing}"
    for msgid, text in have.items():
        if isinstance(msgid, tuple):  # plural forms: every form names the plural msgid's placeholders
            assert len(text) == cat.num_plurals and all(text), (lang, msgid)
            for form in text:
                assert sorted(set(re.findall(r"%\(\w+\)s", msgid[1]))) == sorted(set(re.findall(r"%\(\w+\)s", form))), (lang, msgid)
            continue
        assert sorted(re.findall(r"%\(\w+\)s", msgid)) == sorted(re.findall(r"%\(\w+\)s", text)), (lang, msgid)


@pytest.mark.parametrize("lang", OTHERS)
def test_refusals_translated(lang):
    for code in REASONS:
        assert refusal_text(lang, code, "english") != refusal_text("en", code, "english")
    assert refusal_text(lang, "no-match", "x", {"tile": "12-5"}).endswith("12-5)")
    assert refusal_text(lang, "weird-new-code", "The station's own words") == "The station's own words"


def test_rule_words_follow_the_seeds():
    assert "tareen" in gettext_for("so")("Mexican train").lower()
    assert "chitima" in gettext_for("sn")("Mexican train").lower()
    assert "දුම්රිය" in gettext_for("si")("Mexican train")
    assert "ټرین" in gettext_for("ps")("Mexican train")
    assert "poezd" in gettext_for("uz")("Mexican train").lower()
    assert "ඇට ගොඩ" in gettext_for("si")("Draw from the boneyard")
    assert "هډوکو" in gettext_for("ps")("Draw from the boneyard")


def test_language_choice():
    assert negotiate("ps-AF,ps;q=0.9,en;q=0.5") == "ps"
    assert negotiate("fr-FR,fr") == "en"
    assert negotiate(None) == "en"
    assert pick_language("so", "ps", "en") == "so"
    assert pick_language(None, "ps", "en") == "ps"
    assert pick_language("xx", None, "uz-UZ") == "uz"


def test_pages_in_each_language(client):
    for lang in LANGUAGES:
        html = client.get("/", headers={"Accept-Language": lang}).text
        assert f'lang="{lang}"' in html
        assert ('dir="rtl"' in html) == (lang == "ps")
    r = client.get("/table?lang=sn")
    assert r.cookies.get("lang") == "sn" and 'lang="sn"' in r.text
    assert 'lang="sn"' in client.get("/table").text      # the cookie keeps it
    client.cookies.set("lang", "si")                     # a cookie beats Accept-Language
    r = client.get("/seat/0", headers={"Accept-Language": "ps"})
    assert 'lang="si"' in r.text


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_plural_forms_served(lang):
    """A count says "1 tile" and "2 tiles": the JS gets each plural message's forms and, from the
    catalogue's Plural-Forms, which form each CLDR category (Intl.PluralRules) takes."""
    index = plural_index(lang)
    assert set(index.values()) == {0, 1}
    ngettext = translations(lang).ngettext
    served = js_catalogue(lang)
    for n in (0, 1, 2, 5, 11, 21, 101):
        form = index[Locale.parse(lang).plural_form(n)]
        expected = ngettext("%(n)s tile in the boneyard", "%(n)s tiles in the boneyard", n)
        forms = served.get("%(n)s tile in the boneyard", ["%(n)s tile in the boneyard", "%(n)s tiles in the boneyard"])
        assert forms[form] == expected
    if lang == "en":
        assert ngettext("%(n)s round", "%(n)s rounds", 1) == "%(n)s round"
        assert ngettext("%(n)s round", "%(n)s rounds", 2) == "%(n)s rounds"
    else:
        assert isinstance(served["%(n)s round"], list) and len(served["%(n)s round"]) == 2


def test_pages_boot_with_plural_index(client):
    """Every page's boot data carries the language's category -> form index for ``MT.tn``."""
    page = client.get("/table?lang=si").text
    boot = json.loads(re.search(r'id="mt-boot">(.*?)</script>', page, re.S).group(1))
    assert boot["plural"] == plural_index("si") == {"one": 0, "other": 1}
    catalogue = json.loads(re.search(r'id="mt-catalogue">(.*?)</script>', page, re.S).group(1))
    assert len(catalogue["%(n)s tile in the boneyard"]) == 2
