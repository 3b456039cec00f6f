"""The review of a whole match on the page (a benchmark, not a test): how long the game worker
takes to weigh every decision of the people at the device, in Chromium, and its longest step
(what a move made meanwhile may wait at most).

Serves the built site (``_site``), puts a finished match into a fresh profile's save (deal
``rv4``: South and North people playing as the computer's normal level does, East and West the
computer; 7 hands, 40 decisions), loads it and presses Record → Review. The match's end offers
the last hand's review first (its decisions are weighed while that dialog is up: timed apart),
so those come back from the worker's memory in the match's review. Each decision's arrival is
timed in the page (a ``MutationObserver`` on the list). Figures are printed, never asserted.

    python tools/bench_review.py [--site _site] [--deal rv4] [--runs 1]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from longana.device.review import decisions  # noqa: E402 - run as a script
from longana.device.session import COMPUTER, PERSON, Session  # noqa: E402
from longana.players.levels import choose  # noqa: E402
from tools.chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from tools.serve import serve  # noqa: E402

# each decision listed, timed: window.__landed holds performance.now() at each arrival
WATCH_JS = """() => {
  window.__landed = [];
  const seen = new Set();
  new MutationObserver(() => {
    for (const el of document.querySelectorAll('[data-dialog="review"] [data-decision]')) {
      const key = el.dataset.reviewHand + ':' + el.dataset.turn;
      if (!seen.has(key)) { seen.add(key); window.__landed.push(performance.now()); }
    }
  }).observe(document.body, {childList: true, subtree: true});
}"""


def finished_match(deal: str) -> tuple[str, int, int]:
    """The save of a finished match (South and North people), its decisions, its last hand's."""
    session = Session(deal, seats=(PERSON, COMPUTER, PERSON, COMPUTER))
    while not session.match.is_over:
        hand = session.match.hand
        if hand.outcome is not None:
            session.next_hand()
            continue
        session.play(choose(session.view(hand.to_move), "normal", session.decision_seed()))
    last = len(decisions(session, len(session.match.hands) - 1))
    return json.dumps(session.to_dict()), len(decisions(session)), last


def play_hand(session: Session, rng: random.Random) -> None:
    """The hand in play to its end: the people's seats play random legal moves (so some cost
    something), the computer's its normal level."""
    hand = session.match.hand
    while hand.outcome is None:
        seat = hand.to_move
        if session.is_person(seat):
            session.play(rng.choice(hand.legal_moves()))
        else:
            session.play(choose(session.view(seat), "normal", session.decision_seed()))


def random_hand(deal: str = "7") -> tuple[str, int]:
    """A save where hand 1 is over, South (a person) having played random moves there (so some
    cost something), and South to move in hand 2; and how many decisions hand 1 holds (the
    graded review's tests: tests/ui/dom/test_review_graded.py, e2e/test_review_graded.py)."""
    session = Session(deal, seats=(PERSON, COMPUTER, COMPUTER, COMPUTER))
    play_hand(session, random.Random(deal))
    count = len(decisions(session))
    session.next_hand()
    hand = session.match.hand
    while hand.to_move != 0 or not hand.is_opened:
        session.play(choose(session.view(hand.to_move), "normal", session.decision_seed()))
    return json.dumps(session.to_dict()), count


def one_run(p: object, url: str, save: str, last: int) -> dict[str, float]:
    browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)  # type: ignore[attr-defined]
    context = browser.new_context(viewport={"width": 1366, "height": 768}, service_workers="block")
    context.add_init_script(
        "if (!sessionStorage.getItem('b')) { sessionStorage.setItem('b', '1');"
        " localStorage.setItem('longana:save', " + json.dumps(save) + "); }"
    )
    page = context.new_page()
    page.goto(url, wait_until="commit", timeout=120_000)
    page.wait_for_function(
        "() => document.body && document.body.dataset.ready === 'true'", timeout=120_000
    )
    began = time.monotonic()
    offer = '[data-dialog="match-end"] [data-review-offer] [data-action="review"]'
    page.locator(offer).first.wait_for(timeout=120_000)
    offered = time.monotonic() - began
    page.evaluate(WATCH_JS)
    pressed = float(page.evaluate("() => performance.now()"))
    page.locator(offer + ":not([data-review-hand])").click()  # the whole match
    page.wait_for_function(
        "() => document.querySelector('[data-dialog=\"review\"] [data-review-said]')?.textContent",
        timeout=300_000,
    )
    landed = [float(x) for x in page.evaluate("() => window.__landed")]
    browser.close()
    steps = [b - a for a, b in zip([pressed] + landed[:-1], landed, strict=True)]
    judged = sorted(steps[: len(steps) - last])  # the last hand's come from the worker's memory
    return {
        "judged": len(judged),
        "judged_median_ms": statistics.median(judged),
        "judged_p90_ms": judged[int(0.9 * (len(judged) - 1))],
        "offer_s": offered,
        "total_s": (landed[-1] - pressed) / 1000,
        "steps": len(steps),
        "median_ms": statistics.median(steps),
        "longest_ms": max(steps),
        "p90_ms": sorted(steps)[int(0.9 * (len(steps) - 1))],
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "_site")
    parser.add_argument("--deal", default="rv4")
    parser.add_argument("--runs", type=int, default=1)
    args = parser.parse_args()
    save, count, last = finished_match(args.deal)
    print(f"deal {args.deal}: {count} decisions, {last} of them in the last hand")
    with serve(args.site) as url, sync_playwright() as p:
        for run in range(args.runs):
            r = one_run(p, url, save, last)
            print(
                f"run {run + 1}: the match-end offer (last hand) {r['offer_s']:.1f} s after the"
                f" page was ready; Review pressed to all {r['steps']} listed {r['total_s']:.1f} s;"
                f" a step: median {r['median_ms']:.0f} ms, p90 {r['p90_ms']:.0f} ms,"
                f" longest {r['longest_ms']:.0f} ms; the {r['judged']} judged now: median"
                f" {r['judged_median_ms']:.0f} ms, p90 {r['judged_p90_ms']:.0f} ms"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
