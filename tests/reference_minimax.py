"""A plain minimax over the end of a deal, the oracle of ``reversis analyse``.

It imports nothing from reversis_cli: it reads the record with the reference
reader and settles every completed deal with the reference settlement
(tests/reference_settle.py, written from docs/rules.md alone).  No pruning, no
table, no card merged with another: from the start of trick K it plays out
every legal completion of the deal and settles each one whole.

The position at the start of trick K is the deal as played up to there: each
seat's hand is the cards he plays from trick K on, and the same player leads.
A card is legal when it follows the suit led, or the player holds none of that
suit, or he is the espagnolette who did not waive and the trick is one of the
first nine (PLAY-2, ESP-2).

One walk of the tree values every position, for every seat at once:

* ``paranoid[s]``: seat s's net when he plays his best and the three others
  play to make it as small as they can;
* ``selfish[a]``: the vector of the four nets when everyone plays for his own
  net (max-n), seen from the analysed seat ``a``: at another player's turn,
  among his best cards the one worst for ``a``; at ``a``'s own turn, and for
  any tie left, the first card in pack order (S H D C, A K Q J 9 .. 2).

A value is a player's net for the whole deal (stakes, in-play payments,
partie, pool takings, remises), what ``score --json`` writes as ``net``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from math import prod
from fractions import Fraction

from reference_settle import (
    PACK, Opts, Played, WrittenDeal, espagnolette_holder, high, pack_order, play_out,
    read_record, settle_played, settle_session, suit,
)

__all__ = ["Endgame", "Tree", "endgames", "solve", "leaves", "settle_line"]

PRIVILEGED_TRICKS = 9  # ESP-2: the espagnolette may renounce in tricks 1-9
TRICKS = 11

Vector = tuple[Fraction, ...]


@dataclass
class Endgame:
    """A deal of a session, to be played again from the start of trick ``start``."""

    number: int                     # the deal's number in the record
    players: list[str]
    deal: WrittenDeal
    opts: Opts
    pool_before: Fraction
    stake: bool
    start: int
    played: Played                  # the deal as it was played
    privileged: int | None          # the espagnolette who did not waive
    line: tuple[str, ...]           # the cards played from trick ``start`` on
    actual: Vector                  # each seat's net as played (the reference's)
    outcome: str = "normal"         # as played: "normal", "reversis", "reversis_broken"
    espagnolette: str | None = None  # as played: the espagnolette's status, if any
    irregular: tuple[str, ...] = ()  # the irregularities of the deal

    @property
    def prefix(self) -> list[list[tuple[int, str]]]:
        return self.played.plays[:self.start - 1]

    @property
    def leader(self) -> int:
        return self.played.leaders[self.start - 1]

    def hands(self) -> list[tuple[str, ...]]:
        """Each seat's cards at the start of trick ``start``, in pack order."""
        held: list[list[str]] = [[] for _ in range(4)]
        for seq in self.played.plays[self.start - 1:]:
            for seat, card in seq:
                held[seat].append(card)
        return [tuple(sorted(h, key=pack_order)) for h in held]


def endgames(text: str, options: dict, start: int) -> list[Endgame]:
    """Every deal of the record ``text`` that the minimax can take up from
    trick ``start``, or from a later trick: a revoke (IRR-7) or a payment left
    unclaimed (CLAIM-1) in trick T or later puts the start at T + 1, since
    another card before it would change what it says (the deal is left out when
    that is past trick 11).  A peek (IRR-4 ``peeked``) and a discard out of turn
    (IRR-6) change no start.  A void deal, and a player with twelve or ten cards
    (IRR-4 ``kept``, IRR-5), are left out: every trick has four cards here."""
    record = read_record(text)
    settled = settle_session(record, options)
    opts = Opts(options)
    found = []
    for deal, result in zip(record.deals, settled, strict=True):
        if result["_void"] or deal.kept or deal.ten_cards:
            continue
        after = [trick + 1 for _, trick in result["_revokes"]]
        after += [trick + 1 for trick, _ in deal.unclaimed]
        first = max([start] + after)
        if first > TRICKS:
            continue
        played = play_out(deal, record.players)
        hands = [{c for seq in played.plays for s, c in seq if s == seat} for seat in range(4)]
        esp = espagnolette_holder(hands)
        if esp is not None and record.players[esp] in deal.waivers:
            esp = None
        line = tuple(c for seq in played.plays[first - 1:] for _, c in seq)
        actual = tuple(result["net"][name] for name in record.players)
        status = result["espagnolette"] and result["espagnolette"]["status"]
        irregular = (["revoke"] * bool(result["_revokes"]) + ["unclaimed"] * bool(deal.unclaimed)
                     + ["peeked"] * bool(deal.peeked) + ["out-of-turn"] * bool(deal.out_of_turn))
        found.append(Endgame(deal.number, record.players, deal, opts, result["pool_before"],
                             result["_staked"], first, played, esp, line, actual,
                             result["outcome"], status, tuple(irregular)))
    return found


def settle_line(game: Endgame, tricks: list[list[tuple[int, str]]]) -> Vector:
    """The reference settlement's nets, by seat, of the deal completed with
    ``tricks`` (each (seat, card) in playing order) from trick ``start`` on."""
    before = game.start - 1
    plays = game.prefix + tricks
    leaders = game.played.leaders[:before] + [seq[0][0] for seq in tricks]
    takers = game.played.takers[:before] + [_taker(seq) for seq in tricks]
    played = Played(plays, leaders, takers, game.played.partie, {})
    net = settle_played(game.deal, played, game.players, game.opts, game.pool_before,
                        game.stake)["net"]
    return tuple(net[name] for name in game.players)


SUIT_OF = {c: suit(c) for c in PACK}
HIGH_OF = {c: high(c) for c in PACK}


def _taker(seq: list[tuple[int, str]]) -> int:
    """PLAY-3: the highest card of the suit led takes the trick."""
    led = SUIT_OF[seq[0][1]]
    best, taker = -1, -1
    for seat, card in seq:
        if SUIT_OF[card] == led and HIGH_OF[card] > best:
            best, taker = HIGH_OF[card], seat
    return taker


def legal(hand: tuple[str, ...], seq: list[tuple[int, str]], seat: int, trick: int,
          privileged: int | None) -> tuple[str, ...]:
    """The cards of ``hand`` (in pack order) that ``seat`` may play to the
    trick so far ``seq``, in pack order."""
    if not seq or (seat == privileged and trick <= PRIVILEGED_TRICKS):
        return hand
    led = SUIT_OF[seq[0][1]]
    following = tuple(c for c in hand if SUIT_OF[c] == led)
    return following or hand


@dataclass
class Node:
    """A position's values: ``paranoid[s]`` for each seat, ``selfish[a]`` the
    max-n vector when seat ``a`` is the one analysed."""

    paranoid: Vector
    selfish: tuple[Vector, ...]


@dataclass
class Tree:
    """What one walk found: the values of every position on the line played and
    of every position one card off it (keyed by the cards played from trick
    ``start``), the legal cards at each position of the line, the leaves."""

    values: dict[tuple[str, ...], Node] = field(default_factory=dict)
    legal: dict[tuple[str, ...], tuple[str, ...]] = field(default_factory=dict)
    movers: dict[tuple[str, ...], int] = field(default_factory=dict)
    leaves: int = 0


def solve(game: Endgame) -> Tree:
    """Walk every legal completion of ``game`` from trick ``start``."""
    tree = Tree()
    walker = _Walker(game, tree)
    root = walker.walk(game.start, [], [], game.leader, game.hands(), ())
    tree.values[()] = root
    return tree


class _Walker:
    def __init__(self, game: Endgame, tree: Tree) -> None:
        self.game = game
        self.tree = tree
        self.line = game.line

    def walk(self, trick: int, done: list[list[tuple[int, str]]], seq: list[tuple[int, str]],
             seat: int, hands: list[tuple[str, ...]], path: tuple[str, ...]) -> Node:
        if trick > TRICKS:
            self.tree.leaves += 1
            net = settle_line(self.game, done)
            return Node(net, (net, net, net, net))
        on_line = path == self.line[:len(path)]
        cards = legal(hands[seat], seq, seat, trick, self.game.privileged)
        children = []
        for card in cards:
            after = list(hands)
            after[seat] = tuple(c for c in hands[seat] if c != card)
            now = seq + [(seat, card)]
            if len(now) == 4:
                child = self.walk(trick + 1, done + [now], [], _taker(now), after,
                                  path + (card,))
            else:
                child = self.walk(trick, done, now, (seat + 1) % 4, after, path + (card,))
            if on_line:
                self.tree.values[path + (card,)] = child
            children.append(child)
        if on_line:
            self.tree.legal[path] = cards
            self.tree.movers[path] = seat
        return _back_up(seat, children)


def _back_up(mover: int, children: list[Node]) -> Node:
    """The position's values from its children's (in pack order of their cards)."""
    if len(children) == 1:
        return children[0]
    paranoid = list(children[0].paranoid)
    selfish = list(children[0].selfish)
    for child in children[1:]:
        for s in range(4):
            value = child.paranoid[s]
            if (value > paranoid[s]) if s == mover else (value < paranoid[s]):
                paranoid[s] = value
        for a in range(4):
            vector, best = child.selfish[a], selfish[a]
            # his best card; at another's turn, of his best the worst for a;
            # any tie left: the first card in pack order (the one kept)
            if vector[mover] > best[mover] or (
                    mover != a and vector[mover] == best[mover] and vector[a] < best[a]):
                selfish[a] = vector
    return Node(tuple(paranoid), tuple(selfish))


def leaves(game: Endgame):
    """Every legal completion of ``game``: (the tricks from ``start``, each
    (seat, card) in playing order), for checking the settlements leaf by leaf."""
    def go(trick, done, seq, seat, hands):
        if trick > TRICKS:
            yield done
            return
        for card in legal(hands[seat], seq, seat, trick, game.privileged):
            after = list(hands)
            after[seat] = tuple(c for c in hands[seat] if c != card)
            now = seq + [(seat, card)]
            if len(now) == 4:
                yield from go(trick + 1, done + [now], [], _taker(now), after)
            else:
                yield from go(trick, done, now, (seat + 1) % 4, after)
    yield from go(game.start, [], [], game.leader, game.hands())


def count_leaves(game: Endgame, bound: int) -> int:
    """How many legal completions ``game`` has, counted until the count passes
    ``bound`` (to pick endgames whose tree the test can afford to walk).  The
    last two tricks are counted, not walked: in trick 10 each follower's
    choices depend only on the suit led, and trick 11 is one card each."""
    def trick_plays(trick, seq, seat, hands):
        """Every legal way to finish the trick ``seq``: (seq, hands after)."""
        if len(seq) == 4:
            yield seq, hands
            return
        for card in legal(hands[seat], seq, seat, trick, game.privileged):
            after = list(hands)
            after[seat] = tuple(c for c in hands[seat] if c != card)
            yield from trick_plays(trick, seq + [(seat, card)], (seat + 1) % 4, after)

    def count(trick, leader, hands) -> int:
        if trick == TRICKS:
            return 1
        if trick == TRICKS - 1:
            followers = [(leader + k) % 4 for k in (1, 2, 3)]
            return sum(prod(len(legal(hands[s], [(leader, lead)], s, trick, game.privileged))
                            for s in followers) for lead in hands[leader])
        total = 0
        for seq, after in trick_plays(trick, [], leader, hands):
            total += count(trick + 1, _taker(seq), after)
            if total > bound:
                break
        return total
    return count(game.start, game.leader, game.hands())
