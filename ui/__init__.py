"""The page: a thin layer that renders the engine's state to the DOM and turns events into
engine calls. ``render`` and ``i18n`` are plain Python (they run under CPython too); ``app``
talks to the browser; ``worker`` runs the computer players in a web worker."""
