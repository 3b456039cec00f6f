"""A stand-in for the browser, enough for the page's rooms (``ui/dom/``) under CPython: a
document of elements parsed from the HTML the page writes, CSS selectors of the kinds the page
uses (tags, ``#id``, ``.class``, ``[attr]``, ``[attr="value"]``, ``:not(…)``, descendants,
lists), data attributes, focus, events, and the few browser calls the page makes (``js``) and
PyScript's ``ffi``. Nothing is laid out: an element's size is what a test gives it
(``clientWidth``, ``rect``)."""

from __future__ import annotations

import asyncio
import json
import re
import types
from collections.abc import Callable, Iterator
from html.parser import HTMLParser
from typing import Any

VOID = {"input", "br", "img", "meta", "hr", "link", "source", "area", "col", "wbr"}


def camel(name: str) -> str:
    """``data-hand-number`` -> ``handNumber`` (a dataset's key)."""
    head, *rest = name.removeprefix("data-").split("-")
    return head + "".join(p[:1].upper() + p[1:] for p in rest)


def dashed(key: str) -> str:
    """``handNumber`` -> ``data-hand-number``."""
    return "data-" + re.sub(r"[A-Z]", lambda m: "-" + m.group(0).lower(), key)


class Text:
    def __init__(self, text: str) -> None:
        self.text = text
        self.parentNode: Element | None = None

    def html(self) -> str:
        return self.text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


class Dataset:
    """``el.dataset``: the element's ``data-*`` attributes by their camel-case keys."""

    def __init__(self, el: Element) -> None:
        object.__setattr__(self, "_el", el)

    def __getattr__(self, key: str) -> Any:
        value = self._el.attrs.get(dashed(key))
        if value is None:  # as MicroPython reads a missing property: undefined
            raise AttributeError(key)
        return value

    def __setattr__(self, key: str, value: Any) -> None:
        self._el.attrs[dashed(key)] = str(value)

    def __delattr__(self, key: str) -> None:
        self._el.attrs.pop(dashed(key), None)


class ClassList:
    def __init__(self, el: Element) -> None:
        self.el = el

    def names(self) -> list[str]:
        return self.el.attrs.get("class", "").split()

    def add(self, *names: str) -> None:
        kept = self.names()
        self.el.attrs["class"] = " ".join(kept + [n for n in names if n not in kept])

    def remove(self, *names: str) -> None:
        self.el.attrs["class"] = " ".join(n for n in self.names() if n not in names)

    def contains(self, name: str) -> bool:
        return name in self.names()


class Style:
    def __init__(self) -> None:
        self.values: dict[str, str] = {}

    def __getattr__(self, name: str) -> str:
        return self.__dict__.get("values", {}).get(name, "")

    def __setattr__(self, name: str, value: Any) -> None:
        if name == "values":
            object.__setattr__(self, name, value)
        else:
            self.values[name] = str(value)


class Rect:
    def __init__(self, left: float = 0, top: float = 0, width: float = 0, height: float = 0):
        self.left, self.top, self.width, self.height = left, top, width, height


class NodeList:
    def __init__(self, items: list[Element]) -> None:
        self.items = items
        self.length = len(items)

    def item(self, i: int) -> Element:
        return self.items[i]

    def __iter__(self) -> Iterator[Element]:
        return iter(self.items)


class Element:
    """An element: its attributes are the truth (``id``, ``className``, ``dataset``,
    ``hidden``, ``disabled`` read and write them)."""

    PROPS = {"id": "id", "className": "class", "href": "href", "type": "type", "name": "name"}

    def __init__(self, doc: Document, tag: str, attrs: dict[str, str] | None = None) -> None:
        d = self.__dict__
        d["doc"] = doc
        d["tagName"] = tag.upper()
        d["attrs"] = dict(attrs or {})
        d["children"] = []
        d["parentNode"] = None
        d["dataset"] = Dataset(self)
        d["classList"] = ClassList(self)
        d["style"] = Style()
        d["listeners"] = []
        d["value"] = self.attrs.get("value", "")
        d["files"] = None
        d["open"] = "open" in self.attrs
        d["rect"] = Rect()
        d["clientWidth"] = 0
        d["clientHeight"] = 0
        d["animations"] = []

    # -- attributes as properties ---------------------------------------------------------------

    def __getattr__(self, name: str) -> Any:
        props = Element.PROPS
        if name in props:
            return self.attrs.get(props[name], "")
        if name == "hidden":
            return "hidden" in self.attrs
        if name == "disabled":
            return "disabled" in self.attrs
        if name == "textLength":  # a text field's length, read without its text
            return len(self.value)
        raise AttributeError(name)

    def __setattr__(self, name: str, value: Any) -> None:
        if name in Element.PROPS:
            self.attrs[Element.PROPS[name]] = str(value)
        elif name in ("hidden", "disabled"):
            if value:
                self.attrs[name] = ""
            else:
                self.attrs.pop(name, None)
        elif name == "innerHTML":
            self.set_children(self.doc.parse(str(value)))
        elif name == "outerHTML":  # the element gives way to what the text makes
            self.insertAdjacentHTML("afterend", str(value))
            self.remove()
        elif name == "textContent":
            self.set_children([Text(str(value))])
        else:
            self.__dict__[name] = value

    def getAttribute(self, name: str) -> str | None:
        return self.attrs.get(name)

    def setAttribute(self, name: str, value: Any) -> None:
        self.attrs[name] = str(value)

    def hasAttribute(self, name: str) -> bool:
        return name in self.attrs

    def removeAttribute(self, name: str) -> None:
        self.attrs.pop(name, None)

    # -- the tree -------------------------------------------------------------------------------

    def set_children(self, nodes: list[Element | Text]) -> None:
        for node in self.children:
            node.parentNode = None
        self.children[:] = []
        for node in nodes:
            self.adopt(node, len(self.children))

    def adopt(self, node: Element | Text | str, at: int) -> None:
        if isinstance(node, str):
            node = Text(node)
        if node.parentNode is not None:
            node.parentNode.children.remove(node)
        node.parentNode = self
        self.children.insert(at, node)

    def append(self, *nodes: Element | Text | str) -> None:
        for node in nodes:
            self.adopt(node, len(self.children))

    def insertBefore(self, node: Element, before: Element | None) -> None:
        at = self.children.index(before) if before in self.children else len(self.children)
        self.adopt(node, at)

    def insertAdjacentHTML(self, position: str, html: str) -> None:
        nodes = self.doc.parse(html)
        parent = self.parentNode
        if position == "beforeend":
            self.append(*nodes)
        elif position == "afterbegin":
            for k, node in enumerate(nodes):
                self.adopt(node, k)
        else:
            assert parent is not None
            at = parent.children.index(self) + (1 if position == "afterend" else 0)
            for k, node in enumerate(nodes):
                parent.adopt(node, at + k)

    def replaceWith(self, other: Element) -> None:  # noqa: N802 - the browser's name
        parent = self.parentNode
        if parent is None:
            return
        other.remove()
        at = parent.children.index(self)
        self.remove()
        parent.adopt(other, at)

    def remove(self) -> None:
        if self.parentNode is not None:
            self.parentNode.children.remove(self)
            self.parentNode = None
        if self.doc.activeElement is self or self.contains(self.doc.activeElement):
            self.doc.activeElement = self.doc.body

    def elements(self) -> list[Element]:
        return [c for c in self.children if isinstance(c, Element)]

    @property
    def firstElementChild(self) -> Element | None:
        kids = self.elements()
        return kids[0] if kids else None

    def walk(self) -> Iterator[Element]:
        for child in self.elements():
            yield child
            yield from child.walk()

    def contains(self, other: Any) -> bool:
        while isinstance(other, Element):
            if other is self:
                return True
            other = other.parentNode
        return False

    @property
    def textContent(self) -> str:
        return "".join(c.text if isinstance(c, Text) else c.textContent for c in self.children)

    @property
    def innerHTML(self) -> str:
        return "".join(c.html() for c in self.children)

    @property
    def outerHTML(self) -> str:
        return self.html()

    def html(self) -> str:
        tag = self.tagName.lower()
        attrs = "".join(
            " " + k + ('="' + v.replace('"', "&quot;") + '"' if v != "" else "")
            for k, v in self.attrs.items()
        )
        if tag in VOID:
            return "<" + tag + attrs + ">"
        return "<" + tag + attrs + ">" + self.innerHTML + "</" + tag + ">"

    # -- selectors ------------------------------------------------------------------------------

    def querySelectorAll(self, selector: str) -> NodeList:
        return NodeList([el for el in self.walk() if matches(el, selector)])

    def querySelector(self, selector: str) -> Element | None:
        for el in self.walk():
            if matches(el, selector):
                return el
        return None

    def matches(self, selector: str) -> bool:
        return matches(self, selector)

    def closest(self, selector: str) -> Element | None:
        el: Element | None = self
        while el is not None:
            if matches(el, selector):
                return el
            el = el.parentNode
        return None

    # -- what the page calls --------------------------------------------------------------------

    def focus(self) -> None:
        self.doc.activeElement = self

    def blur(self) -> None:
        if self.doc.activeElement is self:
            self.doc.activeElement = self.doc.body

    def showModal(self) -> None:
        self.attrs["open"] = ""

    def close(self) -> None:
        self.attrs.pop("open", None)

    def scrollIntoView(self, *_args: Any) -> None:
        pass

    def getBoundingClientRect(self) -> Rect:
        return self.rect

    def animate(self, frames: Any, options: Any) -> None:
        self.animations.append((frames, options))

    def addEventListener(self, kind: str, handler: Callable[..., Any], capture: bool = False):
        self.listeners.append((kind, handler))

    def click(self) -> None:
        self.doc.dispatch("click", self)

    def __repr__(self) -> str:
        return "<" + self.tagName.lower() + " " + json.dumps(self.attrs) + ">"


class Parser(HTMLParser):
    def __init__(self, doc: Document) -> None:
        super().__init__(convert_charrefs=True)
        self.doc = doc
        self.top = Element(doc, "fragment")
        self.stack = [self.top]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        el = Element(self.doc, tag, {k: v or "" for k, v in attrs})
        self.stack[-1].append(el)
        if tag not in VOID:
            self.stack.append(el)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.stack[-1].append(Element(self.doc, tag, {k: v or "" for k, v in attrs}))

    def handle_endtag(self, tag: str) -> None:
        for k in range(len(self.stack) - 1, 0, -1):
            if self.stack[k].tagName == tag.upper():
                del self.stack[k:]
                return

    def handle_data(self, data: str) -> None:
        self.stack[-1].append(Text(data))


# -- selectors --------------------------------------------------------------------------------

COMPOUND = re.compile(
    r"""(?P<tag>^[a-zA-Z*][\w-]*)|\#(?P<id>[\w-]+)|\.(?P<cls>[\w-]+)
    |\[(?P<attr>[\w-]+)(?:="(?P<value>[^"]*)"|='(?P<value2>[^']*)')?\]
    |:not\((?P<not>[^)]*)\)""",
    re.X,
)


def split_outside(text: str, sep: str) -> list[str]:
    """``text`` split at ``sep`` where it stands outside quotes, brackets and parentheses."""
    parts, depth, quote, start = [], 0, "", 0
    for i, ch in enumerate(text):
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "\"'":
            quote = ch
        elif ch in "[(":
            depth += 1
        elif ch in "])":
            depth -= 1
        elif depth == 0 and text.startswith(sep, i):
            parts.append(text[start:i])
            start = i + len(sep)
    parts.append(text[start:])
    return [p.strip() for p in parts if p.strip()]


def matches_compound(el: Element, compound: str) -> bool:
    pos = 0
    while pos < len(compound):
        m = COMPOUND.match(compound, pos)
        assert m is not None and m.end() > pos, f"selector not understood: {compound!r}"
        pos = m.end()
        if m["tag"] and m["tag"] != "*" and el.tagName != m["tag"].upper():
            return False
        if m["id"] and el.attrs.get("id") != m["id"]:
            return False
        if m["cls"] and not el.classList.contains(m["cls"]):
            return False
        if m["attr"]:
            value = m["value"] if m["value"] is not None else m["value2"]
            if m["attr"] not in el.attrs or (value is not None and el.attrs[m["attr"]] != value):
                return False
        if m["not"] and matches_compound(el, m["not"]):
            return False
    return True


def matches(el: Element, selector: str) -> bool:
    for one in split_outside(selector, ","):
        steps = split_outside(one, " ")
        if not matches_compound(el, steps[-1]):
            continue
        up: Element | None = el.parentNode
        ok = True
        for step in reversed(steps[:-1]):
            while up is not None and not matches_compound(up, step):
                up = up.parentNode
            if up is None:
                ok = False
                break
            up = up.parentNode
        if ok:
            return True
    return False


# -- the document and the rest of ``js`` ------------------------------------------------------


class Event:
    def __init__(self, kind: str, target: Any, **props: Any) -> None:
        self.type, self.target = kind, target
        self.key = props.pop("key", None)
        self.ctrlKey = self.metaKey = self.altKey = False
        self.defaultPrevented = False
        self.__dict__.update(props)

    def preventDefault(self) -> None:
        self.defaultPrevented = True


class Document:
    def __init__(self) -> None:
        self.documentElement = Element(self, "html")
        head, self.body = Element(self, "head"), Element(self, "body")
        self.documentElement.append(head, self.body)
        head.append(Element(self, "meta", {"name": "description", "content": ""}))
        self.body.innerHTML = '<div id="app" hidden></div><div id="dialogs"></div>'
        self.activeElement: Element | None = self.body
        self.title = ""
        self.hidden = False
        self.listeners: list[tuple[str, Callable[..., Any], bool]] = []

    def parse(self, html: str) -> list[Element | Text]:
        parser = Parser(self)
        parser.feed(html)
        parser.close()
        nodes = list(parser.top.children)
        for node in nodes:
            node.parentNode = None
        return nodes

    def createElement(self, tag: str) -> Element:
        return Element(self, tag)

    def querySelector(self, selector: str) -> Element | None:
        return self.documentElement.querySelector(selector)

    def querySelectorAll(self, selector: str) -> NodeList:
        return self.documentElement.querySelectorAll(selector)

    def addEventListener(self, kind: str, handler: Callable[..., Any], capture: bool = False):
        self.listeners.append((kind, handler, capture))

    def elementFromPoint(self, x: float, y: float) -> Element | None:
        return None

    def dispatch(self, kind: str, target: Element, **props: Any) -> Event:
        """``kind`` on ``target``: its own listeners and its ancestors', then the document's."""
        event = Event(kind, target, **props)
        el: Element | None = target
        while el is not None:
            for k, handler in list(el.listeners):
                if k == kind:
                    handler(event)
            el = el.parentNode
        for k, handler, _capture in list(self.listeners):
            if k == kind:
                handler(event)
        return event


class Performance:
    def __init__(self) -> None:
        self.marks: list[str] = []
        self.clock = 1000.0

    def now(self) -> float:
        self.clock += 1
        return self.clock

    def mark(self, name: str) -> None:
        self.marks.append(name)

    def getEntriesByName(self, name: str) -> NodeList:
        return NodeList([name] * self.marks.count(name))  # type: ignore[list-item]


class Worker:
    """A game worker as ui/boot.js hands it over, around ``table`` (a ``longana.protocol.Game``
    in this process): every intent it was sent is kept in ``got``."""

    def __init__(self, table: Any) -> None:
        self.table = table
        self.got: list[dict[str, Any]] = []

    async def call(self, text: str) -> str:
        self.got.append(json.loads(text))
        await asyncio.sleep(0)  # the answer comes in a later turn, as from a worker
        return str(self.table.handle(text))

    def why(self) -> str:
        return ""

    def end(self) -> None:
        pass


class Boot:
    """``longanaBoot`` of ui/boot.js: what the page asked of it is kept in ``calls``; its game
    worker is ``worker`` (see :class:`Worker`)."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, tuple[Any, ...]]] = []
        self.worker: Worker | None = None
        self.waits: list[int] = []

    def game(self) -> Worker | None:
        return self.worker

    async def turn(self) -> None:
        pass

    async def withFile(self, head: str, field: str, file: Any) -> Any:  # noqa: N802 - its name
        intent = json.loads(head)
        if isinstance(intent[field], list):
            intent[field].append(file)
        else:
            intent[field] = file
        return json.dumps(intent)

    def patient(self, text: Any, ms: int) -> str:
        """An intent's text the worker may take ``ms`` to answer (kept in ``waits``)."""
        self.waits.append(ms)
        return str(text)

    def __getattr__(self, name: str) -> Callable[..., Any]:
        def call(*args: Any) -> Any:
            self.calls.append((name, args))
            return None

        return call


class Window:
    def __init__(self) -> None:
        self.innerWidth = 1366
        self.confirmed = True
        self.listeners: list[tuple[str, Any]] = []

    def confirm(self, text: str) -> bool:
        return self.confirmed

    def print(self) -> None:
        pass

    def addEventListener(self, kind: str, handler: Any, capture: bool = False) -> None:
        self.listeners.append((kind, handler))


class Observer:
    """A ResizeObserver: what it watches (nothing is ever resized here)."""

    def __init__(self, callback: Any) -> None:
        self.callback = callback
        self.watched: list[Element] = []

    def observe(self, el: Element) -> None:
        self.watched.append(el)

    def unobserve(self, el: Element) -> None:
        if el in self.watched:
            self.watched.remove(el)


class Toasts:
    """``longanaToasts`` of ui/toasts.js, written again over the stand-in document."""

    def __init__(self, doc: Document) -> None:
        self.doc = doc

    def layer(self) -> Element:
        found = self.doc.querySelector("#toasts")
        if found is None:
            found = self.doc.createElement("div")
            found.id = "toasts"
            found.className = "toasts"
            found.setAttribute("role", "status")
            self.doc.body.append(found)
        return found

    def show(self, id: str, text: str) -> Element:
        self.drop(id)
        item = self.doc.createElement("p")
        item.className = "toast"
        item.dataset.notice = id
        item.textContent = text
        self.layer().append(item)
        return item

    def shown(self, id: str) -> bool:
        return self.doc.querySelector('#toasts [data-notice="' + id + '"]') is not None

    def drop(self, id: str) -> None:
        for item in self.doc.querySelectorAll('#toasts [data-notice="' + id + '"]'):
            item.remove()

    def act(self, item: Element, action: str, label: str, file: str = "") -> Element:
        button = self.doc.createElement("a" if file else "button")
        button.className = "btn small"
        button.dataset.action = action
        button.textContent = label
        if file:
            button.href = "#"
            button.setAttribute("download", file)
        item.classList.add("with-action")
        item.append(" ", button)
        return button


def js_module() -> types.ModuleType:
    """A fresh ``js`` with an empty page (``#app``, ``#dialogs``)."""
    js = types.ModuleType("js")
    doc = Document()
    urls: list[str] = []

    def create_url(blob: Any) -> str:
        urls.append("blob:" + str(len(urls)))
        return urls[-1]

    values: dict[str, Any] = {
        "document": doc,
        "window": Window(),
        "performance": Performance(),
        "console": types.SimpleNamespace(warned=[], warn=lambda *a: js.console.warned.append(a)),
        "matchMedia": lambda query: types.SimpleNamespace(matches=False),
        "URL": types.SimpleNamespace(createObjectURL=create_url, revokeObjectURL=lambda u: None),
        "Blob": types.SimpleNamespace(new=lambda parts, options: ("blob", parts)),
        "Array": types.SimpleNamespace(of=lambda *a: list(a)),
        "JSON": types.SimpleNamespace(parse=json.loads),
        "location": types.SimpleNamespace(pathname="/", search="", hash=""),
        "history": types.SimpleNamespace(state=None, replaceState=lambda *a: None),
        "navigator": types.SimpleNamespace(languages=None),
        "longanaBoot": Boot(),
        "longanaToasts": Toasts(doc),
        "ResizeObserver": types.SimpleNamespace(new=Observer),
        "Date": types.SimpleNamespace(
            new=lambda: types.SimpleNamespace(toISOString=lambda: "2026-12-02T10:00:00Z")
        ),
    }
    for name, value in values.items():
        setattr(js, name, value)
    return js


def pyscript_modules() -> tuple[types.ModuleType, types.ModuleType]:
    pyscript = types.ModuleType("pyscript")
    ffi = types.ModuleType("pyscript.ffi")
    ffi.create_proxy = lambda fn: fn  # type: ignore[attr-defined]
    pyscript.ffi = ffi  # type: ignore[attr-defined]
    return pyscript, ffi
