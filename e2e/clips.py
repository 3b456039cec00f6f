"""German's longer words at 360x640 (issue 9): what clips on the table and in every panel, and
screenshots of each (``artifacts/de-360-<panel>.png``, a long panel page by page as it
scrolls), for the clipping test to judge.
"""

from __future__ import annotations

from .game import TURN_MS, Game

# Longer words never clip: no sideways scrolling; no button whose content is wider than it; no
# words sticking out of a button or an end cap (the badges placed outside on purpose aside); no
# placeholder cut off; lit branches' labels not on top of each other.
CLIPS_JS = """() => {
  // shown: has a size, and no ancestor clips it to a pixel (out of sight until focused)
  const visible = (el) => { const r = el.getBoundingClientRect();
    if (!(r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden'))
      return false;
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const q = p.getBoundingClientRect(), cs = getComputedStyle(p);
      if ((q.width <= 1 || q.height <= 1) && cs.overflow !== 'visible') return false;
    }
    return true; };
  const say = (el) => {
    const a = el.dataset.action ? `[data-action="${el.dataset.action}"]`
      : el.dataset.endMarker ? `[data-end-marker="${el.dataset.endMarker}"]`
      : el.dataset.setting ? `[data-setting="${el.dataset.setting}"]`
      : el.hasAttribute('data-command') ? '[data-command]' : '';
    return `<${el.tagName.toLowerCase()}${a} class="${el.className}"> "${
      (el.innerText || el.getAttribute('aria-label') || '').replace(/\\s+/g, ' ').trim()
      .slice(0, 60)}"`; };
  const problems = [];
  const vw = innerWidth;
  const sw = document.documentElement.scrollWidth;
  if (sw > vw) problems.push(`the page scrolls sideways: scrollWidth ${sw} > ${vw}`);
  const dialogs = [...document.querySelectorAll('[data-dialog]')].filter(visible);
  const roots = dialogs.length ? dialogs : [document.getElementById('app')];
  const ctx = document.createElement('canvas').getContext('2d');
  for (const root of roots) {
    if (root.dataset.dialog && root.scrollWidth > root.clientWidth + 1)
      problems.push(`dialog ${root.dataset.dialog} scrolls sideways: ${root.scrollWidth} > `
                    + `${root.clientWidth}`);
    for (const el of root.querySelectorAll('button, a[data-action], select, [data-end-marker]')) {
      if (!visible(el)) continue;
      const r = el.getBoundingClientRect();
      // a lit end cap's label sits outside its button on purpose (checked below)
      if (el.tagName === 'BUTTON' && !el.dataset.endMarker && el.scrollWidth > el.clientWidth + 1)
        problems.push(`${say(el)}: content ${el.scrollWidth}px wide in ${el.clientWidth}px`);
      if (r.left < -1 || r.right > vw + 1)
        problems.push(`${say(el)}: off screen (${Math.round(r.left)}..${Math.round(r.right)})`);
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        if (!n.textContent.trim()) continue;
        const host = n.parentElement;
        if (host.closest('.owner, .ord, .slot-label') || !visible(host)) continue;
        const range = document.createRange(); range.selectNodeContents(n);
        const t = range.getBoundingClientRect();
        if (t.left < r.left - 1 || t.right > r.right + 1)
          problems.push(`${say(el)}: "${n.textContent.trim()}" (${Math.round(t.width)}px) `
                        + `sticks out of its ${Math.round(r.width)}px box`);
      }
    }
    for (const el of root.querySelectorAll('input[placeholder]')) {
      if (!visible(el) || el.value) continue;
      const cs = getComputedStyle(el);
      ctx.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
      const need = ctx.measureText(el.placeholder).width;
      const room = el.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
      if (need > room + 1)
        problems.push(`${say(el)}: placeholder "${el.placeholder}" needs ${Math.round(need)}px,`
                      + ` has ${Math.round(room)}px`);
    }
    const labels = [...root.querySelectorAll('.slot-label')].filter(visible);
    for (const label of labels) {
      const a = label.getBoundingClientRect();
      for (const cap of root.querySelectorAll('[data-end-marker]')) {
        if (cap.contains(label) || !visible(cap)) continue;
        const b = cap.getBoundingClientRect();
        if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1
            && b.top < a.bottom - 1)
          problems.push(`lit branch's label "${label.textContent}" overlaps the end cap `
                        + `${say(cap)}`);
      }
    }
    for (let i = 0; i < labels.length; i++) for (let j = i + 1; j < labels.length; j++) {
      const a = labels[i].getBoundingClientRect(), b = labels[j].getBoundingClientRect();
      if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1
          && b.top < a.bottom - 1)
        problems.push(`lit branches' labels overlap: "${labels[i].textContent}" and `
                      + `"${labels[j].textContent}"`);
    }
  }
  return problems;
}"""

# The scrolling part of the open dialog (the dialog itself or an element in it)
SCROLLER_JS = """(name) => {
  const d = document.querySelector(`[data-dialog="${name}"]`);
  if (!d) return null;
  const all = [d, ...d.querySelectorAll('*')].filter(el => el.scrollHeight > el.clientHeight + 2
    && ['auto', 'scroll'].includes(getComputedStyle(el).overflowY));
  return all.length ? all[0] : null;
}"""


class Phone:
    """German at 360x640: clipping checks and screenshots of every panel. What clips is
    collected (``problems``); the clipping test judges it."""

    def __init__(self, game: Game, enabled: bool) -> None:
        self.game = game
        self.enabled = enabled
        self.problems: dict[str, list[str]] = {}
        self.shots: list[str] = []

    def look(self, panel: str, dialog: str | None = None, also: str | None = None) -> None:
        """Check for clipping, then photograph ``panel``; a long dialog page by page as it
        scrolls, and ``also`` (a selector) scrolled into view."""
        if not self.enabled:
            return
        page = self.game.page
        scroller = page.evaluate_handle(SCROLLER_JS, dialog) if dialog else None
        if scroller is not None and page.evaluate("(el) => el === null", scroller):
            scroller = None
        if scroller is not None:
            page.evaluate("(el) => el.scrollTo(0, 0)", scroller)
        # the board refits after the bars change (given a turn's time: on two busy cores the
        # refit after a panel closes took over 10 s once)
        self.game.wait_laid(TURN_MS)
        clips = list(page.evaluate(CLIPS_JS))
        if clips:
            self.problems[panel] = clips
        self.shot(panel)
        if scroller is None:
            return
        for k in range(2, 9):
            moved = page.evaluate(
                "(el) => { const top = el.scrollTop; el.scrollBy(0, el.clientHeight * 0.85);"
                " return el.scrollTop - top > 20; }",
                scroller,
            )
            if not moved:
                break
            self.game.next_frame()
            self.shot(f"{panel}-{k}")
        if also is not None:
            page.locator(also).first.scroll_into_view_if_needed()
            page.evaluate("(el) => el.scrollBy(0, el.clientHeight / 5)", scroller)
            self.game.next_frame()
            self.shot(f"{panel}-drawing")
        page.evaluate("(el) => el.scrollTo(0, 0)", scroller)

    def shot(self, name: str) -> None:
        self.shots.append(str(self.game.screenshot(f"de-360-{name}")))
