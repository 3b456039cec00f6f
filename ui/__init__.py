"""The page (PyScript on MicroPython, main thread). Its modules here, in ``ui/``, are plain Python
that runs under MicroPython and CPython alike (tested and type-checked under CPython): the
words, the notation, the interaction state and the HTML of every view. Those that need the
browser (``js``, ``pyscript``) are in ``ui/dom/``. ``worker.py`` is the game worker's script
(Pyodide) and ``link.py`` the page's line to it. See README.md, "What is where"."""
