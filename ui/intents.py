"""Every intent the page sends the game worker, one builder each: the only place an intent's
shape is written on the page. Their types are the worker's (``longana/intents.py``, which
``longana/protocol.py`` reads), so mypy holds the two sides together. Runs under MicroPython and
CPython (the types are never imported at run time).
"""

TYPE_CHECKING = False  # mypy takes it as true: the intents' types, never imported at runtime
if TYPE_CHECKING:
    from longana.intents import (
        ClassCode,
        ClassName,
        ClassResult,
        ClassRows,
        ClassStart,
        ClassTable,
        Computer,
        Hint,
        Import,
        LessonAt,
        LessonPlay,
        LessonRetry,
        LessonStart,
        NewMatch,
        Plain,
        Play,
        Replay,
        Review,
        Seats,
        Start,
        TakeDevice,
    )


def start(
    save: "str | None",
    seats: "list[str]",
    level: str,
    deal: "str | None" = None,
    holder: "str | None" = None,
    or_new: bool = True,
    target: "int | None" = None,
) -> "Start":
    """Resume ``save`` (``holder``: who holds the device; nobody after a reload) or, when it
    cannot be used and ``or_new``, start a new match of ``seats``, ``level``, ``deal`` and
    ``target`` (None: the card's)."""
    intent: Start = {
        "do": "start",
        "save": save,
        "seats": seats,
        "level": level,
        "deal": deal,
        "holder": holder,
        "or_new": or_new,
    }
    if target is not None:
        intent["target"] = target
    return intent


def play(move: str, at: int) -> "Play":
    return {"do": "play", "move": move, "at": at}


def computer(at: int) -> "Computer":
    """The computer seat to move makes one move."""
    return {"do": "computer", "at": at}


def hint(at: int) -> "Hint":
    return {"do": "hint", "at": at}


def undo() -> "Plain":
    return {"do": "undo"}


def redo() -> "Plain":
    return {"do": "redo"}


def restart() -> "Plain":
    return {"do": "restart"}


def next_hand() -> "Plain":
    return {"do": "next-hand"}


def record() -> "Plain":
    return {"do": "record"}


def new_match(seats: "list[str]", level: str, deal: "str | None", target: int) -> "NewMatch":
    """A new match of ``seats`` and ``level`` played to ``target``, from ``deal`` (or a random
    one)."""
    return {"do": "new-match", "seats": seats, "level": level, "deal": deal, "target": target}


def seats(kinds: "list[str]", level: str) -> "Seats":
    """Who sits where in the match being played, and the computer's level."""
    return {"do": "seats", "seats": kinds, "level": level}


def take_device(seat: str) -> "TakeDevice":
    return {"do": "take-device", "seat": seat}


def replay(hand: int, step: int, imported: bool = False) -> "Replay":
    """A finished hand of the match (or of the records ``imported``) at ``step``."""
    return {"do": "replay", "hand": hand, "step": step, "imported": imported}


def import_records() -> "Import":
    """Hand records from a file: its text is put into ``text`` by JavaScript (ui/boot.js,
    ``withFile``), never into the page's heap."""
    return {"do": "import", "text": ""}


def class_start(code: str, save: "str | None") -> "ClassStart":
    """Start the class match ``code``, or resume ``save`` when it is that match (nobody holds
    the device yet)."""
    return {"do": "class-start", "code": code, "save": save, "holder": None}


def class_code(deal: "str | None", kinds: "list[str]", level: str, target: int) -> "ClassCode":
    """The class code of these settings, its match played to ``target``."""
    return {"do": "class-code", "deal": deal, "seats": kinds, "level": level, "target": target}


def class_result(seat: str, name: str) -> "ClassResult":
    return {"do": "class-result", "seat": seat, "name": name}


def class_name(name: str) -> "ClassName":
    return {"do": "class-name", "name": name}


def class_table(
    code: "str | None",
    texts: "list[str]",
    proofs: "dict[str, str] | None" = None,
    kept: "list[str] | None" = None,
    page: "int | None" = None,
) -> "ClassTable":
    """The teacher's table of the class ``code``: ``texts`` (result codes, or a result file's
    text, which JavaScript adds) replayed; ``kept``, the table kept on the device, each entry
    its ``[code, proof]`` JSON text taken by its proof (``proofs``: the form of the release
    before); ``page``: the rows answered at once (the others by :func:`class_rows`)."""
    intent: ClassTable = {"do": "class-table", "class": code, "texts": texts}
    if kept is not None:
        intent["kept"] = kept
    else:
        intent["proofs"] = proofs or {}
    if page is not None:
        intent["page"] = page
    return intent


def class_rows(start: int, count: int) -> "ClassRows":
    """Rows of the teacher's table answered last, from ``start``."""
    return {"do": "class-rows", "start": start, "count": count}


def review(step: int, hand: "int | None" = None) -> "Review":
    """Step ``step`` of the review of the match (of hand ``hand`` only, when given)."""
    return {"do": "review", "step": step, "hand": hand}


def lesson_start(lesson: str, task: "int | None" = None) -> "LessonStart":
    """Lesson ``lesson`` from its first task, or from ``task`` (resumed after a reload)."""
    intent: LessonStart = {"do": "lesson-start", "id": lesson}
    if task is not None:
        intent["task"] = task
    return intent


def lesson_play(move: str, at: int) -> "LessonPlay":
    return {"do": "lesson-play", "move": move, "at": at}


def lesson_computer(at: int) -> "LessonAt":
    """The computer makes the lesson's next fixed reply."""
    return {"do": "lesson-computer", "at": at}


def lesson_next(at: int) -> "LessonAt":
    return {"do": "lesson-next", "at": at}


def lesson_retry() -> "LessonRetry":
    return {"do": "lesson-retry"}
