"""What a tap means: the page's interaction state over the worker's frames.

The controller holds the last frame and the :class:`~ui.render.Look` (selected tile, preview,
hint, open dialog) and turns the person's input into words and intents. It never decides a
rule: where a tile may go, and why not, is in the frame (``frame["turn"]``); a move is played
by sending ``{"do": "play", ...}`` to the worker, which checks it again. No DOM here: runs
under MicroPython and CPython (tested with hand-made frames and the real worker's frames).
"""

try:
    from typing import Any
except ImportError:  # MicroPython
    pass

from .html import other
from .render import Look, describe, person_turn, split, targets, why


class Controller:
    def __init__(self, cat: Any) -> None:
        self.cat = cat
        self.frame: Any = None  # the last frame from the worker (or the cached one)
        self.look = Look()
        self.message = ""

    # -- questions ----------------------------------------------------------------------------

    def my_turn(self) -> bool:
        return self.frame is not None and person_turn(self.frame, self.look)

    def entry(self, tile: str) -> Any:
        turn = self.frame.get("turn") if self.frame else None
        return turn["tiles"].get(tile) if turn else None

    def clear(self) -> None:
        """Nothing selected, nothing previewed."""
        self.look.selected = self.look.preview = None
        self.look.hint = False

    # -- the person's input -------------------------------------------------------------------

    def select(self, tile: str) -> None:
        c = self.cat
        frame = self.frame
        if frame is None or frame["outcome"] is not None or frame["match_over"]:
            return
        if not self.my_turn():
            if frame["to_move"] is not None:
                self.message = c.t("select.not_your_turn", seat=c.seat(frame["to_move"]))
            return
        turn = frame["turn"]
        if turn["must_pass"]:
            self.message = c.t("turn.must_pass")
            return
        entry = self.entry(tile)
        if entry is None:
            return
        if frame["board"]["opening"] is None:
            if entry.get("open"):
                self.look.selected, self.look.preview, self.look.hint = tile, tile, False
                self.message = c.t("select.preview_open", tile=tile)
            else:
                self.message = why(entry["refusal"], c)
            return
        if self.look.selected == tile and self.look.preview is None:
            self.clear()
            self.message = ""
            return
        self.look.selected, self.look.preview, self.look.hint = tile, None, False
        if entry["targets"]:
            self.message = c.t("select.chosen", tile=tile)
        else:
            self.message = c.t("select.no_place", tile=tile)

    def aim(self, letter: str) -> None:
        """The person taps (or drops on) a branch with a tile selected."""
        c = self.cat
        frame = self.frame
        if not self.my_turn() or frame["board"]["opening"] is None:
            return
        tile = self.look.selected
        if tile is None:
            self.message = c.t("select.pick_first")
            return
        if letter in targets(frame, self.look):
            self.look.preview, self.look.hint = tile + "@" + letter, False
            end = frame["board"]["ends"]["SENW".index(letter)]
            self.message = c.t(
                "select.preview", tile=tile, branch=c.branch(letter), end=other(tile, end)
            )
            return
        refusal = self.entry(tile)["why"].get(letter)
        if refusal is not None:
            self.message = why(refusal, c)

    def confirm(self) -> Any:
        """The intent that plays the previewed move, or None."""
        if self.look.preview is None or not self.my_turn():
            return None
        return {"do": "play", "move": self.look.preview, "at": self.frame["log"]}

    def cancel(self) -> bool:
        if self.look.selected is None and self.look.preview is None:
            return False
        self.clear()
        self.message = self.cat.t("select.cancelled")
        return True

    def pass_turn(self) -> None:
        if self.my_turn() and self.frame["turn"]["must_pass"]:
            self.look.selected, self.look.preview, self.look.hint = None, "pass", False
            self.message = self.cat.t("select.preview_pass")

    def command(self, text: str) -> bool:
        """A move typed in the record's notation ("7-3@N", "9-9", "pass"), previewed as a tap
        would; False (and the reason in words) when it cannot be."""
        c = self.cat
        words = text.strip().replace(" ", "")
        if not self.my_turn():
            if self.frame is not None and self.frame["to_move"] is not None:
                self.message = c.t("select.not_your_turn", seat=c.seat(self.frame["to_move"]))
            return False
        if words.lower() == "pass":
            self.pass_turn()
            if self.look.preview != "pass":
                self.message = why({"code": "must-play", "params": {}}, c)
            return self.look.preview == "pass"
        tile, branch = split(words.upper())
        tile = _tile(tile)
        if branch is not None and branch not in "SENW":
            # the language's own letter (Ost: O) where it is no letter of the notation
            for seat in "SENW":
                if c.letter(seat).upper() == branch:
                    branch = seat
        if tile is None or (branch is not None and branch not in "SENW"):
            self.message = c.t("keys.bad", text=text.strip())
            return False
        if self.entry(tile) is None:
            self.message = c.t("keys.not_held", tile=tile)
            return False
        self.look.selected, self.look.preview = None, None
        self.select(tile)
        if branch is not None and self.look.selected == tile:
            self.aim(branch)
        return self.look.preview is not None

    def show_hint(self, move: str) -> None:
        c = self.cat
        tile, branch = split(move)
        self.look.preview, self.look.selected, self.look.hint = move, tile, True
        if tile is None:
            self.message = c.t("hint.suggest_pass")
        elif branch is None:
            self.message = c.t("hint.suggest_open", tile=tile)
        else:
            self.message = c.t("hint.suggest_play", tile=tile, branch=c.branch(branch))

    def preselect_forced_opening(self) -> bool:
        """The person opens with the one double allowed: it is previewed at once."""
        frame = self.frame
        if (
            not self.my_turn()
            or frame["board"]["opening"] is not None
            or self.look.preview is not None
        ):
            return False
        openings = frame["turn"]["openings"]
        if len(openings) != 1:
            return False
        self.look.selected = self.look.preview = openings[0]
        return True

    # -- the worker's answers -------------------------------------------------------------------

    def receive(self, reply: dict) -> None:
        """Take a reply's frame; a new position clears the selection and says what happened
        (the last move); a refusal says why."""
        frame = reply.get("frame")
        if frame is not None:
            moved = (
                self.frame is None
                or frame["log"] != self.frame["log"]
                or frame["hand_number"] != self.frame["hand_number"]
            )
            self.frame = frame
            if moved:
                self.clear()
                last = frame["last"]
                self.message = describe(last, self.cat) if last is not None else ""
        refused = reply.get("refused")
        if refused is not None:
            self.clear()
            self.message = why(refused, self.cat)


def _tile(text: Any) -> Any:
    """``"3-7"`` or ``"7-3"`` → ``"7-3"`` (high first); None when it is not a tile."""
    if (
        not text
        or len(text) != 3
        or text[1] != "-"
        or not text[0].isdigit()
        or not text[2].isdigit()
    ):
        return None
    a, b = int(text[0]), int(text[2])
    return str(max(a, b)) + "-" + str(min(a, b))
