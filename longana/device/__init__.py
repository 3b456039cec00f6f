"""The game at one device: the session and saves, handoff, the frame, the record, the example."""
