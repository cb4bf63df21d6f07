"""What the tests of ``reversis serve`` share: a deal of a sample as the taps
that enter it (the exchanges, then every card in playing order), a record cut
to its first deals, and the deals of a record read back to compare."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from reversis_cli.reader import record_from_text

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"


@dataclass(frozen=True)
class Exchange:
    player: str
    discards: str
    takes: str | None  # None: the dealer, or not known


@dataclass(frozen=True)
class DealTaps:
    number: int
    dealer: str
    exchanges: tuple[Exchange, ...]
    cards: tuple[str, ...]  # ascii, in playing order, trick after trick


def deal_taps(text: str, number: int) -> DealTaps:
    """Deal ``number`` of a record's text as the taps that enter it."""
    record = record_from_text(text, "sample")
    checked = next(d for d in record.deals() if d.number == number)
    deal, replayed = checked.deal, checked.replayed
    assert deal is not None and replayed is not None
    exchanges = tuple(Exchange(e.player.text, str(e.discards[0].card),
                               str(e.takes[0].card) if e.takes else None)
                      for e in deal.exchanges)
    cards = tuple(str(play.card) for trick in replayed.tricks for play in trick.plays)
    return DealTaps(number, deal.dealer.text, exchanges, cards)


def cut(text: str, deals: int) -> str:
    """The record's text up to its first ``deals`` deals (the header alone for 0)."""
    marker = f"\ndeal {deals + 1} "
    return text.split(marker)[0].rstrip() + "\n"


def played(text: str) -> list[tuple[int | None, str, tuple[str, ...], tuple[str, ...]]]:
    """Each deal of a record as (number, dealer, exchanges, cards played): what
    must be on disk, whatever the spacing or the leaders written."""
    record = record_from_text(text, "read back")
    out = []
    for checked in record.deals():
        deal, replayed = checked.deal, checked.replayed
        assert deal is not None and replayed is not None
        exchanges = tuple(f"{e.player.text} {[str(c.card) for c in e.discards or ()]} "
                          f"{[str(c.card) for c in e.takes or ()]}" for e in deal.exchanges)
        cards = tuple(str(p.card) for t in replayed.tricks for p in t.plays)
        out.append((checked.number, deal.dealer.text, exchanges, cards))
    return out


def errors_of(text: str) -> list[str]:
    """The errors ``check`` finds in a record's text."""
    record = record_from_text(text, "read back")
    found = [d for d in record.header_diagnostics if d.is_error]
    for checked in record.deals():
        found += [d for d in checked.diagnostics if d.is_error]
    return [f"{d.code} {d.message}" for d in found]
