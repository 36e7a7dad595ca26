"""The hub serves its own Sinhala and Arabic-script fonts: every catalogue character is in them.

The fonts are read as the phone gets them (over HTTP, woff2 decoded by fontTools); the CSS is
read as the browser does (family, src, unicode-range of each @font-face).
"""
import io
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from fontTools.ttLib import TTFont

from web.i18n import LANGUAGES

LOCALE = Path(__file__).resolve().parents[2] / "web" / "locale"
#: the language each served family is there for
FAMILY_LANG = {"Noto Sans Sinhala": "si", "Noto Naskh Arabic": "ps"}
#: the family of the tiny faces that draw the language menu's names on every page
MENU = "Language names"


def faces(css: str) -> list[dict]:
    """Each @font-face of ``css`` as {family, weight, url, range (set of code points)}."""
    out = []
    for body in re.findall(r"@font-face\s*{([^}]*)}", css):
        decl = dict((k.strip(), v.strip()) for k, v in (d.split(":", 1) for d in body.split(";") if ":" in d))
        points = set()
        for part in decl["unicode-range"].replace(" ", "").split(","):
            lo, _, hi = part.removeprefix("U+").partition("-")
            points.update(range(int(lo, 16), int(hi or lo, 16) + 1))
        out.append({"family": decl["font-family"].strip('"'), "weight": decl["font-weight"],
                    "display": decl.get("font-display"), "range": points,
                    "url": re.search(r'url\("([^"]+)"\)', decl["src"]).group(1)})
    return out


def catalogue_text(lang: str) -> str:
    with (LOCALE / lang / "LC_MESSAGES" / "messages.po").open("rb") as fh:
        return "".join(m.string for m in read_po(fh, locale=lang) if m.id and isinstance(m.string, str))


def script_chars(text: str) -> set[str]:
    """What a Latin font cannot be expected to draw: past Latin-1, less the curly quotes and dashes."""
    return {c for c in text if ord(c) > 0xFF and not (0x2010 <= ord(c) <= 0x206F)}


@pytest.fixture
def served(client):
    page = client.get("/?lang=si").text
    assert '<link rel="stylesheet" href="/static/css/fonts.css">' in page
    r = client.get("/static/css/fonts.css")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/css")
    return faces(r.text)


def test_each_script_has_a_regular_and_a_bold_face(served):
    assert sorted((f["family"], f["weight"]) for f in served if f["family"] != MENU) == sorted(
        (family, w) for family in FAMILY_LANG for w in ("400", "700"))
    assert all(f["display"] == "swap" for f in served)


def test_fonts_are_served_and_cover_their_catalogue(client, served):
    for face in served:
        if face["family"] == MENU:
            continue
        lang = FAMILY_LANG[face["family"]]
        r = client.get(face["url"])
        assert r.status_code == 200, face["url"]
        assert r.headers["content-type"] == "font/woff2"
        assert 5_000 < len(r.content) < 60_000, f"{face['url']}: {len(r.content)} bytes"
        cmap = TTFont(io.BytesIO(r.content)).getBestCmap()
        need = script_chars(catalogue_text(lang))
        assert len(need) > 30, lang       # the catalogue is really in that script
        missing = sorted(c for c in need if ord(c) not in cmap)
        assert not missing, f"{face['url']} lacks {missing} of the {lang} catalogue"
        outside = sorted(c for c in need if ord(c) not in face["range"])
        assert not outside, f"{face['family']}: unicode-range leaves out {outside}"


def test_the_language_menu_has_its_own_tiny_faces(client, served):
    css = client.get("/static/css/fonts.css").text
    assert re.search(r'#lang-select\s*{\s*font-family:\s*"%s",' % MENU, css)
    scripts = {p for f in served if f["family"] != MENU for p in f["range"]}
    names = {c for name, _rtl in LANGUAGES.values() for c in name if ord(c) in scripts}
    menu = [f for f in served if f["family"] == MENU]
    assert names and names <= {chr(p) for f in menu for p in f["range"]}
    for face in menu:
        r = client.get(face["url"])
        assert r.status_code == 200 and r.headers["content-type"] == "font/woff2"
        assert len(r.content) < 4_000, f"{face['url']}: {len(r.content)} bytes"
        cmap = TTFont(io.BytesIO(r.content)).getBestCmap()
        assert face["range"] <= set(cmap), face["url"]


@pytest.mark.parametrize("lang", ["en", "so", "sn", "uz"])
def test_latin_pages_never_download_them(client, served, lang):
    page = client.get(f"/?lang={lang}").text
    menu = re.search(r'<select id="lang-select".*?</select>', page, re.S).group(0)
    text = page.replace(menu, "") + (catalogue_text(lang) if lang != "en" else "")
    for face in served:
        if face["family"] != MENU:
            hits = sorted({c for c in text if ord(c) in face["range"]})
            assert not hits, f"{lang} page would load {face['family']} for {hits}"
