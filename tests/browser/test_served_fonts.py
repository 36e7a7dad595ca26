"""Sinhala and Pashto pages draw with the fonts the hub serves; Latin pages leave them alone.

This machine's chromium has no Sinhala font and only a partial Arabic one (DejaVu Sans), like the
phones that showed boxes: the faces must come from /static/fonts.
"""
from support import shot

FACES = """() => document.fonts.ready.then(() => Object.fromEntries(
  [...document.fonts].map(f => [f.family.replace(/"/g, '') + ' ' + f.weight, f.status])))"""
LOADED_FONTS = """() => performance.getEntriesByType('resource').map(e => new URL(e.name).pathname)
  .filter(p => p.startsWith('/static/fonts/')).sort()"""


def open_page(phone, server, lang, path="/"):
    page = phone(lang).new_page()
    page.goto(f"{server.url}{path}?lang={lang}")
    page.wait_for_function("() => document.fonts.status === 'loaded'")
    return page


def test_sinhala_and_pashto_pages_use_the_served_faces(phone, server):
    for lang, family, other in (("si", "Noto Sans Sinhala", "Noto Naskh Arabic"),
                                ("ps", "Noto Naskh Arabic", "Noto Sans Sinhala")):
        page = open_page(phone, server, lang)
        page.wait_for_function(f"() => [...document.fonts].some(f => f.family.includes('{family}') "
                               "&& f.weight === '400' && f.status === 'loaded')")
        faces = page.evaluate(FACES)
        assert faces[f"{family} 400"] == "loaded", faces
        assert faces[f"{other} 400"] == "unloaded", faces
        # the heading is drawn in the served face, not a fallback: the face says it can draw it
        heading = page.locator("h1").first.inner_text()
        assert page.evaluate("([f, t]) => document.fonts.check(f, t)", [f'16px "{family}"', heading])
        shot(page, f"fonts-{lang}-scoreboard")
        page = open_page(phone, server, lang, "/host")
        shot(page, f"fonts-{lang}-host")


MENU_FONTS = ["/static/fonts/NotoNaskhArabic-menu.subset.woff2", "/static/fonts/NotoSansSinhala-menu.subset.woff2"]


def test_latin_pages_load_only_the_language_menu_faces(phone, browser, server):
    for lang in ("en", "so"):
        # a phone shows the menu as its code ("EN ▾"): no face of another script is loaded at all
        page = open_page(phone, server, lang)
        faces = page.evaluate(FACES)
        assert all(status == "unloaded" for face, status in faces.items() if not face.startswith("Language names")), faces
        assert set(page.evaluate(LOADED_FONTS)) <= set(MENU_FONTS)
        # a wide screen shows the menu with every language's own name: only the menu's faces load
        wide = browser.new_context(viewport={"width": 1280, "height": 800}, locale=lang)
        try:
            page = wide.new_page()
            page.goto(f"{server.url}/?lang={lang}")
            page.wait_for_function("() => [...document.fonts].filter(f => f.status === 'loaded').length >= 2")
            faces = page.evaluate(FACES)
            assert all(status == "unloaded" for face, status in faces.items() if not face.startswith("Language names")), faces
            assert page.evaluate(LOADED_FONTS) == MENU_FONTS
        finally:
            wide.close()
