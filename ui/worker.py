# The computer players' web worker. It receives only the view of the seat to move (JSON from
# longana.view.view_to_dict) and answers with a move: '{"move": "7-3@N"}' or '{"error": ...}'.
# It never sees another seat's tiles: the main thread sends it nothing else.
import json

try:
    from longana.players import choose_json as _choose_json
except ImportError:  # the engine without computer players: heaviest legal tile
    _choose_json = None


def choose(view_json, level="normal", seed=0):
    if _choose_json is not None:
        return _choose_json(str(view_json), str(level), int(seed))
    from longana.view import view_from_dict
    from ui.fallback import heaviest

    try:
        view = view_from_dict(json.loads(str(view_json)))
        return json.dumps({"move": str(heaviest(view.legal_moves()))})
    except Exception as error:  # noqa: BLE001 - the page falls back on any answer but a move
        return json.dumps({"error": str(error)})


def ping():
    return "ready"


__export__ = ["choose", "ping"]
