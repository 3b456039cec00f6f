"""A frame to HTML text: the seats, the bars, the prompt. Runs under MicroPython and CPython.

The page calls these with the worker's frame (what the person at the device may see, see
``longana/device/frame.py``), the controller's :class:`~ui.controller.Interaction` (what is
selected or previewed) and a message catalog, and puts the text into the DOM. Nothing here
decides a rule: targets, refusals and whether Pass is allowed all come from the frame. The
board is :mod:`ui.board`'s.
"""

try:
    from typing import Any
except ImportError:  # MicroPython: no typing module; annotations are not evaluated there
    pass

from .board import PLACES, board_html, place, seat_at
from .controller import Interaction, person_turn, targets
from .html import button, h, raw, tile_back, tile_face, tool_button
from .notation import split

TYPE_CHECKING = False  # mypy takes it as true: the frame's types, never imported at runtime
if TYPE_CHECKING:
    from longana.device.frame import Frame, Seat, Turn

    from .i18n import Catalog

# -- seats ----------------------------------------------------------------------------------------


def seat_html(frame: "Frame", seat: "Seat", cat: "Catalog", interaction: Interaction) -> str:
    """A seat: its plate (name, kind, whose turn, tiles left, score) and its hand, face up
    (the holder's tiles are buttons, with their keys) or face down."""
    letter = seat
    name = cat.seat(seat)
    shown = frame["hands"][seat]
    holder = frame["viewer"]  # whose tiles are face up: the person holding the device
    over = frame["outcome"] is not None
    to_move = frame["to_move"] == seat
    kind_key = (
        "kind.you"
        if seat == holder and frame["seats"][seat] == "person"
        else ("kind." + frame["seats"][seat])
    )
    last = frame["last"]
    flag = None
    if to_move:
        flag = h("span", {"class": "flag turn"}, cat.t("seat_plate.to_move"))
    elif last is not None and last["seat"] == seat and last["move"] == "pass":
        flag = h("span", {"class": "flag passed"}, cat.t("seat_plate.passed"))
    who = h("b", {"class": "name"}, name), " ", h("small", {"class": "kind"}, cat.t(kind_key))
    score = (
        h("small", {}, cat.t("seat_plate.score")),
        " ",
        h("b", {"data-score": letter}, frame["scores"][seat]),
    )
    plate = h(
        "header",
        {"class": "plate"},
        h("span", {"class": "who"}, who),
        flag,
        h("span", {"class": "count"}, cat.plural("plural.tiles", shown["count"])),
        h("span", {"class": "score"}, score),
    )
    if shown["tiles"] is not None:
        mine = seat == holder and not over
        turn = frame.get("turn") if person_turn(frame, interaction) else None
        parts = []
        focus = roving(shown["tiles"], turn, interaction)
        for i, t in enumerate(shown["tiles"]):
            label = cat.tile(t)
            if not mine:
                parts.append(raw(tile_face(t, label)))
                continue
            cls = []
            if interaction.selected == t:
                cls.append("selected")
                if interaction.hint:
                    cls.append("hinted")
            if turn is not None and not playable(turn, t):
                cls.append("dim")
                label = cat.t("seat_plate.cannot_play", tile=label)
            attrs = {
                "aria-pressed": "true" if interaction.selected == t else "false",
                "tabindex": "0" if t == focus else "-1",
            }
            if turn is not None and i < 9:  # the tile's key: its place in the hand
                attrs["aria-keyshortcuts"] = attrs["data-key"] = str(i + 1)
                cls.append("keyed")
            parts.append(raw(tile_face(t, label, tag="button", cls=" ".join(cls), attrs=attrs)))
        hand = {"class": "hand up", "aria-label": cat.t("seat_plate.hand_up", seat=name)}
    else:
        parts = [raw(tile_back()) for _ in range(shown["count"])]
        hand = {"class": "hand down", "aria-label": cat.t("seat_plate.hand_down", seat=name)}
    hand["data-hand"], hand["role"] = letter, "group"
    classes = (
        "seat seat-"
        + letter
        + " at-"
        + PLACES[place(seat, interaction)]
        + (" turn" if to_move else "")
        + (" holder" if seat == holder else "")
        + (" thinking" if interaction.thinking == seat else "")
    )
    return str(h("section", {"class": classes, "data-seat": letter}, plate, h("div", hand, parts)))


def roving(tiles: "list[str]", turn: "Turn | None", interaction: Interaction) -> Any:
    """The hand's one tab stop: the selected tile, else the first playable one, else the
    first."""
    if interaction.selected in tiles:
        return interaction.selected
    for t in tiles:
        if turn is not None and playable(turn, t):
            return t
    return tiles[0] if tiles else None


def playable(turn: "Turn", tile: str) -> bool:
    """Whether the frame's legal moves use ``tile``."""
    return any(split(move)[0] == tile for move in turn["moves"])


# -- the board ------------------------------------------------------------------------------------


def table_html(frame: "Frame", cat: "Catalog", interaction: Interaction, board: bool = True) -> str:
    """The four seats around the board (``board``: else its area is left empty, to be filled
    once its size is known)."""
    seats = "".join(
        seat_html(frame, seat_at(spot, interaction), cat, interaction) for spot in (2, 3, 1, 0)
    )
    inside = raw(frame_board_html(frame, cat, interaction)) if board else None
    return seats + h("div", {"class": "board-area", "id": "board-area"}, inside)


def frame_board_html(frame: "Frame", cat: "Catalog", interaction: Interaction) -> str:
    """The frame's board, the selected tile's targets lit."""
    return board_html(frame["board"], frame["last"], targets(frame, interaction), cat, interaction)


# -- bars -----------------------------------------------------------------------------------------


def toolbar_html(frame: "Frame", cat: "Catalog") -> str:
    """The top bar's tools: undo, redo, restart (disabled when they would do nothing, or in a
    class match, which says why), then the rules, the record and the settings."""
    t = cat.t
    can = frame["can"]
    why = t("class.locked") if frame.get("class") else ""
    tools = [
        raw(tool_button("undo", t("actions.undo"), enabled=can["undo"], why=why)),
        raw(tool_button("redo", t("actions.redo"), enabled=can["redo"], why=why)),
        raw(tool_button("restart", t("actions.restart"), enabled=can["restart"], why=why)),
        h("span", {"class": "sep", "aria-hidden": "true"}),
        raw(tool_button("rules", t("actions.rules"))),
        raw(tool_button("record", t("actions.record"))),
        raw(tool_button("settings", t("actions.settings"))),
    ]
    return str(
        h("span", {"class": "tools", "role": "toolbar", "aria-label": t("app.tools")}, tools)
    )


def class_banner(cat: "Catalog", code: str) -> str:
    words = cat.t("class.banner", code=code)
    return " " + h("span", {"class": "class-banner", "title": cat.t("class.locked")}, words)


def top_html(frame: "Frame", cat: "Catalog", save_problem: Any) -> str:
    t = cat.t
    chip = None
    if save_problem is not None:
        off = {"class": "save-off", "data-save": "off", "role": "status", "title": t(save_problem)}
        chip = h("span", off, t("app.not_saved"))
    code = frame.get("class")
    deal = t("app.deal", deal=frame["deal"].replace("class:", "", 1))
    target = t("app.target", target=frame["rules"]["target"])
    info = (
        raw(class_banner(cat, code)) if code else None,
        h("span", {}, t("app.hand_number", n=frame["hand_number"])),
        " ",
        h("span", {"class": "target"}, "· " + target),
        " ",
        h("span", {"class": "deal", "data-deal": frame["deal"]}, "· " + deal),
        chip,
    )
    title = h("h1", {"class": "title"}, t("app.title"))
    return title + h("span", {"class": "info"}, info) + toolbar_html(frame, cat)


def action_buttons(frame: "Frame", cat: "Catalog", interaction: Interaction) -> str:
    person = person_turn(frame, interaction)
    turn: Any = frame.get("turn")
    lesson = interaction.lesson is not None  # no hint; Pass always: the worker says why not
    out = []
    if person and not lesson:
        locked = frame.get("class")
        out.append(
            tool_button(
                "hint",
                cat.t("actions.hint"),
                cls="btn hint",
                enabled=not locked,
                why=cat.t("class.locked") if locked else "",
            )
        )
        out.append(  # every move weighed, with its reasons (ui/hint_panel.py)
            tool_button(
                "hint-explain",
                cat.t("explain.button"),
                cls="btn explain",
                enabled=not locked,
                icon_name="explain",
                why=cat.t("class.locked") if locked else "",
            )
        )
    if person and (turn["must_pass"] or lesson):
        out.append(button("pass", cat.t("actions.pass"), "btn pass"))
    out.append(
        button(
            "cancel",
            cat.t("actions.cancel"),
            enabled=interaction.selected is not None or interaction.preview is not None,
        )
    )
    out.append(
        button(
            "confirm",
            cat.t("actions.confirm"),
            "btn primary",
            enabled=person and interaction.preview is not None,
        )
    )
    # Confirm first for the keyboard (Tab from a lit branch lands on it); drawn right to left
    return "".join(reversed(out))


def prompt(frame: "Frame", cat: "Catalog", interaction: Interaction, paused: bool) -> str:
    t = cat.t
    if frame["outcome"] is not None or frame["to_move"] is None:
        return ""
    seat = frame["to_move"]
    turn = frame.get("turn")
    if turn is not None and interaction.dialog is None:
        if frame["board"]["opening"] is None:
            if len(turn["openings"]) == 1 and interaction.lesson is None:  # (a lesson's task
                return t("turn.open_forced", tile=turn["openings"][0])  # is to find it)
            return t("turn.open_choose")
        if turn["must_pass"]:
            return t("turn.must_pass")
        if frame["people"] > 1:
            return t("turn.yours_seat", seat=cat.seat(seat))
        return t("turn.yours")
    if frame["seats"][seat] == "person":
        return t("turn.waiting", seat=cat.seat(seat))
    if paused:
        return t("turn.paused", seat=cat.seat(seat))
    return t("turn.thinking", seat=cat.seat(seat))


# -- words for what happened ----------------------------------------------------------------------
