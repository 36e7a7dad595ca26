"""Translations: gettext catalogues (``web/locale/<lang>/LC_MESSAGES/messages.po``) read with Babel.

The ``.po`` files are compiled in memory when this module is first used, so a fresh
``pip install -e .`` works without a compile step. Each request picks its language from the
``lang`` query parameter, then the ``lang`` cookie, then ``Accept-Language``, then English.
"""
from __future__ import annotations

import gettext
import io
from functools import lru_cache
from pathlib import Path

from babel import Locale
from babel.messages.plurals import get_plural
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

LOCALE_DIR = Path(__file__).parent / "locale"
#: code -> (name in its own language, right-to-left)
LANGUAGES: dict[str, tuple[str, bool]] = {
    "en": ("English", False),
    "so": ("Soomaali", False),
    "sn": ("chiShona", False),
    "si": ("සිංහල", False),
    "ps": ("پښتو", True),
    "uz": ("Oʻzbekcha", False),
}
DEFAULT = "en"


def N_(message: str) -> str:
    """Mark a string for extraction without translating it here."""
    return message


@lru_cache(maxsize=None)
def catalogue(lang: str):
    """The Babel catalogue of ``lang`` (None for English, which needs none)."""
    path = LOCALE_DIR / lang / "LC_MESSAGES" / "messages.po"
    if lang == DEFAULT or not path.exists():
        return None
    with path.open("rb") as fh:
        return read_po(fh, locale=lang)


@lru_cache(maxsize=None)
def translations(lang: str) -> gettext.NullTranslations:
    """Compiled gettext translations of ``lang`` (identity for English or an unknown language)."""
    cat = catalogue(lang)
    if cat is None:
        return gettext.NullTranslations()
    buf = io.BytesIO()
    write_mo(buf, cat)
    buf.seek(0)
    return gettext.GNUTranslations(buf)


def gettext_for(lang: str):
    """A ``_`` function for ``lang``; keyword arguments fill ``%(name)s`` placeholders."""
    gt = translations(lang).gettext

    def _(message: str, **params) -> str:
        text = gt(message)
        return text % params if params else text
    return _


def js_catalogue(lang: str) -> dict[str, str | list[str]]:
    """Every translated message of ``lang`` for the pages' JavaScript: msgid -> msgstr, and for a
    message with plural forms (``tn(singular, plural, n)`` in the JavaScript) singular msgid -> the
    list of its forms in the order of the catalogue's ``Plural-Forms`` (see ``plural_index``)."""
    cat = catalogue(lang)
    if cat is None:
        return {}
    out: dict[str, str | list[str]] = {}
    for m in cat:
        if not m.id or m.fuzzy or not m.string:
            continue
        if isinstance(m.id, str):
            out[m.id] = m.string
        elif all(m.string):
            out[m.id[0]] = list(m.string)
    return out


@lru_cache(maxsize=None)
def plural_index(lang: str) -> dict[str, int]:
    """CLDR plural category (what the browser's ``Intl.PluralRules`` gives) -> index into the plural
    forms of ``lang``'s catalogue, read from its ``Plural-Forms`` header (Babel's for English).

    Raises ``ValueError`` when the header and the CLDR rules of ``lang`` disagree on 0..1000 (one
    category needing two forms): the catalogue's header is then wrong.
    """
    cat = catalogue(lang)
    expr = cat.plural_expr if cat is not None else get_plural(lang).plural_expr
    pick = gettext.c2py(expr)
    rule = Locale.parse(lang).plural_form
    found: dict[str, int] = {}
    for n in range(1001):
        cat_name, index = rule(n), pick(n)
        if found.setdefault(cat_name, index) != index:
            raise ValueError(f"web/locale/{lang}: Plural-Forms {expr!r} splits the CLDR category {cat_name!r}")
    return found


def negotiate(accept_language: str | None) -> str:
    """The best of our languages for an ``Accept-Language`` header."""
    if not accept_language:
        return DEFAULT
    prefs = []
    for part in accept_language.split(","):
        bits = part.strip().split(";")
        tag = bits[0].strip()
        q = 1.0
        for b in bits[1:]:
            b = b.strip()
            if b.startswith("q="):
                try:
                    q = float(b[2:])
                except ValueError:
                    q = 0.0
        if tag:
            prefs.append((q, tag))
    prefs.sort(key=lambda p: -p[0])
    found = Locale.negotiate([t.replace("-", "_") for _, t in prefs], list(LANGUAGES), sep="_")
    return str(found) if found else DEFAULT


def pick_language(query: str | None, cookie: str | None, accept_language: str | None) -> str:
    """The page language: query parameter, cookie, then browser preference."""
    for candidate in (query, cookie):
        if candidate in LANGUAGES:
            return candidate
    return negotiate(accept_language)


def is_rtl(lang: str) -> bool:
    return LANGUAGES.get(lang, ("", False))[1]
