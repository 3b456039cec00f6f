"""The page's rooms that need the browser (``js``, ``pyscript``): start-up, the game manager
(:mod:`ui.dom.page`: the one path of a reply, the next step, the action table), the line to the
game worker, the screen, dialogs, notices, motion, saving, the game's pace, input and the
panels' rooms. None of them is handed the page: each gets the callables and values it needs."""
