"""The message catalog: every word a player sees comes from ``locales/<lang>.json``.

Keys are dotted paths into nested objects (``"why.closed"``); ``{name}`` placeholders are filled
from keyword arguments. A key missing in a language falls back to English, then to the key
itself, so a half-translated catalog still gives a playable page.
"""

from __future__ import annotations

import json
from typing import Any

from longana import SEAT_NAMES, Tile


class Catalog:
    def __init__(self, messages: dict[str, Any], fallback: dict[str, Any] | None = None) -> None:
        self.messages = messages
        self.fallback = fallback or {}
        self.lang = str(messages.get("lang", "en"))

    @classmethod
    def from_file(cls, path: str, fallback_path: str | None = None) -> Catalog:
        with open(path, encoding="utf-8") as f:
            messages = json.load(f)
        fallback = None
        if fallback_path and fallback_path != path:
            with open(fallback_path, encoding="utf-8") as f:
                fallback = json.load(f)
        return cls(messages, fallback)

    def raw(self, key: str) -> Any:
        for source in (self.messages, self.fallback):
            node: Any = source
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
        return fill(text, params)

    def plural(self, key: str, n: int, **params: Any) -> str:
        forms = self.raw(key)
        if not isinstance(forms, dict):
            return key
        text = forms.get("one" if n == 1 else "other") or forms.get("other") or key
        return fill(str(text), {"n": n, **params})

    # -- game words -------------------------------------------------------------------------

    def seat(self, seat: int | str) -> str:
        letter = seat if isinstance(seat, str) else SEAT_NAMES[seat]
        return self.t(f"seat.{letter}")

    def branch(self, seat: int | str) -> str:
        letter = seat if isinstance(seat, str) else SEAT_NAMES[seat]
        return self.t(f"branch_of.{letter}")

    def number(self, n: int) -> str:
        words = self.raw("numbers")
        return str(words[n]) if isinstance(words, list) and 0 <= n < len(words) else str(n)

    def tile(self, tile: Tile | str) -> str:
        """The spoken name of a tile: "seven–three"."""
        t = Tile.parse(tile) if isinstance(tile, str) else tile
        return self.t("tile_name", high=self.number(t.high), low=self.number(t.low))

    def join(self, items: list[str]) -> str:
        if len(items) <= 1:
            return "".join(items)
        return self.t("list_sep").join(items[:-1]) + self.t("list_and") + items[-1]


def fill(text: str, params: dict[str, Any]) -> str:
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
        name = text[j + 1:k]
        out.append(str(params[name]) if name in params else text[j:k + 1])
        i = k + 1
    return "".join(out)
