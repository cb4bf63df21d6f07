"""``reversis serve``: recording at the table from a phone.

A small web application (Starlette, served by uvicorn) over the same
:class:`~reversis_cli.record.Recorder` as ``reversis record``: every tap is a
change the recorder checks and keeps in the draft before the page answers.
:mod:`.table` holds the recorder and what the pages were told, :mod:`.views`
what a page shows in its language, :mod:`.access` the join code, and
:mod:`.app` the routes; the templates and the vendored htmx are beside them.
"""

from __future__ import annotations

from .access import Access, new_code, valid_code
from .app import build_app, page_language
from .table import Table

__all__ = ["Access", "Table", "build_app", "new_code", "page_language", "valid_code"]
