# The computer players' web worker. It receives only the view of the seat to move (JSON from
# longana.view.view_to_dict) and answers with a move: '{"move": "7-3@N"}' or '{"error": ...}'.
# It never sees another seat's tiles: the main thread sends it nothing else.
from longana.players import choose_json


def choose(view_json, level="normal", seed=0):
    return choose_json(str(view_json), str(level), int(seed))


def ping():
    return "ready"


__export__ = ["choose", "ping"]
