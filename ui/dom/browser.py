"""A few DOM helpers for the page's rooms (MicroPython in the browser; under CPython the tests
give them a stand-in browser, tests/ui/dom/fakedom.py)."""

import asyncio
import json

import js
from pyscript import ffi

from ..i18n import ENGLISH, Catalog

TYPE_CHECKING = False  # mypy takes it as true: the browser's types, never imported at runtime
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from js import Element

ARROWS = {"ArrowUp": -1, "ArrowLeft": -1, "ArrowDown": 1, "ArrowRight": 1}
ENDS = {"Home": 0, "End": -1}
KEEP: "list[Any]" = []  # proxies handed to the browser live as long as the page
FOCUSED = ("data-tile", "data-target", "data-action", "data-preview")  # what focus comes back to


def q(selector: str) -> "Element | None":
    """The first element matching ``selector``, or None."""
    return js.document.querySelector(selector)


def focus(selector: str) -> None:
    """The first element matching ``selector`` (if any) takes the focus."""
    el = q(selector)
    if el is not None:
        el.focus()


def q_all(selector: str) -> "list[Element]":
    found = js.document.querySelectorAll(selector)
    return [found.item(i) for i in range(found.length)]


def proxy_of(fn: "Callable[..., Any]") -> "Any":
    """A Python function the browser may call for as long as the page lives."""
    proxy = ffi.create_proxy(fn)
    KEEP.append(proxy)
    return proxy


def listen(
    target: "Any", event: str, handler: "Callable[[Any], None]", capture: bool = False
) -> None:
    target.addEventListener(event, proxy_of(handler), capture)


def attr(el: "Element | None", name: str) -> "str | None":
    """An attribute's text, or None when it is missing."""
    if el is None or not el.hasAttribute(name):
        return None
    return str(el.getAttribute(name))


def closest(el: "Any", selector: str) -> "Element | None":
    """``el`` or its nearest ancestor that matches (None for the document, the window…)."""
    if el is None or not hasattr(el, "closest"):
        return None
    found: Element | None = el.closest(selector)
    return found


def rove(event: "Any", key: str, item: "Element", items: "list[Element]") -> bool:
    """In a list that is one tab stop (``items``), the arrow keys, Home and End move the
    focus on from ``item``: True when ``key`` was one of them."""
    if key not in ARROWS and key not in ENDS or not items:
        return False
    event.preventDefault()
    at = 0
    for i, el in enumerate(items):
        if el == item:
            at = i
    nxt = items[ENDS[key] if key in ENDS else (at + ARROWS[key]) % len(items)]
    for el in items:
        el.setAttribute("tabindex", "-1")
    nxt.setAttribute("tabindex", "0")
    nxt.focus()
    return True


def tag_of(el: "Any") -> str:
    """An element's tag name in lower case ("" when it is none)."""
    return str(el.tagName).lower() if el is not None and hasattr(el, "tagName") else ""


def focus_key() -> "str | None":
    """A selector for what has the focus, to give it back after a redraw or a dialog."""
    el = js.document.activeElement
    if el is None or el == js.document.body or not hasattr(el, "getAttribute"):
        return None
    for name in FOCUSED:
        value = el.getAttribute(name)
        if value:
            return "[" + name + '="' + str(value) + '"]'
    return None


def options(**entries: "Any") -> "Any":
    """A plain JavaScript object (JSON-able values only)."""
    return js.JSON.parse(json.dumps(entries))


def blob_url(text: str, mime: str) -> str:
    """A ``blob:`` address of ``text`` for a download link (revoke it when done)."""
    return str(js.URL.createObjectURL(js.Blob.new(js.Array.of(text), options(type=mime))))


def warn(text: "Any") -> None:
    js.console.warn("longana: " + str(text))


def run(result: "Any") -> None:
    """A handler's result: a coroutine runs without being waited on (its error is warned of,
    the page goes on); anything else was done already."""
    if result is not None and hasattr(result, "send"):
        asyncio.create_task(guarded(result))


async def guarded(coroutine: "Any") -> None:
    try:
        await coroutine
    except Exception as error:  # noqa: BLE001 - report, keep the page alive
        warn(type(error).__name__ + ": " + str(error))


async def fetch_json(url: str) -> "Any":
    """A JSON file of the site (each fetched once: ui/boot.js asked for the catalogs already)."""
    text = await js.longanaBoot.text(url)
    if not text:
        raise OSError(url + ": not fetched")
    return json.loads(str(text))


async def load_catalog(lang: str) -> "tuple[Catalog, bool]":
    """(catalog of ``lang`` over English, whether it failed and English is shown instead)."""
    english = await fetch_json("./locales/en.json")
    if lang == ENGLISH:
        return Catalog(english), False
    try:
        return Catalog(await fetch_json("./locales/" + lang + ".json"), english), False
    except Exception:  # noqa: BLE001 - play in English and say so
        return Catalog(english), True


def guard(fn: "Callable[[Any], None]") -> "Callable[[Any], None]":
    """An event handler whose error is warned of: the page stays alive."""

    def handler(event: "Any") -> None:
        try:
            fn(event)
        except Exception as error:  # noqa: BLE001 - report, keep the page alive
            warn(type(error).__name__ + ": " + str(error))

    return handler
