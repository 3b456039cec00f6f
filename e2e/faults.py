"""Faults made in the browser itself (issue 22), by an init script that runs before the page's own
scripts: a storage of a given size (``full``), storage blocked as a browser that blocks site
data does, storage that throws on every call; the game opened in a new profile under one of
them, read by the test past the fault; one move of South's made through the page until it
lands.
"""

from __future__ import annotations

import json
from typing import Any

from .browsers import Browsers
from .game import Game
from .shown import STATE_JS

# What each fault makes the browser do (the page is loaded after it).
FULL = """
(() => {
  // a storage of %s characters (a test may change window.__storageRoom later)
  const set = Storage.prototype.setItem;
  window.__storageRoom = %s;
  Storage.prototype.setItem = function (k, v) {
    let used = 0;
    for (let i = 0; i < this.length; i++) {
      const key = this.key(i);
      if (key !== k) used += key.length + this.getItem(key).length;
    }
    if (!String(k).startsWith('e2e:') && used + String(k).length + String(v).length
        > window.__storageRoom)
      throw new DOMException("Failed to execute 'setItem' on 'Storage': Setting the value of '"
        + k + "' exceeded the quota.", 'QuotaExceededError');
    return set.call(this, k, v);
  };
})();
"""


def full(room: str) -> str:
    return FULL % (room, room)


# (window.__e2eReads: the test reading the table, never the page's own code)
BLOCKED = """
const real = Object.getOwnPropertyDescriptor(Window.prototype, 'localStorage')
  || Object.getOwnPropertyDescriptor(window, 'localStorage');
Object.defineProperty(window, 'localStorage', { configurable: true, get() {
  if (window.__e2eReads) return real.get.call(window);
  throw new DOMException("Failed to read the 'localStorage' property from 'Window': Access is"
    + " denied for this document.", 'SecurityError'); } });
"""
THROWING = """
for (const name of ['getItem', 'setItem', 'removeItem', 'key', 'clear']) {
  const real = Storage.prototype[name];
  Storage.prototype[name] = function (...args) {
    if (window.__e2eReads) return real.apply(this, args);
    throw new DOMException('The operation is insecure.', 'SecurityError'); };
}
"""


class Faulty(Game):
    """The game, read by the test past the fault (the table's state reads the save too)."""

    def state(self) -> dict[str, Any]:
        return dict(
            self.page.evaluate(
                "() => { window.__e2eReads = true; try { return (" + STATE_JS + ")(); }"
                " finally { window.__e2eReads = false; } }"
            )
        )


def open_with(browsers: Browsers, script: str, items: dict[str, str] | None = None) -> Game:
    """A new profile holding ``items``, the fault script, then the game's page."""
    context, guard = browsers.context()
    if items:
        context.add_init_script(
            "(() => { if (!location.protocol.startsWith('http')) return;"
            " if (sessionStorage.getItem('e2e:seeded')) return;"
            " sessionStorage.setItem('e2e:seeded', '1');"
            " for (const [k, v] of Object.entries(" + json.dumps(items) + "))"
            "   localStorage.setItem(k, v); })();"
        )
    context.add_init_script(script)
    return Faulty(context.new_page(), guard, browsers.base_url).open()


def one_move(game: Game) -> None:
    """South makes one move through the page (open, play or pass) and it lands."""
    assert game.wait_turn("S") == "turn"
    before = game.hand_moves()
    if not game.opened():
        game.preview().wait_for(state="visible")
    else:
        legal = game.legal_for("S")
        if legal:
            game.show_preview(legal[0], legal, "S")
        else:
            game.action("pass").click()
    game.action("confirm").click()
    game.wait_moves(before)
