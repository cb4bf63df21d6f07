"""``reversis report``: one self-contained HTML page of one or more sessions.

:func:`build_report` reads the records through the session service and returns
the page as text with what it found (errors); the command only writes it.
"""

from .page import Report, build_report

__all__ = ["Report", "build_report"]
