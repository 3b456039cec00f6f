# The game worker (Pyodide): the engine, the session, the computer and the hints. The page sends
# it intents as JSON text and gets replies as JSON text (longana/protocol.py says which).
from longana.protocol import Game

table = Game()


def call(text):
    return table.handle(str(text))


__export__ = ["call"]
