"""The panels' rooms, each made — and its modules imported — the first time it is needed (a
panel opened, a class link followed), not before the first drawing: the record, the rules
and Settings, class play, the teacher's table, the history, the explained hint, the review
of the match, the lessons.

This is wiring only: it is handed, by name, what the panels may use of the page (its calls to
the worker, its dialogs, its settings...), and gives each room the part of it that room needs.
"""

TYPE_CHECKING = False  # mypy takes it as true: the types, never imported at runtime
if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable
    from typing import Any

    from ..controller import Controller
    from ..i18n import Catalog
    from ..settings import Settings
    from ..storage import Store
    from .class_actions import ClassActions
    from .class_results import ClassResults
    from .dialogs import Dialogs
    from .explain import Explained
    from .history import History
    from .kept_match import KeptMatch
    from .lessons import Lessons
    from .notices import Notices
    from .pace import Pace
    from .record_actions import RecordActions
    from .review import Review
    from .settings_actions import SettingsActions
    from .table_host import TableHost

    Ask = Callable[[Any], Awaitable[Any]]


class Rooms:
    def __init__(
        self,
        ctl: "Controller",
        store: "Store",
        dialogs: "Dialogs",
        names: "dict[str, str]",
        ask: "Ask",
        act: "Callable[..., Awaitable[Any]]",
        restore: "Callable[[], Awaitable[Any]]",
        replace: "Callable[[Any, str | None], None]",
        current: "Callable[[], str | None]",
        settings: "Callable[[], Settings]",
        keep_settings: "Callable[[Settings], None]",
        new_match: "Callable[[str | None], Awaitable[None]]",
        open_settings: "Callable[[], None]",
        hint: "Callable[[], Awaitable[None]]",
        free: "Callable[[], bool]",
        redraw: "Callable[[], None]",
        speak: "Callable[[Catalog], None]",
        alert: "Callable[[str], None]",
        notice: "Callable[[str, str], None]",
        pace: "Pace",
        notices: "Notices",
        apply: "Callable[..., None]",
        keep: "Callable[[Any], None]",
        resume: "Callable[[], None]",
    ) -> None:
        self.ctl, self.store, self.dialogs, self.names = ctl, store, dialogs, names
        self.ask = ask  # the one call to the worker (the page's)
        self.act = act  # a change asked and applied
        self.restore = restore  # the worker takes the game on the table again
        self.replace = replace  # a game the worker resumed takes the table
        self.current = current  # the save of the game on the table
        self.settings, self.keep_settings = settings, keep_settings
        self.new_match = new_match
        self.open_settings = open_settings
        self.hint = hint
        self.free = free  # the game leaves the worker to the review now
        self.redraw, self.speak, self.alert, self.notice = redraw, speak, alert, notice
        self.pace, self.notices = pace, notices  # the game's clock, the notices (lessons)
        self.apply, self.keep, self.resume = apply, keep, resume  # a reply, a save, go on
        self._record: RecordActions | None = None
        self._tools: SettingsActions | None = None
        self._kept: KeptMatch | None = None
        self._classes: ClassActions | None = None
        self._results: ClassResults | None = None
        self._history: History | None = None
        self._explained: Explained | None = None
        self._review: Review | None = None
        self._lessons: Lessons | None = None
        self._table: TableHost | None = None

    def record(self) -> "RecordActions":
        """The Record panel: the hands, their replay, the import, a saved game's file."""
        if self._record is None:
            from .record_actions import RecordActions

            self._record = RecordActions(
                self.ctl,
                self.dialogs,
                self.ask,
                self.settings,
                self.restore,
                self.replace,
                self.alert,
            )
        return self._record

    def tools(self) -> "SettingsActions":
        """The rules and Settings."""
        if self._tools is None:
            from .settings_actions import SettingsActions

            self._tools = SettingsActions(
                self.ctl,
                self.dialogs,
                self.settings,
                self.keep_settings,
                self.act,
                self.new_match,
                self.speak,
                self.notice,
                self.names,
            )
        return self._tools

    def kept(self) -> "KeptMatch":
        """The match kept while a class match is played."""
        if self._kept is None:
            from .kept_match import KeptMatch

            self._kept = KeptMatch(
                self.ctl,
                self.store,
                self.dialogs,
                self.ask,
                self.settings,
                self.current,
                self.restore,
                self.replace,
                self.notice,
            )
        return self._kept

    def classes(self) -> "ClassActions":
        """Class play on the student's side."""
        if self._classes is None:
            from .class_actions import ClassActions

            tools = self.tools()
            self._classes = ClassActions(
                self.ctl,
                self.dialogs,
                self.ask,
                self.settings,
                self.keep_settings,
                tools.read,
                self.open_settings,
                self.replace,
                self.kept(),
            )
        return self._classes

    def results(self) -> "ClassResults":
        """The teacher's table."""
        if self._results is None:
            from .class_results import ClassResults

            classes = self.classes()

            def suggested() -> "str | None":
                return classes.made or classes.code_field()

            self._results = ClassResults(self.ctl, self.store, self.dialogs, self.ask, suggested)
        return self._results

    def history(self) -> "History":
        """The matches played on this device."""
        if self._history is None:
            from .history import History

            self._history = History(self.ctl, self.store, self.dialogs, self.ask, self.notice)
        return self._history

    def explained(self) -> "Explained":
        """The hint's explanation: every move weighed."""
        if self._explained is None:
            from .explain import Explained

            self._explained = Explained(self.ctl, self.dialogs, self.hint, self.redraw)
        return self._explained

    def review(self) -> "Review":
        """The review of the match: the people's decisions weighed, in the background."""
        if self._review is None:
            from .review import Review

            self._review = Review(self.ctl, self.dialogs, self.ask, self.free)
        return self._review

    def lessons(self) -> "Lessons":
        """The lessons: the list, a lesson on the table, the offer to a newcomer."""
        if self._lessons is None:
            from .lessons import Lessons

            self._lessons = Lessons(
                self.ctl,
                self.store,
                self.dialogs,
                self.pace,
                self.notices,
                self.ask,
                self.act,
                self.apply,
                self.keep,
                self.resume,
                self.alert,
            )
        return self._lessons

    def table(self) -> "TableHost":
        """The table across several devices, hosted here (issue 35)."""
        if self._table is None:
            from .table_host import TableHost

            self._table = TableHost(self.ctl, self.dialogs, self.ask, self.apply, self.notices)
        return self._table

    def table_pushed(self, reply: "Any") -> None:
        """The worker's reply carries the guests' frames: sent on (issue 35)."""
        if self._table is not None:
            self._table.pushed(reply["guests"])

    def table_seen(self) -> None:
        """The table was drawn: a hosted table's guests are sent theirs (issue 35)."""
        if self._table is not None:
            self._table.seen()
