"""A record in canonical form: the notation's writer fed with what the replay knows.

:mod:`reversis_cli.notation.writer` orders statements and writes text; it
knows nothing of the game.  This module adds the two facts it needs from the
layers that understand a record: the players a header makes usable (the
reader's header check) and the leaders of the trick lines that omit them
(the replay, and only the leaders it established: none after a trick in
error).  ``fmt``, ``convert`` and the importers write records through here.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from ..model import Deal, Header
from ..notation import writer
from ..reader import check_header
from ..replay import replay_deal

__all__ = ["valid_players", "trick_leaders", "canonical_deal", "canonical_record",
           "iter_record", "write_record"]


def valid_players(header: Header) -> tuple[str, ...]:
    """The four players of the header when the players line is usable, else ()."""
    players, _ = check_header(header)
    return players


def trick_leaders(deal: Deal, players: Sequence[str]) -> tuple[str | None, ...]:
    """The leader of each trick line of ``deal`` (in written order) that the
    replay established; None where it did not, and () when nothing is needed."""
    tricks = deal.tricks
    if len(players) != 4 or all(t.leader is not None for t in tricks):
        return ()
    try:
        replayed = replay_deal(deal, tuple(players))
    # The replay reports every problem as a diagnostic and never raises; a bug in it must
    # not cost fmt, convert or the recorder the record: its leaders stay as written.
    except Exception:  # noqa: BLE001 -- the fence of a bug: the record kept as written
        return ()
    leader_of = {id(t.line): replayed.name(t.leader) for t in replayed.tricks
                 if t.line is not None}
    leader_of.update((id(t.line), replayed.name(t.established_leader))
                     for t in replayed.unresolved if t.established_leader is not None)
    return tuple(leader_of.get(id(trick)) for trick in tricks)


def canonical_deal(deal: Deal, players: Sequence[str] = ()) -> Deal:
    """The deal in canonical order, with every leader the replay establishes."""
    return writer.canonical_deal(deal, players, trick_leaders(deal, players))


def canonical_record(header: Header, deals: Iterable[Deal]) -> tuple[Header, list[Deal]]:
    """The whole record in canonical order, leaders filled in."""
    header = writer.canonical_header(header)
    players = valid_players(header)
    return header, [canonical_deal(deal, players) for deal in deals]


def iter_record(header: Header, deals: Iterable[Deal], style: str = "ascii") -> Iterator[str]:
    """The canonical text of a record, one block (header, then each deal) at a time."""
    header = writer.canonical_header(header)
    players = valid_players(header)
    return writer.iter_canonical(header, (canonical_deal(deal, players) for deal in deals),
                                 style)


def write_record(header: Header, deals: Iterable[Deal], style: str = "ascii") -> str:
    """The whole record as canonical text."""
    return "".join(iter_record(header, deals, style))
