"""What a tap means: the page's interaction state over the worker's frames.

The controller holds the last frame and the :class:`Interaction` (selected tile, preview, hint,
open dialog) and turns the person's input into words and intents. It never decides a rule:
where a tile may go, and why not, is in the frame (``frame["turn"]``); a move is played by
sending ``{"do": "play", ...}`` to the worker, which checks it again. No DOM here: runs under
MicroPython and CPython (tested with hand-made frames and the real worker's frames).
"""

try:
    from typing import Any
except ImportError:  # MicroPython: no typing module; annotations are not evaluated there
    pass

from .door import refusal
from .notation import SEATS, other, seat_of, split, tile_of
from .words import describe, why

TYPE_CHECKING = False  # mypy takes it as true: the frame's types, never imported at runtime
if TYPE_CHECKING:
    from longana.device.frame import Frame, Seat, TileChoice
    from longana.replies import Reply

    from .i18n import Catalog


class Interaction:
    """What the page shows on top of the frame: the selected tile, the previewed move (move
    text: ``"7-3@N"``, ``"9-9"``, ``"pass"``), whether it is a hint, who is thinking, the open
    dialog, the holder (the person holding the device, drawn at the bottom), the board's
    measured area and tile size, and the lesson on the table (the worker's lesson status, or
    None while the game is)."""

    __slots__ = (
        "selected",
        "preview",
        "hint",
        "thinking",
        "area",
        "tile_px",
        "dialog",
        "holder",
        "lesson",
    )

    def __init__(self) -> None:
        self.selected: str | None = None  # a tile text, "7-3"
        self.preview: str | None = None  # a move text
        self.hint = False
        self.thinking: Seat | None = None  # the computer seat whose move is awaited
        self.area: tuple[float, float] | None = None  # the board's width, height in CSS px
        self.tile_px = 20
        self.dialog: str | None = None  # the open dialog's name
        self.holder: Seat = "S"  # the seat of the person holding the device, drawn at the bottom
        self.lesson: Any = None  # the lesson played on the table (ui/dom/lessons.py), or None


def person_turn(frame: "Frame", interaction: Interaction) -> bool:
    """Whether the person at the device may act now (their turn, no dialog open)."""
    return frame.get("turn") is not None and interaction.dialog is None


def targets(frame: "Frame", interaction: Interaction) -> "list[Seat]":
    """The branches the selected tile may go on, as the frame says."""
    turn = frame.get("turn")
    if turn is None or interaction.selected is None:
        return []
    entry = turn["tiles"].get(interaction.selected)
    return list(entry["targets"]) if entry else []


class Controller:
    def __init__(self, cat: "Catalog") -> None:
        self.cat = cat
        self.frame: Frame | None = None  # the last frame from the worker (or the cached one)
        self.interaction = Interaction()
        self.message = ""
        self.refused: Any = None  # the refusal the last input met ({code, params}), or None

    # -- questions ----------------------------------------------------------------------------

    def my_turn(self) -> bool:
        return self.frame is not None and person_turn(self.frame, self.interaction)

    def entry(self, tile: str) -> "TileChoice | None":
        turn = self.frame.get("turn") if self.frame else None
        return turn["tiles"].get(tile) if turn else None

    def targets(self) -> "list[Seat]":
        return targets(self.frame, self.interaction) if self.frame else []

    def clear(self) -> None:
        """Nothing selected, nothing previewed."""
        self.interaction.selected = self.interaction.preview = None
        self.interaction.hint = False

    def not_your_turn(self) -> None:
        frame = self.frame
        if frame is not None and frame["to_move"] is not None:
            self.message = self.cat.t("select.not_your_turn", seat=self.cat.seat(frame["to_move"]))

    # -- the person's input -------------------------------------------------------------------

    def select(self, tile: str) -> None:
        c, frame, now = self.cat, self.frame, self.interaction
        self.refused = None
        if frame is None or frame["outcome"] is not None or frame["match_over"]:
            return
        turn = frame["turn"]
        if not self.my_turn() or turn is None:
            self.not_your_turn()
            return
        if turn["must_pass"] and now.lesson is None:  # the prompt says to pass: this says
            # why not this tile (a lesson lets it be tried on a branch, for the reason why)
            self.message = c.t("select.no_place", tile=tile)
            return
        entry = self.entry(tile)
        if entry is None:
            return
        if frame["board"]["opening"] is None:
            if entry.get("open"):
                now.selected, now.preview, now.hint = tile, tile, False
                self.message = c.t("select.preview_open", tile=tile)
            elif "refusal" in entry:
                self.refuse(entry["refusal"])
            return
        if now.selected == tile and now.preview is None:
            self.clear()
            self.message = ""
            return
        now.selected, now.preview, now.hint = tile, None, False
        if entry["targets"]:
            self.message = c.t("select.chosen", tile=tile)
        else:
            self.message = c.t("select.no_place", tile=tile)

    def aim(self, branch: "Seat") -> None:
        """The person taps (or drops on) a branch with a tile selected."""
        c, frame, now = self.cat, self.frame, self.interaction
        self.refused = None
        if frame is None or not self.my_turn() or frame["board"]["opening"] is None:
            return
        tile = now.selected
        if tile is None:
            self.message = c.t("select.pick_first")
            return
        if branch in self.targets():
            now.preview, now.hint = tile + "@" + branch, False
            end = frame["board"]["ends"][branch]
            self.message = c.t(
                "select.preview", tile=tile, branch=c.branch(branch), end=other(tile, end)
            )
            return
        entry = self.entry(tile)
        refusal = entry["why"].get(branch) if entry else None
        if refusal is not None:
            self.refuse(refusal)

    def refuse(self, refusal: Any) -> None:
        """The move tried is not allowed: the frame's (or the worker's) reason, in words."""
        self.refused = refusal
        self.message = why(refusal, self.cat)

    def confirm(self) -> "str | None":
        """The previewed move, to be played (ui/intents.py makes its intent), or None."""
        if self.frame is None or not self.my_turn():
            return None
        return self.interaction.preview

    def cancel(self) -> bool:
        self.refused = None
        if self.interaction.selected is None and self.interaction.preview is None:
            return False
        self.clear()
        self.message = self.cat.t("select.cancelled")
        return True

    def pass_turn(self) -> None:
        """Pass previewed, when the frame says the person must; in a lesson whenever it is
        their turn (the worker then says why they may not, if they may not)."""
        turn = self.frame["turn"] if self.frame else None
        self.refused = None
        may = turn is not None and (turn["must_pass"] or self.interaction.lesson is not None)
        if self.my_turn() and may:
            now = self.interaction
            now.selected, now.preview, now.hint = None, "pass", False
            self.message = self.cat.t("select.preview_pass")

    def command(self, text: str) -> bool:
        """A move typed in the notation ("7-3@N", "9-9", "pass") or the language's own words
        (its pass word, its seat letters: "7-3@U", "langkau" in Malay), previewed as a tap
        would; False (and the reason in words) when it cannot be."""
        c = self.cat
        words = text.strip().replace(" ", "")
        if not self.my_turn():
            self.not_your_turn()
            return False
        if words.lower() in ("pass", c.t("keys.pass_word").lower()):
            self.pass_turn()
            if self.interaction.preview != "pass":
                self.message = why({"code": "must-play", "params": {}}, c)
            return self.interaction.preview == "pass"
        tile, letter = split(words.upper())
        tile = tile_of(tile)
        branch = seat_of(letter)
        if letter is not None and branch is None:
            # the language's own letter (Ost: O) where it is no letter of the notation
            for seat in SEATS:
                if c.letter(seat).upper() == letter:
                    branch = seat
        if tile is None or (letter is not None and branch is None):
            self.message = c.t("keys.bad", text=text.strip())
            return False
        if self.entry(tile) is None:
            self.message = c.t("keys.not_held", tile=tile)
            return False
        self.interaction.selected, self.interaction.preview = None, None
        self.select(tile)
        if branch is not None and self.interaction.selected == tile:
            self.aim(branch)
        return self.interaction.preview is not None

    def show_hint(self, move: str) -> None:
        c = self.cat
        tile, branch = split(move)
        now = self.interaction
        now.preview, now.selected, now.hint = move, tile, True
        if tile is None:
            self.message = c.t("hint.suggest_pass")
        elif branch is None:
            self.message = c.t("hint.suggest_open", tile=tile)
        else:
            self.message = c.t("hint.suggest_play", tile=tile, branch=c.branch(branch))

    def open_with(self, tile: str) -> None:
        """The opening ``tile`` previewed at once (the one double allowed: ui/steps.py)."""
        self.interaction.selected = self.interaction.preview = tile

    # -- the worker's answers -------------------------------------------------------------------

    def receive(self, reply: "Reply") -> None:
        """Take a reply's frame; a new position clears the selection and says what happened
        (the last move); a refusal says why."""
        frame = reply.get("frame")
        if frame is not None and self.take(frame):
            self.clear()
            self.refused = None
            last = frame["last"]
            self.message = describe(last, self.cat) if last is not None else ""
        refused = refusal(reply)
        if refused is not None:
            self.clear()
            self.refuse(refused)

    def take(self, frame: "Frame") -> bool:
        """Show ``frame`` (a reply's, or the one cached from the last visit, which says
        nothing); whether the position moved."""
        moved = (
            self.frame is None
            or frame["log"] != self.frame["log"]
            or frame["hand_number"] != self.frame["hand_number"]
        )
        self.frame = frame
        if frame["viewer"] is not None:  # the table turns: the holder sits at the bottom
            self.interaction.holder = frame["viewer"]
        return moved
