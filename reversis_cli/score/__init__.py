"""The score's output formats: a format name to the class that writes it.

``reversis score --json`` and the tables each write through a
:class:`~reversis_cli.session.scoring.DealWriter`; this table names them, so
that the command line looks a format up here.  The writers' modules are named,
not imported: the tables never load the JSON writer (start-up time).
"""

from __future__ import annotations

import importlib

__all__ = ["FORMATS", "writer_class"]

# a format name -> (the module, the DealWriter class in it)
FORMATS: dict[str, tuple[str, str]] = {
    "tables": ("reversis_cli.render.session", "TableDeals"),
    "json": ("reversis_cli.score.json", "JsonDeals"),
}


def writer_class(name: str) -> type:
    """The writer class of the format ``name`` (one of :data:`FORMATS`)."""
    module, attr = FORMATS[name]
    return getattr(importlib.import_module(module), attr)
