"""The page (PyScript on MicroPython, main thread). Its modules here, in ``ui/``, are plain Python
that runs under MicroPython and CPython alike (tested and type-checked under CPython): the
words, the notation, the interaction state and the HTML of every view. Those that need the
browser (``js``, ``pyscript``) are in ``ui/dom/``, the page's line to the game worker
(``ui/game-worker.mjs``) among them. See README.md, "What is where"."""
