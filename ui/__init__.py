"""The page (MicroPython in the browser; every module but dom, link, input, page, panel_actions,
class_actions and main also runs under CPython for the tests) and the game worker's script
(``worker.py``, Pyodide). See README.md, "What is where"."""
