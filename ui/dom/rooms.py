"""The panels' rooms, each made — and its modules imported — the first time it is needed (a
panel opened, a class link followed), not before the first drawing: the record, the rules
and Settings, class play, the teacher's table, the history, the explained hint, the review
of the match, the lessons, a table across several devices (its host's side, and a guest's made
at the start); and what their buttons do (their part of the page's one action
table, :meth:`Rooms.actions`).

This is wiring only: every room gets the page's one record of what it may ask of the page
(:class:`~ui.dom.host.Host`) and what is its own (its fellow rooms, the languages' names, the
game's clock for the lessons).
"""

import asyncio

from ..steps import MATCH_END

TYPE_CHECKING = False  # mypy takes it as true: the types, never imported at runtime
if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable

    from js import Element, Event

    from longana.device.frame import Frame
    from longana.replies import Reply

    from ..steps import Step
    from .class_actions import ClassActions
    from .class_results import ClassResults
    from .explain import Explained
    from .history import History
    from .host import Host
    from .input import Handler
    from .kept_match import KeptMatch
    from .lessons import Lessons
    from .pace import Pace
    from .record_actions import RecordActions
    from .review import Review
    from .settings_actions import SettingsActions
    from .table_guest import TableGuest
    from .table_host import TableHost


class Rooms:
    def __init__(self, host: "Host", names: "dict[str, str]", pace: "Pace") -> None:
        self.host = host
        self.names = names  # language code -> its name in itself (Settings)
        self.pace = pace  # the game's clock (the lessons keep a computer move it held)
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
        self.guest: TableGuest | None = None  # this page's side, when it is a guest (issue 35)

    def record(self) -> "RecordActions":
        """The Record panel: the hands, their replay, the import, a saved game's file."""
        if self._record is None:
            from .record_actions import RecordActions

            self._record = RecordActions(self.host)
        return self._record

    def tools(self) -> "SettingsActions":
        """The rules and Settings."""
        if self._tools is None:
            from .settings_actions import SettingsActions

            self._tools = SettingsActions(self.host, self.names)
        return self._tools

    def kept(self) -> "KeptMatch":
        """The match kept while a class match is played."""
        if self._kept is None:
            from .kept_match import KeptMatch

            self._kept = KeptMatch(self.host)
        return self._kept

    def classes(self) -> "ClassActions":
        """Class play on the student's side."""
        if self._classes is None:
            from .class_actions import ClassActions

            self._classes = ClassActions(
                self.host, self.tools().read, self.open_settings, self.kept()
            )
        return self._classes

    def results(self) -> "ClassResults":
        """The teacher's table."""
        if self._results is None:
            from .class_results import ClassResults

            classes = self.classes()

            def suggested() -> "str | None":
                return classes.made or classes.code_field()

            self._results = ClassResults(self.host, suggested)
        return self._results

    def history(self) -> "History":
        """The matches played on this device."""
        if self._history is None:
            from .history import History

            self._history = History(self.host)
        return self._history

    def explained(self) -> "Explained":
        """The hint's explanation: every move weighed."""
        if self._explained is None:
            from .explain import Explained

            self._explained = Explained(self.host)
        return self._explained

    def review(self) -> "Review":
        """The review of the match: the people's decisions weighed, in the background."""
        if self._review is None:
            from .review import Review

            self._review = Review(self.host)
        return self._review

    def lessons(self) -> "Lessons":
        """The lessons: the list, a lesson on the table, the offer to a newcomer."""
        if self._lessons is None:
            from .lessons import Lessons

            self._lessons = Lessons(self.host, self.pace)
        return self._lessons

    def table(self) -> "TableHost":
        """The table across several devices, hosted here (issue 35)."""
        if self._table is None:
            from .table_host import TableHost

            self._table = TableHost(self.host)
        return self._table

    def table_frame(self, reply: "Reply") -> None:
        """A reply's frame, before the page takes it: a hosted table's guests are sent theirs
        first (issue 35)."""
        if self._table is not None:
            self._table.frame_seen(reply)

    async def table_join(self) -> None:
        """``table-join``: the table whose code is in the join field, joined."""
        from .table_guest import join_pressed

        await join_pressed(self.guest, self.host.ctl.cat)

    # -- the start (ui/dom/start.py) ---------------------------------------------------------

    async def class_link(self, code: str, save: "str | None") -> "Reply | None":
        """The first reply for the address's class code (ui/dom/kept_match.py): that class
        match, or over a match in progress that match, with the question to come."""
        return await self.kept().first_reply(code, save)

    def opened(self, reply: "Reply", code: "str | None") -> None:
        """The first reply is on the table: a class match from the address asks the student's
        name first; over a match in progress, the player says first."""
        if "class" in reply:
            self.classes().started()
        elif code:
            self.kept().open_question()

    # -- a hand's end ---------------------------------------------------------------------------

    def ended(self, dialog: "Element", frame: "Frame", step: "Step") -> None:
        """A hand's (or the match's) end, its dialog open: a finished match remembered, what
        the people's decisions cost offered for review, a student's result shown."""
        if step.kind == MATCH_END:
            asyncio.create_task(self.history().remember(frame))
        if frame["people"]:
            self.review().offer(dialog, frame)
        if step.result:
            asyncio.create_task(self.classes().show_result(dialog))

    # -- what the panels' buttons do ----------------------------------------------------------

    def open_settings(self) -> None:
        """``data-action="settings"``: Settings, with the class play's part."""
        self.host.pause()
        classes = self.classes()
        self.tools().open(classes.settings_html())
        classes.settings_opened()

    def close(self) -> "Awaitable[None] | None":
        """``close`` (or Escape): Settings apply as they close; any other dialog just goes."""
        if self.host.ctl.interaction.dialog == "settings":
            return self.tools().close()
        self.host.dialogs.close()
        return None

    def new_match(self) -> "Awaitable[None]":
        """``new-match``: from Settings, of what they say (and the deal typed); from the
        match's end, of the settings kept."""
        if self.host.ctl.interaction.dialog == "settings":
            return self.tools().start_new()
        return self.host.new_match(None)

    def mistakes_only(self) -> None:
        """``review-mistakes``: the review's list, the costly decisions only or all again."""
        from .practice import mistakes_only

        mistakes_only(self.review())

    def paused(self, opening: "Awaitable[None]") -> "Awaitable[None]":
        """A panel opens: the computer stops thinking first."""
        self.host.pause()
        return opening

    def fields(self) -> "dict[str, Handler]":
        """What a form field's change does (by its attribute)."""
        return {
            "data-import": lambda el: self.record().read_import(el),
            "data-replay-select": lambda el: self.record().choose(el),
        }

    def keys(self) -> "dict[str, Callable[[Event, str], None]]":
        """The keys of a dialog with its own."""
        return {
            "hint-explain": lambda event, key: self.explained().on_key(event, key),
            "review": lambda event, key: self.review().on_key(event, key),
        }

    def actions(self) -> "dict[str, Handler]":
        """The panels' part of the page's one action table (``Page.actions``): what each of
        their ``data-action`` does when pressed, given the element pressed."""
        paused = self.paused
        return {
            "close": lambda el: self.close(),
            "new-match": lambda el: self.new_match(),
            "hint-explain": lambda el: self.explained().open(),
            "hint-move": lambda el: self.explained().preview(str(el.dataset.hintMove)),
            "rules": lambda el: paused(self.tools().open_rules()),
            "settings": lambda el: self.open_settings(),
            "record": lambda el: paused(self.record().open()),
            "replay": lambda el: self.record().replay_hand(el),
            "step-back": lambda el: self.record().step(-1),
            "step-forward": lambda el: self.record().step(1),
            "play-file": lambda el: self.record().play_file(),
            "play-file-confirm": lambda el: paused(self.record().play_file_confirmed()),
            "history": lambda el: self.history().open(),
            "history-delete": lambda el: self.history().delete(),
            "review": lambda el: paused(self.review().open(el)),
            "review-stop": lambda el: self.review().stop(),
            "review-go": lambda el: self.review().go_on(),
            "review-show": lambda el: self.review().show(el),
            "review-back": lambda el: self.review().back(),
            "review-mistakes": lambda el: self.mistakes_only(),
            "review-practice": lambda el: self.review().practice.open(el),
            "practice-move": lambda el: self.review().practice.choose(el),
            "practice-again": lambda el: self.review().practice.again(),
            "practice-next": lambda el: self.review().practice.next(),
            # the lessons (ui/dom/lessons.py)
            "lessons": lambda el: paused(self.lessons().open()),
            "lesson": lambda el: self.lessons().start(str(el.dataset.lesson)),
            "next-lesson": lambda el: self.lessons().start(str(el.dataset.nextLesson)),
            "lesson-again": lambda el: self.lessons().again(),
            "lesson-next": lambda el: self.lessons().next_task(),
            "lesson-retry": lambda el: self.lessons().retry(),
            "lesson-end": lambda el: self.lessons().leave(),
            # class play
            "class-join": lambda el: self.classes().join(),
            "class-start": lambda el: self.classes().make(),
            "class-name": lambda el: self.classes().give_name(),
            "class-link-join": lambda el: self.classes().link_join(),
            "class-link-stay": lambda el: self.kept().stay(),
            "kept-match": lambda el: self.kept().back(),
            "kept-file": lambda el: self.kept().file_saved(),  # a download that enables join
            "class-results": lambda el: self.results().open(),
            "results-class": lambda el: self.results().start(),
            "add-results": lambda el: self.results().add(),
            "remove-result": lambda el: self.results().remove(el),
            "clear-results": lambda el: self.results().clear(),
            "print": lambda el: print_page(),
            # one table, several devices (issue 35: ui/dom/table_host.py, table_guest.py)
            "table-host": lambda el: self.table().open(),
            "pair-accept": lambda el: self.table().accept(el),
            "pair-scan": lambda el: self.table().scan(el),
            "pair-computer": lambda el: self.table().to_computer(el),
            "table-join": lambda el: self.table_join(),
            # links that only download: the browser follows them (their names are promised)
            "export": download,
            "download-save": download,
            "result-file": download,
            "export-csv": download,
        }


def download(el: "Element") -> None:
    """A link that only downloads: its own ``href`` and ``download`` do it."""


def print_page() -> None:
    """``print``: the teacher's table printed (ui/dom/class_results.py)."""
    from .class_results import print_page as printed

    printed()
