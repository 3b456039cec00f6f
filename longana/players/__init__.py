"""The computer players and the hints: levels that decide from one seat's view alone."""
