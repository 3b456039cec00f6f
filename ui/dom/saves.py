"""Saving: the worker's save text goes to ``localStorage`` after every change
(:class:`ui.storage.Store`, with the frame as a cache), unless another tab of this copy saved a
newer game since: that one is to be followed (by the page, as soon as the other tab saves it:
:meth:`Saves.watch`), never written over. Whether saving works (the game's, the settings') is
told as it changes (the top bar's chip, the storage notice)."""

import js

from ..storage import CORRUPT_KEPT
from .browser import guard, listen, run

TYPE_CHECKING = False  # mypy takes it as true: the types, never imported at runtime
if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable

    from js import Event

    from longana.device.frame import Frame

    from ..settings import Settings
    from ..storage import Store
    from .notices import Notices
    from .screen import Screen


class Saves:
    def __init__(
        self,
        store: "Store",
        screen: "Screen",
        notices: "Notices",
        follow: "Callable[[str], Awaitable[None]]",
    ) -> None:
        self.store = store
        self.screen = screen  # its top bar's chip says while saving fails
        self.notices = notices
        self.follow = follow  # another tab's newer save, to show
        self.text: str | None = None  # the save this tab last read or wrote (fed to a worker)
        self.problem: str | None = None  # the notice key while saving fails
        self.written: str | None = None  # the save this tab last stored

    def watch(self) -> None:
        """Another tab of this copy saving the game is followed at once."""
        listen(js.window, "storage", guard(self.on_storage))

    def on_storage(self, event: "Event") -> None:
        key, save = event.key, event.newValue
        if key is not None and str(key) == self.store.keys["longana:save"] and save is not None:
            run(self.follow(str(save)))

    def keep(self, save: str, frame: "Frame | None") -> "str | None":
        """Store a reply's save; or, when another tab saved a newer game since, that game's
        save (to follow: nothing is stored)."""
        stored, _ = self.store.read_save()
        mine = (self.text, save, self.written)
        if stored is not None and self.text is not None and stored not in mine:
            return stored
        self.text = save
        problem = self.store.write_save(save, frame)
        if problem is None:
            self.written = save
        if problem != self.problem:
            self.problem = problem
            self.told(problem)
        return None

    def told(self, problem: "str | None") -> None:
        """Saving failed (``problem``, its notice key) or works again (None)."""
        self.screen.problem = problem
        if problem is not None and problem != CORRUPT_KEPT:
            self.notices.storage(problem, lambda: self.text)
        elif problem is None:  # saving works again: the notice that it did not goes
            self.notices.drop("storage")
        self.screen.top()

    def keep_settings(self, settings: "Settings") -> None:
        """The device's settings saved (a failure is noticed unless saving the game already
        failed)."""
        problem = self.store.write_settings(settings)
        if problem is not None and self.problem is None:
            self.notices.notice(problem, "storage")

    def start_fresh(self, frame: "Frame | None") -> None:
        """Over a broken save that could not be set aside: from now on saving may replace it,
        and the game on screen is saved at once."""
        self.store.start_fresh()
        if self.text is not None:
            self.keep(self.text, frame)

    def set_aside(self, text: "str | None") -> str:
        """A save the worker could not use moves aside (``longana:save:corrupt``…), never
        written over: the notice key that says so."""
        return self.store.set_aside(text)
