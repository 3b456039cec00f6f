"""The page's HTML builder (ui/html.py ``h``): what it is given as text is escaped, in
attributes and between tags; what it made itself goes in as it is; and it writes the same HTML
under the page's MicroPython as under CPython (whose dicts keep an order MicroPython's do not)."""

from __future__ import annotations

import json

from tags import attrs_of, tags
from test_micropython import micropython

from ui.html import TITLE, dialog_buttons, dialog_title, fragment, h, raw

HOSTILE = "\"><script>alert('x')</script>&amp;"


def test_text_and_attribute_values_are_escaped_by_construction() -> None:
    made = str(h("p", {"title": HOSTILE, "data-name": HOSTILE}, HOSTILE))
    assert "<script>" not in made and made.count("<") == 2  # <p ...> and </p> only
    attrs = attrs_of(made, "title")
    assert attrs["title"] == attrs["data-name"] == HOSTILE, "read back as it was given"
    assert made.endswith(
        ">&quot;&gt;&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;&amp;amp;</p>"
    )


def test_what_the_builder_made_goes_in_as_it_is_and_nothing_else_does() -> None:
    inner = h("b", {}, "x")
    made = str(h("p", {}, inner, "<i>", raw("<i>y</i>"), [h("u", {}, 1), [2, None]], None, False))
    assert made == "<p><b>x</b>&lt;i&gt;<i>y</i><u>1</u>2</p>"


def test_true_writes_an_attribute_bare_none_and_false_leave_it_out() -> None:
    made = str(h("button", {"disabled": True, "hidden": False, "title": None, "value": ""}))
    assert made == '<button disabled value=""></button>'
    assert str(h("input", {"type": "text"}, "ignored")) == '<input type="text">', "void"


def test_attributes_come_in_their_names_order_whatever_the_dict_order() -> None:
    one = str(h("a", {"href": "x", "class": "btn", "data-action": "export"}))
    other = str(h("a", {"data-action": "export", "href": "x", "class": "btn"}))
    assert one == other == '<a class="btn" data-action="export" href="x"></a>'


def test_html_made_joins_text_as_text_and_a_dialog_has_its_title_and_buttons() -> None:
    assert "<p>" + h("b", {}, "x") == "<p><b>x</b>" and h("b", {}, "x") + "!" == "<b>x</b>!"
    made = fragment(dialog_title("Hi & bye", "big"), dialog_buttons(h("button", {}, "OK")))
    assert [t for t, _ in tags(made)] == ["h2", "div", "button"]
    assert attrs_of(made, "id") == {"id": TITLE, "class": "big"}
    assert '<div class="dlg-buttons"><button>OK</button></div>' in made and "Hi &amp; bye" in made


CALLS = [
    ("p", {"title": HOSTILE, "class": "a b", "data-x": 3, "hidden": True, "lang": None}, HOSTILE),
    ("button", {"type": "button", "data-action": "x", "aria-label": "é", "disabled": False}, "ok"),
    ("input", {"value": "", "placeholder": "«»", "maxlength": "48"}),
]


def test_the_same_html_under_micropython_as_under_cpython() -> None:
    expected = [str(h(*call)) for call in CALLS] + [fragment(dialog_title("T"), raw("<i></i>"))]
    code = (
        "import json\nfrom ui.html import h, fragment, dialog_title, raw\n"
        f"calls = json.loads({json.dumps(CALLS)!r})\n"
        "out = [str(h(*call)) for call in calls] + [fragment(dialog_title('T'), raw('<i></i>'))]\n"
        "print('@@' + json.dumps(out))\n"
    )
    got = json.loads(micropython(code).split("@@")[-1])
    assert got == expected
