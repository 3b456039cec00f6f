"""The worker reads any save without raising (issue 30): whatever keeps a save from loading (a
number of 5,000 digits, a deal no computer can write, a class match whose settings were changed
under its code, anything) sets it aside as ``corrupt`` and a new match starts; the page is told,
as for a save that is no JSON at all. The same for a class match's save."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from longana.classplay import ClassCode
from longana.device.session import MAX_SAVE, Session
from longana.protocol import Game

SOLO = ("person", "computer", "computer", "computer")
CLASS = ClassCode.make("TS", SOLO, "easy", 20)


def ask(game: Game, **intent: Any) -> dict[str, Any]:
    reply = json.loads(game.handle(json.dumps(intent)))
    assert isinstance(reply, dict)
    return reply


def compact(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"))


def a_save(class_match: bool = False) -> dict[str, Any]:
    game = Game()
    if class_match:
        reply = ask(game, do="class-start", code=CLASS.text, save=None, holder=None)
    else:
        reply = ask(game, do="start", save=None, deal="8")
    reply = ask(game, do="take-device", seat="S")
    frame = reply["frame"]
    if frame["turn"] is None:
        reply = ask(game, do="computer", at=frame["log"])
    else:
        reply = ask(game, do="play", move=frame["turn"]["moves"][0], at=frame["log"])
    data = json.loads(reply["save"])
    assert isinstance(data, dict)
    return data


def loads_or_sets_aside(save: str, class_match: bool = False) -> dict[str, Any]:
    """The reply to a start (or class start) with ``save``: a frame always, never an error."""
    if class_match:
        reply = ask(Game(), do="class-start", code=CLASS.text, save=save, holder=None)
    else:
        reply = ask(Game(), do="start", save=save, deal=None)
    assert "error" not in reply and "frame" in reply, reply
    return reply


HUGE = "1" + "0" * 5000  # past CPython's 4,300 digits: json.loads raises ValueError


def test_the_audits_saves_are_set_aside_and_a_new_match_starts() -> None:
    good = compact(a_save())
    broken = [
        good.replace('"target":100', '"target":' + HUGE),
        good.replace('"deal":"8"', '"deal":"\\ud800"'),  # UnicodeEncodeError in the deal
        good.replace('"schema":2', '"schema":' + HUGE),
        good.replace('"schema":2', '"schema":-' + HUGE),
        compact({**a_save(), "level": {"a": [None]}}),
        " " * (MAX_SAVE + 1),
    ]
    for save in broken:
        reply = loads_or_sets_aside(save)
        assert reply["corrupt"]["detail"] and reply["frame"]["log"] == 0, save[:80]
    assert "corrupt" not in loads_or_sets_aside(good)


def test_a_class_save_that_does_not_load_is_set_aside_too() -> None:
    good = a_save(class_match=True)
    assert loads_or_sets_aside(json.dumps(good), class_match=True)["resumed"]
    for save in (
        compact(good).replace('"target":20', '"target":' + HUGE),
        json.dumps({**good, "deal": "\ud800"}),
    ):
        reply = loads_or_sets_aside(save, class_match=True)
        assert "corrupt" in reply and reply["frame"]["class"] == CLASS.text


def test_a_class_match_changed_under_its_code_is_no_class_match() -> None:
    """Its results would be refused at every hand's end (and the refusal blamed the name): it
    is set aside on load, never resumed as a class match."""
    changed = {**a_save(class_match=True), "level": "hard"}  # easy in the code
    reply = loads_or_sets_aside(json.dumps(changed))
    assert "the class match was changed" in reply["corrupt"]["detail"]
    assert reply["frame"]["class"] is None and reply["frame"]["log"] == 0
    old = {**a_save(class_match=True)}
    old["class"] = "7B-PCCC-N100-2ZQ"  # an earlier release's code: played on as it was saved
    old["deal"], old["seats"], old["level"] = "class:7B", list(SOLO), "normal"
    old["log"], old["redo"], old["target"] = [], [], 100
    assert "corrupt" not in loads_or_sets_aside(json.dumps(old))


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**5000), max_value=10**5000)
    | st.floats(allow_nan=False)
    | st.text(alphabet=st.characters(codec=None, exclude_categories=())),  # lone surrogates too
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
)
FIELDS = ("schema", "deal", "target", "seats", "level", "log", "redo", "match", "class")


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(field=st.sampled_from(FIELDS), value=JSON, class_match=st.booleans(), deep=st.booleans())
def test_any_json_in_any_field_of_a_save_loads_or_is_set_aside(
    field: str, value: Any, class_match: bool, deep: bool
) -> None:
    data = a_save(class_match)
    data[field] = [[[value]]] * 40 if deep else value
    try:
        text = json.dumps(data)
    except (ValueError, OverflowError):  # no JSON text to store
        return
    reply = loads_or_sets_aside(text, class_match)
    if "corrupt" in reply:
        assert reply["frame"]["log"] == 0
    else:
        Session.from_json(reply["save"])  # what resumed saves again as a save that loads
