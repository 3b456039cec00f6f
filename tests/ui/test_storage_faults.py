"""Storage that fails softly (issue 22): every storage call of the page goes through
``ui.storage.Store.call``, and in the browser through the guard of ``ui/storage.js``, because
under MicroPython an error thrown by ``localStorage`` passes through every ``except`` clause.
Proved here under the pinned MicroPython in node with a stand-in localStorage that throws what
browsers throw (tests/ui/fixtures/faulty_storage.js), and under CPython with raising fakes;
broken saves are set aside side by side, never over one set aside before; a cached table of
another shape, or one that would put markup on screen, is no cache."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from longana.device.frame import frame_of
from longana.device.session import Session
from ui.frame_cache import FRAME_SCHEMA, cacheable, frame_shape
from ui.history_panel import history_entries
from ui.storage import (
    CORRUPT,
    CORRUPT_KEPT,
    CORRUPT_SET_ASIDE,
    FRAME,
    SAVE,
    Store,
)

ROOT = Path(__file__).resolve().parents[2]
RUNNER = ROOT / "tools" / "mpy_run.mjs"
GUARD = ROOT / "ui" / "storage.js"
STAND_IN = ROOT / "tests" / "ui" / "fixtures" / "faulty_storage.js"


def micropython(code: str) -> str:
    return micropython_with(code, [GUARD, STAND_IN])


def micropython_with(code: str, scripts: list[Path]) -> str:
    """What ``code`` prints under MicroPython in node, ``scripts`` run first in its scope."""
    if shutil.which("node") is None:
        pytest.fail("node is needed to run the page's MicroPython")
    env = dict(os.environ, MPY_JS=",".join(str(s) for s in scripts))
    done = subprocess.run(
        ["node", str(RUNNER)], input=code, capture_output=True, text=True, timeout=120, env=env
    )
    return done.stdout + done.stderr


def test_micropython_lets_a_javascript_error_through_every_except() -> None:
    """The trap itself: why the page needs the guard (if MicroPython ever catches it, the
    guard is still right, and this test says the trap is gone)."""
    out = micropython(
        "import js\n"
        "js.storageMode = 'full'\n"
        "try:\n"
        "    js.localStorage.setItem('k', 'x' * 5000)\n"
        "except:\n"
        "    print('caught')\n"
        "print('after')\n"
    )
    assert "QuotaExceededError" in out and "caught" not in out and "after" not in out


PLAY = """
import js, json
from ui.settings import Settings
from ui.storage import Store, FULL, UNAVAILABLE, CORRUPT_KEPT, CORRUPT_SET_ASIDE
from ui.storage import SETTINGS_UNAVAILABLE
out = {}
def guard():
    g = js.longanaStorage
    return g if g and g.usable() else None
"""


def run_case(body: str) -> dict[str, Any]:
    out = micropython(PLAY + body + "\nprint('RESULT' + json.dumps(out))\n")
    lines = [line for line in out.splitlines() if line.startswith("RESULT")]
    assert lines, f"MicroPython did not finish:\n{out}"
    result: dict[str, Any] = json.loads(lines[-1][len("RESULT") :])
    return result


def test_full_storage_under_micropython_keeps_the_game_in_memory_with_a_notice() -> None:
    got = run_case(
        """
js.storageMode = 'full'
store = Store(guard(), '/')
out['usable'] = store.storage is not None
out['read'] = store.read_save()
out['write'] = store.write_save('x' * 5000)
out['settings'] = store.write_settings(Settings())
out['put'] = store.put('longana:history', 'y' * 5000)
store.forget('longana:frame')
out['small'] = store.write_save('{"schema": 3}')
"""
    )
    assert got == {
        "usable": True,
        "read": [None, None],
        "write": "save.full",
        "settings": None,
        "put": False,
        "small": None,
    }


@pytest.mark.parametrize("mode", ["blocked", "throwing"])
def test_blocked_or_throwing_storage_under_micropython_plays_in_memory(mode: str) -> None:
    got = run_case(
        f"""
js.storageMode = '{mode}'
g = guard()
out['usable'] = g is not None
store = Store(js.longanaStorage, '/')  # even handed the guard itself, nothing escapes
out['read'] = store.read_save()
out['write'] = store.write_save('{{}}')
out['settings'] = store.read_settings()[1]
out['aside'] = store.set_aside('broken')
out['blocked'] = store.blocked
out['frame'] = store.read_frame()
"""
    )
    assert got == {
        "usable": False,
        "read": [None, "save.unavailable"],
        "write": "save.unavailable",
        "settings": "notice.storage_unavailable",
        "aside": "save.corrupt_kept",
        "blocked": True,
        "frame": None,
    }


def test_a_broken_save_in_full_storage_under_micropython_is_never_written_over() -> None:
    got = run_case(
        """
js.localStorage.setItem('longana:save', 'b' * 900)
js.storageMode = 'full'
store = Store(guard(), '/')
out['aside'] = store.set_aside('b' * 900)
out['write'] = store.write_save('{"schema": 3}')
out['kept'] = str(js.localStorage.getItem('longana:save')) == 'b' * 900
"""
    )
    assert got == {"aside": "save.corrupt_kept", "write": "save.corrupt_kept", "kept": True}


class Raising:
    """A dict storage whose calls raise like a browser's (full past ``room`` characters)."""

    def __init__(self, room: int = 10**9) -> None:
        self.items: dict[str, str] = {}
        self.room = room

    def getItem(self, key: str) -> str | None:  # noqa: N802
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        used = sum(len(v) for k, v in self.items.items() if k != key)
        if used + len(value) > self.room:
            raise MemoryError("QuotaExceededError: the quota has been exceeded")
        self.items[key] = value

    def removeItem(self, key: str) -> None:  # noqa: N802
        self.items.pop(key, None)


def test_broken_saves_are_set_aside_side_by_side() -> None:
    storage = Raising()
    for n, text in enumerate(["first broken", "second broken", "third broken"]):
        storage.items[SAVE] = text
        store = Store(storage)
        assert store.set_aside(text) == CORRUPT_SET_ASIDE
        assert SAVE not in storage.items
        assert store.aside == (CORRUPT if n == 0 else f"{CORRUPT}:{n + 1}")
        assert store.broken() == text
    assert storage.items == {
        CORRUPT: "first broken",
        CORRUPT + ":2": "second broken",
        CORRUPT + ":3": "third broken",
    }


def test_the_same_broken_save_twice_is_kept_once() -> None:
    storage = Raising()
    for _ in range(2):
        storage.items[SAVE] = "broken"
        assert Store(storage).set_aside("broken") == CORRUPT_SET_ASIDE
    assert storage.items == {CORRUPT: "broken"}


def test_a_large_broken_save_in_full_storage_stays_and_nothing_is_saved_over_it() -> None:
    storage = Raising(room=4_000_000)
    big = "{" + "x" * 3_000_000
    storage.items[SAVE] = big
    store = Store(storage)
    assert store.set_aside(big) == CORRUPT_KEPT
    assert store.write_save('{"schema": 3}') == CORRUPT_KEPT
    assert storage.items[SAVE] == big


def frame(deal: str = "2") -> dict[str, Any]:
    """A cached frame of one person's turn (deal 2: South opens), with its legal map."""
    f: dict[str, Any] = json.loads(json.dumps(cacheable(frame_of(Session(deal), holder=None))))
    return f


def test_this_releases_frame_is_a_cache() -> None:
    assert frame_shape(frame()) and frame()["turn"] is not None
    assert frame_shape(frame("7"))
    storage = Raising()
    store = Store(storage)
    storage.items[FRAME] = json.dumps({"schema": FRAME_SCHEMA, "frame": frame()})
    assert store.read_frame() == frame()


def spoiled(change: str) -> Any:
    f = frame()
    if change == "no viewer":
        del f["viewer"]
    elif change == "seats as numbers":
        f["scores"] = {"0": 0, "1": 0, "2": 0, "3": 0}
    elif change == "markup in a tile":
        f["hands"]["S"]["tiles"] = ["<img src=x onerror=alert(1)>"]
    elif change == "markup in the deal":
        f["deal"] = "<script>alert(1)</script>"
    elif change == "a score as text":
        f["scores"]["S"] = "<b>120</b>"
    elif change == "a board tile":
        f["board"]["branches"]["N"] = [['6-6"><i', 6]]
    elif change == "markup in a refusal":
        f["turn"]["tiles"]["2-2"]["refusal"]["params"]["doubles"] = ["<img src=x>"]
    elif change == "a target not a seat":
        f["turn"]["tiles"]["2-2"]["targets"] = ["S", "<b>"]
    elif change == "moves as text":
        f["turn"]["moves"] = "9-9"
    elif change == "a list":
        return [1, 2, 3]
    elif change == "deep":
        deep: Any = 0
        for _ in range(50):
            deep = [deep]
        f["board"]["branches"]["E"] = deep
    return f


CHANGES = [
    "no viewer",
    "seats as numbers",
    "markup in a tile",
    "markup in the deal",
    "a score as text",
    "a board tile",
    "markup in a refusal",
    "a target not a seat",
    "moves as text",
    "a list",
    "deep",
]


@pytest.mark.parametrize("change", CHANGES)
def test_a_cache_of_another_shape_is_no_cache(change: str) -> None:
    assert not frame_shape(spoiled(change))
    storage = Raising()
    storage.items[FRAME] = json.dumps({"schema": FRAME_SCHEMA, "frame": spoiled(change)})
    assert Store(storage).read_frame() is None


def test_the_frame_check_runs_under_micropython() -> None:
    cases = {"good": frame(), **{c: spoiled(c) for c in CHANGES}}
    got = run_case(
        "from ui.frame_cache import frame_shape\n"
        f"cases = json.loads({json.dumps(json.dumps(cases))})\n"
        "for name in cases:\n"
        "    out[name] = frame_shape(cases[name])\n"
    )
    assert got == {"good": True, **{c: False for c in CHANGES}}


def test_a_save_of_megabytes_is_set_aside_unread_under_micropython() -> None:
    """MicroPython's heap cannot hold a text of 3 MB: the guard measures and moves it."""
    got = run_case(
        """
js.localStorage.room = 10**8
js.localStorage.setItem('longana:save:corrupt', 'kept before')
js.localStorage.setItem('longana:save', '{' + 'x' * 10 + '}')  # grown in JS, not here
js.eval("localStorage.setItem('longana:save', '{' + 'x'.repeat(3000000))")
store = Store(guard(), '/')
out['read'] = store.read_save()
out['first'] = str(js.localStorage.getItem('longana:save:corrupt'))
out['moved'] = int(js.eval("localStorage.getItem('longana:save:corrupt:2').length"))
out['gone'] = js.longanaStorage.size('longana:save') == -1
js.storageMode = 'full'
js.localStorage.room = 8000000  # room for a second save of 3 MB, not for a copy of it
js.eval("localStorage.setItem('longana:save', '{' + 'y'.repeat(3000000))")
out['full'] = Store(guard(), '/').read_save()
"""
    )
    assert got == {
        "read": [None, "save.corrupt"],
        "first": "kept before",
        "moved": 3_000_001,
        "gone": True,
        "full": [None, "save.corrupt_kept"],
    }


def test_a_bad_history_entry_is_skipped_and_counted() -> None:
    good = {"key": "7:40", "date": "2026-12-01", "deal": "7", "level": "hard", "winner": 0}
    good.update({"people": [0], "totals": [[10, 0, 0, 5]]})
    bad = [
        {"date": "<b>x</b>", **{k: v for k, v in good.items() if k != "date"}},
        {**good, "winner": 9},
        {**good, "totals": "many"},
        "text",
        None,
    ]
    assert history_entries(json.dumps([good, *bad, good])) == ([good, good], len(bad))
    assert history_entries("{broken") == ([], 1)
    assert history_entries(None) == ([], 0)
