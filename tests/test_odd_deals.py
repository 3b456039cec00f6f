"""Issue 37, item 6: any deal that is no deal number is ``bad-deal``, never ``internal`` (a lone
surrogate once reached the random generator); the worker takes exactly the deal numbers the page
itself takes (ui/address.py's rule)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from longana.protocol import Game
from ui.address import deal_number

SEATS = ["person", "computer", "computer", "computer"]


def reply(intent: dict[str, object]) -> dict[str, object]:
    game = Game()
    game.handle(json.dumps({"do": "start", "save": None, "deal": "7"}))
    answer = json.loads(game.handle(json.dumps(intent)))
    assert isinstance(answer, dict)
    return answer


@pytest.mark.parametrize("do", ["new-match", "start"])
@pytest.mark.parametrize(
    "deal", ["\ud800", "7\udfff", "\x00", " ", "", "x" * 100_000, "7 8", "é", 7, [], True]
)
def test_a_deal_that_is_no_deal_number_is_bad_deal(do: str, deal: object) -> None:
    answer = reply({"do": do, "save": None, "seats": SEATS, "level": "normal", "deal": deal})
    assert answer.get("error", {}).get("code") == "bad-deal", answer  # type: ignore[union-attr]


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=40))
def test_the_worker_takes_the_deals_the_page_takes(deal: str) -> None:
    answer = reply({"do": "new-match", "seats": SEATS, "level": "normal", "deal": deal})
    if deal_number(deal) == deal:
        assert answer["frame"]["deal"] == deal  # type: ignore[index]
    else:
        assert answer["error"]["code"] == "bad-deal", answer  # type: ignore[index]
