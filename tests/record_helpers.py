"""Helpers for the tests of ``reversis record``: samples cut into deals and
typed into a recorder as a marker would."""

from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import TYPE_CHECKING

from reversis_cli.convert.fmt import canonical_text
from reversis_cli.model import Deal, TrickLine
from reversis_cli.notation.writer import statement_body
from reversis_cli.reader import record_from_text
from reversis_cli.record import DealInProgress, Recorder

if TYPE_CHECKING:  # the plain recorder's tests load no Textual
    from reversis_cli.record.tui.app import RecordApp

if TYPE_CHECKING:  # the plain recorder's tests load no Textual
    from reversis_cli.record.tui.app import RecordApp

SAMPLES = Path(__file__).resolve().parent.parent / "samples"


def canonical_blocks(name: str) -> list[str]:
    """The sample as fmt writes it: header block, then one block per deal."""
    return list(_canonical_blocks(name))


@functools.cache
def _canonical_blocks(name: str) -> tuple[str, ...]:
    # made once per sample: fmt of a whole sample takes a tenth of a second,
    # and the recorder's tests start from a prefix of one sample after another
    text = canonical_text((SAMPLES / name).read_bytes(), name).text
    assert text is not None
    return tuple(text.split("\n\n"))


def prefix(name: str, deals: int) -> str:
    """The sample in canonical form, up to and with deal ``deals``."""
    return "\n\n".join(canonical_blocks(name)[:deals + 1]).rstrip("\n") + "\n"


def typed_prefix(name: str, deals: int) -> str:
    """:func:`prefix`, with what a marker does not type at the table taken out
    of the last deal: its comments and the takers written after ``>``."""
    blocks = canonical_blocks(name)[:deals + 1]
    last = []
    for line in blocks[-1].split("\n"):
        line = re.sub(r"\s*#[^\"]*$", "", re.sub(r" > \S+", "", line)).rstrip()
        if line:
            last.append(line)
    return "\n\n".join(blocks[:-1] + ["\n".join(last)]) + "\n"


@functools.cache  # a Deal is frozen: the tests share it
def sample_deal(name: str, number: int) -> Deal:
    with record_from_text((SAMPLES / name).read_bytes(), name) as record:
        for checked in record.deals():
            if checked.number == number:
                assert checked.deal is not None
                return checked.deal
    raise LookupError(number)


def type_deal(recorder: Recorder, deal: Deal, by_card: bool = False,
              confirm: bool = True) -> list:
    """Type every statement of ``deal`` (tricks card by card with ``by_card``);
    the warnings met on the way, each confirmed."""
    warned = []
    for stmt in deal.statements:
        if isinstance(stmt, TrickLine) and by_card:
            for card in stmt.cards:
                outcome = recorder.play(str(card.card))
                warned += _settle(recorder, outcome, confirm)
        else:
            body = statement_body(stmt, "ascii")
            if isinstance(stmt, TrickLine):  # as a marker types it: cards only
                body = " ".join(str(c.card) for c in stmt.cards)
            warned += _settle(recorder, recorder.add_line(body), confirm)
    return warned


def _settle(recorder: Recorder, outcome, confirm: bool) -> list:
    if outcome.waiting:
        if confirm:
            recorder.confirm()
        return list(outcome.problems)
    assert outcome.accepted, [str(d.message) for d in outcome.problems]
    return []


def recorder_of(app: RecordApp) -> Recorder:
    """The app's recorder, which every test here gives it or lets it open."""
    assert app.recorder is not None
    return app.recorder


def in_progress(recorder: Recorder | None) -> DealInProgress:
    """The deal the recorder is taking down, which the test has begun."""
    assert recorder is not None and recorder.current is not None
    return recorder.current
