"""A few DOM helpers for the page (MicroPython in the browser; never imported by the tests)."""

import json

import js
from pyscript import ffi

from ..i18n import ENGLISH, Catalog

KEEP = []  # proxies handed to the browser live as long as the page


def q(selector):
    """The first element matching ``selector``, or None."""
    return js.document.querySelector(selector)


def q_all(selector):
    found = js.document.querySelectorAll(selector)
    return [found.item(i) for i in range(found.length)]


def proxy_of(fn):
    """A Python function the browser may call for as long as the page lives."""
    proxy = ffi.create_proxy(fn)
    KEEP.append(proxy)
    return proxy


def listen(target, event, handler, capture=False):
    target.addEventListener(event, proxy_of(handler), capture)


def attr(el, name):
    """An attribute's text, or None when it is missing."""
    if el is None or not el.hasAttribute(name):
        return None
    return str(el.getAttribute(name))


def closest(el, selector):
    if el is None or not hasattr(el, "closest"):
        return None
    return el.closest(selector)


def options(**entries):
    """A plain JavaScript object (JSON-able values only)."""
    return js.JSON.parse(json.dumps(entries))


def blob_url(text, mime):
    """A ``blob:`` address of ``text`` for a download link (revoke it when done)."""
    return str(js.URL.createObjectURL(js.Blob.new(js.Array.of(text), options(type=mime))))


def warn(text):
    js.console.warn("longana: " + str(text))


async def fetch_json(url):
    """A JSON file of the site (each fetched once: ui/boot.js asked for the catalogs already)."""
    text = await js.longanaBoot.text(url)
    if not text:
        raise OSError(url + ": not fetched")
    return json.loads(str(text))


async def load_catalog(lang):
    """(catalog of ``lang`` over English, whether it failed and English is shown instead)."""
    english = await fetch_json("./locales/en.json")
    if lang == ENGLISH:
        return Catalog(english), False
    try:
        return Catalog(await fetch_json("./locales/" + lang + ".json"), english), False
    except Exception:  # noqa: BLE001 - play in English and say so
        return Catalog(english), True
