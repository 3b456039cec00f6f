"""Saving: the worker's save text goes to ``localStorage`` after every change
(:class:`ui.storage.Store`, with the frame as a cache), unless another tab of this copy saved a
newer game since: that one is to be followed (by the page), never written over. Whether saving
works is told as it changes (the top bar's chip, the storage notice)."""

TYPE_CHECKING = False  # mypy takes it as true: the types, never imported at runtime
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from ..storage import Store


class Saves:
    def __init__(self, store: "Store", told: "Callable[[str | None], None]") -> None:
        self.store = store
        self.told = told  # called with the notice key (or None) when saving fails or works again
        self.text: str | None = None  # the save this tab last read or wrote (fed to a worker)
        self.problem: str | None = None  # the notice key while saving fails
        self.written: str | None = None  # the save this tab last stored

    def keep(self, save: str, frame: "Any") -> "str | None":
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

    def start_fresh(self, frame: "Any") -> None:
        """Over a broken save that could not be set aside: from now on saving may replace it,
        and the game on screen is saved at once."""
        self.store.start_fresh()
        if self.text is not None:
            self.keep(self.text, frame)

    def set_aside(self, text: "str | None") -> str:
        """A save the worker could not use moves aside (``longana:save:corrupt``…), never
        written over: the notice key that says so."""
        return self.store.set_aside(text)
