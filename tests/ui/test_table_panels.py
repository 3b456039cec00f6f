"""What a table across devices shows (issue 35: ui/table_panels.py, and the seats' plates of
ui/render.py): built by the HTML builder (a code or a link that holds markup is text, never
markup), Settings' part by what this device may do (host, guest, or a class match that is
never hosted: why, in words), every seat's pairing section by its state, the host's plates of
its guests' seats (on their device, or that device away), and the words of every language."""

from __future__ import annotations

import json
from html import unescape
from typing import Any

import pytest
from conftest import ask, catalog, start
from tags import attrs_of, tags

from ui import render, table_panels
from ui.controller import Interaction
from ui.i18n import LANGUAGES, Catalog

CAT = Catalog(catalog("en"))
PEOPLE = ["person"] * 4


def actions(html: str) -> set[str | None]:
    return {attrs.get("data-action") for _, attrs in tags(html) if "data-action" in attrs}


def test_settings_offer_hosting_joining_or_say_why_not() -> None:
    host = table_panels.settings_part(CAT, False)
    assert actions(host) == {"table-host", "table-join"}
    guest = table_panels.settings_part(CAT, True)
    assert actions(guest) == {"table-join"}
    locked = table_panels.settings_part(CAT, False, class_match=True)
    assert actions(locked) == {"table-join"}
    assert attrs_of(locked, "data-table-locked") is not None
    assert CAT.t("devices.class_locked") in unescape(locked)


@pytest.mark.parametrize("state", table_panels.STATES)
def test_a_seats_section_by_its_state(state: str) -> None:
    shown = {"seat": "E", "state": state, "code": "ABC<b>", "link": 'x" onclick="y', "svg": ""}
    shown["error"] = "<i>bad</i>" if state == table_panels.LEFT else ""
    html = table_panels.seat_section(CAT, shown)
    section = attrs_of(html, "data-pair-seat", "E")
    assert section["data-pair-state"] == state
    assert CAT.t("devices.state." + state, seat=CAT.seat("E")) in unescape(html)
    assert "<b>" not in html and "<i>" not in html and "onclick" not in dict(tags(html)[0][1])
    offered = state in (table_panels.WAITING, table_panels.LEFT)
    assert ("pair-accept" in actions(html)) == offered
    assert ("pair-computer" in actions(html)) == (state == table_panels.LEFT)
    if offered:
        assert attrs_of(html, "data-pair-link")["href"] == 'x" onclick="y'
        assert attrs_of(html, "data-pair-answer")["data-seat"] == "E"
    error = attrs_of(html, "data-pair-error")
    assert ("hidden" in error) == (not shown["error"])


def test_the_qr_code_is_marked_and_nothing_else_passes_as_markup() -> None:
    html = table_panels.join_html(CAT, "N", "ANSWER<script>", '<svg data-qr="1"><rect/></svg>')
    assert attrs_of(html, "data-join-qr") is not None
    assert "<script>" not in html and "ANSWER&lt;script&gt;" in html
    assert str(table_panels.marked_svg("<img src=x>", "data-join-qr")) == ""


def hosted_frames() -> tuple[dict[str, Any], dict[str, Any]]:
    """The host's frame and East's (a guest's) of a table whose East plays on its device."""
    game, _ = start("21", PEOPLE)
    host = ask(game, do="table", remote=["E"])["frame"]
    east = ask(game, do="guest", seat="E", intent={"do": "frame"})["guest"]["frame"]
    return host, east


def kind(frame: dict[str, Any], seat: str, interaction: Interaction) -> str:
    html = render.seat_html(frame, seat, CAT, interaction)  # type: ignore[arg-type]
    return unescape(html.split('<small class="kind">')[1].split("</small>")[0])


def test_the_hosts_plates_say_a_guests_seat_is_on_its_device_and_whether_it_is_away() -> None:
    host, east = hosted_frames()
    here = Interaction()
    assert kind(host, "E", here) == CAT.t("kind.device")
    here.away = ["E"]
    assert kind(host, "E", here) == CAT.t("kind.away")
    assert kind(host, "N", here) == CAT.t("kind.person")
    there = Interaction()
    there.holder = "E"
    assert kind(east, "E", there) == CAT.t("kind.you")
    assert kind(east, "S", there) == CAT.t("kind.person"), "a guest's plates say the kinds"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_word_of_a_table_across_devices_is_in_each_language(lang: str) -> None:
    cat = Catalog(catalog(lang))
    english = json.dumps(catalog("en")["devices"])
    shown = [
        table_panels.settings_part(cat, False),
        table_panels.settings_part(cat, False, class_match=True),
        table_panels.guest_settings_html(cat, {"en": "English", lang: lang}),
        table_panels.join_again_html(cat, cat.t("devices.join_again")),
        cat.t("kind.device"),
        cat.t("kind.away"),
        cat.t("devices.refused.busy"),
    ]
    for text in shown:
        assert "devices." not in text and "kind." not in text, text
    if lang != "en":
        assert cat.t("devices.class_locked") not in english
