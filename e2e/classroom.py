"""A class match as the end-to-end tests play and check it (issues 13 and 22): the class code
of ``e2e/test_class.py`` (why it is short: that file's docstring), a student playing it to its
end in a fresh profile (what the page showed on the way kept in a :class:`Student`), the
engine's replay of the student's moves; the teacher's table driven through the page (opened,
codes and files added and waited out, results removed, its rows read and checked against the
engine's standings, its CSV and print read); the made-up results of the forgery checks.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import Locator

from longana import Move
from longana.classplay import ClassCode, ClassError, Result, standings
from longana.classplay.replay import play_class
from longana.device.session import Session
from longana.players.levels import choose as computer_choice

from .browsers import Browsers
from .game import Game, artifact
from .shown import english

# -- a student's class match -----------------------------------------------------------------------

CODE = ClassCode.make("E2E7", ("person", "computer", "computer", "computer"), "normal", 20)
MATCH_MS = 150_000  # one student's whole class match on the fast setting, 2 busy cores
WORDS = english()["class"]


def first(moves: list[Move]) -> Move:
    return moves[0]


def last(moves: list[Move]) -> Move:
    return moves[-1]


@dataclass
class Student:
    name: str
    choose: Callable[[list[Move]], Move]
    south_at_start: list[str] = field(default_factory=list)
    moves: list[list[Move]] = field(default_factory=list)  # South's moves, hand by hand
    codes: list[tuple[str, str]] = field(default_factory=list)  # (dialog, result code)
    marks: list[str] = field(default_factory=list)  # each code's mark: its hands, or "final"
    hand_end_undo: list[int] = field(default_factory=list)
    tools: dict[str, dict[str, Any]] = field(default_factory=dict)
    body: dict[str, str] = field(default_factory=dict)
    banner: str = ""
    save: str = ""
    file: Path | None = None
    filename: str = ""

    @property
    def code(self) -> str:
        return self.codes[-1][1]


TOOLS_JS = """(names) => Object.fromEntries(names.map((n) => {
  const el = [...document.querySelectorAll(`[data-action="${n}"]`)]
      .find((e) => !e.closest('[data-dialog]'));
  return [n, el ? {disabled: el.disabled, title: el.title,
                   description: el.getAttribute('aria-description'),
                   visible: !!(el.offsetWidth || el.offsetHeight)} : null];
}))"""


def play_class_match(
    browsers: Browsers, name: str, choose: Callable[[list[Move]], Move]
) -> Student:
    """One student plays the class match from its address to its end in a fresh profile."""
    student = Student(name, choose)
    game = browsers.game(
        f"?class={CODE.text}", settings={"speed": "fast", "name": name}, fresh=True
    )
    assert game.wait_turn("S") == "turn", "South never got a turn in the first hand"
    state = game.state()
    student.south_at_start = sorted(state["hands"]["S"]["tiles"])
    student.body = state["body"]
    student.tools = game.page.evaluate(TOOLS_JS, ["undo", "redo", "restart", "hint"])
    banner = game.page.locator(".class-banner")
    student.banner = banner.first.inner_text() if banner.count() else ""
    while True:
        student.moves.append(game.play_hand("S", choose=choose))
        end = game.wait_turn("S", timeout=MATCH_MS)
        assert end in ("hand-end", "match-end"), f"{name}: {end} after South's last turn"
        dialog = game.dialog(end)
        shown = dialog.locator("[data-result-code]")
        shown.wait_for(timeout=30_000)
        student.codes.append((end, shown.inner_text().strip()))
        student.marks.append(
            dialog.locator(".class-result").first.evaluate(
                "(el) => el.dataset.resultPartial ?? "
                "(el.hasAttribute('data-result-final') ? 'final' : '')"
            )
        )
        student.hand_end_undo.append(game.action("undo", within=dialog).count())
        if end == "match-end":
            link = game.action("result-file", within=dialog)
            student.filename = str(link.get_attribute("download"))
            with game.page.expect_download() as info:
                link.click()
            student.file = artifact(f"class-result-{name}.json")
            info.value.save_as(student.file)
            break
        game.action("next-hand", within=dialog).click()
        dialog.wait_for(state="hidden")
    student.save = str(game.raw_save())
    game.screenshot(f"class-match-end-{name}")
    return student


def engine_replay(student: Student) -> Any:
    """The class match replayed by the engine alone: South's moves as the page made them, the
    computer's answers from ``longana.players.levels`` with the class code's level and seeds."""
    session = CODE.session()
    for number, moves in enumerate(student.moves):
        if number:
            session.next_hand()
        left = list(moves)
        hand = session.match.hand
        while hand.outcome is None:
            seat = hand.to_move
            if seat == 0:
                assert left, f"{student.name}: the engine wants a South move the page never made"
                session.play(left.pop(0))
            else:
                session.play(
                    computer_choice(session.view(seat), session.level, session.decision_seed())
                )
        assert not left, f"{student.name}: the hand ended before South's moves {left}"
    return session


# -- the teacher's table ---------------------------------------------------------------------------


def open_table(game: Game) -> Locator:
    """Settings → Teacher's table."""
    game.open_panel("settings")
    game.action("class-results").click()
    dialog = game.dialog("class-results")
    dialog.wait_for()
    return dialog


def rows(game: Game) -> list[dict[str, Any]]:
    return list(
        game.page.evaluate("""() => [...document.querySelectorAll(
        '[data-dialog="class-results"] [data-student]')].map((r) => ({
          name: r.dataset.student, rank: r.dataset.rank, flag: r.dataset.flag ?? '',
          cells: [...r.children].map((c) => c.textContent.trim())}))""")
    )


def add(
    game: Game, codes: Sequence[str] = (), files: Sequence[Any] = (), wait_ms: int = 60_000
) -> Locator:
    """Type ``codes`` (one a line) and choose ``files``, press Add; wait until the table is
    drawn again and checks no more. Returns the dialog."""
    dialog = game.dialog("class-results")
    area = dialog.locator("textarea[data-results-input]")
    area.fill("\n".join(codes))
    if files:
        dialog.locator("input[type=file][data-results-files]").set_input_files(list(files))
    area.evaluate("(el) => el.setAttribute('data-e2e-old', '')")
    game.action("add-results", within=dialog).click()
    game.page.wait_for_function(
        """() => !document.querySelector('[data-results-input][data-e2e-old]')
                 && !document.querySelector('[data-action="add-results"][disabled]')""",
        timeout=wait_ms,
    )
    return game.dialog("class-results")


def remove_results(teacher: Game, results: list[Result], made: list[Result]) -> None:
    """Remove ``made`` (added after ``results``) from the teacher's table, the last added
    first, each from its place in the ranking as the page shows it; ``made`` ends empty."""
    while made:
        result = made.pop()
        table = standings(results + made + [result], CODE)  # ranked as on the page
        place = next(k for k, r in enumerate(table.rows) if r.index == len(results) + len(made))
        count = len(rows(teacher))
        teacher.dialog("class-results").locator('[data-action="remove-result"]').nth(place).click()
        teacher.page.wait_for_function(
            "(n) => document.querySelectorAll('[data-student]').length === n",
            arg=count - 1,
            timeout=60_000,
        )


def number(text: str) -> float:
    return float(text.replace("−", "-").replace("–", "-"))


def check_rows(game: Game, results: list[Result]) -> list[dict[str, Any]]:
    """The table's rows are the engine's: names and ranks in order, totals, each hand."""
    engine = standings(results, CODE)
    shown = rows(game)
    assert [(r["name"], r["rank"]) for r in shown] == [
        (r.name, str(r.rank)) for r in engine.rows
    ], f"page ranks {shown}, engine {[(r.name, r.rank, r.total) for r in engine.rows]}"
    for row, want in zip(shown, engine.rows, strict=True):
        cells = row["cells"]
        assert abs(number(cells[3]) - want.total) < 0.051, f"{row}: total {want.total}"
        assert cells[4] == str(want.played), f"{row}: it covers {want.played} hands"
        assert ("partial" in row["flag"]) is want.partial, f"{row}: partial {want.partial}"
        hands = cells[5 : 5 + engine.hands]
        assert len(cells) == 6 + engine.hands, f"{row}: {engine.hands} hands and Remove expected"
        assert len(hands) == engine.hands, f"{row}: {engine.hands} hands expected"
        for k, cell in enumerate(hands):
            if k < want.played:
                assert cell.split()[0] == str(want.points[k]), f"{row}: hand {k + 1} {want}"
            else:
                assert cell == "–", f"{row}: hand {k + 1} was not played: {cell!r}"
    return shown


def error_text(dialog: Locator) -> str:
    error = dialog.locator("[data-results-error]")
    return error.inner_text().strip() if error.is_visible() else ""


def altered(code: str) -> str:
    """``code`` with its last character changed to another letter or digit."""
    return code[:-1] + ("2" if code[-1] != "2" else "3")


def teacher_with_rows(teacher: Game, students: list[Student]) -> list[Result]:
    """The two students' results, in the table (added unless a test before did)."""
    results = [Result.parse(s.code) for s in students]
    if len(rows(teacher)) != len(results):
        add(teacher, [s.code for s in students])
    check_rows(teacher, results)
    return results


# The text behind a link (the CSV export's blob: address).
FETCH_JS = "async (url) => { const r = await fetch(url); return await r.text(); }"

# What the teacher's table shows when printed (run under the print media).
PRINTED_JS = """() => {
  const shown = (el) => !!(el.offsetWidth || el.offsetHeight || el.getClientRects().length);
  const dialog = document.querySelector('[data-dialog="class-results"]');
  return {
    app: shown(document.querySelector('#app')),
    table: shown(dialog.querySelector('table')),
    textarea: shown(dialog.querySelector('[data-results-input]')),
    buttons: [...dialog.querySelectorAll('button, a')].filter(shown).map((b) => b.outerHTML),
    background: getComputedStyle(document.body).backgroundColor,
    ink: getComputedStyle(dialog.querySelector('tbody th')).color,
  };
}"""

# -- made-up results, for the forgery checks (issue 22) ------------------------------------------

SOLO = ("person", "computer", "computer", "computer")


def pick_by(seed: int) -> Any:
    """A way of playing for a made-up student: the choice fixed by ``seed`` and the position."""
    return lambda game, legal: legal[(seed + 3 * len(game.log)) % len(legal)]


def relabelled(game: Session, code: ClassCode) -> Session:
    """``game``'s moves as if played in the class match of ``code`` (a session takes any
    legal move at a computer's seat: what a forger's copy of the game can do)."""
    forged = code.session()
    for action in game.log:
        if action.text == "next":
            forged.next_hand()
        else:
            forged.play(Move.parse(action.text))
    return forged


def refusal_words(error: ClassError) -> str:
    params = dict(error.params)
    if isinstance(params.get("seat"), str):
        params["seat"] = english()["seat"][params["seat"]]
    return str(WORDS["why"][error.code]).format(**params)


def as_file(name: str, text: str) -> dict[str, Any]:
    return {"name": name, "mimeType": "application/json", "buffer": text.encode()}


def early_play(others: list[Result], name: str) -> Result:
    """A code of hand 1 of a match that goes on, of a play none of ``others`` played."""
    for seed in range(100):
        result = Result.of(play_class(CODE, 1, at_random(seed)), 0, name)
        row = next(r for r in standings([*others, result], CODE).rows if r.name == name)
        if not result.finished and row.flags == ("partial",):
            return result
    raise AssertionError("no play of hand 1 of its own: try other seeds")


def at_random(seed: int) -> Callable[[Session, list[Move]], Move]:
    pick = random.Random(seed)
    return lambda game, legal: pick.choice(legal)
