"""The page's HTML read as a browser would, for tests: elements with their attributes (whose
order in the text is the builder's, ui/html.py, and tells nothing)."""

from __future__ import annotations

from html.parser import HTMLParser


class Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.found.append((tag, dict(attrs)))


def tags(html: str) -> list[tuple[str, dict[str, str | None]]]:
    """Every element's name and attributes, in the order they open."""
    parser = Tags()
    parser.feed(html)
    return parser.found


def attrs_of(html: str, name: str, value: str | None = None) -> dict[str, str | None]:
    """The attributes of the first element with attribute ``name`` (of ``value``, if given)."""
    for _, attrs in tags(html):
        if name in attrs and (value is None or attrs[name] == value):
            return attrs
    raise AssertionError(f"no element with {name}={value!r}")
