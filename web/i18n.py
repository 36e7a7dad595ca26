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


def js_catalogue(lang: str) -> dict[str, str]:
    """Every translated message of ``lang`` (msgid -> msgstr) for the pages' JavaScript."""
    cat = catalogue(lang)
    if cat is None:
        return {}
    return {m.id: m.string for m in cat if m.id and isinstance(m.id, str) and m.string and not m.fuzzy}


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
