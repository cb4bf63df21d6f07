"""The score's output formats: a format name to the class that writes it.

``reversis score --format`` (tables, json, csv-payments) writes through a
:class:`~reversis_cli.session.scoring.DealWriter`; this table names them, so
that the command line looks a format up here.  The writers' modules are named,
not imported: the tables never load the JSON writer (start-up time).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..session.scoring import DealWriter

__all__ = ["FORMATS", "writer_class"]

# a format name -> (the module, the DealWriter class in it)
FORMATS: dict[str, tuple[str, str]] = {
    "tables": ("reversis_cli.render.session", "TableDeals"),
    "json": ("reversis_cli.score.json", "JsonDeals"),
    "csv-payments": ("reversis_cli.score.csv", "PaymentsCsv"),
}


def writer_class(name: str) -> Callable[..., DealWriter]:
    """The writer class of the format ``name`` (one of :data:`FORMATS`)."""
    module, attr = FORMATS[name]
    return getattr(importlib.import_module(module), attr)
