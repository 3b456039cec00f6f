"""The page's rooms that need the browser (``js``, ``pyscript``): start-up, the line to the game
worker and its replies, the screen, dialogs, notices, motion, saving and other tabs, the
computer's pace, input and the panels' actions. Each talks to the controller
(:mod:`ui.controller`) and to :class:`ui.dom.page.Page`."""
