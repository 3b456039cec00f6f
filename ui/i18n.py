"""The message catalog: every word a player sees comes from ``locales/<lang>.json``.

Keys are dotted paths into nested objects (``"why.closed"``); ``{name}`` placeholders are filled
from keyword arguments. A key missing in a language falls back to English, then to the key
itself, so a half-translated catalog still gives a playable page (a test keeps them complete).
Runs under MicroPython (the page) and CPython (the tests).
"""

try:
    from typing import Any
except ImportError:  # MicroPython: annotations are not evaluated
    pass

from .languages import LANGUAGE_LIST
from .notation import SEATS, pips

LANGUAGES = tuple(str(lang["code"]) for lang in LANGUAGE_LIST)
NAMES = {str(lang["code"]): str(lang["name"]) for lang in LANGUAGE_LIST}  # each in itself
PLURALS = {str(lang["code"]): tuple(lang["plurals"]) for lang in LANGUAGE_LIST}
ENGLISH = "en"


def plural_form(lang: str, n: int) -> str:
    """The CLDR plural category of a whole number ``n`` in ``lang``: "one" for 1 where the
    language has it, "many" for a nonzero multiple of a million (Spanish's, as in the other
    Romance languages), else "other"."""
    forms = PLURALS.get(lang, ("one", "other"))
    if n == 1 and "one" in forms:
        return "one"
    if "many" in forms and n != 0 and n % 1000000 == 0:
        return "many"
    return "other"


def pick_language(query_lang: Any, saved: Any, browser: Any) -> str:
    """The language shown, as interfaces.md orders it: ``?lang=``, the saved setting, the
    first of the browser's languages whose primary subtag is one of ours, else English."""
    for choice in (query_lang, saved):
        if isinstance(choice, str) and choice in LANGUAGES:
            return choice
    for tag in browser or ():
        primary = str(tag).split("-")[0].split("_")[0].lower()
        if primary in LANGUAGES:
            return primary
    return ENGLISH


class Catalog:
    def __init__(self, messages: "dict[str, Any]", fallback: Any = None) -> None:
        self.messages = messages
        self.fallback = fallback or {}
        self.lang = str(messages.get("lang", ENGLISH))

    def raw(self, key: str) -> Any:
        for source in (self.messages, self.fallback):
            node = source
            for part in key.split("."):
                if isinstance(node, dict) and part in node:
                    node = node[part]
                else:
                    node = None
                    break
            if node is not None:
                return node
        return None

    def t(self, key: str, **params: Any) -> str:
        text = self.raw(key)
        if not isinstance(text, str):
            return key
        return fill(text, tiled(params))

    def plural(self, key: str, n: int, **params: Any) -> str:
        forms = self.raw(key)
        if not isinstance(forms, dict):
            return key
        params["n"] = n
        return fill(self.form(forms, n), tiled(params))

    def form(self, forms: "dict[str, Any]", n: int) -> str:
        """The plural form of ``forms`` (a plural object) for a count of ``n``."""
        return str(forms.get(plural_form(self.lang, n)) or forms.get("other") or "")

    def listed(
        self, key: str, name: str, items: "list[Any]", word: str = "and", **params: Any
    ) -> str:
        """The template ``key`` with the placeholder ``name`` filled by ``items`` joined the
        language's way (:meth:`join`). A template that is a plural object is read in the form for
        the number of items, so it owns its article and case around the list ("an den Zweig von
        {over}" / "an die Zweige von {over}"); the items are bare names."""
        node = self.raw(key)
        if isinstance(node, dict):
            text = self.form(node, len(items))
        elif isinstance(node, str):
            text = node
        else:
            return key
        params[name] = self.join([str(x) for x in items], word)
        return fill(text, tiled(params))

    # -- game words -------------------------------------------------------------------------

    # a seat is its letter; the device's history (``longana:history``) names seats by number
    def seat(self, seat: Any) -> str:
        return self.t("seat." + letter(seat))

    def letter(self, seat: Any) -> str:
        """The seat's letter in the language shown (on the end caps, and its key)."""
        return self.t("seat_letter." + letter(seat))

    def branch(self, seat: Any) -> str:
        return self.t("branch_of." + letter(seat))

    def number(self, n: int) -> str:
        words = self.raw("numbers")
        return str(words[n]) if isinstance(words, list) and 0 <= n < len(words) else str(n)

    def decimal(self, x: float) -> str:
        """``x`` with at most one decimal, written the language's way (``3,5`` in German)."""
        return decimal(x, str(self.raw("decimal_point") or "."))

    def tile(self, tile: str) -> str:
        """The spoken name of a tile: "seven–three"."""
        high, low = pips(tile)
        return self.t("tile_name", high=self.number(high), low=self.number(low))

    def join(self, items: "list[str]", word: str = "and") -> str:
        """``items`` as the language lists them: "A", "A und B", "A, B und C"; ``word`` "or"
        for a choice ("9‑9 oder 8‑8")."""
        last = self.t("list_" + word)
        return join_words(items, self.t("list_sep"), last, self.lang)


def letter(seat: Any) -> str:
    """A seat's letter, from its letter or (the device's history) its number."""
    return seat if isinstance(seat, str) else SEATS[seat]


def decimal(x: float, point: str = ".") -> str:
    """``x`` rounded to tenths, the tenth written only when there is one: ``12.0`` → ``12``,
    ``-3.46`` → ``-3.5`` (``-3,5`` with ``point`` ``","``)."""
    tenths = int(round(x * 10))
    whole, part = divmod(abs(tenths), 10)
    return ("-" if tenths < 0 else "") + str(whole) + (point + str(part) if part else "")


def join_words(items: "list[str]", sep: str, last: str, lang: str = "") -> str:
    """``items`` joined by ``sep``, the last two by ``last`` (" and "). Spanish says *e* for
    *y* before an /i/ sound and *u* for *o* before an /o/ sound ("Ana e Inés", "7‑7 u 8‑8")."""
    if len(items) <= 1:
        return "".join(items)
    if lang == "es":
        last = spanish_conjunction(last, items[-1])
    return sep.join(items[:-1]) + last + items[-1]


def spanish_conjunction(word: str, following: str) -> str:
    """ " y " becomes " e " before an /i/ sound ("i…", "hi…", but not "hie…", "hia…", where the
    *i* is a glide); " o " becomes " u " before an /o/ sound ("o…", "ho…", and a number said
    "ocho…" or "once": 8, 80–89, 800…, 11)."""
    head = following.lstrip()
    if word == " y ":
        sound = head[1:] if head[:1] in ("h", "H") else head
        if sound[:1] in I_LETTERS and not (head[:1] in ("h", "H") and sound[1:2] in ("a", "e")):
            return " e "
    elif word == " o ":
        sound = head[1:] if head[:1] in ("h", "H") else head
        if (
            sound[:1] in O_LETTERS
            or head[:1] == "8"
            or head[:2] == "11"
            and not head[2:3].isdigit()
        ):
            return " u "
    return word


I_LETTERS = ("i", "I", "í", "Í")
O_LETTERS = ("o", "O", "ó", "Ó")


#: the parameters that hold tile names ("7-3", "9-9, 8-8")
TILE_PARAMS = ("tile", "doubles", "tiles")
NB_HYPHEN = "\u2011"


def tiled(params: "dict[str, Any]") -> "dict[str, Any]":
    """``params`` with the tile names' hyphens made non-breaking (:func:`tile_names`)."""
    for name in TILE_PARAMS:
        if name in params:
            params[name] = tile_names(str(params[name]))
    return params


def tile_names(text: str) -> str:
    """``text`` with each tile name's hyphen made non-breaking ("7-3" → "7‑3"), so that a line
    never ends in "7-" with the "3" on the next; other hyphens stay."""
    out = list(text)
    for i in range(1, len(out) - 1):
        if out[i] == "-" and out[i - 1].isdigit() and out[i + 1].isdigit():
            out[i] = NB_HYPHEN
    return "".join(out)


def fill(text: str, params: "dict[str, Any]") -> str:
    """Replace ``{name}`` with ``params[name]``; unknown names stay as they are."""
    out = []
    i = 0
    while i < len(text):
        j = text.find("{", i)
        if j < 0:
            out.append(text[i:])
            break
        k = text.find("}", j)
        if k < 0:
            out.append(text[i:])
            break
        out.append(text[i:j])
        name = text[j + 1 : k]
        out.append(str(params[name]) if name in params else text[j : k + 1])
        i = k + 1
    return "".join(out)
