"""What a room may ask of the page: one record, made once by the page (``Page.host``) and
handed to every room, which takes it and what is its own (as chessground's ``Config.events``
or lila's ``makeCgHooks()``). A room never holds the page: what it may do to the game and the
screen is listed here, and nowhere else.

A plain class with ``__slots__`` (the page runs on MicroPython: no dataclasses, no typing at
run time); the page sets every field once (tests/ui/dom/test_rooms.py checks that it does).
"""

TYPE_CHECKING = False  # mypy takes it as true: the types, never imported at runtime
if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable

    from longana.intents import Intent
    from longana.replies import Reply

    from ..controller import Controller
    from ..door import Made
    from ..i18n import Catalog
    from ..settings import Settings
    from ..storage import Store
    from .dialogs import Dialogs

    Ask = Callable[[Intent | Made], Awaitable[Reply | None]]


class Host:
    __slots__ = (
        "ctl",
        "dialogs",
        "store",
        "ask",
        "act",
        "apply",
        "replace",
        "restore",
        "current",
        "settings",
        "keep_settings",
        "notice",
        "alert",
        "redraw",
        "speak",
        "pause",
        "free",
        "hint",
        "new_match",
    )
    # -- the table: its state and words, its one dialog at a time, the device's storage ----
    ctl: "Controller"
    dialogs: "Dialogs"
    store: "Store"
    # -- the game, through the page's door (ui/door.py) -------------------------------------
    ask: "Ask"  # one intent, its reply (a lesson's intents while a lesson is on), or None
    act: "Callable[..., Awaitable[Reply | None]]"  # (intent, words, close): asked and applied
    apply: "Callable[..., None]"  # (reply, words, close): a reply, and the step after it
    replace: "Callable[[Reply, str | None], None]"  # a game the door started takes the table
    restore: "Callable[[], Awaitable[Reply | None]]"  # the door takes the table's game again
    current: "Callable[[], str | None]"  # the save of the game on the table
    # -- the device's settings -----------------------------------------------------------------
    settings: "Callable[[], Settings]"
    keep_settings: "Callable[[Settings], None]"  # from now on, and saved
    # -- saying and drawing --------------------------------------------------------------------
    notice: "Callable[[str, str], None]"  # a notice (catalog key, name)
    alert: "Callable[[str], None]"  # said at once by a screen reader
    redraw: "Callable[[], None]"  # the table drawn again
    speak: "Callable[[Catalog], None]"  # the page in another language
    # -- the game's pace and the person's acts -------------------------------------------------
    pause: "Callable[[], None]"  # the computer stops thinking (a panel opens)
    free: "Callable[[], bool]"  # the game leaves the door to the review now
    hint: "Callable[[], Awaitable[None]]"  # the hint asked and shown
    new_match: "Callable[[str | None], Awaitable[None]]"  # of the settings kept (and a deal)

    def __init__(self, ctl: "Controller", dialogs: "Dialogs", store: "Store") -> None:
        self.ctl, self.dialogs, self.store = ctl, dialogs, store
