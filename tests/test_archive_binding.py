"""How the archive makes and binds its rows (issue 35, branch i35-archive3): a None
goes in as NULL through the adapter club/rows.py registers (sqlite3 would otherwise
look for ``__adapt__`` and ``__conform__`` for each one), and a plain deal's trick
texts are made without its trick rows, as the reference writes them of the rows."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from types import SimpleNamespace

import pytest

from reversis_cli import fastpaths
from reversis_cli.club.archive import build_in_memory
from reversis_cli.club.identity import trick_texts
from reversis_cli.club.rows import SessionRows, _trick_rows
from reversis_cli.club.trickjson import deal_tricks_text
from reversis_cli.reader import record_from_text
from reversis_cli.session.service import Session
from reversis_cli.simulate import SimulationOptions, simulate_session

from conftest import SAMPLES


def test_none_is_adapted_by_the_registered_adapter_to_null():
    adapter = sqlite3.adapters.get((type(None), sqlite3.PrepareProtocol))
    assert adapter is not None and adapter(None) is None
    conn = sqlite3.connect(":memory:")
    try:
        conn.execute("CREATE TABLE t (a, b)")
        conn.executemany("INSERT INTO t VALUES (?, ?)", [(None, 1), ("None", None)])
        assert conn.execute("SELECT typeof(a), a, typeof(b) FROM t ORDER BY rowid").fetchall() \
            == [("null", None, "integer"), ("text", "None", "null")]
    finally:
        conn.close()


def test_a_nan_is_bound_as_null_in_every_column_a_plain_deal_binds_it_to():
    """A plain deal's missing values are bound as NaN (club/rows.py's _NULL: a
    float binds without the adapter), which SQLite stores as NULL, as it would
    None, whatever the column's affinity; a NaN compares equal to nothing."""
    from reversis_cli.club.rows import _NULL

    conn = sqlite3.connect(":memory:")
    try:
        conn.execute("CREATE TABLE t (a TEXT, b INTEGER, c, d TEXT NOT NULL)")
        conn.executemany("INSERT INTO t VALUES (?, ?, ?, ?)", [(_NULL, _NULL, _NULL, "x"),
                                                                (None, None, None, "y")])
        assert conn.execute("SELECT typeof(a), typeof(b), typeof(c), a, b, c FROM t").fetchall() \
            == [("null", "null", "null", None, None, None)] * 2
        with pytest.raises(sqlite3.IntegrityError):  # NULL to NOT NULL, as None would be
            conn.execute("INSERT INTO t VALUES (1, 1, 1, ?)", (_NULL,))
    finally:
        conn.close()


def test_the_archive_stores_a_missing_value_as_null_never_as_a_text():
    conn, results = build_in_memory([str(SAMPLES / "big-night.rvs")])
    try:
        assert results and all(r.errors == 0 for r in results)
        kinds = conn.execute(
            "SELECT typeof(reversis), typeof(espagnolette), count(*) FROM deals "
            "GROUP BY 1, 2").fetchall()
        assert ("null", "null") in {(a, b) for a, b, _ in kinds}
        assert all(a in ("null", "text") and b in ("null", "text") for a, b, _ in kinds)
        assert conn.execute(  # never a real: a NaN bound (club/rows.py) is a NULL
            "SELECT count(*) FROM deals WHERE 'real' IN (typeof(reversis), "
            "typeof(reversis_breaker), typeof(espagnolette), typeof(espagnolette_status))"
        ).fetchone() == (0,)
        tricks = dict(conn.execute(
            "SELECT typeof(trick), count(*) FROM payments GROUP BY 1").fetchall())
        assert tricks.get("null", 0) > 0 and set(tricks) <= {"null", "integer"}
        assert conn.execute("SELECT count(*) FROM payments WHERE trick = 'None' "
                            "OR rule = 'None'").fetchone() == (0,)
    finally:
        conn.close()


def _plain_deals(path: Path):
    """(rows, number, replayed) of each deal of ``path`` the session service settles."""
    record = record_from_text(path.read_bytes(), str(path))
    with Session.of(record) as session:
        session.lean = True
        rows = SessionRows(1, session.players)
        for scored in session.deals():
            replayed, deal = scored.checked.replayed, scored.checked.deal
            if replayed is not None and deal is not None:
                yield rows, deal.number, replayed


@pytest.mark.parametrize("rules", ["classic", "modern"])
def test_a_plain_deals_trick_texts_are_those_of_its_rows(tmp_path, monkeypatch, rules):
    """The texts SessionRows._tricks makes without the trick rows (deal_tricks'
    JSON, the identity's texts joined) against those the reference writes of the
    rows, a deal where a player discarded two's from its tricks as walked (the
    reference's rows made from its tricks, made then); a deal out of order or
    numbered past the small numbers is left to it."""
    monkeypatch.setattr(fastpaths, "REFERENCE", False)
    path = tmp_path / "s.rvs"
    path.write_text("".join(simulate_session(SimulationOptions(
        80, 5, rules=rules, irregular=0.3, events=0.5))), encoding="utf-8")
    fast = walked = 0
    for rows, number, replayed in _plain_deals(path):
        made = rows._tricks(number, replayed)  # before the reference makes the tricks
        reference = _trick_rows(1, number, replayed)
        if made is None:
            assert (replayed.rows is None and replayed.walked is None) or not reference
            continue
        texts = trick_texts(reference, rows.names)
        assert texts is not None
        assert made == (deal_tricks_text(reference), ", ".join(texts))
        if replayed.rows is None:
            walked += 1
            tricks = replayed.walked
            for odd in ((tricks[1], tricks[0], *tricks[2:]),
                        (*tricks[:-1], (99, *tricks[-1][1:]))):
                assert rows._tricks(number, SimpleNamespace(
                    rows=None, walked=odd, players=rows.players)) is None
            continue
        fast += 1
        swapped = replayed.rows[1], replayed.rows[0], *replayed.rows[2:]
        past = (*replayed.rows[:-1], (99, *replayed.rows[-1][1:]))
        for odd in (swapped, past):  # what _tricks reads of a replay: its rows, its players
            assert rows._tricks(number, SimpleNamespace(rows=odd, players=rows.players)) is None
        assert rows._tricks(number, SimpleNamespace(rows=replayed.rows, players=rows.players)) \
            == made
    assert fast > 40 and walked >= 3
    monkeypatch.setattr(fastpaths, "REFERENCE", True)
    assert all(rows._tricks(number, replayed) is None
               for rows, number, replayed in _plain_deals(path))


def test_the_tallys_trick_rows_of_a_plain_deal_are_the_first_columns_of_its_rows(tmp_path):
    """What a plain deal gives the tally of its tricks (club/rows.py's
    ``_trick_leaders``: trick and leader, read by a quinola fallen) against the
    first four columns of the reference's trick rows, a deal where a player
    discarded two's from its tricks as walked."""
    from reversis_cli.club.rows import _trick_leaders

    path = tmp_path / "s.rvs"
    path.write_text("".join(simulate_session(SimulationOptions(
        80, 5, rules="modern", irregular=0.3, events=0.5))), encoding="utf-8")
    plain = walked = 0
    for _, number, replayed in _plain_deals(path):
        if replayed.rows is None and replayed.walked is None:
            continue  # not a plain deal: the tally reads its trick rows
        leaders = _trick_leaders(1, number, replayed)  # before the tricks are made
        assert leaders == [row[:4] for row in _trick_rows(1, number, replayed)]
        plain += replayed.rows is not None
        walked += replayed.rows is None
    assert plain > 40 and walked >= 3


def test_the_identitys_payment_texts_are_repr_of_their_columns_or_nothing():
    """club/identity.py's texts of the payments (a repeated payer, payee, amount and
    code written once) against repr of the columns SQLite gives back; a value of
    another type, a float equal to an int seen before among them, gives up."""
    from operator import itemgetter

    from reversis_cli.club.identity import _payment_texts

    def row(deal, seq, payer="Anna", num=2, den=1, code="stake"):
        return (1, deal, seq, payer, "pool", num, den, code, "POOL-1", "POOL-1", None)

    payments = [row(1, 1), row(1, 2), row(1, 3, "O'Brien", 5, 2, "ace_placed"), row(2, 1),
                row(2, 2, "Анна"), row(12, 1), row(12, 2, "O'Brien", 5, 2, "ace_placed")]
    assert _payment_texts(payments) == repr(list(map(itemgetter(*range(1, 8)), payments)))
    assert _payment_texts([]) == "[]"
    for odd in ([row(1, 1), row(1, 1)], [row(2, 1), row(1, 2)], [row(1, 2), row(1, 1)],
                [row(1, 1), row(1, 2, num=2.0)], [row(1, 1, num=True)], [row(1, True)],
                [row(1, 1, code=None)]):
        assert _payment_texts(odd) is None, odd


_ODD = ("Анна", "O'Brien", 'Vera "V"', "Gleb\\")


def _odd_lean_deals(tmp_path: Path):
    """Each lean deal of a simulated session, its players renamed to :data:`_ODD`."""
    path = tmp_path / "s.rvs"
    path.write_text("".join(simulate_session(SimulationOptions(30, 7, rules="modern"))),
                    encoding="utf-8")
    with Session.of(record_from_text(path.read_bytes(), str(path))) as session:
        session.lean = True
        odd = dict(zip(session.players, _ODD, strict=True))
        for scored in session.deals():
            lean = scored.lean
            if lean is not None:
                yield lean._replace(names=_ODD, payments=tuple(
                    p._replace(payer=odd.get(p.payer, p.payer), payee=odd.get(p.payee, p.payee))
                    for p in lean.payments))


def test_a_lean_deals_payment_texts_are_those_of_its_rows_whatever_the_names(
        tmp_path, monkeypatch):
    """The identity's text of a lean deal's payments, made with their rows from
    the text of each payment's five columns, kept by the session (club/rows.py),
    against the one made of the rows (club/identity.py's payment_texts); a payer
    that is no player nor the pool is written as the rows write it, and a value
    SQLite would give back otherwise is left to the reference (the rows read back)."""
    from reversis_cli.club.identity import payment_texts

    monkeypatch.setattr(fastpaths, "REFERENCE", False)
    rows = SessionRows(1, _ODD)
    made = 0
    for lean in _odd_lean_deals(tmp_path):
        *found, paid = rows._lean_rows(lean, 10)
        assert paid is not None and paid == payment_texts(found[2])
        made += bool(paid)
        if lean.payments:
            stranger = lean._replace(payments=(lean.payments[0]._replace(payer="Zed"),
                                               *lean.payments[1:]))
            *found, paid = rows._lean_rows(stranger, 10)
            assert paid is not None and paid == payment_texts(found[2])
            assert "'Zed'" in paid
            assert payment_texts([(*found[2][0][:3], 5, *found[2][0][4:])]) is None
    assert made > 20


def test_a_plain_deals_trick_texts_whatever_the_names():
    """SessionRows._tricks for names that JSON and repr quote otherwise (a quote, an
    apostrophe, a backslash, Cyrillic) against the reference's texts of the rows."""
    rows = SessionRows(1, _ODD)
    plain = tuple((n, n % 4, n, 12 + n, 24 + n, 36 + n, (n + 1) % 4) for n in range(12))[1:]
    replayed = SimpleNamespace(rows=plain, players=_ODD)
    reference = _trick_rows(1, 7, replayed)
    texts = trick_texts(reference, rows.names)
    assert texts is not None
    assert rows._tricks(7, replayed) == (deal_tricks_text(reference), ", ".join(texts))


class _Linked:
    """An object in a cycle (itself), that only the cyclic collector frees."""

    def __init__(self) -> None:
        self.me = self


def test_the_collector_is_paused_while_files_are_archived_and_collects_after_each(
        tmp_path, monkeypatch):
    """``load_files`` turns Python's cyclic garbage collector off while it stores the
    files (club/collector.py, as ``stats --compare``), collects what each file left
    in a cycle before the next, and leaves it on after, or off if it was off; the
    files are stored the same either way."""
    import gc
    import shutil
    import weakref

    from reversis_cli.club import archive

    for name in ("evening.rvs", "salon.rvs", "tver-ru.rvs"):
        shutil.copy(SAMPLES / name, tmp_path / name)
    files = sorted(tmp_path.glob("*.rvs"))
    states: list[bool] = []
    left: list[weakref.ref] = []  # a cycle each file left
    real = archive.load_file

    def watched(*args, **kwargs):
        states.append(gc.isenabled())
        assert all(ref() is None for ref in left)  # collected after the file before
        left.append(weakref.ref(_Linked()))
        return real(*args, **kwargs)

    monkeypatch.setattr(archive, "load_file", watched)
    assert gc.isenabled()
    conn = archive.connect(archive.MEMORY)
    stored = archive.load_files(conn, files, None)
    assert states == [False] * 3 and gc.isenabled()
    assert all(ref() is None for ref in left)
    deals = conn.execute("SELECT count(*) FROM deals").fetchone()
    monkeypatch.setattr(archive, "load_file", real)
    gc.disable()
    try:
        again = archive.connect(archive.MEMORY)
        assert [r.state for r in archive.load_files(again, files, None)] == \
            [r.state for r in stored]
        assert again.execute("SELECT count(*) FROM deals").fetchone() == deals
        assert not gc.isenabled()  # left off, as it was
    finally:
        gc.enable()
