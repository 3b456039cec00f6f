"""Issue 37, item 7: any text in any store, and the game on the table goes on.

Every store the page reads back (the settings, the cached table, the history, the teacher's table,
the kept match, the lessons' progress) is given any text at all (Hypothesis: any characters, lone
surrogates, cut and changed JSON of that store, deep nesting, huge numbers). Its reader never
raises, gives a value of its own kind, never touches the saved game, and what it sets aside is the
text as it was (nothing lost); what it keeps reads back the same, said once. The same texts go
through the readers under the page's MicroPython (node), whose JSON and strings differ.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from longana.classplay import ClassCode, Result
from longana.classplay.replay import play_class
from ui import class_table, frame_cache, history_panel, kept_match, lessons
from ui.settings import Settings
from ui.storage import (
    CLASS_RESULTS,
    CORRUPT_KEPT,
    CORRUPT_SET_ASIDE,
    HISTORY,
    KEPT,
    SAVE,
    SETTINGS,
    Store,
)

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_store_bounds import Guarded  # noqa: E402

CODE = ClassCode.make("ST", ("person", "computer", "computer", "computer"), "easy", 10)
RESULT = Result.of(play_class(CODE, 1, lambda game, legal: legal[0]), 0, "Ana")
SAVED = '{"schema": 2, "deal": "7"}'  # the game on the table: never touched by a store's reader

# what each store holds when it is well: the texts Hypothesis cuts and changes
GOOD = {
    SETTINGS: json.dumps({"speed": "fast", "lang": "de", "name": "Ana"}),
    HISTORY: json.dumps(
        [
            {
                "key": "7:4",
                "date": "2026-12-01",
                "deal": "7",
                "level": "easy",
                "winner": 0,
                "people": [0],
                "totals": [[12, 0, 0, 0]],
            }
        ]
    ),
    CLASS_RESULTS: json.dumps(
        {"schema": 1, "class": CODE.text, "results": [[RESULT.text, RESULT.proof]] * 2}
    ),
    KEPT: json.dumps({"schema": 2, "deal": "9", "log": [], "seats": ["person"] * 4}),
    lessons.PROGRESS: json.dumps(
        {"schema": 1, "done": ["doubles"], "at": {"id": "points", "task": 1}}
    ),
}


def read(store: Store, name: str) -> tuple[Any, Any]:
    """What the page reads of store ``name``, and what the store said."""
    if name == SETTINGS:
        return store.read_settings()
    if name == HISTORY:
        return store.read_bounded(HISTORY, history_panel.read_history)
    if name == CLASS_RESULTS:
        return store.read_split(CLASS_RESULTS, "results", class_table.read_table)
    if name == KEPT:
        return store.read_bounded(KEPT, kept_match.read_kept_match)
    progress = lessons.read_progress(store)
    return progress, progress.said


def of_its_kind(name: str, value: Any) -> bool:
    if name == SETTINGS:
        return isinstance(value, Settings)
    if name == HISTORY:
        return isinstance(value, list)
    if name == CLASS_RESULTS:
        code, kept, left = value
        return (code is None or class_table._code(code, 40)) and isinstance(kept, list)
    if name == KEPT:
        return isinstance(value, tuple)
    return isinstance(value, lessons.Progress)


def changed(text: str, at: int, cut: int, put: str) -> str:
    at = at % (len(text) + 1)
    return text[:at] + put + text[at + cut :]


ANY_TEXT = st.text(alphabet=st.characters(codec=None, exclude_categories=()), max_size=300)
EDITS = st.tuples(
    st.integers(0, 10_000), st.integers(0, 40), ANY_TEXT.filter(lambda t: len(t) < 20)
)
ODD = st.sampled_from(
    ["[" * 5000 + "]" * 5000, "9" * 5000, "1e999", "NaN", "\ud800", "\x00", "null", "{}", "[]"]
)


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    name=st.sampled_from(sorted(GOOD)),
    text=ANY_TEXT | ODD,
    edit=EDITS,
    how=st.sampled_from(["any", "edited", "odd-in"]),
)
def test_any_text_in_any_store_and_the_game_goes_on(
    name: str, text: str, edit: tuple[int, int, str], how: str
) -> None:
    if how == "edited":
        text = changed(GOOD[name], *edit)
    elif how == "odd-in":
        text = changed(GOOD[name], edit[0], edit[1], text[:5000])
    storage = Guarded({name: text, SAVE: SAVED})
    store = Store(storage, "/")
    value, said = read(store, name)
    assert of_its_kind(name, value), (name, value)
    assert storage.items[SAVE] == SAVED, "a store's reader touched the game on the table"
    if said == CORRUPT_SET_ASIDE:
        assert text in storage.items.values(), "what was set aside is the text as it was"
    if said not in (CORRUPT_KEPT,):
        again, said_again = read(Store(storage, "/"), name)
        assert said_again is None, "said once"
        if name != SETTINGS:
            assert type(again) is type(value)


def hostile_texts(count: int) -> list[tuple[str, str]]:
    """``count`` (store, text) pairs, cut and changed at random (the same each run)."""
    pick = random.Random(37)
    odd = ["\x00", "\ud7ff", "\uffff", "9" * 400, "[" * 300, "]", "{", '"', "\\", "1e999", "-1"]
    out = []
    for k in range(count):
        name = sorted(GOOD)[k % len(GOOD)]
        text = GOOD[name]
        for _ in range(pick.randrange(1, 4)):
            text = changed(text, pick.randrange(10_000), pick.randrange(12), pick.choice(odd))
        out.append((name, text))
    return out


def test_any_text_in_any_store_under_micropython() -> None:
    """The page's own runtime: the same readers over 200 texts, none of them raising."""
    from test_storage_faults import GUARD, STAND_IN, micropython_with

    texts = hostile_texts(200)
    code = (
        "import js, json\n"
        "from ui import class_table, history_panel, kept_match, lessons\n"
        "from ui.storage import Store, CLASS_RESULTS, HISTORY, KEPT, SETTINGS, SAVE\n"
        f"cases = json.loads({json.dumps(json.dumps(texts))})\n"
        "out = []\n"
        "for name, text in cases:\n"
        "    js.storageItems.clear()\n"
        "    js.localStorage.setItem(name, text)\n"
        "    js.localStorage.setItem(SAVE, 'the game')\n"
        "    store = Store(js.longanaStorage, '/')\n"
        "    try:\n"
        "        if name == SETTINGS: store.read_settings()\n"
        "        elif name == HISTORY: store.read_bounded(HISTORY, history_panel.read_history)\n"
        "        elif name == CLASS_RESULTS:\n"
        "            store.read_split(CLASS_RESULTS, 'results', class_table.read_table)\n"
        "        elif name == KEPT: store.read_bounded(KEPT, kept_match.read_kept_match)\n"
        "        else: lessons.read_progress(store)\n"
        "        out.append(js.localStorage.getItem(SAVE) == 'the game')\n"
        "    except Exception as error:\n"
        "        out.append(repr(error))\n"
        "print('OUT' + json.dumps(out))\n"
    )
    printed = micropython_with(code, [GUARD, STAND_IN])
    line = next((x for x in printed.splitlines() if x.startswith("OUT")), None)
    assert line is not None, printed[-2000:]
    got = json.loads(line[3:])
    assert len(got) == len(texts)
    raised = [(texts[k][0], texts[k][1][:60], r) for k, r in enumerate(got) if r is not True]
    assert raised == []


def test_the_texts_are_hostile_enough() -> None:
    """The MicroPython run's texts reach each store, and most are no good text of it."""
    texts = hostile_texts(200)
    assert {name for name, _ in texts} == set(GOOD)
    assert sum(text != GOOD[name] for name, text in texts) > 190
    assert frame_cache.cached_frame("not json") is None
