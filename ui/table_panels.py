"""What a table across several devices shows (issue 35), as HTML: the host's pairing dialog (a
section per seat that may be paired, with its QR code, link and code, the field for the guest's
answer, the camera), a guest's joining dialog (its answer as a QR code and as text), and
Settings' part (play on several devices, join a table). Words from the catalog's ``devices``
section; runs under MicroPython and CPython alike (no DOM here: ui/dom/table_host.py and
ui/dom/table_guest.py put it on the page).
"""

from .html import escape
from .notation import SEATS
from .words import phrase

TYPE_CHECKING = False  # mypy takes it as true: the types, never imported at runtime
if TYPE_CHECKING:
    from typing import Any

    from .i18n import Catalog

WAITING, CONNECTING, JOINED, LEFT = "waiting", "connecting", "joined", "left"
STATES = (WAITING, CONNECTING, JOINED, LEFT)  # a seat's part of the host's dialog


def marked_svg(svg: str, attribute: str) -> str:
    """A QR code's ``<svg>`` with ``attribute`` on it (``data-pair-qr``, ``data-join-qr``)."""
    return svg.replace("<svg", "<svg " + attribute, 1) if svg.startswith("<svg") else ""


def settings_part(cat: "Catalog", guest: bool) -> str:
    """Settings' part: make this device the table's host (not on a guest's), join a table."""
    host = ""
    if not guest:
        host = (
            '<p class="note">'
            + phrase(cat, "devices.host_note")
            + '</p><p><button type="button" class="btn" data-action="table-host">'
            + phrase(cat, "devices.host_button")
            + "</button></p>"
        )
    return (
        '<fieldset class="devices"><legend>'
        + phrase(cat, "devices.title")
        + "</legend>"
        + host
        + join_field(cat)
        + "</fieldset>"
    )


def guest_settings_html(cat: "Catalog", names: "dict[str, str]") -> str:
    """Settings on a guest's device: its language (the seats, level and match are the
    host's), and another table's code."""
    lang_opts = "".join(
        '<option value="'
        + k
        + '" lang="'
        + k
        + '"'
        + (" selected" if k == cat.lang else "")
        + ">"
        + escape(names[k])
        + "</option>"
        for k in sorted(names)
    )
    return (
        '<h2 id="dlg-title">'
        + phrase(cat, "settings.title")
        + '</h2><label class="field"><span>'
        + phrase(cat, "settings.language")
        + '</span><select data-setting="lang" name="lang">'
        + lang_opts
        + '</select></label><p class="note">'
        + phrase(cat, "devices.guest_settings")
        + "</p>"
        + settings_part(cat, True)
        + '<div class="dlg-buttons"><button type="button" class="btn primary" '
        'data-action="close" autofocus>' + phrase(cat, "actions.close") + "</button></div>"
    )


def join_field(cat: "Catalog") -> str:
    """A table's code (or its link) pasted, and the button that joins with it."""
    return (
        '<label class="field"><span>'
        + phrase(cat, "devices.join_label")
        + '</span><input type="text" data-join-input name="join" autocomplete="off" '
        'autocapitalize="off" spellcheck="false" enterkeyhint="go"></label>'
        + '<p class="field-error" data-join-error role="alert" hidden></p>'
        + '<p><button type="button" class="btn" data-action="table-join">'
        + phrase(cat, "devices.join_button")
        + "</button></p>"
    )


def host_html(cat: "Catalog", seats: "list[dict[str, Any]]") -> str:
    """The host's pairing dialog: one section per seat in ``seats`` (each ``{"seat", "state",
    "code", "link", "svg", "error"}``), or why there is none."""
    body = "".join(seat_section(cat, s) for s in seats)
    if not seats:
        body = '<p class="note">' + phrase(cat, "devices.none_pairable") + "</p>"
    return (
        '<h2 id="dlg-title">'
        + phrase(cat, "devices.title")
        + '</h2><p class="note">'
        + phrase(cat, "devices.host_steps")
        + "</p>"
        + body
        + '<div class="dlg-buttons"><button type="button" class="btn primary" '
        'data-action="close" autofocus>' + phrase(cat, "actions.close") + "</button></div>"
    )


def seat_section(cat: "Catalog", shown: "dict[str, Any]") -> str:
    """One seat's part of the host's dialog, by its state: waiting for its guest (the code,
    the answer field, the camera), connecting, joined, or left (the code again, and the seat
    may go to the computer)."""
    seat, state = str(shown["seat"]), str(shown["state"])
    name = cat.seat(seat)
    status = phrase(cat, "devices.state." + state, seat=name)
    inside = ""
    if state in (WAITING, LEFT) and shown.get("code"):
        inside = offer_parts(cat, shown)
    if state == LEFT:
        inside += (
            '<p><button type="button" class="btn" data-action="pair-computer" data-seat="'
            + seat
            + '">'
            + phrase(cat, "devices.to_computer", seat=name)
            + "</button></p>"
        )
    error = shown.get("error") or ""
    return (
        '<section class="pair" data-pair-seat="'
        + seat
        + '" data-pair-state="'
        + state
        + '"><h3>'
        + escape(name)
        + '</h3><p class="pair-status" role="status">'
        + status
        + "</p>"
        + inside
        + '<p class="field-error" data-pair-error role="alert"'
        + ("" if error else " hidden")
        + ">"
        + escape(error)
        + "</p></section>"
    )


def offer_parts(cat: "Catalog", shown: "dict[str, Any]") -> str:
    seat = str(shown["seat"])
    name = cat.seat(seat)
    return (
        '<div class="pair-offer"><div class="qr">'
        + marked_svg(shown.get("svg") or "", "data-pair-qr")
        + '</div><p class="pair-link"><a data-pair-link href="'
        + escape(str(shown["link"]))
        + '" target="_blank" rel="noopener">'
        + phrase(cat, "devices.link", seat=name)
        + '</a></p><p class="pair-code"><span>'
        + phrase(cat, "devices.code_label", seat=name)
        + '</span> <code data-pair-code translate="no">'
        + escape(str(shown["code"]))
        + "</code></p></div>"
        + '<label class="field"><span>'
        + phrase(cat, "devices.answer_label", seat=name)
        + '</span><input type="text" data-pair-answer data-seat="'
        + seat
        + '" autocomplete="off" autocapitalize="off" spellcheck="false" enterkeyhint="go">'
        + '</label><p class="pair-buttons"><button type="button" class="btn primary" '
        'data-action="pair-accept" data-seat="'
        + seat
        + '">'
        + phrase(cat, "devices.accept")
        + '</button> <button type="button" class="btn" data-action="pair-scan" data-seat="'
        + seat
        + '">'
        + phrase(cat, "devices.scan")
        + '</button></p><video class="pair-video" data-pair-video="'
        + seat
        + '" muted playsinline hidden></video>'
    )


def join_html(cat: "Catalog", seat: str, code: str, svg: str) -> str:
    """A guest's joining dialog: its answer as a QR code and as text, for the host to take."""
    name = cat.seat(seat)
    return (
        '<h2 id="dlg-title">'
        + phrase(cat, "devices.joining_title", seat=name)
        + '</h2><p class="note">'
        + phrase(cat, "devices.joining_note")
        + '</p><div class="qr">'
        + marked_svg(svg, "data-join-qr")
        + '</div><p class="pair-code"><span>'
        + phrase(cat, "devices.answer_code")
        + '</span> <code data-join-code translate="no">'
        + escape(code)
        + '</code></p><p class="pair-status" data-join-status role="status">'
        + phrase(cat, "devices.joining_wait")
        + "</p>"
    )


def join_again_html(cat: "Catalog", why: str) -> str:
    """A guest's page that could not join (``why``, in words): another code may be pasted."""
    return (
        '<h2 id="dlg-title">'
        + phrase(cat, "devices.join_title")
        + '</h2><p class="note" role="alert">'
        + escape(why)
        + "</p>"
        + join_field(cat)
    )


def refusal(cat: "Catalog", code: str) -> str:
    """Why a code or a guest was refused, in words (``devices.refused.<code>``)."""
    key = "devices.refused." + code
    text = str(cat.t(key))
    return text if text != key else str(cat.t("devices.refused.failed"))


def pairable(frame: "Any") -> "list[str]":
    """The seats that may be paired: every seat not played at this device (the computer's,
    and those on other devices already)."""
    remote = frame.get("remote") or []
    return [s for s in SEATS if frame["seats"][s] == "computer" or s in remote]
