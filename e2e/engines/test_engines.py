"""Issue 21: every browser a school has. The same scenarios in WebKit (Safari's engine family)
and Firefox, through the page's data attributes: an old browser's words; a cold load (the
loading screen's steps; in WebKit, Safari's eviction notice); a hand played by taps and one by
keys; the hand's end; Rules pausing the computer; a reload that resumes; another language;
offline play. One browser per engine runs them in this order (the offline one stops that
engine's server, so it comes last); each scenario starts from empty storage, except the first
two, which are the profile's first visits.

Every scenario fails on an error the page reported (uncaught, a rejected promise,
``console.error``, a worker's error, a request off 127.0.0.1) and on a
``navigator.storage.persist()`` call made with nobody acting (Firefox asks the player then).
Screenshots at phone and desktop size go to ``artifacts/engines-<engine>-*.png``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from ..positions import south_opens_seed
from ..shown import ROOT, check_against_save
from .drivers import WaitTimeout
from .smoke import TABLE, TURN_S, Smoke, table

# one xdist worker runs the module (make test-browser): an engine serves all its scenarios
pytestmark = pytest.mark.xdist_group("test_engines")

FAST = {"speed": "fast"}
PLAYS_ON = 1  # a deal whose first hand goes on after South's first two choices (some end)


def catalog(lang: str) -> dict[str, Any]:
    return dict(json.loads((ROOT / "locales" / f"{lang}.json").read_text(encoding="utf-8")))


@pytest.fixture(autouse=True)
def no_errors(engine: Smoke) -> Iterator[None]:
    """No error, and no question nobody asked: ``storage.persist()`` (Firefox asks the player
    about it) only while the player acts or once the browser has granted it."""
    yield
    problems = engine.errors()
    asked = [c for c in engine.persist_calls() if not c["acting"] and c["granted"] != "granted"]
    if asked:
        problems.append(f"storage.persist() asked with nobody acting: {asked}")
    assert not problems, f"{engine.name}:\n  " + "\n  ".join(problems)


def south_turn_with_choice(engine: Smoke) -> None:
    """Play on (by taps) until South is to move with a tile to play."""
    while True:
        assert engine.wait_turn("S") == "turn", "the hand ended before South had a choice"
        state = engine.state()
        if engine.opened(state) and engine.legal(state):
            return
        engine.play_turn("taps", 0)


def table_moves(engine: Smoke) -> int:
    """The hand's moves on the table (``data-moves``), where the save may hold one more."""
    return int(engine.body("data-moves") or 0)


def test_an_old_browser_gets_words(engine: Smoke) -> None:
    """Below the floor (here ``dialog.showModal`` taken away, the browser set to Spanish):
    the page's first script says in Spanish what is missing, and nothing else starts. First:
    such a browser never ran the game, so no service worker of it is there (and WebKit's
    driver waits out its page-load timeout after a document.write under one)."""
    engine.driver.goto(engine.url + "old-browser.html")
    engine.wait_visible("#floor")
    words = catalog("es")["floor"]
    text = str(engine.driver.js("() => document.querySelector('#floor').textContent"))
    assert words["title"] in text and words["dialog"] in text, text
    assert engine.driver.js("() => document.querySelector('#floor').dataset.floor") == "dialog"
    assert engine.driver.js("() => document.documentElement.lang") == "es"
    started = engine.driver.js("() => [!!document.getElementById('boot'), !!window.longanaBoot]")
    assert started == [False, False], "the page went on starting below the floor"
    for size in ("phone", "desktop"):
        engine.resize(size)
        assert engine.layout_problems() == []
        engine.screenshot("old-browser")


def test_cold_load(engine: Smoke) -> None:
    """The profile's first visit of the game: nothing of it cached, nothing stored."""
    seconds = engine.open(clear=False)
    marks = engine.marks()
    engine.figures["cold"] = {**marks, "seconds": round(seconds, 1)}
    # the loading screen said what it was doing (and, if it took long, that it still was)
    shown = engine.driver.kept("smoke:boot")
    engine.figures["loading screen"] = [t for t in shown if " MB" not in t]
    words = catalog("en")["boot"]
    assert words["step_runtime"] in shown, f"the loading screen showed {shown}"
    state = engine.state()
    assert state["body"].get("data-lang") == "en"
    assert engine.driver.js("() => document.documentElement.lang") == "en"
    south = state["hands"]["S"]["tiles"]
    assert 7 <= len(south) <= 8, f"South shows {south}"
    hidden = {s: state["hands"][s]["tiles"] for s in "ENW"}
    assert hidden == {"E": [], "N": [], "W": []}, f"other seats face up: {hidden}"
    assert engine.layout_problems() == []
    engine.screenshot("cold")
    if engine.name == "webkit":  # Safari's family: stored data may go after 7 days unvisited
        check_the_eviction_notice(engine)
    else:
        assert not engine.visible(EVICTION), f"{engine.name} says its saves may be deleted"


EVICTION = '[data-notice="eviction"]'
SAVE_FILE_JS = """async (css) => {
  const link = document.querySelector(css);
  link.addEventListener('click', (e) => e.preventDefault(), {once: true});  // no download here
  link.click();
  const text = await (await fetch(link.href)).text();
  return {text, name: link.getAttribute('download'),
          save: localStorage.getItem('longana:save')};
}"""


def check_the_eviction_notice(engine: Smoke) -> None:
    """WebKit, not installed: the page says once that the saves may be deleted, with the way
    out (the Home Screen; the save as a file, which Record's import reads)."""
    engine.wait_visible(EVICTION, timeout=TURN_S)
    words = catalog("en")["boot"]
    text = engine.driver.js("(c) => document.querySelector(c).textContent", EVICTION)
    assert words["evict"] in text, text
    engine.screenshot("eviction")
    engine.resize("phone")
    try:
        assert engine.layout_problems() == []
        engine.screenshot("eviction")
    finally:
        engine.resize("desktop")
    got = engine.driver.js(SAVE_FILE_JS, f'{EVICTION} [data-action="save-file"]')
    assert got["save"] and got["text"] == got["save"], "the file is not the saved game"
    assert str(got["name"]).endswith(".json"), got["name"]
    engine.driver.click(f'{EVICTION} [data-action="dismiss"]')
    engine.wait_gone(EVICTION)
    engine.reload()
    engine.marks()  # the game and its worker are up: the notice would be there by now
    assert not engine.visible(EVICTION), "the notice came back after it was dismissed"


def test_a_hand_by_taps_to_its_end(engine: Smoke) -> None:
    """South opens (taps only), plays the hand through; half of it at phone size. The hand's
    end shows the four hands face up and the scores the saved game holds."""
    engine.open(f"?deal={south_opens_seed()}", settings=FAST)

    def look(turn: int) -> None:
        if turn == 1:  # the board has a tile or more: the table at both sizes
            assert engine.layout_problems() == []
            engine.screenshot("table")
            engine.resize("phone")
            assert engine.layout_problems() == []
            engine.screenshot("table")

    try:
        made = engine.play_hand("taps", each_turn=look)
        assert len(made) >= 2, made
        assert engine.wait_turn("S") == "hand-end"
        engine.wait_visible('[data-dialog="hand-end"]')
        engine.screenshot("hand-end")
        state = engine.state()
        faces = engine.driver.js(
            """() => [...document.querySelectorAll('[data-dialog="hand-end"] [data-hand]')]
                 .map(h => h.dataset.hand + ':' + h.querySelectorAll('[data-tile]').length)"""
        )
        assert sorted(f.split(":")[0] for f in faces) == ["E", "N", "S", "W"], faces
        assert state["body"].get("data-hand-over") == "true"
        check_against_save(state)
    finally:
        engine.resize("desktop")
    engine.screenshot("hand-end")
    engine.driver.click('[data-dialog="hand-end"] [data-action="next-hand"]')
    engine.driver.wait(
        "() => document.body.dataset.handNumber === '2'", timeout=TURN_S, what="hand 2"
    )
    assert engine.wait_turn("S") in ("turn", "hand-end", "match-end")


def test_a_hand_by_keys_in_german(engine: Smoke) -> None:
    """Every move by the keys the elements declare (the tile's place, the branch's letter in
    German, Enter; P for a pass): no pointer at all."""
    engine.open(f"?deal={south_opens_seed()}&lang=de", settings=FAST)
    assert engine.body("data-lang") == "de"
    made = engine.play_hand("keys")
    assert len(made) >= 2, made
    assert engine.wait_turn("S") == "hand-end"
    check_against_save(engine.state())


def test_rules_pause_the_computer(engine: Smoke) -> None:
    """Normal speed: South plays, Rules opens while the computer thinks; nothing lands for
    4 s (about three computer moves); closing resumes play."""
    engine.open(f"?deal={PLAYS_ON}")
    south_turn_with_choice(engine)
    engine.play_turn("taps", 1)
    engine.open_panel("rules")
    # on the table: a move asked for before the panel opened may be saved, but is held
    moves = table_moves(engine)
    with pytest.raises(WaitTimeout):
        engine.driver.wait(
            "(n) => Number(document.body.dataset.moves || 0) !== n",
            moves,
            timeout=4,
            what="a computer move while Rules is open",
        )
    engine.screenshot("rules")
    engine.close_panel("rules")
    assert engine.wait_turn("S") in ("turn", "hand-end", "match-end")
    assert table_moves(engine) > moves


def test_a_reload_resumes(engine: Smoke) -> None:
    """A later visit: the saved table comes back as it was, and play goes on."""
    engine.open(f"?deal={PLAYS_ON}", settings=FAST)
    south_turn_with_choice(engine)
    engine.play_turn("taps", 1)
    assert engine.wait_turn("S") == "turn", f"deal {PLAYS_ON} ended at once: pick another"
    before = table(engine.state())
    seconds = engine.reload()
    engine.figures["later"] = {**engine.marks(), "seconds": round(seconds, 1)}
    assert engine.wait_turn("S") == "turn"
    state = engine.state()
    assert table(state) == before, "the reload did not resume where the game was"
    check_against_save(state)
    south_turn_with_choice(engine)
    engine.play_turn("taps", 2)


def test_the_language_chosen_in_settings(engine: Smoke) -> None:
    """Español chosen in Settings applies on closing, names the page's language, and stays
    after a reload; ``?lang=ms`` in the address wins over it."""
    engine.open(settings=FAST)
    engine.open_panel("settings")
    engine.driver.js(
        """() => { const s = document.querySelector('select[data-setting="lang"]');
                   s.value = 'es'; s.dispatchEvent(new Event('input', {bubbles: true}));
                   s.dispatchEvent(new Event('change', {bubbles: true})); }"""
    )
    engine.close_panel("settings")
    engine.driver.wait("() => document.body.dataset.lang === 'es'", what="data-lang es")
    es = catalog("es")["actions"]
    words = engine.driver.js(
        "(c) => document.querySelector(c).textContent", f'[data-action="rules"]{TABLE}'
    )
    assert es["rules"] in words, f"the rules button says {words!r}"
    engine.reload()
    assert engine.body("data-lang") == "es"
    assert engine.driver.js("() => document.documentElement.lang") == "es"
    engine.open("?lang=ms", settings={**FAST, "lang": "es"})
    assert engine.body("data-lang") == "ms"
    assert engine.wait_turn("S") in ("turn", "hand-end", "match-end")
    engine.screenshot("malay")


def test_offline_play(engine: Smoke) -> None:
    """Once the service worker holds the game, the server is stopped: a reload still starts
    the game where it was, and South plays on. (Last: this engine's server stays down.)"""
    engine.open(f"?deal={PLAYS_ON}", settings=FAST)
    engine.driver.wait(
        "() => !!navigator.serviceWorker && navigator.serviceWorker.controller !== null",
        timeout=TURN_S,
        what="the service worker in control",
    )
    south_turn_with_choice(engine)
    engine.play_turn("taps", 1)
    assert engine.wait_turn("S") == "turn", f"deal {PLAYS_ON} ended at once: pick another"
    before = table(engine.state())
    engine.server.stop()
    seconds = engine.reload()
    engine.figures["offline"] = {**engine.marks(), "seconds": round(seconds, 1)}
    assert table(engine.state()) == before
    moves = engine.log_length()
    south_turn_with_choice(engine)
    engine.play_turn("taps", 2)
    assert engine.log_length() > moves
