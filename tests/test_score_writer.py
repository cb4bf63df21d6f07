"""The score-writer seam and the public state-carrying methods that ``--jobs``
uses (reversis_cli/session/scoring.py, split.py): a worker gets the writer by pickle
and writes a part's deals that the parent then puts in their place, and a
session picks up where another process left it without touching private fields."""

from __future__ import annotations

import functools
import pickle
from io import StringIO
from pathlib import Path

from reversis_cli.cli.common import console
from reversis_cli.score.json import JsonDeals, write_session_json
from reversis_cli.render import session as render_session
from reversis_cli.render.session import TableDeals
from reversis_cli.session.scoring import WrittenPart, score_session
from reversis_cli.session.service import Session
from reversis_cli.settle import SessionSettler

SAMPLE = Path(__file__).parents[1] / "samples" / "irregular.rvs"
LOOK = {"width": 100, "terminal": False, "colors": None}


def _tables() -> TableDeals:
    return TableDeals(functools.partial(console, like=LOOK), functools.partial(console, like=LOOK))


def _written(writer, split_at: int | None = None, folder: Path | None = None) -> str:
    """The output of ``writer`` for SAMPLE; with ``split_at``, the deals from
    that index on written by a second writer as a worker would, into a file
    of ``folder`` handed to the first."""
    out: list[str] = []
    with Session.open(SAMPLE) as session:
        sink = writer.open(session.name, out.append)
        sink.head(session)
        part: list[str] = []
        worker = pickle.loads(pickle.dumps(writer)).open(session.name, part.append)
        worker.part(session)
        for index, one in enumerate(session.deals()):
            (sink if split_at is None or index < split_at else worker).deal(one)
        if split_at is not None:
            assert folder is not None
            (folder / "part.txt").write_text("".join(part), "utf-8")
            sink.written(WrittenPart(str(folder / "part.txt")), "")
        sink.tail()
    return "".join(out)


def test_deals_written_by_a_worker_take_their_place_in_the_json(tmp_path):
    whole = _written(JsonDeals())
    assert _written(JsonDeals(), split_at=2, folder=tmp_path) == whole
    assert whole.count('"number":') >= 3


def test_deals_laid_out_by_a_worker_take_their_place_in_the_tables(monkeypatch, tmp_path):
    """Past the session table's rows: the first part holds writer.first_deals."""
    monkeypatch.setattr(render_session, "SESSION_ROWS", 2)
    writer = _tables()
    assert writer.first_deals == 3
    whole = _written(writer)
    assert _written(writer, split_at=writer.first_deals, folder=tmp_path) == whole
    assert "rules: classic" in whole and "Total" in whole


def test_the_json_writer_writes_what_write_session_json_writes():
    out: list[str] = []
    with Session.open(SAMPLE) as session:
        write_session_json(session, session.deals(), out.append)
    assert "".join(out) == _written(JsonDeals())


def test_score_session_writes_json_or_tables_through_one_loop():
    for writer in (JsonDeals(), _tables()):
        text = StringIO()
        with Session.open(SAMPLE) as session:
            score_session(session, writer.open(session.name, text.write), writer)
        assert text.getvalue() == _written(writer)


def test_a_settler_restored_settles_on_as_the_one_that_went_before():
    with Session.open(SAMPLE) as session:
        assert session.profile is not None
        replayed = [one.checked.replayed for one in session.deals()
                    if one.checked.settleable and one.checked.replayed is not None]
        profile, players = session.profile, session.players
    assert len(replayed) >= 3
    whole = SessionSettler(profile, players)
    before = [whole.settle(deal) for deal in replayed]
    first = SessionSettler(profile, players)
    for deal in replayed[:2]:
        first.settle(deal)
    second = SessionSettler(profile, players)
    second.restore(first.pool, first.last_played, first.totals())
    after = [second.settle(deal) for deal in replayed[2:]]
    assert after == before[2:]
    assert second.totals() == whole.totals() and second.pool == whole.pool


def test_a_session_resumed_counts_and_settles_as_if_it_had_read_the_deals_before():
    with Session.open(SAMPLE) as whole:
        all_deals = list(whole.deals())
        end = whole.outcome()
    offset, line = _third_deal()
    with Session.open(SAMPLE) as first:
        first.record.stop_before(line)
        head = list(first.deals())
        expected, carried = first.record.expected, first.reading.carried()
    assert len(head) == 2
    with Session.open(SAMPLE) as second:
        second.record.resume_at(offset, line, second.record.expected, None)
        second.resume(expected, carried, len(head), sum(d.is_error for one in head
                                                         for d in one.checked.diagnostics),
                      sum(not d.is_error for one in head for d in one.checked.diagnostics))
        rest = list(second.deals())
        assert [one.settlement for one in rest] == [one.settlement for one in all_deals[2:]]
        assert second.outcome() == end


def _third_deal() -> tuple[int, int]:
    """The byte and line the third deal line of SAMPLE begins at."""
    data = SAMPLE.read_bytes()
    at = -1
    for _ in range(3):
        at = data.index(b"\ndeal ", at + 1)
    return at + 1, data[:at + 1].count(b"\n") + 1
