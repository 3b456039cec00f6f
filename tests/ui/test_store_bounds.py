"""Every stored thing has bounds, checked where it is read back, before anything is drawn or
sent (issue 30): the cached table, the device's history, the teacher's table, the kept match,
the settings. Out of bounds, a text is set aside once (``Store.read_bounded``, the one function
for it: under ``<key>:corrupt``, to download), what reads of it is kept, and the game goes on.
One property test per store feeds it arbitrary JSON: numbers of hundreds of digits, negative
ones, lone surrogates, deep nesting, wrong types."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from longana.classplay import ClassCode, Result
from longana.classplay.replay import play_class
from longana.device.frame import frame_of
from longana.device.session import Session
from longana.protocol import Game
from longana.rules.variant import Rules
from ui import class_table, frame_cache, history_panel, kept_match, render
from ui.controller import Controller
from ui.frame_cache import FRAME_SCHEMA, cached_frame
from ui.i18n import Catalog
from ui.storage import (
    CLASS_RESULTS,
    CORRUPT_SET_ASIDE,
    FRAME,
    HISTORY,
    KEPT,
    SETTINGS,
    SETTINGS_UNREADABLE,
    Store,
)

ROOT = Path(__file__).resolve().parents[2]
CAT = Catalog(json.loads((ROOT / "locales" / "en.json").read_text(encoding="utf-8")))
sys.path.insert(0, str(ROOT / "tests" / "ui"))
from test_storage import FakeStorage  # noqa: E402

# JSON as a broken device or a hostile hand may leave it
JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**400), max_value=10**400)
    | st.sampled_from([10**400, -1, 10**7, 2**63, 4000])
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(alphabet=st.characters(codec=None, exclude_categories=()), max_size=12)
    | st.sampled_from(["\ud800", "<img src=x>", "x" * 5000, "S", "9-9", "person"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=10,
)
DEEP = "[" * 5000 + "]" * 5000
SETTLE = settings(max_examples=120, deadline=None, suppress_health_check=list(HealthCheck))


def dump(value: Any) -> str:
    return json.dumps(value)


class Guarded(FakeStorage):
    """localStorage behind the guard of ui/storage.js, which measures a text without handing
    it over and moves one from key to key."""

    def size(self, key: str) -> int:
        return len(self.items[key]) if key in self.items else -1

    def move(self, key: str, to: str) -> bool:
        self.items[to] = self.items.pop(key)
        return True


def store_with(name: str, text: str) -> tuple[Store, FakeStorage]:
    storage = Guarded({name: text})
    return Store(storage, "/"), storage


def replaced(data: Any, path: list[int], value: Any) -> Any:
    """``data`` with the part at ``path`` (indices into its dicts' sorted keys and its lists)
    replaced by ``value``."""
    if not path or not isinstance(data, (dict, list)) or not data:
        return value
    if isinstance(data, dict):
        keys = sorted(data)
        key = keys[path[0] % len(keys)]
        return {**data, key: replaced(data[key], path[1:], value)}
    k = path[0] % len(data)
    return [*data[:k], replaced(data[k], path[1:], value), *data[k + 1 :]]


# -- the cached table ----------------------------------------------------------------------------


def played_frames() -> list[dict[str, Any]]:
    """Frames of a match played at the worker, every one of them a cache that reads."""
    game, out = Game(), []
    reply = json.loads(game.handle(json.dumps({"do": "start", "save": None, "deal": "31"})))
    reply = json.loads(game.handle(json.dumps({"do": "take-device", "seat": "S"})))
    while len(out) < 60:
        frame = reply["frame"]
        out.append(frame_cache.cacheable(frame))
        if frame["match_over"]:
            break
        if frame["outcome"] is not None:
            intent: dict[str, Any] = {"do": "next-hand"}
        elif frame["turn"] is not None:
            intent = {"do": "play", "move": frame["turn"]["moves"][-1], "at": frame["log"]}
        else:
            intent = {"do": "computer", "at": frame["log"]}
        reply = json.loads(game.handle(json.dumps(intent)))
    return out


FRAMES = played_frames()


def cache(frame: Any) -> str:
    return json.dumps({"schema": FRAME_SCHEMA, "frame": frame})


def drawn(frame: Any) -> str:
    ctl = Controller(CAT)
    ctl.interaction.area, ctl.interaction.tile_px = (640.0, 420.0), 22
    ctl.receive({"frame": frame})
    return (
        render.table_html(frame, CAT, ctl.interaction)
        + render.action_buttons(frame, CAT, ctl.interaction)
        + render.prompt(frame, CAT, ctl.interaction, False)
        + render.top_html(frame, CAT, None)
    )


def test_every_frame_of_a_match_is_a_cache_that_reads() -> None:
    assert len(FRAMES) > 20
    for frame in FRAMES:
        assert cached_frame(cache(frame)) == frame
        drawn(frame)


@pytest.mark.parametrize(
    "path, value",
    [
        (["hands", "E", "count"], 10_000_000),  # the audit: 19 minutes at 2.1 GB
        (["hands", "E", "count"], 9),
        (["hands", "E", "count"], -1),
        (["board", "branches", "N"], [["5-5", 5]] * 2000),  # froze the page 200 s
        (["board", "branches", "N"], [["5-5", 5]] * 56),
        (["board", "ends", "S"], 10**400),
        (["scores", "W"], 10**400),
        (["scores", "W"], -5),
        (["rules", "target"], 2**63),
        (["rules", "hand_size"], 20),  # four hands of 20 do not fit in 55 tiles
        (["rules", "highest"], 10),  # a number is one digit
        (["deal"], "7" * 65),
        (["log"], -1),
        (["people"], 5),
        (["can"], {"undo": True}),
        (["board", "opening"], "10-10"),
    ],
)
def test_a_cached_table_out_of_the_games_range_is_no_cache(path: list[str], value: Any) -> None:
    frame = json.loads(json.dumps(FRAMES[len(FRAMES) // 2]))
    part = frame
    for key in path[:-1]:
        part = part[key]
    part[path[-1]] = value
    store, storage = store_with(FRAME, cache(frame))
    assert store.read_frame() is None
    assert FRAME not in storage.items  # removed: a cache that cannot be drawn is no cache


def test_a_cached_tables_bounds_are_its_own_rules() -> None:
    """The page keeps no copy of the game's limits: a frame of a double-six match (six tiles
    each) is a cache; the same frame with a seventh tile in a hand, or a 9 on the board, is
    not, though both fit the card's game."""
    game = Session("bounds", rules=Rules(highest=6, hand_size=6))
    game.play(game.match.hand.legal_moves()[0])
    frame = json.loads(json.dumps(frame_cache.cacheable(frame_of(game, None))))
    assert frame["rules"] == {"highest": 6, "hand_size": 6, "target": 100}
    assert cached_frame(cache(frame)) == frame
    seventh = json.loads(json.dumps(frame))
    seventh["hands"]["E"]["count"] = 7
    nine = json.loads(json.dumps(frame))
    nine["board"]["ends"]["N"] = 9
    assert cached_frame(cache(seventh)) is None and cached_frame(cache(nine)) is None
    frame["rules"] = {"highest": 9, "hand_size": 8, "target": 100}  # the card's: both fit
    seventh["rules"] = nine["rules"] = frame["rules"]
    assert cached_frame(cache(seventh)) == seventh and cached_frame(cache(nine)) == nine


@SETTLE
@given(k=st.integers(0, 10**6), path=st.lists(st.integers(0, 50), max_size=6), value=JSON)
def test_any_json_anywhere_in_a_cached_table(k: int, path: list[int], value: Any) -> None:
    frame = replaced(FRAMES[k % len(FRAMES)], path, value)
    store, storage = store_with(FRAME, cache(frame))
    shown = store.read_frame()
    if shown is None:
        assert FRAME not in storage.items  # nothing drawn, the cache removed
        return
    assert frame_cache.frame_shape(shown)
    assert len(drawn(shown)) < 200_000  # drawn at once, whatever it holds


def test_a_deep_or_huge_cache_is_no_cache() -> None:
    for text in (DEEP, cache(DEEP), "[" + "1," * 200_000 + "1]", '{"schema": 2, "frame": 1e999}'):
        store, _ = store_with(FRAME, text)
        assert store.read_frame() is None


# -- the device's history ------------------------------------------------------------------------

ENTRY = {
    "key": "7:40",
    "date": "2026-12-02",
    "deal": "7",
    "level": "normal",
    "winner": 0,
    "people": [0],
    "totals": [[30, 0, 0, 12], [104, 0, 0, 12]],
}


def test_the_audits_histories_open() -> None:
    """A total of 10^400 kept History from opening; 20,000 entries showed none."""
    huge = {**ENTRY, "totals": [[10**400, 0, 0, 0]]}
    store, storage = store_with(HISTORY, dump([ENTRY, huge, ENTRY]))
    entries, said = store.read_bounded(HISTORY, history_panel.read_history)
    assert entries == [ENTRY, ENTRY] and said == CORRUPT_SET_ASIDE
    assert json.loads(storage.items[HISTORY + ":corrupt"])[1]["totals"][0][0] == 10**400
    assert "history.figures" not in history_panel.history_html(CAT, entries)
    assert store.read_bounded(HISTORY, history_panel.read_history) == ([ENTRY, ENTRY], None)
    many = [{**ENTRY, "key": str(k)} for k in range(20_000)]
    store, storage = store_with(HISTORY, dump(many))
    entries, said = store.read_bounded(HISTORY, history_panel.read_history, limit=10**8)
    assert entries == many[-history_panel.KEPT :] and said == CORRUPT_SET_ASIDE
    html = history_panel.history_html(CAT, entries)
    assert CAT.t("history.empty") not in html and html.count("<tr>") == 21
    store, storage = store_with(HISTORY, dump(many))
    assert store.read_bounded(HISTORY, history_panel.read_history) == ([], CORRUPT_SET_ASIDE)
    assert HISTORY not in storage.items and HISTORY + ":corrupt" in storage.items  # too large


def test_the_history_charts_each_matchs_own_target() -> None:
    """The dashed line is the match's target (a match of an earlier release, which kept none,
    was played to the card's 100); a target out of range is no entry."""

    def goal_y(entry: dict[str, Any]) -> str:
        svg = history_panel.history_html(CAT, [entry])
        return svg.split('<line x1="24" x2="296" y1="')[1].split('"')[0]

    assert goal_y(ENTRY) == goal_y({**ENTRY, "target": 100})
    long = {**ENTRY, "target": 500}
    assert history_panel.history_entry(long) and goal_y(long) == "24"  # the chart's top
    short = {**ENTRY, "totals": [[30, 0, 0, 12], [52, 0, 0, 12]], "target": 50}
    assert int(goal_y(short)) > int(goal_y({**short, "target": 60}))
    assert not history_panel.history_entry({**ENTRY, "target": 10**400})


@SETTLE
@given(odd=st.lists(JSON, max_size=4), path=st.lists(st.integers(0, 9), max_size=4), v=JSON)
def test_any_json_in_the_history(odd: list[Any], path: list[int], v: Any) -> None:
    data = [ENTRY, replaced(ENTRY, path, v), *odd]
    try:
        text = dump(data)
    except ValueError:
        return
    store, storage = store_with(HISTORY, text)
    entries, said = store.read_bounded(HISTORY, history_panel.read_history)
    assert all(history_panel.history_entry(e) for e in entries) and entries[0] == ENTRY
    history_panel.history_html(CAT, entries)
    if said is not None:
        assert storage.items[HISTORY + ":corrupt"] == text  # as it was, to download
        assert json.loads(storage.items[HISTORY]) == entries
        assert store.read_bounded(HISTORY, history_panel.read_history) == (entries, None)
    else:
        assert entries == data


# -- the teacher's table -------------------------------------------------------------------------

CODE = ClassCode.make("SB", ("person", "computer", "computer", "computer"), "easy", 10)
RESULT = Result.of(play_class(CODE, 1, lambda game, legal: legal[0]), 0, "Ana")
GOOD = [RESULT.text, RESULT.proof]


def texts(kept: list[list[str]]) -> list[Any]:
    """The entries read back, as the page holds them (``[code, entry text]``), read again."""
    return [json.loads(text) for _, text in kept]


def table(results: list[Any], code: Any = CODE.text) -> str:
    return dump({"schema": class_table.KEPT_SCHEMA, "class": code, "results": results})


@pytest.fixture
def big_numbers() -> Any:
    """Numbers of any length, as MicroPython (the page) reads and writes them."""
    before = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    yield
    sys.set_int_max_str_digits(before)


@pytest.mark.usefixtures("big_numbers")
def test_the_audits_table_keeps_its_readable_results() -> None:
    """A kept proof holding a 5000-digit number emptied the table: the others stay, it is set
    aside (to download), and said once."""
    huge = [RESULT.text, {**RESULT.proof, "hands": [10**5000]}]
    store, storage = store_with(CLASS_RESULTS, table([GOOD, huge, GOOD]))
    (code, kept, left), said = store.read_split(CLASS_RESULTS, "results", class_table.read_table)
    assert (code, texts(kept), left, said) == (CODE.text, [GOOD, GOOD], 1, CORRUPT_SET_ASIDE)
    assert "9" * 100 not in json.dumps({"kept": kept})  # what is sent to the worker
    assert store.set_aside_keys[CLASS_RESULTS] == CLASS_RESULTS + ":corrupt"
    assert len(storage.items[CLASS_RESULTS + ":corrupt"]) > 5000
    again = store.read_split(CLASS_RESULTS, "results", class_table.read_table)
    assert again == ((CODE.text, kept, 0), None)


@SETTLE
@given(odd=st.lists(JSON, max_size=4), path=st.lists(st.integers(0, 9), max_size=4), v=JSON)
def test_any_json_in_the_teachers_table(odd: list[Any], path: list[int], v: Any) -> None:
    data = [GOOD, replaced(GOOD, path, v), *odd]
    try:
        text = table(data)
    except ValueError:
        return
    store, storage = store_with(CLASS_RESULTS, text)
    (code, kept, left), said = store.read_split(CLASS_RESULTS, "results", class_table.read_table)
    assert code == CODE.text and texts(kept)[0] == GOOD and len(kept) + left == len(data)
    assert all(class_table.kept_entry(e) for e in texts(kept))
    sent = [t for _, t in kept]
    reply = json.loads(
        Game().handle(json.dumps({"do": "class-table", "class": code, "kept": sent, "texts": []}))
    )
    assert len(reply["keep"]) + len(reply["aside"]) >= len(kept)  # the worker reads them all
    if left:
        assert said == CORRUPT_SET_ASIDE and storage.items[CLASS_RESULTS + ":corrupt"] == text


@pytest.mark.parametrize("code", [None, 7, "<b>", "X" * 41, "\ud800"])
def test_a_table_with_no_class_code_is_set_aside_whole(code: Any) -> None:
    store, storage = store_with(CLASS_RESULTS, table([GOOD] * 7, code))
    (got, kept, left), said = store.read_split(CLASS_RESULTS, "results", class_table.read_table)
    assert (got, kept, left, said) == (None, [], 7, CORRUPT_SET_ASIDE), "7 set aside, said 7"
    assert CLASS_RESULTS not in storage.items and CLASS_RESULTS + ":corrupt" in storage.items


# -- the kept match ------------------------------------------------------------------------------


def a_save() -> str:
    reply = json.loads(Game().handle(json.dumps({"do": "start", "save": None, "deal": "4"})))
    return str(reply["save"])


@SETTLE
@given(path=st.lists(st.integers(0, 9), max_size=3), v=JSON)
def test_any_json_in_the_kept_match(path: list[int], v: Any) -> None:
    data = replaced(json.loads(a_save()), path, v)
    try:
        text = dump(data)
    except ValueError:
        return
    store, storage = store_with(KEPT, text)
    (save, code), said = store.read_bounded(KEPT, kept_match.read_kept_match)
    if save is None:
        assert said == CORRUPT_SET_ASIDE and storage.items[KEPT + ":corrupt"] == text
        assert KEPT not in storage.items
    else:
        assert save == text and said is None
        assert code is None or set(code) <= set(kept_match.CODE_LETTERS)
        kept_match.back_html(CAT, code)


def test_a_kept_match_with_a_class_code_that_is_none_is_set_aside() -> None:
    data = json.loads(a_save())
    for code in ("<script>", "X" * 500, 7):
        store, storage = store_with(KEPT, dump({**data, "class": code}))
        assert store.read_bounded(KEPT, kept_match.read_kept_match) == (
            (None, None),
            CORRUPT_SET_ASIDE,
        )
    store, _ = store_with(KEPT, dump({**data, "class": CODE.text}))
    text = dump({**data, "class": CODE.text})
    assert store.read_bounded(KEPT, kept_match.read_kept_match) == ((text, CODE.text), None)


# -- the settings --------------------------------------------------------------------------------


@SETTLE
@given(field=st.sampled_from(["lang", "speed", "level", "seats", "name", "x"]), v=JSON)
def test_any_json_in_the_settings(field: str, v: Any) -> None:
    try:
        text = dump({"lang": "de", "seats": ["person"] * 4, field: v})
    except ValueError:
        return
    store, storage = store_with(SETTINGS, text)
    got, said = store.read_settings()
    assert got.lang in (None, "de") and len(got.name) <= 96 and len(got.seats) == 4
    if said is not None:
        assert said == SETTINGS_UNREADABLE and storage.items[SETTINGS + ":corrupt"] == text
        assert store.read_settings()[1] is None


def test_settings_out_of_bounds_are_said_once() -> None:
    for text in (DEEP, dump({"name": "x" * 5000}), dump({"level": 10**400}), "{"):
        store, storage = store_with(SETTINGS, text)
        assert store.read_settings()[1] == SETTINGS_UNREADABLE
        assert store.read_settings()[1] is None and SETTINGS + ":corrupt" in storage.items


# -- the same readers under MicroPython (the page's runtime) --------------------------------------

HOSTILE = [
    None,
    "",
    "{",
    DEEP,
    '{"a": ' * 3000 + "1" + "}" * 3000,
    "1" + "0" * 5000,
    '["\\ud800", "\\udfff\\ud800"]',
    '{"schema": 1, "class": "\\ud800", "results": [["\\ud800", {}]]}',
    '[{"date": "\\ud800", "level": "easy", "winner": 0, "people": [0], "totals": []}]',
    '[{"date": "d", "level": "easy", "winner": 0, "people": [0], "totals": [[1'
    + "0" * 400
    + ", 0, 0, 0]]}]",
    table([GOOD, [RESULT.text, {**RESULT.proof, "plays": [-1]}]]),
    '{"schema": 2, "frame": {"hands": {"E": {"count": 10000000}}}}',
    '{"schema": 2, "class": 7}',
    '{"lang": [1], "speed": {"x": 1}, "level": -1, "seats": "PPPP", "name": 7}',
]


def test_no_reader_raises_under_micropython() -> None:
    from test_micropython import micropython

    code = (
        "import json\n"
        "from ui import class_table, frame_cache, history_panel, kept_match, settings\n"
        f"texts = json.loads({json.dumps(json.dumps(HOSTILE))})\n"
        "out = []\n"
        "for text in texts:\n"
        "    got = [history_panel.read_history(text)[1] is not None,\n"
        "           class_table.read_table(text)[0][2],\n"
        "           kept_match.read_kept_match(text)[1] is not None,\n"
        "           settings.Settings.read(text)[1],\n"
        "           frame_cache.cached_frame(text) is None]\n"
        "    out.append(got)\n"
        "print('OUT' + json.dumps(out))\n"
    )
    printed = micropython(code)
    line = next(x for x in printed.splitlines() if x.startswith("OUT"))
    got = json.loads(line[3:])
    assert len(got) == len(HOSTILE)
    assert all(no_frame for *_, no_frame in got)  # none of them is a table to draw
    for k in (2, 3, 5, 6):  # no JSON, too deep, a number of 5,000 digits, no object
        assert got[k][0] and got[k][2] and got[k][3], HOSTILE[k][:40]
    assert got[9][0]  # a history total of 400 digits
    assert got[10][1] == 1  # the table's bad entry alone is left out
    assert got[-1][3] and got[2][3] and got[3][3]  # the settings of the wrong types


def test_the_seats_on_other_devices_are_checked_in_a_cached_table() -> None:
    """``remote`` and ``guest`` (issue 35) are drawn from the cache too: only seat letters, once
    each, and a flag (Hypothesis found ``"remote": true`` drawn and failing)."""
    frame = dict(FRAMES[0])
    for remote, guest, kept in (
        (["E", "W"], None, True),
        (["E"], True, True),
        (True, None, False),
        (["X"], None, False),
        (["E", "E"], None, False),
        (["E"], "yes", False),
    ):
        frame["remote"], frame["guest"] = remote, guest
        shown = cached_frame(cache(frame))
        assert (shown is not None) == kept, (remote, guest)
        if kept:
            assert len(drawn(shown)) > 0
