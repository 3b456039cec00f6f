"""The rules: tiles and moves, the board, a hand, a match, records, what one seat may see."""
