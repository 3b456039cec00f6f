"""The page's rooms that need the browser (``js``, ``pyscript``): start-up, the worker's replies,
the screen, dialogs, notices, motion, saving and other tabs, the computer's pace, input and the
panels' actions. Each talks to the controller (:mod:`ui.controller`) and to :class:`Page`."""
