"""The screen (ui/dom/screen.py): the board's tile size is measured for the table as it is
drawn, turned so that the person holding the device sits at the bottom."""

from __future__ import annotations

import types
from typing import Any

import pytest

from ui import layout
from ui.board import seat_at
from ui.controller import Controller
from ui.i18n import Catalog
from ui.notation import SEATS

# the table: 1000 x 500, branch lengths by where they are drawn (bottom, right, top,
# left) when East holds the device (S, E, N, W = 2, 14, 4, 14)
AREA = (1000.0, 500.0)
BY_SPOT = (14, 4, 14, 2)
TILES = ["9-8", "8-7", "7-6", "6-5", "5-4", "4-3", "3-2", "2-1", "1-0", "0-9", "9-7", "7-5"]


def board_frame(holder: str) -> dict[str, Any]:
    """A frame whose board has BY_SPOT's lengths where they are drawn with ``holder`` at the
    bottom (no doubles but the opening)."""
    ctl = Controller.__new__(Controller)
    ctl.interaction = types.SimpleNamespace(holder=holder, bottom=holder)  # type: ignore[assignment]
    branches: dict[str, list[tuple[str, int]]] = {}
    for spot, length in enumerate(BY_SPOT):
        seat = seat_at(spot, ctl.interaction)  # type: ignore[arg-type]
        branches[seat] = [((TILES * 2)[i], 0) for i in range(length)]
    return {
        "board": {
            "opening": "9-9",
            "ends": dict.fromkeys(SEATS, 0),
            "order": dict.fromkeys(SEATS, 0),
            "branches": branches,
        },
        "viewer": holder,
    }


@pytest.mark.parametrize("holder", SEATS)
def test_the_tile_size_is_measured_for_the_branches_where_they_are_drawn(
    js: Any, cat: Catalog, holder: str
) -> None:
    from ui.dom import screen

    ctl = Controller(cat)
    ctl.take(board_frame(holder))  # type: ignore[arg-type]
    area = js.document.createElement("div")
    area.id = "board-area"
    area.clientWidth, area.clientHeight = AREA
    js.document.querySelector("#app").append(area)
    room = make_screen(screen, ctl)
    room.measure()
    tile = ctl.interaction.tile_px
    g = layout.Geometry(AREA[0], AREA[1], tile)
    folded = [
        length - layout.branch_layout(g, spot, [False] * length).shown
        for spot, length in enumerate(BY_SPOT)
    ]
    assert folded == [0, 0, 0, 0], f"{tile} px folds {folded} with {holder} at the bottom"
    assert tile == 20


def make_screen(screen: Any, ctl: Controller) -> Any:
    try:
        return screen.Screen(ctl)
    except Exception:  # noqa: BLE001 - the screen of dd94a11 took the page
        return screen.Screen(types.SimpleNamespace(ctl=ctl))
