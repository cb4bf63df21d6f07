"""The session service: a record settled deal by deal, the pool carried, the
running balance and the totals kept in one place."""

from __future__ import annotations

import json
import re
from fractions import Fraction

import pytest
from click.testing import CliRunner

from records import MINIMAL, TRICKS
from reversis_cli.cli import cli
from reversis_cli.session import service as session_module
from reversis_cli.reader import record_from_text
from reversis_cli.rules import load_profile
from reversis_cli.session.service import Amount, Session
from reversis_cli.settle.engine import SessionSettler
from reversis_cli.simulate import SimulationOptions, simulate_session

NAMES = ["Anna", "Boris", "Vera", "Gleb"]


def _turned(seats: int) -> str:
    """The legal play of records.TRICKS with every player moved ``seats`` on:
    the same deal, dealt by the player ``seats`` after Gleb."""
    return re.sub(r"\b(Anna|Boris|Vera|Gleb)\b",
                  lambda m: NAMES[(NAMES.index(m.group(1)) + seats) % 4], TRICKS)


# Deal 1 played; deal 2 void, the misdealer paying 5 to the pool to deal
# again; deal 3 dealt by the wrong player (an error: not settled); deal 4
# played, dealt by Vera.
SESSION = ("pot 12\n" + MINIMAL
           + "deal 2 dealer Anna\n  misdeal Anna\n  redeal paid\n"
           + "deal 3 dealer Boris\n" + _turned(2)
           + "deal 4 dealer Vera\n" + _turned(3))


def _settled(text: str = SESSION, **kw):
    with record_from_text(text, "s.rvs") as record:
        session = Session.of(record, **kw)
        return session, list(session.deals())


def test_the_pool_is_carried_from_deal_to_deal_through_a_void_deal():
    session, deals = _settled()
    assert session.pool_start.amount == 12 and session.pool_start.given
    played, void, wrong, last = deals
    assert played.pool_before == 12
    assert void.settlement.status == "void"
    assert void.pool_before == played.settlement.pool_after
    assert void.settlement.pool_after == void.pool_before + 5  # the redeal's fee
    assert last.pool_before == void.settlement.pool_after
    assert session.pool == session.pool_end == last.settlement.pool_after


def test_a_deal_with_errors_leaves_the_pool_and_the_balance_as_they_were():
    with record_from_text(SESSION, "s.rvs") as record:
        session = Session.of(record)
        seen = []
        for scored in session.deals():
            seen.append((scored, session.balance(), session.pool))
    (_, _, _), (void, after_void, pool_void), (wrong, after_wrong, pool_wrong), _ = seen
    assert wrong.settlement is None and any(d.is_error for d in wrong.checked.diagnostics)
    assert wrong.pool_before == pool_void == pool_wrong
    assert after_wrong == after_void


def test_the_running_balance_is_the_sum_of_the_nets_so_far():
    with record_from_text(SESSION, "s.rvs") as record:
        session = Session.of(record)
        summed: dict[str, Amount] = dict.fromkeys(NAMES, 0)
        for scored in session.deals():
            if scored.settlement is not None:
                for name, amount in scored.settlement.net.items():
                    summed[name] += amount
            assert session.balance() == summed
    assert session.totals() == summed
    assert sum(summed.values()) + session.pool_end - 12 == 0  # POOL-5 over the session


def test_the_outcome_counts_the_deals_and_their_problems():
    session, _ = _settled()
    outcome = session.outcome()
    assert (outcome.deals, outcome.errors, outcome.settled) == (4, 1, True)
    assert outcome.totals == session.totals() and outcome.pool_end == session.pool_end


def test_one_deal_asked_for_is_settled_in_its_session_and_totals_only_itself():
    with record_from_text(SESSION, "s.rvs") as record:
        session = Session.of(record)
        (only,) = session.deals(only=4)
    assert only.settlement is not None
    assert only.pool_before == 17 + 12  # after deal 1 (24) and the redeal's fee (5)
    assert session.totals() == dict(only.settlement.net)
    assert session.pool_end == only.settlement.pool_after
    assert session.outcome().deals == 1 and session.outcome().errors == 0


def test_a_deal_number_the_record_lacks_shows_nothing_and_totals_nothing():
    with record_from_text(SESSION, "s.rvs") as record:
        session = Session.of(record)
        assert list(session.deals(only=9)) == []
    assert session.totals() == dict.fromkeys(NAMES, 0) and session.pool_end == 12


def test_two_readings_carry_their_own_pools_in_one_pass():
    other = load_profile("modern")
    with record_from_text(SESSION, "s.rvs") as record:
        pairs = list(Session.of(record).compared(other))
    _, alone = _settled()
    with record_from_text(SESSION, "s.rvs") as record:
        modern = list(Session.under(record, other).deals())
    assert [a.settlement for a, _ in pairs] == [s.settlement for s in alone]
    assert [b.settlement for _, b in pairs] == [s.settlement for s in modern]
    assert [b.pool_before for _, b in pairs] == [s.pool_before for s in modern]


def test_a_pot_in_jetons_is_counted_in_fiches():
    session, deals = _settled("unit jeton\npot 3\n" + MINIMAL)
    assert session.pool_start.amount == 15 and deals[0].pool_before == 15


@pytest.mark.parametrize("header", ["pot lots\n", "unit crowns\npot 3\n"])
def test_an_unreadable_pot_settles_nothing(header):
    with record_from_text(header + MINIMAL, "s.rvs") as record:
        session = Session.of(record)
        assert not session.settleable and session.profile is None
        assert any(d.is_error for d in session.diagnostics)
        outcome = session.outcome()
        with pytest.raises(ValueError):
            next(session.deals())
    assert not outcome.settled and outcome.totals == {} and outcome.deals == 0


def test_a_profile_the_header_names_that_cannot_be_built_settles_nothing():
    with record_from_text("rules no-such-profile\n" + MINIMAL, "s.rvs") as record:
        session = Session.of(record)
        assert not session.settleable
        assert [d.line for d in session.diagnostics if d.is_error] == [1]
        assert not session.outcome().settled


def test_the_pot_line_is_read_once_in_a_whole_run(monkeypatch, tmp_path):
    from click.testing import CliRunner

    from reversis_cli.cli import cli

    calls = []
    real = session_module.read_amount

    def counting(text):
        calls.append(text)
        return real(text)

    monkeypatch.setattr(session_module, "read_amount", counting)
    path = tmp_path / "s.rvs"
    path.write_text(SESSION, encoding="utf-8")
    for args in (["score", "--json"], ["score"]):
        calls.clear()
        result = CliRunner().invoke(cli, [*args, str(path)])
        assert result.exit_code == 1, result.output  # deal 3 has an error
        assert calls == ["12"]


@pytest.mark.parametrize("args", [
    ["explain", "--deal", "4"], ["arbitrate", "--deal", "4"],
    ["arbitrate", "--deal", "4", "--compare", "modern"],
])
def test_explain_and_arbitrate_open_the_record_once(monkeypatch, tmp_path, args):
    """One session per run: the record is opened, its header resolved and its
    pot read once, even when arbitrate sets two readings side by side."""
    from click.testing import CliRunner

    from reversis_cli.cli import cli

    opened, pots = [], []
    real_open, real_amount = session_module.open_record, session_module.read_amount

    def open_counted(path):
        opened.append(path)
        return real_open(path)

    def amount_counted(text):
        pots.append(text)
        return real_amount(text)

    monkeypatch.setattr(session_module, "open_record", open_counted)
    monkeypatch.setattr(session_module, "read_amount", amount_counted)
    path = tmp_path / "s.rvs"
    path.write_text(SESSION, encoding="utf-8")
    result = CliRunner().invoke(cli, [*args, str(path)])
    assert result.exit_code == 0, result.output
    assert "Vera" in result.output
    assert len(opened) == 1 and pots == ["12"]


def test_progress_is_told_of_every_deal_read_even_those_not_shown():
    read: list[int] = []
    with record_from_text(SESSION, "s.rvs") as record:
        shown = list(Session.of(record).deals(only=2, progress=read.append))
    assert [s.checked.number for s in shown] == [2]
    assert len(read) == 4 and read == sorted(read) and read[-1] > 0


def test_arbitrate_compares_two_readings_of_the_whole_session_in_one_pass(tmp_path):
    from reversis_cli.arbiter.ruling import compare_rulings, rule

    path = tmp_path / "s.rvs"
    path.write_text(SESSION, encoding="utf-8")
    classic, modern = load_profile("classic"), load_profile("modern")
    both = compare_rulings(path, 4, classic, modern)
    assert both.a.scored == rule(path, 4, classic).scored
    assert both.b.scored == rule(path, 4, modern).scored
    assert both.b.scored.pool_before == 29  # deal 1 and the redeal under modern too


def test_explain_reads_the_deal_from_its_session():
    from reversis_cli.arbiter.explain import explain_in

    with record_from_text(SESSION, "s.rvs") as record:
        explanation = explain_in(Session.of(record), 4)
    assert explanation is not None
    assert explanation.scored.pool_before == 29 and explanation.alternatives
    with record_from_text(SESSION, "s.rvs") as record:
        assert explain_in(Session.of(record), 9) is None


def _modern(deals: int, seed: int) -> str:
    """A modern session, some deals irregular: a tied partie is split (``partie_ties``),
    so balances run in halves and come back whole."""
    return "".join(simulate_session(SimulationOptions(deals, seed, rules="modern",
                                                      irregular=0.1)))


def _exact(amount: int | str) -> Fraction:
    """An amount of ``score --json``: an int, or ``"n/d"``."""
    return Fraction(amount)


def _written(amount: Fraction, signed: bool = True) -> str:
    """A figure as the English tables write it, worked out here from the figure alone:
    ``+12``, ``-3``, ``0``, ``+2 1/2`` (a no-break space inside), ``-1/2``."""
    sign = "-" if amount < 0 else "+" if amount > 0 and signed else ""
    whole, rest = divmod(abs(amount.numerator), amount.denominator)
    if not rest:
        return sign + str(whole)
    fraction = f"{rest}/{amount.denominator}"
    return sign + (f"{whole}\u00a0{fraction}" if whole else fraction)


@pytest.mark.parametrize("seed", [1, 4])
def test_the_session_tables_balance_rows_are_the_nets_summed_in_a_modern_session(tmp_path, seed):
    """What a reader checks by hand: each row of the session table is the nets of the
    deals so far added up, halves and all, and the footer is the last of them."""
    path = tmp_path / "modern.rvs"
    path.write_text(_modern(60, seed), encoding="utf-8")
    env = {"COLUMNS": "160", "NO_COLOR": "1", "TERM": "dumb"}
    data = json.loads(CliRunner().invoke(cli, ["score", "--json", str(path)], env=env,
                                         prog_name="reversis").output)
    tables = CliRunner().invoke(cli, ["score", str(path)], env=env, prog_name="reversis").output
    players = data["players"]
    summed = dict.fromkeys(players, Fraction(0))
    expected, halves, mended = [], 0, 0
    for deal in data["deals"]:
        was = dict(summed)
        for name, net in deal["net"].items():
            summed[name] += _exact(net)
        halves += sum(value.denominator != 1 for value in summed.values())
        mended += sum(was[n].denominator != 1 and summed[n].denominator == 1 for n in players)
        expected.append([str(deal["number"]), *(_written(summed[n]) for n in players),
                         _written(_exact(deal["pool"]["after"]), signed=False)])
    assert halves and mended  # shares were held, and some came back whole
    table = tables[tables.rindex("\nSession\n"):]
    rows = [re.split(" +", line.strip()) for line in table.splitlines()
            if re.match(r" \d+ ", line)]
    assert rows == expected
    (total,) = [line for line in table.splitlines() if line.startswith(" Total ")]
    assert re.split(" +", total.strip())[1:] == expected[-1][1:]
    assert {name: _exact(value) for name, value in data["totals"].items()} == summed


def test_the_settlers_totals_are_the_nets_summed_after_every_deal_and_once_restored():
    with record_from_text(_modern(60, 4), "s.rvs") as record:
        session = Session.of(record)
        assert session.profile is not None
        replayed = [one.checked.replayed for one in session.deals()
                    if one.checked.settleable and one.checked.replayed is not None]
        profile, players = session.profile, session.players
    settler = SessionSettler(profile, players)
    summed = dict.fromkeys(players, Fraction(0))
    restored_with_halves = False
    for index, deal in enumerate(replayed):
        settled = settler.settle_lean(deal) if index % 2 else settler.settle(deal, False)
        nets = settled.net if isinstance(settled.net, dict) else dict(
            zip(settled.names, settled.net, strict=True))
        for name, net in nets.items():
            summed[name] += net
        totals = settler.totals()
        assert totals == summed and settler.totals() == totals  # asked twice, the same
        # an int when whole, as the JSON and the tables expect
        assert all((type(v) is int) == (v.denominator == 1) for v in totals.values())
        if any(type(v) is not int for v in totals.values()) and not restored_with_halves:
            # a settler carried on from these totals (a part of the file, --jobs)
            again = SessionSettler(profile, players)
            again.restore(settler.pool, settler.last_played, totals)
            assert again.totals() == totals
            settler, restored_with_halves = again, True
    assert restored_with_halves
