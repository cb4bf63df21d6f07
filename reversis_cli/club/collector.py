"""Python's cyclic garbage collector paused while a command goes through a season's
files (``archive`` storing them, ``stats --compare`` settling them again).

A file's deals make and drop a great many small objects, none in a cycle (their
refcounts free them); each collection those drops set off went through every object
kept (the start-up's, the rows or deals held) and found nothing: about 12 K
instructions a deal of ``archive``, 5 % of ``stats --compare`` (docs/decisions.md,
E85 and E109).  What a file may leave in a cycle is collected after it, with the
youngest generation, where everything made since stays while the collector is paused.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from contextlib import contextmanager

__all__ = ["collector_paused"]


@contextmanager
def collector_paused() -> Iterator[Callable[[], None]]:
    """The collector paused (left off if it was off) and, to call after each file,
    what collects the objects made since the last (``gc.collect(0)``; nothing when
    the collector was off)."""
    if not gc.isenabled():
        yield _nothing
        return
    gc.disable()
    try:
        yield _youngest
    finally:
        gc.enable()


def _youngest() -> None:
    gc.collect(0)


def _nothing() -> None:
    pass
