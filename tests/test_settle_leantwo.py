"""A deal where a player discarded two settled lean (settle/leantwo.py, issue 35).

``discarded-two NAME`` (IRR-5): NAME plays ten cards, trick 11 has three and the
partie five; nothing is paid for it, and every rule settles the deal from its
tricks as played.  replay/plaintwo.py replays it without rows of four cards; the
lean settlement settles it from rows made of its walk, trick 11's with no card at
NAME's place.  Held here to the engine payment by payment and byte by byte
(``score --json`` with the lean path on and under REVERSIS_REFERENCE=1), under
every value of every option, in classic and modern sessions, among reversis,
espagnolettes, revokes and other irregular deals; ``check`` and the tables too.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from reversis_cli.settle.leantwo import rows_of_walk
from reversis_cli.simulate import SimulationOptions, simulate_session

sys.path.insert(0, str(Path(__file__).resolve().parent))
from reference_settle import OPTION_VALUES  # noqa: E402
from test_settle_lean import _both_ways, _session, fast_by_default  # noqa: E402


def _two_deals(seed: int, rules: str, deals: int = 40, every: int = 1, **options) -> str:
    """A session whose every ``every``-th deal a player discards two, among rare
    events and irregular deals."""
    return "".join(simulate_session(SimulationOptions(
        deals, seed=seed, rules=rules, forces={n: "discarded_two" for n in range(1, deals + 1,
                                                                                  every)},
        **options)))


def _settled_two(deals: list) -> tuple[list, list]:
    """The deals replayed from their walk (a player discarded two), and the lean
    settlements among them."""
    two = [one for one in deals if one.checked.replayed is not None
           and one.checked.replayed.walked is not None]
    return two, [one.lean for one in two if one.lean is not None]


def _option_cases() -> list:
    """Every value of every option the reference cross-check varies, each under
    one profile by default (in turn), under both with ``-m ''``."""
    return [pytest.param(key, value, rules, id=f"{key}={value}-{rules}",
                         marks=() if (i + j) % 2 == r else pytest.mark.slow)
            for i, (key, values) in enumerate(OPTION_VALUES.items())
            for j, value in enumerate(values)
            for r, rules in enumerate(("classic", "modern"))]


@fast_by_default
@pytest.mark.parametrize("key,value,rules", _option_cases())
def test_a_two_discarded_deal_is_settled_lean_as_by_the_engine_under_every_option_value(
        key, value, rules, monkeypatch):
    seed = sum(map(ord, key + value + rules)) + 35
    text = _two_deals(seed, rules, 40, 2, events=0.3, irregular=0.1)
    with _session(text, {key: value}, lean=True) as session:
        two, lean = _settled_two(list(session.deals()))
    assert len(two) >= 15 and len(lean) >= len(two) - 3, (len(two), len(lean))
    _both_ways(text, {key: value}, monkeypatch)


# What the simulator leaves out of a deal where a player discarded two (its
# ``_satisfies``): the ten-card player taking trick 10 (trick 11 is then led by the
# player after him), an espagnolette, a reversis made or broken.  Asked of it here,
# the reversis with a player dealt a strong hand who tries for it.
RARE = {
    "took trick 10": lambda r: r.takers[9] == r.event_seat("discarded-two")
    and r.reversis is None and r.broken_reversis is None,
    "espagnolette": lambda r: r.espagnolette is not None and r.reversis is None
    and r.broken_reversis is None,
    "reversis made": lambda r: r.reversis is not None,
    "reversis broken": lambda r: r.broken_reversis is not None,
}


def _rare_two(kind: str, seed: int, rules: str, deals: int, monkeypatch) -> str:
    """A session whose every other deal a player discarded two and ``kind`` happened."""
    from reversis_cli.simulate import events

    satisfies, deal_cards, table, one_deal = (events._satisfies, events.deal_cards,
                                              events.Table, events._one_deal)
    wanted = RARE[kind]
    aspirant = [False]  # in a deal forced to two discarded, when a reversis is asked

    def rare(record, force):
        return wanted(record) if force == "discarded_two" else satisfies(record, force)

    def dealt(rng, dealer, force):
        aspirant[0] = force == "discarded_two" and "reversis" in kind
        return one_deal(rng, dealer, force)

    def strong(rng, dealer, special, cards, strength):  # as the reversis modes deal
        return deal_cards(rng, dealer, (dealer + 1) % 4 if aspirant[0] else special, cards,
                          1.3 if aspirant[0] else strength)

    class Aspiring(table):  # type: ignore[misc, valid-type]
        def __init__(self, rng, hands, first, who, espagnolette, discards):
            super().__init__(rng, hands, first, first if aspirant[0] else who, espagnolette,
                             discards)

    monkeypatch.setattr(events, "_satisfies", rare)
    monkeypatch.setattr(events, "_one_deal", dealt)
    monkeypatch.setattr(events, "deal_cards", strong)
    monkeypatch.setattr(events, "Table", Aspiring)
    text = _two_deals(seed, rules, deals, 2)
    monkeypatch.undo()
    return text


SETS = [{}, {"quinola_forcer": "taker", "led_aces_pay_winner": "yes",
             "espagnolette_fails_on": "any_trick"},
        {"reversis_cancels": "made", "espagnolette_pays_broken": "9,10,11",
         "espagnolette_takes_pool": "yes", "forced_means": "any_follow"},
        {"espagnolette_refunds": "diamond_ace_and_quinola", "remise": "stake",
         "late_tricks_double": "11", "partie_ties": "split"}]


@fast_by_default
@pytest.mark.parametrize("sets", SETS, ids=lambda sets: ",".join(
    f"{k}={v}" for k, v in sets.items()) or "profile")
@pytest.mark.parametrize("kind", RARE)
@pytest.mark.parametrize("rules", ["classic", "modern"])
def test_what_the_simulator_leaves_out_is_settled_lean_as_by_the_engine(rules, kind, sets,
                                                                        monkeypatch):
    text = _rare_two(kind, 41 + len(kind) + len(sets), rules, 24, monkeypatch)
    with _session(text, sets, lean=True) as session:
        two, lean = _settled_two(list(session.deals()))
    assert len(two) >= 10 and len(lean) == len(two)
    seen = [one.checked.replayed for one in two]
    if kind == "took trick 10":  # trick 11 led by the player after him
        assert all(r.walked[10][1] == (r.walked[9][3] + 1) % 4 for r in seen)
    elif kind == "espagnolette":
        assert all(deal.espagnolette is not None for deal in lean)
    else:
        assert {str(deal.outcome) for deal in lean} == {
            "reversis" if kind == "reversis made" else "reversis_broken"}
    _both_ways(text, sets, monkeypatch)


@fast_by_default
def test_the_rows_of_a_walk_hold_each_seat_s_card_as_the_full_walk_played_it(monkeypatch):
    """Each row's card at place k is the one seat ``(leader + k) % 4`` played in
    the full walk's trick, and none (``NO_CARD_INDEX``) at the ten-card player's
    place in trick 11; its taker and leader the trick's."""
    from reversis_cli import fastpaths
    from reversis_cli.replay.play import replay_deal
    from reversis_cli.settle.lean import NO_CARD_INDEX

    text = _rare_two("took trick 10", 43, "classic", 12, monkeypatch) + \
        _two_deals(44, "modern", 12).split("\n\n", 1)[1]
    with _session(text, {}, lean=True) as session:
        two, _ = _settled_two(list(session.deals()))
    assert len(two) >= 10
    for one in two:
        replayed = one.checked.replayed
        rows = rows_of_walk(replayed.walked)
        monkeypatch.setattr(fastpaths, "REFERENCE", True)
        full = replay_deal(replayed.deal, replayed.players)
        monkeypatch.setattr(fastpaths, "REFERENCE", False)
        ten = replayed.players.index(replayed.deal.events[0].player.text)
        for row, trick in zip(rows, full.tricks, strict=True):
            number, leader, *cards, taker = row
            assert (number, leader, taker) == (trick.number, trick.plays[0].seat, trick.taker)
            by_seat = {play.seat: play.card.index for play in trick.plays}
            assert cards == [by_seat.get((leader + k) % 4, NO_CARD_INDEX) for k in range(4)]
            if number == 11:  # three cards: none from him
                assert ten not in by_seat and cards.count(NO_CARD_INDEX) == 1
            else:
                assert NO_CARD_INDEX not in cards


@fast_by_default
@pytest.mark.parametrize("rules", ["classic", "modern"])
def test_check_and_score_write_the_same_with_two_discarded_settled_lean(rules, tmp_path,
                                                                        monkeypatch):
    """``check``, ``score`` and ``score --json``: the same bytes and exit status with
    every fast path on and under REVERSIS_REFERENCE=1, on deals where a player
    discarded two, his taking trick 10 and reversis among them."""
    path = tmp_path / "two.rvs"
    text = _rare_two("took trick 10", 45, rules, 10, monkeypatch)
    text += _rare_two("reversis broken", 46, rules, 10, monkeypatch).split("\n\n", 1)[1]
    path.write_text(text, "utf-8")
    for command in (["check"], ["score", "--json"], ["score"]):
        runs = [subprocess.run([sys.executable, "-m", "reversis_cli", *command, str(path)],
                               capture_output=True, text=True,
                               env={**os.environ, "REVERSIS_REFERENCE": switch})
                for switch in ("0", "1")]
        assert runs[0].returncode == runs[1].returncode
        assert runs[0].stdout == runs[1].stdout and runs[0].stderr == runs[1].stderr
        assert runs[0].stdout


@fast_by_default
def test_a_two_discarded_deal_settled_lean_is_written_from_its_ints(monkeypatch):
    """``score --json`` writes such a deal as a plain one settled lean
    (``jsontext._lean_text``: its tricks as walked, its payments from the lean
    tuples), no full settlement made; the bytes are the engine's (above)."""
    import io

    from reversis_cli.score import jsontext
    from reversis_cli.score.json import write_session_json
    from reversis_cli.session.service import ScoredDeal

    text = _two_deals(47, "classic", 20)
    written, made = [], []
    lean_text, settlement = jsontext._lean_text, ScoredDeal.settlement

    def counted(lean, replayed, *rest):
        written.append(replayed.walked is not None)
        return lean_text(lean, replayed, *rest)

    monkeypatch.setattr(jsontext, "_lean_text", counted)
    def made_full(self):
        made.append(self)
        return settlement.fget(self)  # type: ignore[attr-defined]

    monkeypatch.setattr(ScoredDeal, "settlement", property(made_full))
    with _session(text, {}, lean=True) as session:
        write_session_json(session, session.deals(), io.StringIO().write)
    assert written == [True] * 20 and made == []
