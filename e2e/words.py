"""Which language the page shows (issue 9), judged from the catalogs themselves (the yardstick
is described in ``e2e/test_languages.py``): each catalog flattened, the pieces of another
language's strings that must not be on screen, what the page shows read in one round trip; the
checks that a page, its words, its seat letters, its settings, a refusal and a hint are in
the language.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from functools import cache
from typing import Any

from longana import SEAT_NAMES, Tile
from ui.i18n import LANGUAGES, NAMES

from .clips import Phone
from .game import ACT_MS, Game
from .shown import ROOT, board_from_state

MIN_PIECE = 12
NEUTRAL_KEYS = ("lang", "language_name")  # each language is offered in its own name


def _flat(node: Any, path: str = "") -> Iterator[tuple[str, Any]]:
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _flat(value, f"{path}.{key}" if path else key)
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _flat(value, f"{path}[{i}]")
    else:
        yield path, node


@cache
def catalog(lang: str) -> dict[str, Any]:
    text = (ROOT / "locales" / f"{lang}.json").read_text(encoding="utf-8")
    return dict(_flat(json.loads(text)))


def letters(lang: str) -> dict[str, str]:
    """The seats' letters in ``lang`` (its catalog's ``seat_letter``): S, E, N, W."""
    return {seat: str(catalog(lang)[f"seat_letter.{seat}"]) for seat in SEAT_NAMES}


def norm(text: str) -> str:
    """Compared without case (CSS may upper-case), spacing or code quotes."""
    return re.sub(r"\s+", " ", text.replace("`", "").replace("\u00a0", " ")).strip().lower()


@cache
def foreign_pieces(shown: str, other: str) -> dict[str, str]:
    """Literal pieces of ``other``'s strings that must not be on screen in ``shown``: piece ->
    catalog key. Only strings whose translation differs; the longest piece between
    placeholders; at least MIN_PIECE characters; found nowhere in ``shown``'s catalog; not
    mere notation or numbers."""
    own = catalog(shown)
    own_text = "\n".join(norm(v) for v in own.values() if isinstance(v, str))
    pieces: dict[str, str] = {}
    for key, text in catalog(other).items():
        if not isinstance(text, str) or own.get(key) == text or key in NEUTRAL_KEYS:
            continue
        piece = norm(max(re.split(r"\{[^}]*\}", text), key=len))
        if len(piece) < MIN_PIECE or piece in own_text:
            continue
        if re.fullmatch(r"[\d\s\-–+.,:;#()/·]*", piece):
            continue
        pieces.setdefault(piece, key)
    return pieces


VISIBLE_JS = """() => {
  const visible = (el) => { const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden'; };
  const texts = [['body', document.body.innerText]];
  for (const id of ['msg', 'alert']) {  // the message line, and what is said at once
    const el = document.getElementById(id);
    if (el) texts.push(['message line', el.textContent]);
  }
  for (const d of document.querySelectorAll('[data-dialog]'))
    if (visible(d)) texts.push(['dialog ' + d.dataset.dialog, d.innerText]);
  for (const t of document.querySelectorAll('svg text, svg title, svg desc'))
    if (visible(t.closest('svg'))) texts.push(['drawing', t.textContent]);
  for (const el of document.body.querySelectorAll('[title], [aria-label], [placeholder], [alt]')) {
    if (!visible(el)) continue;
    for (const n of ['title', 'aria-label', 'placeholder', 'alt']) {
      const v = el.getAttribute(n);
      const cls = el.className.baseVal ?? el.className;
      if (v) texts.push([`${n} of <${el.tagName.toLowerCase()} class="${cls}">`, v]);
    }
  }
  return texts;
}"""


def foreign_on_screen(game: Game, shown: str) -> list[str]:
    """Every piece of another language's catalog on screen, where, and its key."""
    found = []
    texts = [(where, norm(text)) for where, text in game.page.evaluate(VISIBLE_JS)]
    for other in LANGUAGES:
        if other == shown:
            continue
        for piece, key in foreign_pieces(shown, other).items():
            found += [
                f"{where}: {piece!r} ({other}.json {key})" for where, seen in texts if piece in seen
            ]
    return sorted(set(found))


def check_language(game: Game, lang: str, moment: str) -> None:
    """``<html lang>`` and ``data-lang`` name ``lang``; no other catalog's text on screen."""
    names = game.page.evaluate("() => [document.documentElement.lang, document.body.dataset.lang]")
    assert names == [lang, lang], f"{moment}: <html lang>, data-lang = {names}, not {lang}"
    foreign = foreign_on_screen(game, lang)
    assert not foreign, f"{moment}, page in {lang}: other languages on screen:\n  " + "\n  ".join(
        foreign
    )


def check_words(game: Game, lang: str, moment: str) -> None:
    """The language is really shown: the tool buttons' names and the move bar's words are
    this catalog's."""
    words = catalog(lang)
    shown = game.page.evaluate(
        """() => { const words = (el) => { const c = el.cloneNode(true);
                     c.querySelectorAll('kbd').forEach(k => k.remove());
                     return c.textContent.trim(); };
                   return [document.querySelector('#app [data-action="settings"]')
                             .getAttribute('aria-label'),
                           words(document.querySelector('#app [data-action="confirm"]'))]; }"""
    )
    want = [words["actions.settings"], words["actions.confirm"]]
    assert [norm(s) for s in shown] == [norm(w) for w in want], (
        f"{moment}: the page says {shown}, {lang}.json says {want}"
    )


def wait_language(game: Game, lang: str) -> None:
    game.page.wait_for_function(
        "(l) => document.documentElement.lang === l && document.body.dataset.lang === l",
        arg=lang,
        timeout=ACT_MS,
    )


def end_cap_letters(game: Game, scope: str) -> dict[str, str | None]:
    """Each branch's end-cap owner letter as shown: {branch: letter}."""
    return dict(
        game.page.evaluate(
            """(scope) => Object.fromEntries([...document.querySelectorAll(scope)]
             .filter(b => b.dataset.replayBranch || !b.closest('[data-dialog]'))
             .map(b => { const m = b.querySelector('[data-end-marker] .owner');
                         return [b.dataset.branch || b.dataset.replayBranch,
                                 m ? m.textContent.trim() : null]; }))""",
            scope,
        )
    )


def check_letters(game: Game, lang: str, scope: str = "[data-branch]") -> None:
    want = letters(lang)
    got = end_cap_letters(game, scope)
    assert got == want, f"{lang}: end caps show seat letters {got}, not {want}"


def check_settings(game: Game, lang: str, phone: Phone) -> None:
    dialog = game.open_panel("settings")
    select = dialog.locator('select[data-setting="lang"]')
    assert select.input_value() == lang, f"the language select shows {select.input_value()}"
    options = dict(
        select.evaluate("(s) => [...s.options].map(o => [o.value, o.textContent.trim()])")
    )
    assert options == NAMES, f"languages offered as {options}"
    check_language(game, lang, "settings")
    phone.look("settings", "settings")
    game.close_panel("settings")


def check_refusal(game: Game, lang: str) -> None:
    """Select a tile: the lit branches' keys are the language's seat letters; tap a branch
    it may not go on: the reason, in ``lang``."""
    state = game.state()
    if not game.legal_for("S", state):
        return  # South must pass: a tile tapped is not selected
    board = board_from_state(state)
    tiles = [Tile.parse(t) for t in state["hands"]["S"]["tiles"]]
    refusals = [(t, b) for t in tiles for b in range(4) if board.reason(0, t, b) is not None]
    if not refusals:
        return
    tile, branch = refusals[0]
    before = game.message()
    game.tile("S", str(tile)).click()
    game.page.wait_for_function(
        "(t) => document.querySelector(`#app [data-hand='S'] [data-tile='${t}']`)"
        "?.getAttribute('aria-pressed') === 'true'",
        arg=str(tile),
        timeout=ACT_MS,
    )
    keys = game.page.evaluate(
        "() => Object.fromEntries([...document.querySelectorAll('#app [data-target]')]"
        ".map(t => [t.dataset.target, t.getAttribute('aria-keyshortcuts')]))"
    )
    want = letters(lang)
    assert keys == {b: want[b] for b in keys}, f"lit branches' keys {keys}, not {want}"
    game.branch(SEAT_NAMES[branch]).locator("[data-end-marker]").first.click()
    game.page.wait_for_function(
        "(before) => document.querySelector('#msg').textContent.trim() !== before",
        arg=before,
        timeout=ACT_MS,
    )
    check_language(game, lang, f"refusal of {tile} on {SEAT_NAMES[branch]}: {game.message()!r}")
    game.action("cancel").click()
    game.page.wait_for_function(
        "() => !document.querySelector('#app [data-target]')", timeout=ACT_MS
    )


def check_hint(game: Game, lang: str) -> None:
    """A hint's suggestion, in ``lang`` (when South has a tile to play)."""
    if not game.legal_for("S"):
        return
    game.action("hint").click()
    game.page.locator("#app [data-hint]").first.wait_for(timeout=30_000)
    check_language(game, lang, f"hint: {game.message()!r}")
    game.action("cancel").click()
    game.page.wait_for_function(
        "() => !document.querySelector('#app [data-preview]')", timeout=ACT_MS
    )
