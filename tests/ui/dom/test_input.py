"""The person's input (ui/dom/input.py, keys.py): a press goes to its one handler; Enter (a
phone's Go key) in a dialog's one-line field presses that field's button, and the field says
so to a phone's keyboard; Escape closes a dialog that may be closed; a tap selects only the
holder's tiles."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from ui import class_panels, class_table_panel, panels

FIELDS = [
    # (dialog, its HTML, the field, the button Enter presses)
    (
        "class-name",
        lambda cat: class_panels.name_html(cat, "", ""),
        "[data-class-name]",
        "class-name",
    ),
    (
        "settings",
        lambda cat: (
            panels.settings_html(
                {"S": "person", "E": "computer", "N": "computer", "W": "computer"},
                "normal",
                "normal",
                "7",
                "en",
                cat,
                {"en": "English"},
            )
            + class_panels.settings_html(cat, None, "")
        ),
        '[data-setting="deal"]',
        "new-match",
    ),
    ("settings", None, '[data-setting="class"]', "class-join"),
    ("settings", None, '[data-setting="name"]', "close"),
    (
        "class-results",
        lambda cat: class_table_panel.results_class_html(cat, "", ""),
        "[data-results-class]",
        "results-class",
    ),
]


def recorded(page: Any) -> list[str]:
    """The table's handlers, each only noting that it was called."""
    pressed: list[str] = []
    for name in page.input.actions:
        page.input.actions[name] = lambda el, name=name: pressed.append(name)
    return pressed


@pytest.mark.parametrize("dialog, html, field, action", FIELDS)
def test_enter_in_a_dialogs_one_line_field_presses_its_button(
    js: Any, dom_page: Any, cat: Any, dialog: str, html: Any, field: str, action: str
) -> None:
    page = dom_page
    pressed = recorded(page)
    make = html or dict((d, h) for d, h, _, _ in FIELDS if h)[dialog]

    async def scene() -> None:
        opened = page.dialogs.open(dialog, make(cat))
        el = opened.querySelector("input" + field)
        assert el is not None, field
        assert el.getAttribute("enterkeyhint") == "go", "a phone's keyboard shows Go"
        js.document.dispatch("keydown", el, key="Enter")
        assert pressed == [action]
        button = opened.querySelector('[data-action="' + action + '"]')
        button.setAttribute("disabled", "")
        js.document.dispatch("keydown", el, key="Enter")
        assert pressed == [action], "not while its button is disabled"

    asyncio.run(scene())


def test_escape_closes_a_dialog_that_may_be_closed_through_the_table(
    js: Any, dom_page: Any
) -> None:
    page = dom_page
    pressed = recorded(page)

    async def scene() -> None:
        shut = page.dialogs.open("rules", "<p>x</p>")
        js.document.dispatch("cancel", shut)
        kept = page.dialogs.open("handoff", "<p>x</p>", cancellable=False)
        event = js.document.dispatch("cancel", kept)
        assert event.defaultPrevented and pressed == ["close"]

    asyncio.run(scene())


def test_a_tap_or_a_digit_selects_a_tile_of_the_holders_hand(js: Any, dom_page: Any) -> None:
    from ui import intents

    page = dom_page

    async def scene() -> None:
        seats = ["person", "computer", "computer", "computer"]
        reply = await page.ask(intents.start(None, seats, "normal", "11"))
        page.started.set()
        while reply["frame"]["turn"] is None or reply["frame"]["board"]["opening"] is None:
            frame = reply["frame"]
            if frame["turn"] is not None:
                intent = intents.play(frame["turn"]["moves"][0], frame["log"])
            else:
                intent = intents.computer(frame["log"])
            reply = await page.ask(intent)
        page.pause()
        page.ctl.receive(reply)
        page.render()
        mine = js.document.querySelector('#app [data-hand="S"] [data-tile]')
        mine.click()
        assert page.ctl.interaction.selected == mine.getAttribute("data-tile")
        page.ctl.clear()
        page.render()
        keyed = js.document.querySelector('#app .hand.up [data-key="2"]')
        js.document.dispatch("keydown", keyed, key="2")
        assert page.ctl.interaction.selected == keyed.getAttribute("data-tile")
        assert js.document.activeElement.getAttribute("data-tile") == keyed.getAttribute(
            "data-tile"
        )

    asyncio.run(scene())
