"""The catalogues: every message translated in every language, in the glossary's words.

``web/locale/GLOSSARY.md`` gives one word per game concept per language, taken from the customer's
rule texts; a translation of a message that names a concept must use that word. (That the template
matches the sources is ``test_i18n.test_template_is_current``.)
"""
import re
from collections import Counter
from pathlib import Path
from types import SimpleNamespace

import pytest
from babel.messages.pofile import read_po

LOCALE = Path(__file__).resolve().parents[2] / "web" / "locale"
LANGS = ["so", "sn", "si", "ps", "uz"]
#: the field's words (README "How we work") and the issue's list: the glossary must have them all
TERMS = ["engine", "train", "personal train", "Mexican train", "marker", "boneyard", "double", "open double",
         "satisfy", "pip", "round", "hand", "seat", "slot", "turn", "pass", "draw", "score", "winner", "hub",
         "station", "tile", "hint", "computer"]
PLACEHOLDER = re.compile(r"%\(\w+\)s")


def glossary() -> dict[str, dict[str, str]]:
    """term -> {column: cell} from the table of GLOSSARY.md."""
    rows, header = {}, None
    for line in (LOCALE / "GLOSSARY.md").read_text(encoding="utf-8").splitlines():
        if not line.startswith("|"):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if header is None:
            header = cells
        elif not set("".join(cells)) <= set("-: "):
            rows[cells[0]] = dict(zip(header, cells))
    return rows


def forms(cell: str) -> list[str]:
    """``"word (form, form)"`` -> ``["word", "form", "form"]``."""
    word, _, rest = cell.partition("(")
    return [word.strip()] + [f.strip() for f in rest.rstrip(")").split(",") if f.strip()]


def norm(text: str) -> str:
    return text.replace("\u200d", "").casefold()


def messages(path: Path, lang=None) -> dict:
    """msgid -> message; a message with plural forms gives one entry per form, its English form
    (singular for the first, plural for the others) -> that form's translation."""
    out = {}
    with path.open("rb") as fh:
        for m in read_po(fh, locale=lang):
            if not m.id:
                continue
            if isinstance(m.id, str):
                out[m.id] = m
                continue
            strings = m.string if isinstance(m.string, tuple) and any(m.string) else ("",) * 2
            for i, form in enumerate(strings):
                out[m.id[min(i, 1)] + ("" if i < 2 else f" [{i}]")] = SimpleNamespace(string=form, fuzzy=m.fuzzy)
    return out


TEMPLATE = messages(LOCALE / "messages.pot")
CATALOGUES = {lang: messages(LOCALE / lang / "LC_MESSAGES" / "messages.po", lang) for lang in LANGS}
GLOSSARY = glossary()


def test_glossary_has_every_term_once_per_language():
    assert sorted(GLOSSARY) == sorted(TERMS)
    assert all(row["where in the seed"] for row in GLOSSARY.values())
    for lang in LANGS:
        words = [norm(GLOSSARY[t][lang]) for t in TERMS]
        assert all(words), lang
        twice = [w for w, n in Counter(words).items() if n > 1]
        assert not twice, f"{lang}: one word for two concepts: {twice}"


@pytest.mark.parametrize("lang", LANGS)
def test_every_message_is_translated(lang):
    cat = CATALOGUES[lang]
    allowed_same = {norm(f) for row in GLOSSARY.values() for f in forms(row[lang])}
    problems = []
    for msgid in TEMPLATE:
        m = cat.get(msgid)
        if m is None or not m.string:
            problems.append(f"untranslated: {msgid!r}")
        elif m.fuzzy:
            problems.append(f"fuzzy: {msgid!r}")
        elif sorted(PLACEHOLDER.findall(msgid)) != sorted(PLACEHOLDER.findall(m.string)):
            problems.append(f"placeholders differ: {msgid!r} -> {m.string!r}")
        elif m.string == msgid and norm(msgid) not in allowed_same:
            problems.append(f"left in English: {msgid!r}")
    assert not problems, f"{lang}:\n" + "\n".join(problems)


@pytest.mark.parametrize("lang", LANGS)
def test_glossary_words_are_used(lang):
    problems = []
    for term, row in GLOSSARY.items():
        english = "|".join(re.escape(f) for f in forms(row["en"]))
        names_it = re.compile(rf"(?<![\w-])(?:{english})s?(?![\w-])", re.I)
        words = [norm(f) for f in forms(row[lang])]
        for msgid in TEMPLATE:
            m = CATALOGUES[lang].get(msgid)
            if m and m.string and names_it.search(PLACEHOLDER.sub(" ", msgid)):
                if not any(w in norm(m.string) for w in words):
                    problems.append(f"{term} ({row[lang]}) missing from {m.string!r} for {msgid!r}")
    assert not problems, f"{lang}:\n" + "\n".join(problems)


@pytest.mark.parametrize("lang", LANGS)
def test_the_hub_word_means_only_the_hub(lang):
    word = norm(forms(GLOSSARY["hub"][lang])[0])
    others = [m.string for msgid, m in CATALOGUES[lang].items()
              if m.string and not re.search(r"\bhub\b", msgid, re.I) and word in norm(m.string)]
    assert not others, f"{lang}: the hub's word {word!r} also used in {others}"


@pytest.mark.parametrize("path", [LOCALE / "messages.pot"] + [LOCALE / lang / "LC_MESSAGES" / "messages.po"
                                                              for lang in LANGS], ids=["pot"] + LANGS)
def test_no_message_twice(path):
    """Catalogues merge as a union (.gitattributes): an entry edited on two branches comes out twice."""
    lines = path.read_text(encoding="utf-8").splitlines()
    assert sum(line.startswith("msgid ") for line in lines) == sum(line.startswith(("msgstr ", "msgstr[0] ")) for line in lines), \
        f"{path.name}: a message with two translations (a union merge kept both sides: keep one)"
    ids, current = [], None
    for line in lines + [""]:
        if line.startswith("msgid "):
            current = [line[6:]]
        elif current is not None and line.startswith('"'):
            current.append(line)
        elif current is not None:
            ids.append("".join(current))
            current = None
    twice = [i for i, n in Counter(ids).items() if n > 1]
    assert not twice, f"{path.name} has entries twice (keep one): {twice}"


@pytest.mark.parametrize("lang", LANGS)
def test_numbers_are_written_in_western_digits(lang):
    """Every number on the pages is in Western digits, in Pashto too (the pages' numbers are; a step
    heading "۱." beside a score "6" read as two number systems on one page)."""
    eastern = re.compile("[\u0660-\u0669\u06f0-\u06f9]")
    found = [m.string for m in CATALOGUES[lang].values() if m.string and eastern.search(m.string)]
    assert not found, f"{lang}: Eastern Arabic digits in {found}"
