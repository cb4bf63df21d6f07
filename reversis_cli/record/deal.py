"""The deal in progress: the lines typed so far, checked as `check` checks them.

A :class:`DealInProgress` holds the statements of one deal as lines of the
notation (tricks as ``N CARD CARD CARD CARD``), plus the cards of the trick
being typed card by card.  Every change is checked by building the deal's
text so far and running the notation parser and the replay on it, so the
codes and the words are exactly those of ``reversis check``; the checks that
need the whole deal (eleven tricks, every card accounted for, the partie)
wait for the deal's end (:meth:`DealInProgress.final_check`).

Outcome of a change (:class:`Outcome`): ``accepted`` with no problems; refused
with its errors (the state is unchanged); or waiting for the marker's word
on warnings (a revoke): :meth:`confirm` takes the change, :meth:`reject`
drops it.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import values
from ..cards import PACK, QUINOLA, Card, Rank, not_a_card_message
from ..diagnostics import Diagnostic, diagnostic
from ..i18n import Msg
from ..model import Deal, Pos, TrickLine
from ..notation.grammar_file import keywords
from ..notation import statements
from ..notation.parse import parse_deal
from ..replay import ReplayedDeal, find_revokes, next_seat, replay_deal, replay_full
from ..replay.result import (
    PRIVILEGED_TRICKS, TRICKS_PER_DEAL, Espagnolette, Play, PlayedTrick, is_espagnolette,
    winning_play,
)

__all__ = ["DealInProgress", "Outcome", "TrickView", "STATEMENT_WORDS", "cards_left"]

# The first words of a deal's statements other than tricks (the statement table's).
STATEMENT_WORDS = frozenset(statements.KEYWORDS)
# Problems that only say the deal is not over yet.
_UNFINISHED = frozenset({"RV205", "RV206"})


# «поздно», typed for `late` after a misdeal (the marker reads the F6 question in Russian).
LATE_RU = "поздно"


@dataclass(frozen=True)
class Outcome:
    """What became of one change: taken, refused (errors) or waiting (warnings)."""

    accepted: bool
    problems: tuple[Diagnostic, ...] = ()
    waiting: bool = False  # warnings the marker must confirm: confirm() or reject()


@dataclass(frozen=True)
class TrickView:
    """A trick as the screen shows it (names, not seats)."""

    number: int
    leader: str
    cards: tuple[Card, ...]
    taker: str | None  # None while the trick is in progress
    points: int = 0


class DealInProgress:
    """One deal being recorded; ``players`` in playing order."""

    def __init__(self, players: tuple[str, ...], number: int, dealer: str,
                 lines: list[str] | None = None, trick_cards: list[str] | None = None,
                 confirmed: list[str] | None = None):
        self.players = players
        self.number = number
        self.dealer = dealer
        self.lines: list[str] = []
        self.trick_cards: list[str] = []  # the trick being typed card by card
        self.confirmed: set[str] = set(confirmed or ())  # warnings the marker confirmed
        self._pending: tuple[list[str], list[str]] | None = None
        self._known: set[str] = set()
        self._replayed: ReplayedDeal | None = None
        self._typed: Deal | None = None  # the deal with the trick in progress
        # How many lines stood before each card of the trick in progress: a line
        # typed in the middle of a trick goes before it in the deal's text, and
        # undo still takes back what was typed last.
        self._marks: list[int] = []
        # Restored from a draft or a file: taken as they were (the lines first).
        self._take(list(lines or ()), list(trick_cards or ()))
        self._refresh()

    # -- the state ----------------------------------------------------------------

    @property
    def dealer_seat(self) -> int:
        return self.players.index(self.dealer)

    @property
    def first_hand(self) -> str:
        return self.players[next_seat(self.dealer_seat)]

    @property
    def replayed(self) -> ReplayedDeal:
        """The replay of the whole tricks so far."""
        assert self._replayed is not None
        return self._replayed

    @property
    def is_void(self) -> bool:
        return self.replayed.deal.is_void

    @property
    def tricks(self) -> list[TrickView]:
        """The tricks finished so far, each with leader, taker and points."""
        name = self.players.__getitem__
        return [TrickView(t.number, name(t.leader), t.cards, name(t.taker), t.points)
                for t in self.replayed.tricks]

    @property
    def trick_number(self) -> int:
        """The number of the trick being played (12 once all are played)."""
        return len(self.replayed.deal.tricks) + 1

    @property
    def leader(self) -> str | None:
        """Who leads the trick in progress (None once the deal is over)."""
        return self._leader_after(self.replayed)

    def _leader_after(self, replayed: ReplayedDeal) -> str | None:
        if len(replayed.deal.tricks) >= TRICKS_PER_DEAL:
            return None
        done = replayed.tricks
        return self.players[done[-1].taker] if done else self.first_hand

    @property
    def turn(self) -> str | None:
        """Whose card comes next; None when the deal is over or void."""
        leader = self.leader
        if leader is None or self.is_void:
            return None
        return self.players[(self.players.index(leader) + len(self.trick_cards)) % 4]

    @property
    def current_trick(self) -> tuple[Card, ...]:
        """The cards of the trick in progress, in playing order."""
        if not self.trick_cards or self._typed is None:
            return ()
        return tuple(c.card for c in self._typed.tricks[-1].cards)

    @property
    def played(self) -> bool:
        """All eleven tricks are in."""
        return self.trick_number > TRICKS_PER_DEAL

    @property
    def complete(self) -> bool:
        """The deal can be closed: eleven tricks played, or a void deal."""
        return not self.trick_cards and (self.played or self.is_void)

    # -- changes ------------------------------------------------------------------

    def add_line(self, text: str) -> Outcome:
        """Take one line of the notation: a trick (its number and leader may be
        left out) or any other statement of a deal."""
        if text.split()[:1] == ["deal"]:  # the deal's own line is ours to write
            return Outcome(False, (diagnostic(
                "RV100", Msg("the deal line is not typed: record writes it (deal {deal}, "
                             "dealer {dealer}); type the lines of the deal",
                             deal=self.number, dealer=self.dealer),
                Pos(len(self.lines) + 2, 1), deal=self.number, source_line=text.strip()),))
        line = self._as_statement(text.strip())
        if _is_trick(line):  # a whole trick replaces the cards of a trick begun singly
            return self._change(self.lines + [line], [])
        # Any other statement leaves the trick in progress as it is: it stands
        # before that trick in the deal's text, which the notation allows (the
        # statements of a deal come in any order; only the tricks' order counts).
        return self._change(self.lines + [line], list(self.trick_cards))

    def play(self, card: str) -> Outcome:
        """Take the next card of the trick in progress (any spelling)."""
        words = card.split()
        # Nothing, more than a card, or a word that would end the line (a comment,
        # a text, a taker): a card is one word.
        if len(words) != 1 or words[0][0] in '#">':
            return Outcome(False, tuple(self._not_one_card(card)))
        cards = self.trick_cards + words
        if len(cards) == 4:
            return self._change(self.lines + [self._trick_line(cards)], [])
        return self._change(list(self.lines), cards)

    def replace_card(self, trick: int, index: int, card: str) -> Outcome:
        """Put ``card`` (any spelling) in place of the card played ``index``-th
        (0 to 3, in playing order) in trick ``trick``: a trick written, or the
        one in progress.  The tricks after it are checked again, not typed
        again: a leader that changes with the change is worked out anew.
        Refused (errors; nothing changes) or waiting (warnings: :meth:`confirm`
        or :meth:`reject`) as :meth:`add_line`."""
        self._pending = None
        words = card.split()
        if len(words) != 1 or words[0][0] in '#">':
            return Outcome(False, tuple(self._not_one_card(card)))
        if trick == self.trick_number and 0 <= index < len(self.trick_cards):
            cards = list(self.trick_cards)
            cards[index] = words[0]
            return self._change(list(self.lines), cards, since=len(self.lines) + 2)
        written = self._written_trick(trick)
        if written is None or not 0 <= index < len(written.cards):
            return Outcome(False, (self._no_such_card(trick, index),))
        at = written.pos.line - 2  # the deal line is line 1 of the text replayed
        lines = list(self.lines)
        lines[at] = _spliced(lines[at], written.cards[index].pos.column,
                             len(written.cards[index].spelling or ""), words[0])
        return self._change(self._leaders_again(lines, at), list(self.trick_cards),
                            since=at + 2)

    def _written_trick(self, number: int) -> TrickLine | None:
        if self._typed is None:
            return None
        whole = self._typed.tricks[:len(self.replayed.deal.tricks)]
        return next((t for t in whole if t.number == number and t.pos is not None
                     and 2 <= t.pos.line <= len(self.lines) + 1), None)

    def _no_such_card(self, trick: int, index: int) -> Diagnostic:
        return diagnostic("RV100", Msg("deal {deal} has no card {place} in trick {trick} to "
                                       "change (cards count 1 to 4 in playing order)",
                                       deal=self.number, trick=trick, place=index + 1),
                          None, deal=self.number)

    def _leaders_again(self, lines: list[str], changed: int) -> list[str]:
        """``lines`` with the leaders written after line ``changed`` taken out
        where the tricks before them, as changed, give another leader (the
        replay then works the leader out, as for a trick typed without one)."""
        for _ in range(TRICKS_PER_DEAL):
            deal, _ = parse_deal(self._head() + lines)
            if deal is None:
                return lines
            replayed = replay_deal(deal, self.players)
            takers = {t.number: self.players[t.taker] for t in replayed.tricks}
            wrong = next((t for t in deal.tricks if t.leader is not None and t.pos is not None
                          and t.pos.line - 2 > changed and t.number - 1 in takers
                          and takers[t.number - 1] != t.leader.text), None)
            if wrong is None or wrong.leader is None or wrong.pos is None:
                return lines
            at = wrong.pos.line - 2
            lines[at] = " ".join(_spliced(lines[at], wrong.leader.pos.column,
                                          len(wrong.leader.text), "").split())
        return lines

    def undo(self) -> bool:
        """Take back what was typed last: a card of the trick in progress, or a
        line (a line typed in the middle of a trick comes back before its cards)."""
        self._pending = None
        if self.trick_cards and self._marks[-1] >= len(self.lines):
            self.trick_cards.pop()
            self._marks.pop()
        elif self.lines:
            self.lines.pop()
        else:
            return False
        self._refresh()
        return True

    def confirm(self) -> None:
        """The marker says the warned-of change happened: take it."""
        if self._pending is not None:
            (lines, cards), self._pending = self._pending, None
            self._take(lines, cards)
            self.confirmed |= {_key(d) for d in self._warnings_now()}
            self._refresh()

    def reject(self) -> None:
        self._pending = None

    def final_check(self) -> list[Diagnostic]:
        """Every problem of the whole deal, as ``check`` reports it (errors and
        the warnings confirmed)."""
        return list(self.replayed.diagnostics)

    def deal(self) -> Deal:
        """The deal as typed, parsed."""
        deal, _ = parse_deal(self._head() + self.lines)
        assert deal is not None  # every line was parsed when it was taken
        return deal

    # -- inside -------------------------------------------------------------------

    def _as_statement(self, text: str) -> str:
        words = text.split()
        if words[:1] == ["misdeal"] and words[-1].casefold() == LATE_RU:
            # The Russian marker's word for `late` (the F6 question offers it);
            # the file keeps the notation's keyword.
            return " ".join([*words[:-1], "late"])
        if not words or words[0] in STATEMENT_WORDS or words[0].startswith("#") \
                or words[0] in keywords():  # a header or deal line: the reader says so
            return text
        if words[0].isdigit():
            return text
        if words[0] not in self.players and self.leader is not None:
            # The leader the rules give, written: so that a first word that is
            # no card is read as a card (RV102), not as an unknown leader.
            return f"{self.trick_number} {self.leader} {text}"
        return f"{self.trick_number} {text}"

    def _not_one_card(self, text: str) -> list[Diagnostic]:
        if not text.strip():
            return []
        return [diagnostic("RV102", not_a_card_message(text.strip()), Pos(len(self.lines) + 2, 1),
                           deal=self.number, source_line=text.strip())]

    def _trick_line(self, cards: list[str]) -> str:
        return f"{self.trick_number} " + " ".join(cards)

    def _head(self) -> list[str]:
        return [f"deal {self.number} dealer {self.dealer}"]

    @staticmethod
    def _count_tricks(lines: list[str]) -> int:
        return sum(1 for line in lines if _is_trick(line))

    def _replay(self, lines: list[str], cards: list[str]
                ) -> tuple[list[Diagnostic], ReplayedDeal, Deal | None]:
        """The problems of the deal so far, the replay of its whole tricks, and
        the deal parsed with the trick in progress."""
        text = self._head() + lines
        partial = self._partial_line(lines, cards) if cards else None
        deal, problems = parse_deal(text + ([partial] if partial else []))
        if deal is None:  # the deal line itself cannot fail: ours
            empty, _ = parse_deal(self._head())
            assert empty is not None
            return problems, replay_deal(empty, self.players), None
        all_lines = text + ([partial] if partial else [])
        # The trick in progress, when its line was read (a card that is no card
        # leaves none: the last trick parsed is then a whole one, kept).
        in_progress = deal.tricks[-1] if partial is not None and deal.tricks and \
            deal.tricks[-1].pos is not None and deal.tricks[-1].pos.line == len(all_lines) \
            else None
        whole_tricks = deal if in_progress is None else values.replace(
            deal, statements=tuple(s for s in deal.statements if s is not in_progress))
        # Lines the parser could not read whole are named, as the reader does,
        # so that the replay does not add follow-on errors about them.
        damaged = {d.pos.line: all_lines[d.pos.line - 1] for d in problems
                   if d.pos is not None and 1 <= d.pos.line <= len(all_lines)}
        replayed = replay_full(whole_tricks, self.players, damaged)
        found = problems + list(replayed.diagnostics)
        if not self._over(deal) and not any(d.is_error and d.code not in _UNFINISHED
                                            for d in found):
            found += self._live_revokes(replayed, deal, in_progress is not None)
        if in_progress is not None and not problems:  # the trick in progress
            found += self._repeats_in_partial(deal, lines, self._leader_after(replayed))
        return [self._with_line(d, all_lines) for d in found], replayed, deal

    def _partial_line(self, lines: list[str], cards: list[str]) -> str:
        """The trick in progress as a line, its leader written when known (so
        that a first word that is no card is read as one: RV102)."""
        leader = self.leader if self._replayed is not None else None
        number = self._count_tricks(lines) + 1
        return " ".join([str(number), *([leader] if leader else []), *cards])

    def _over(self, deal: Deal) -> bool:
        return len(deal.tricks) >= TRICKS_PER_DEAL or deal.is_void

    def _live_revokes(self, replayed: ReplayedDeal, deal: Deal,
                      has_partial: bool) -> list[Diagnostic]:
        """PLAY-4 on the tricks so far: a player who later plays the suit he
        did not follow, or whose written hand holds it."""
        tricks = list(replayed.tricks)
        partial = self._partial_trick(deal, self._leader_after(replayed)) if has_partial else None
        if partial is not None:
            tricks.append(partial)
        hands = replayed.hands
        holder = next((s for s, h in enumerate(hands) if is_espagnolette(h)), None)
        declared = [e for e in deal.espagnolettes if e.player.text in self.players]
        if holder is None and declared:
            holder = self.players.index(declared[0].player.text)
        esp = None
        if holder is not None:
            waived = any(e.waives for e in declared if e.player.text == self.players[holder])
            esp = Espagnolette(holder, waived=waived)
        out = []
        for revoke, warning in find_revokes(replayed, tricks, esp):
            # A renounce the espagnolette may yet excuse waits for the deal's
            # end, where the whole deal tells (as check decides it).
            if not (holder is None and revoke.trick <= PRIVILEGED_TRICKS
                    and self._may_hold_espagnolette(revoke.seat, tricks, hands, declared)):
                out.append(warning)
        return out

    def _may_hold_espagnolette(self, seat: int, tricks: list[PlayedTrick], hands,
                               declared: list) -> bool:
        """Whether ``seat`` may still turn out to hold four aces, or three and
        the quinola (ESP-1), by the cards the others are known to hold, and
        has not waived the privilege (ESP-3)."""
        name = self.players[seat]
        if any(e.player.text != name or e.waives for e in declared):
            return False
        others = {c for s, hand in enumerate(hands) if s != seat for c in hand}
        others |= {p.card for t in tricks for p in t.plays if p.seat != seat}
        aces = sum(1 for c in PACK if c.rank is Rank.ACE and c not in others)
        return aces == 4 or (aces == 3 and QUINOLA not in others)

    def _partial_trick(self, deal: Deal, leader_name: str | None) -> PlayedTrick | None:
        line = deal.tricks[-1]
        leader = self.players.index(leader_name) if leader_name else None
        if leader is None or not line.cards:
            return None
        plays = tuple(Play((leader + k) % 4, c.card, c.pos) for k, c in enumerate(line.cards))
        return PlayedTrick(line.number, leader, plays, winning_play(plays).seat, line)

    def _repeats_in_partial(self, deal: Deal, lines: list[str],
                            leader: str | None) -> list[Diagnostic]:
        """The replay's errors about the cards of the trick in progress: the
        trick is made whole with cards nobody can object to (from the hands
        still to play when written, else cards the deal does not mention), and
        only the errors that point at a typed card are kept."""
        line = deal.tricks[-1]
        pads = self._padding(deal, 4 - len(line.cards), leader)
        if pads is None:
            return [d for d in replay_full(deal, self.players).diagnostics if d.code == "RV202"]
        typed_end = line.cards[-1].pos.column + len(line.cards[-1].spelling or "xx")
        if not line.cards:
            return []
        padded_text = [*self._head(), *lines,
                       " ".join([str(line.number), *([line.leader.text] if line.leader else []),
                                 *(c.spelling or str(c.card) for c in line.cards),
                                 *(str(card) for card in pads)])]
        padded, _ = parse_deal(padded_text)
        if padded is None:
            return []
        diagnostics = replay_full(padded, self.players).diagnostics
        at = len(padded_text)

        def typed(pos) -> bool:
            return pos is not None and pos.line == at and pos.column < typed_end

        return [d for d in diagnostics
                if d.code not in _UNFINISHED and d.is_error
                and (typed(d.pos) or any(typed(p) for p, _ in d.related))]

    def _padding(self, deal: Deal, count: int, leader_name: str | None) -> list[Card] | None:
        """``count`` cards for the players still to play, or None when the
        trick may not need four (a player with ten cards, IRR-5)."""
        if deal.events_of("discarded-two") or deal.events_of("kept"):
            return None
        mentioned: set[Card] = set()
        for stmt in deal.statements:
            for attr in ("cards", "discards", "takes", "sees"):
                value = getattr(stmt, attr, None) or ()
                for card_at in (value if isinstance(value, tuple) else (value,)):
                    card = getattr(card_at, "card", None)
                    if card is not None:
                        mentioned.add(card)
        free = [c for c in PACK if c not in mentioned]
        hands = {h.player.text: [c.card for c in h.cards] for h in deal.hands}
        if leader_name is None:
            return None
        leader = self.players.index(leader_name)
        typed = len(deal.tricks[-1].cards)
        played = {c.card for t in deal.tricks for c in t.cards}
        out: list[Card] = []
        for k in range(typed, typed + count):
            name = self.players[(leader + k) % 4]
            own = [c for c in hands.get(name, ()) if c not in played and c not in out]
            pool = own or [c for c in free if c not in out]
            if not pool:
                return None
            out.append(pool[0])
        return out

    @staticmethod
    def _with_line(d: Diagnostic, lines: list[str]) -> Diagnostic:
        if d.pos is not None and 1 <= d.pos.line <= len(lines):
            return values.replace(d, source_line=lines[d.pos.line - 1])
        return d

    def _take(self, lines: list[str], cards: list[str]) -> None:
        """Make ``lines`` and ``cards`` the deal; a card new to the trick in
        progress is marked as typed after all of ``lines``."""
        kept = [min(mark, len(lines)) for mark in self._marks[:len(cards)]]
        self._marks = kept + [len(lines)] * (len(cards) - len(kept))
        self.lines, self.trick_cards = lines, cards

    def _warnings_now(self) -> list[Diagnostic]:
        found, _, _ = self._replay(self.lines, self.trick_cards)
        return [d for d in found if not d.is_error]

    def _refresh(self) -> None:
        found, self._replayed, self._typed = self._replay(self.lines, self.trick_cards)
        self._known = {_key(d) for d in found}

    def _change(self, lines: list[str], cards: list[str], since: int | None = None) -> Outcome:
        """Take ``lines`` and ``cards`` as the deal, unless the change brings new
        errors (refused) or warnings (waiting); ``since``: the first line of
        the deal's text the change touched (by default its last line)."""
        found, replayed, typed = self._replay(lines, cards)
        unfinished = not (len(replayed.deal.tricks) >= TRICKS_PER_DEAL or replayed.deal.is_void)
        new = [d for d in found if _key(d) not in self._known
               and not (unfinished and d.code in _UNFINISHED)
               and not (cards and d.code == "RV203")]
        errors = tuple(d for d in new if d.is_error)
        if not unfinished:
            # The change that ends the deal is refused only for what is wrong with
            # it; what needs the whole deal is for finish() to report.
            at = len(lines) + 1 + bool(cards) if since is None else since
            errors = tuple(d for d in errors if _at_or_after(d, at))
        if errors:
            return Outcome(False, errors)
        warnings = tuple(d for d in new if not d.is_error and _key(d) not in self.confirmed)
        if warnings:
            self._pending = (lines, cards)
            return Outcome(False, warnings, waiting=True)
        self._take(lines, cards)
        self._known = {_key(d) for d in found}
        self._replayed, self._typed = replayed, typed
        return Outcome(True)


def _is_trick(line: str) -> bool:
    """Whether a line of the deal (as :meth:`DealInProgress._as_statement`
    makes it) is a trick: its first word is the trick's number."""
    return line.split()[:1] != [] and line.split()[0].isdigit()


def _at_or_after(d: Diagnostic, line: int) -> bool:
    return (d.pos is not None and d.pos.line >= line) or any(p.line >= line for p, _ in d.related)


def _spliced(text: str, column: int, length: int, new: str) -> str:
    """``text`` with the ``length`` characters from ``column`` (1-based) replaced."""
    return text[:column - 1] + new + text[column - 1 + length:]


def _key(d: Diagnostic) -> str:
    """What makes a problem the same one as the deal grows: an error by its
    words; a warning (a revoke) by its place, since its words may name
    another card held once more of the deal is known."""
    if d.is_error or d.pos is None:
        return f"{d.code} {d.message}"
    return f"{d.code}@{d.pos.line}:{d.pos.column}"


def cards_left(deal: DealInProgress) -> frozenset[Card]:
    """Cards not yet played in this deal (for completion)."""
    played = {c for t in deal.replayed.tricks for c in t.cards} | set(deal.current_trick)
    return frozenset(c for c in PACK if c not in played)

