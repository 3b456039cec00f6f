"""The page's door to a game: what the page asks of "a game" and what a game may tell it
unasked, whoever holds that game. The first door is the local game worker
(:class:`ui.dom.link.Link`); another (a host device across a data channel, say) is one more
class with the same two calls, handed to the page at its start (``ui/dom/start.py``), and no
room notices the difference: rooms ask the page (``Host.ask``), the page asks its door.

- :meth:`Door.ask` sends one intent (``longana/intents.py``) and is answered one reply
  (``longana/replies.py``), in the order asked; None when no answer came (the door has said
  why through its :class:`DoorHooks`: a notice, a lasting notice with Try again, or the
  fatal dialog).
- :meth:`Door.idle`: nothing is being answered and nothing waits (the review asks its next
  step only then).
- What a door tells the page unasked goes through the :class:`DoorHooks` the page gives it:
  a reply nobody asked for (``pushed``: another seat moved at the host; the game as it was
  after an intent that killed the worker), notices, the fatal dialog; and the door may ask
  the page for the intent that gives a new game the one on the table (``restore``).

Runs under MicroPython (no typing there: the interface is a Protocol for mypy only).
"""

TYPE_CHECKING = False  # mypy takes it as true: the types, never imported at runtime
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Protocol

    from js import MadeText

    from longana.device.frame import Refusal
    from longana.intents import Intent, Start
    from longana.replies import Placed, Reply

    class Door(Protocol):
        """A game the page talks to."""

        async def ask(self, intent: "Intent | Made") -> "Reply | None":
            """The game's reply to ``intent``; None when none came (the door said why)."""

        def idle(self) -> bool:
            """Nothing is being answered and nothing waits."""

    Pushed = Callable[[Reply, str | None], None]  # a reply nobody asked for, and the words said


class Made:
    """An intent whose text JavaScript made with a file's text inside (``file_intent`` in
    ui/dom/link.py): megabytes never enter the page's small MicroPython heap. ``do`` is its
    intent's name, ``text`` the JavaScript value whose ``String()`` is the intent."""

    __slots__ = ("do", "text")

    def __init__(self, do: str, text: "MadeText") -> None:
        self.do = do
        self.text = text


class DoorHooks:
    """What a door may ask of the page and tell it unasked (the page makes one, and hands it to
    the door it opens)."""

    __slots__ = ("restore", "pushed", "notice", "lasting", "fatal")

    def __init__(
        self,
        restore: "Callable[[], Start]",
        pushed: "Pushed",
        notice: "Callable[[str, str], None]",
        lasting: "Callable[[str, str, Callable[[], None]], None]",
        fatal: "Callable[[], None]",
    ) -> None:
        self.restore = restore  # the intent that gives a new game the one on the table
        self.pushed = pushed  # a reply nobody asked for: applied as any (words: the message)
        self.notice = notice  # a notice (catalog key, name)
        self.lasting = lasting  # a notice that stays until its Try again, which calls the act
        self.fatal = fatal  # no game can answer: the last table stays, with a reload


def doing(intent: "Intent | Made") -> str:
    """The intent's name (``do``)."""
    return intent.do if isinstance(intent, Made) else intent["do"]


def refusal(reply: "Reply") -> "Refusal | None":
    """The rule that refused what was asked (None: nothing refused, or refusals with where:
    the teacher's table's, :func:`refusals`)."""
    refused = reply.get("refused")
    return None if refused is None or isinstance(refused, list) else refused


def refusals(reply: "Reply") -> "list[Placed]":
    """The teacher's table's refusals, each with where it was."""
    refused = reply.get("refused")
    return refused if isinstance(refused, list) else []
