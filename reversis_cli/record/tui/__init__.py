"""The full screen of ``reversis record`` (Textual): ``app.py`` the application
(``run_app``, ``run_new``), ``deal.py`` a deal typed on it, ``main.py`` and
``screens.py`` its screens, ``view.py`` what the panels show, ``problems.py`` how a
problem is said at the card, ``fence.py`` the one module that touches Textual's
privates, ``web.py`` its driver under textual-serve.

Nothing is imported here: ``problems.py`` and ``view.py`` serve the line mode and the
phone's page too, which must not load Textual; the command imports ``app``."""
