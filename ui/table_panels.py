"""What a table across several devices shows (issue 35), as HTML built by :func:`ui.html.h`:
the host's pairing dialog (a section per seat that may be paired, with its QR code, link and
code, the field for the guest's answer, the camera), a guest's joining dialog (its answer as a
QR code and as text), and Settings' part (play on several devices, join a table). Words from
the catalog's ``devices`` section; runs under MicroPython and CPython alike (no DOM here:
ui/dom/table_host.py and ui/dom/table_guest.py put it on the page).
"""

from .html import dialog_buttons, dialog_title, fragment, h, raw
from .notation import SEATS
from .panels import action, choice, field

TYPE_CHECKING = False  # mypy takes it as true: the types, never imported at runtime
if TYPE_CHECKING:
    from typing import Any

    from longana.device.frame import Frame, Seat

    from .html import Html
    from .i18n import Catalog

WAITING, CONNECTING, JOINED, LEFT = "waiting", "connecting", "joined", "left"
STATES = (WAITING, CONNECTING, JOINED, LEFT)  # a seat's part of the host's dialog
TYPED: "dict[str, Any]" = {  # a code typed or pasted: no correction, no capitals made
    "type": "text",
    "autocomplete": "off",
    "autocapitalize": "off",
    "spellcheck": "false",
    "enterkeyhint": "go",
}


def marked_svg(svg: str, attribute: str) -> "Html":
    """A QR code's ``<svg>`` (drawn by the pinned npm ``qr``, ui/peer/qr.mjs) with
    ``attribute`` on it (``data-pair-qr``, ``data-join-qr``)."""
    return raw(svg.replace("<svg", "<svg " + attribute, 1) if svg.startswith("<svg") else "")


def settings_part(cat: "Catalog", guest: bool, class_match: bool = False) -> str:
    """Settings' part: make this device the table's host (not on a guest's; in a class match
    why not, in words: its results must stay comparable), join a table."""
    t = cat.t
    host: Any = None
    if class_match:
        host = h("p", {"class": "note", "data-table-locked": True}, t("devices.class_locked"))
    elif not guest:
        button = action("table-host", t("devices.host_button"), "btn")
        host = (h("p", {"class": "note"}, t("devices.host_note")), h("p", {}, button))
    legend = h("legend", {}, t("devices.title"))
    return str(h("fieldset", {"class": "devices"}, legend, host, raw(join_field(cat))))


def guest_settings_html(cat: "Catalog", names: "dict[str, str]") -> str:
    """Settings on a guest's device: its language (the seats, level and match are the
    host's), and another table's code."""
    t = cat.t
    langs = [
        h("option", {"value": k, "lang": k, "selected": k == cat.lang}, names[k])
        for k in sorted(names)
    ]
    return fragment(
        dialog_title(t("settings.title")),
        field(t("settings.language"), choice("lang", langs)),
        h("p", {"class": "note"}, t("devices.guest_settings")),
        raw(settings_part(cat, True)),
        dialog_buttons(action("close", t("actions.close"), autofocus=True)),
    )


def join_field(cat: "Catalog") -> str:
    """A table's code (or its link) pasted, and the button that joins with it."""
    t = cat.t
    typed = dict(TYPED)
    typed["data-join-input"], typed["name"] = True, "join"
    error = {"class": "field-error", "data-join-error": True, "role": "alert", "hidden": True}
    return fragment(
        field(t("devices.join_label"), h("input", typed)),
        h("p", error),
        h("p", {}, action("table-join", t("devices.join_button"), "btn")),
    )


def host_html(cat: "Catalog", seats: "list[dict[str, Any]]") -> str:
    """The host's pairing dialog: one section per seat in ``seats`` (each ``{"seat", "state",
    "code", "link", "svg", "error"}``), or why there is none."""
    t = cat.t
    body: Any = [raw(seat_section(cat, s)) for s in seats]
    if not seats:
        body = h("p", {"class": "note"}, t("devices.none_pairable"))
    return fragment(
        dialog_title(t("devices.title")),
        h("p", {"class": "note"}, t("devices.host_steps")),
        body,
        dialog_buttons(action("close", t("actions.close"), autofocus=True)),
    )


def seat_section(cat: "Catalog", shown: "dict[str, Any]") -> str:
    """One seat's part of the host's dialog, by its state: waiting for its guest (the code,
    the answer field, the camera), connecting, joined, or left (the code again, and the seat
    may go to the computer)."""
    seat, state = str(shown["seat"]), str(shown["state"])
    name = cat.seat(seat)
    inside: list[Any] = []
    if state in (WAITING, LEFT) and shown.get("code"):
        inside.append(offer_parts(cat, shown))
    if state == LEFT:
        words = cat.t("devices.to_computer", seat=name)
        give = {"type": "button", "class": "btn", "data-action": "pair-computer", "data-seat": seat}
        inside.append(h("p", {}, h("button", give, words)))
    error = shown.get("error") or ""
    return str(
        h(
            "section",
            {"class": "pair", "data-pair-seat": seat, "data-pair-state": state},
            h("h3", {}, name),
            h("p", {"class": "pair-status", "role": "status"}, state_words(cat, state, name)),
            inside,
            h(
                "p",
                {
                    "class": "field-error",
                    "data-pair-error": True,
                    "role": "alert",
                    "hidden": not error,
                },
                error,
            ),
        )
    )


def state_words(cat: "Catalog", state: str, name: str) -> str:
    return cat.t("devices.state." + state, seat=name)


def offer_parts(cat: "Catalog", shown: "dict[str, Any]") -> "Html":
    """The seat's code: its QR code, link and text; the field for its guest's answer, with
    Join and the camera."""
    t = cat.t
    seat = str(shown["seat"])
    name = cat.seat(seat)
    link = {
        "data-pair-link": True,
        "href": str(shown["link"]),
        "target": "_blank",
        "rel": "noopener",
    }
    code = h("code", {"data-pair-code": True, "translate": "no"}, str(shown["code"]))
    answer = dict(TYPED)
    answer["data-pair-answer"], answer["data-seat"] = True, seat
    scan = {"type": "button", "class": "btn", "data-action": "pair-scan", "data-seat": seat}
    accept = {
        "type": "button",
        "class": "btn primary",
        "data-action": "pair-accept",
        "data-seat": seat,
    }
    video = {
        "class": "pair-video",
        "data-pair-video": seat,
        "muted": True,
        "playsinline": True,
        "hidden": True,
    }
    return h(
        "div",
        {"class": "pair-offer"},
        h("div", {"class": "qr"}, marked_svg(shown.get("svg") or "", "data-pair-qr")),
        h("p", {"class": "pair-link"}, h("a", link, t("devices.link", seat=name))),
        h(
            "p",
            {"class": "pair-code"},
            h("span", {}, t("devices.code_label", seat=name)),
            " ",
            code,
        ),
        field(t("devices.answer_label", seat=name), h("input", answer)),
        h(
            "p",
            {"class": "pair-buttons"},
            h("button", accept, t("devices.accept")),
            " ",
            h("button", scan, t("devices.scan")),
        ),
        h("video", video),
    )


def join_html(cat: "Catalog", seat: str, code: str, svg: str) -> str:
    """A guest's joining dialog: its answer as a QR code and as text, for the host to take."""
    t = cat.t
    shown = h("code", {"data-join-code": True, "translate": "no"}, code)
    return fragment(
        dialog_title(t("devices.joining_title", seat=cat.seat(seat))),
        h("p", {"class": "note"}, t("devices.joining_note")),
        h("div", {"class": "qr"}, marked_svg(svg, "data-join-qr")),
        h("p", {"class": "pair-code"}, h("span", {}, t("devices.answer_code")), " ", shown),
        h(
            "p",
            {"class": "pair-status", "data-join-status": True, "role": "status"},
            t("devices.joining_wait"),
        ),
    )


def join_again_html(cat: "Catalog", why: str) -> str:
    """A guest's page that could not join (``why``, in words): another code may be pasted."""
    return fragment(
        dialog_title(cat.t("devices.join_title")),
        h("p", {"class": "note", "role": "alert"}, why),
        raw(join_field(cat)),
    )


def refusal(cat: "Catalog", code: str) -> str:
    """Why a code or a guest was refused, in words (``devices.refused.<code>``)."""
    key = "devices.refused." + code
    text = str(cat.t(key))
    return text if text != key else str(cat.t("devices.refused.failed"))


def pairable(frame: "Frame") -> "list[Seat]":
    """The seats that may be paired: every seat not played at this device (the computer's,
    and those on other devices already)."""
    remote = frame.get("remote") or []
    return [s for s in SEATS if frame["seats"][s] == "computer" or s in remote]
