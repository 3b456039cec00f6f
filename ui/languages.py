"""The game's languages, one line each: the code, the name in itself, the CLDR plural forms of
whole numbers. A language added is its catalog (``locales/<code>.json``), its section of
``locales/glossary.md`` and one line here: ``ui/i18n.py`` reads this list, ``tools/build_site.py``
writes it into the plain scripts that run before Python (``ui/floor.js``, ``ui/boot/files.js``,
the ``noscript`` lines of ``index.html``), and the tests import it."""

LANGUAGE_LIST = [
    {"code": "de", "name": "Deutsch", "plurals": ["one", "other"]},
    {"code": "en", "name": "English", "plurals": ["one", "other"]},
    {"code": "es", "name": "Español", "plurals": ["one", "many", "other"]},
    {"code": "ms", "name": "Bahasa Melayu", "plurals": ["other"]},
]
