"""Endgames for the oracle of ``reversis analyse`` (tests/test_analyse_oracle.py).

Simulated sessions (reversis_cli/simulate) under both built-in profiles, with
reversis made and broken and espagnolettes forced among ordinary deals, some
with random option sets (``set OPTION = VALUE`` lines), some with an
espagnolette who waives (a holder who never used the privilege, so that the
line is true).  Each deal is read twice: by the engine (``Session``, what
``analyse_deal`` is given) and by the reference (tests/reference_settle.py),
and taken up from one trick K by the reference minimax.  Only regular deals are
used: the simulator is asked for no irregularity.

The trees from trick 8 are big (median 19,000 leaves, a tenth of them over
90,000, measured on 200 deals), and the plain minimax settles every leaf:
from trick 8 only endgames whose tree has at most ``LEAF_BOUND`` leaves are
taken (about one deal in ten).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from reference_minimax import Endgame, Tree, count_leaves, endgames, legal
from reference_season import PROFILES
from reference_settle import (
    OPTION_VALUES, Opts, espagnolette_holder, play_out, read_record, taker_of,
)

from reversis_cli.reader import record_from_text
from reversis_cli.rules import Profile
from reversis_cli.session.service import ScoredDeal, Session
from reversis_cli.settle.engine import settle_deal
from reversis_cli.simulate import SimulationOptions, simulate_session

LEAF_BOUND = 3000

RARE = ("reversis", "broken_reversis", "espagnolette")
# The simulator's irregular deals that the analysis replays (docs/decisions.md, issue 32):
# a peek, a discard out of turn, a revoke, a payment left unclaimed.
REPLAYED = ("peeked", "out_of_turn", "revoke", "unclaimed")


@dataclass
class Case:
    """One endgame: the reference's view and the engine's, of the same deal."""

    game: Endgame
    scored: ScoredDeal
    profile: Profile
    text: str    # the session's record
    label: str   # which session, deal and trick, for a failure message
    asked: int   # the trick the analysis is asked to start from (the game's start or before)

    def __str__(self) -> str:
        return self.label


def session_text(seed: int, rules: str, deals: int, sets: dict[str, str],
                 irregular: float = 0.0, modes: tuple[str, ...] = REPLAYED) -> str:
    """A simulated session: a rare event forced in about one deal in three,
    an irregularity of ``modes`` (by default those the analysis replays) in a
    share ``irregular`` of the others, the ``set`` lines after the ``rules``
    line, and some espagnolettes played again (:func:`_with_waivers`)."""
    rng = random.Random(seed)
    forces = {}
    for n in range(1, deals + 1):
        if rng.random() < 0.35:
            forces[n] = rng.choice(RARE)
        elif rng.random() < irregular:
            forces[n] = rng.choice(modes)
    text = "".join(simulate_session(SimulationOptions(deals, seed, rules, events=0.05,
                                                      forces=forces)))
    text = text.replace(f"rules {rules}\n", f"rules {rules}\n"
                        + "".join(f"set {k} = {v}\n" for k, v in sets.items()), 1)
    return _with_waivers(text, rng)


def _with_waivers(text: str, rng: random.Random) -> str:
    """Of the espagnolette deals, two in five played again at random from
    trick 1 with the holder waiving (ESP-3, which the simulator's
    espagnolettes never do), and three in ten at random with his privilege
    (he plays any card in tricks 1-9, ESP-2; played at random he often takes
    a late trick and fails, ESP-5, which the simulator's rarely do).  The
    others follow suit when they can (PLAY-2); the hands, the dealer and the
    exchange stay as they were."""
    record = read_record(text)
    replayed = {}
    for deal in record.deals:
        if deal.void or deal.kept or deal.ten_cards:
            continue  # irregular deals hold no espagnolette
        played = play_out(deal, record.players)
        hands = [[c for seq in played.plays for s, c in seq if s == seat] for seat in range(4)]
        holder = espagnolette_holder([set(h) for h in hands])
        draw = rng.random()
        if holder is None or draw >= 0.7:
            continue
        waives = draw < 0.4
        name = record.players[holder]
        lines = [f"  espagnolette {name}" + (" waives" if waives else "")]
        leader = played.leaders[0]
        for number in range(1, 12):
            seq: list[tuple[int, str]] = []
            for seat in ((leader + k) % 4 for k in range(4)):
                card = rng.choice(legal(tuple(hands[seat]), seq, seat, number,
                                        None if waives else holder))
                hands[seat].remove(card)
                seq.append((seat, card))
            lines.append(f"  {number:>2} {record.players[leader]} "
                         + " ".join(c for _, c in seq))
            leader = taker_of(leader, [c for _, c in seq])
        replayed[deal.number] = lines
    out: list[str] = []
    current = 0  # the deal the line is in
    for line in text.splitlines():
        words = line.split()
        if words[:1] == ["deal"]:
            current = int(words[1])
        elif current in replayed and words[:1] == ["espagnolette"]:
            continue  # the simulator's declaration: written again before the tricks
        elif current in replayed and words and words[0].isdigit():
            if words[0] == "1":
                out += replayed[current]
            continue
        out.append(line)
    return "\n".join(out) + "\n"


def random_sets(rng: random.Random) -> dict[str, str]:
    return {k: rng.choice(v) for k, v in OPTION_VALUES.items() if rng.random() < 0.4}


def session_cases(seed: int, rules: str, deals: int, sets: dict[str, str],
                  wanted: dict[int, int], irregular: float = 0.0) -> list[Case]:
    """The endgames of one session, each deal taken up from one trick: from
    trick 8 while ``wanted[8]`` asks for more and the deal's tree is small
    enough, else from a trick drawn among those still wanted (``wanted``, trick:
    how many more, is counted down)."""
    rng = random.Random(seed)
    text = session_text(seed, rules, deals, sets, irregular)
    options = {**PROFILES[rules], **sets}
    session = Session.of(record_from_text(text, f"oracle-{rules}-{seed}.rvs"))
    scored = {s.checked.number: s for s in _settled(session)}
    profile = session.reading.profile
    # the engine reads the set lines as the reference does
    assert vars(Opts(profile.to_json_options())) == vars(Opts(options)), (sets, text)
    games = {k: {g.number: g for g in endgames(text, options, k)} for k in wanted}
    found = []
    for number in range(1, deals + 1):
        small = (wanted.get(8, 0) > 0 and number in games[8]
                 and count_leaves(games[8][number], LEAF_BOUND) <= LEAF_BOUND)
        later = [k for k, n in wanted.items() if n > 0 and k != 8]
        if not small and not later:
            continue
        k = 8 if small else rng.choice(later)
        if number not in games[k]:
            continue
        wanted[k] -= 1
        game = games[k][number]
        label = (f"seed {seed} {rules} {sets or ''} deal {number} from trick {k}"
                 + (f" (exact from {game.start}: {', '.join(game.irregular)})"
                    if game.irregular else ""))
        found.append(Case(game, scored[number], profile, text, label, k))
    return found


def _settled(session: Session) -> list[ScoredDeal]:
    deals = list(session.deals())
    for scored in deals:
        errors = [d for d in scored.checked.diagnostics if d.is_error]
        assert not errors and scored.settlement is not None, errors
    return deals


def mixed_cases(wanted: dict[int, int], seed: int = 0, deals: int = 24) -> list[Case]:
    """``wanted`` (trick: how many) endgames over sessions of ``deals`` deals,
    alternately classic and modern, every third with a random option set,
    every fourth with irregular deals (about half of its ordinary deals)."""
    wanted = dict(wanted)
    found: list[Case] = []
    session = 0
    while any(wanted.values()):
        number = seed * 100_003 + session
        rules = ("classic", "modern")[session % 2]
        sets = random_sets(random.Random(-number)) if session % 3 == 2 else {}
        irregular = 0.7 if session % 4 == 3 else 0.0
        found += session_cases(number, rules, deals, sets, wanted, irregular)
        session += 1
    return found


def deal_text(case: Case, tricks: list[list[tuple[int, str]]]) -> str:
    """A record of the session's header and this deal alone, completed with
    ``tricks`` from trick ``start`` on (each (seat, card) in playing order)."""
    game = case.game
    header: list[str] = []
    kept: list[str] = []
    number = None
    for line in case.text.splitlines():
        words = line.split()
        if words[:1] == ["deal"]:
            number = int(words[1])
        if number is None:
            header.append(line)
        elif number == game.number and words[:1] == ["deal"]:
            kept.append(line.replace(f"deal {number} ", "deal 1 ", 1))  # alone: deal 1
        elif number == game.number and words and not words[0].isdigit():
            kept.append(line)
    plays = game.prefix + tricks
    lines = [f"  {n:>2} {game.players[seq[0][0]]} " + " ".join(c for _, c in seq)
             for n, seq in enumerate(plays, 1)]
    return "\n".join(header + kept + lines) + "\n"


def engine_net(case: Case, tricks: list[list[tuple[int, str]]]) -> tuple:
    """The engine's nets, by seat, of the deal completed with ``tricks``,
    settled in the session state the deal was settled in."""
    session = Session.of(record_from_text(deal_text(case, tricks), "leaf.rvs"))
    (scored,) = session.deals()
    errors = [d for d in scored.checked.diagnostics if d.is_error]
    assert not errors and scored.checked.replayed is not None, errors
    before = case.scored
    settlement = settle_deal(scored.checked.replayed, case.profile, before.pool_before,
                             previous=before.previous, first_deal=before.previous is None,
                             pot_line_given=before.pot_line_given,
                             session_start=before.session_start, steps=False)
    return tuple(settlement.net[name] for name in case.game.players)


# --- an analysis set beside the minimax --------------------------------------------------


def differences(case: Case, analysis, tree: Tree) -> list[str]:
    """Every way ``analysis`` (what ``analyse_deal`` returned for ``case``)
    departs from what the minimax ``tree`` of the same endgame establishes."""
    game = case.game
    k = game.start
    found: list[str] = []

    def check(what: str, got, want) -> None:
        if got != want:
            found.append(f"{case}: {what}: analyse {got!r}, minimax {want!r}")

    check("players", tuple(analysis.players), tuple(game.players))
    check("exact_from_trick", analysis.exact_from_trick, k)
    check("out_of_reach", analysis.out_of_reach, None)
    settlement = case.scored.settlement
    assert settlement is not None  # every deal of the sessions is settled
    engine = tuple(settlement.net[name] for name in game.players)
    check("actual (the engine's net as played)", tuple(analysis.actual), engine)
    check("actual (the reference's net as played)", tuple(analysis.actual), game.actual)
    check("start", tuple(analysis.start), tree.values[()].paranoid)
    check("decisions", len(analysis.decisions), len(game.line))
    check("trace points", len(analysis.trace), len(game.line))
    # the lengths are checked above: a shorter list is compared as far as it goes
    for i, (decision, point, card) in enumerate(zip(analysis.decisions, analysis.trace,
                                                    game.line, strict=False)):
        path = game.line[:i]
        seat, trick = tree.movers[path], k + i // 4
        where = f"trick {trick} card {i % 4 + 1}"
        check(f"{where}: who, what", (decision.trick, decision.seat, _ascii(decision.played)),
              (trick, seat, card))
        check(f"{where}: legal cards", [_ascii(v.card) for v in decision.cards],
              list(tree.legal[path]))
        for value in decision.cards:
            node = tree.values.get(path + (_ascii(value.card),))
            if node is None:
                continue  # not legal: said above
            check(f"{where} {_ascii(value.card)} guaranteed", value.guaranteed,
                  node.paranoid[seat])
            check(f"{where} {_ascii(value.card)} selfish", value.selfish, node.selfish[seat][seat])
            if value.selfish < value.guaranteed:
                found.append(f"{case}: {where} {_ascii(value.card)}: selfish {value.selfish} "
                             f"below guaranteed {value.guaranteed}")
        check(f"{where}: trace point", (point.trick, point.seat, _ascii(point.card)),
              (trick, seat, card))
        check(f"{where}: trace values", tuple(point.values), tree.values[path + (card,)].paranoid)
    found += _provable_differences(case, analysis, tree)
    return found


def _provable_differences(case: Case, analysis, tree: Tree) -> list[str]:
    """The provable findings are the decisions where another legal card
    guaranteed more than the card played, by that much (docs/output.md)."""
    game = case.game
    want = {}
    for i, card in enumerate(game.line):
        path, seat = game.line[:i], tree.movers[game.line[:i]]
        values = {c: tree.values[path + (c,)].paranoid[seat] for c in tree.legal[path]}
        best = max(values.values())
        if best > values[card]:
            want[(game.start + i // 4, seat, card)] = (best, values[card], best - values[card])
    got = {}
    for f in analysis.findings:
        if f.grade == "provable":
            got[(f.trick, f.seat, _ascii(f.played))] = (f.better_value, f.played_value, f.loss)
    if got != want:
        return [f"{case}: provable findings: analyse {got}, minimax {want}"]
    return []


def _ascii(card) -> str:
    return card.format("ascii")
