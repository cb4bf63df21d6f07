"""The table a page records at: one :class:`~reversis_cli.record.Recorder`
and what the pages have been told.

Every change goes through the recorder ``record`` drives (the same checks,
the same draft written after each accepted change, before the page that shows
it is answered, the same lock).  What lives here and not in the recorder is
only what a page needs between two requests: the last problems or words said,
a revoke waiting for the marker's answer, whose discard (already a line of the
draft) waits for its card taken, and with ``--verify`` a finished deal waiting
for the verifier.  None of it is a card of the record: a server killed loses at
most an unanswered question, never a card tapped.

Requests are answered one at a time on the server's event loop (the handlers
never await while they change the table), so two phones never interleave
changes.  No Starlette here.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..diagnostics import Diagnostic
from ..i18n import Msg
from ..record import DealInProgress, Outcome, RecordRefused, Recorder

__all__ = ["Table", "Said", "EVENTS", "event_line"]

# The statements of a deal other than cards, as the full screen offers them:
# (key, the line made of the answer).  ``{player}``: a player chosen;
# ``{text}``: words typed.  Their titles are the full screen's (words.py).
EVENTS = (
    ("misdeal", "misdeal {dealer}"),
    ("misdeal-late", "misdeal {dealer} late"),
    ("redeal-paid", "redeal paid"),
    ("exposed", "exposed"),
    ("espagnolette", "espagnolette {player}"),
    ("espagnolette-waived", "espagnolette {player} waives"),
    ("peeked", "peeked {player}"),
    ("kept", "kept {player}"),
    ("discarded-two", "discarded-two {player}"),
    ("out-of-turn", "out-of-turn {player}"),
    ("unclaimed", "unclaimed {text}"),
    ("hand", "hand {player} {text}"),
    ("talon", "talon {text}"),
    ("note", "note {quoted}"),
)
_EVENT_LINES = dict(EVENTS)


def event_line(kind: str, player: str, text: str, dealer: str) -> str | None:
    """The notation line of a statement chosen on the page; None: no such kind."""
    template = _EVENT_LINES.get(kind)
    if template is None:
        return None
    quoted = '"' + text.replace('"', "'").strip() + '"'
    return " ".join(template.format(player=player, text=text.strip(), dealer=dealer,
                                    quoted=quoted).split())


@dataclass
class Said:
    """What the last change came to, for the pages: words, problems (about
    the deal the marker was at), and the card they are about."""

    words: list[Msg | str] = field(default_factory=list)
    problems: tuple[Diagnostic, ...] = ()
    card: str | None = None  # the card tapped that made them, ascii


@dataclass
class Pending:
    """A change waiting for the marker's word (a revoke): the card tapped or
    the line, and the warnings; the recorder holds the change itself."""

    what: str
    problems: tuple[Diagnostic, ...]
    replacing: bool = False  # a card corrected in place, not the next card of the trick


class Table:
    """The recorder and the pages' shared state; ``verify``: a finished deal
    waits for a verifier before it is written."""

    def __init__(self, recorder: Recorder, verify: bool = False):
        self.recorder = recorder
        self.verify = verify
        self.said = Said()
        self.pending: Pending | None = None
        self.discard: tuple[str, str] | None = None  # (player, card) of an exchange
        self.to_verify: int | None = None  # the deal number waiting for the verifier
        self.version = 0  # every change counts: the watchers' pages follow it
        self.started_with: list[Msg | str] = []
        self._resume_draft()

    def _resume_draft(self) -> None:
        """A draft found beside FILE continues it: taken up where it stopped
        (the page shows what became of any line of it refused)."""
        rec = self.recorder
        self.started_with = [note.message for note in rec.draft_notes]
        if rec.removed_temporaries:
            self.started_with.append(Msg("Removed what a write cut off left beside {path}: "
                                         "{files}.", path=str(rec.path),
                                         files=", ".join(rec.removed_temporaries)))
        if rec.draft is not None:
            deal = rec.resume()
            self.started_with.append(Msg("Deal {deal} (dealer {dealer}) is taken up where it "
                                         "stopped.", deal=deal.number, dealer=deal.dealer))

    # -- what the pages show -------------------------------------------------------

    @property
    def deal(self) -> DealInProgress | None:
        return self.recorder.current

    @property
    def stage(self) -> str:
        """``new-deal`` (no deal begun), ``question`` (a revoke to answer),
        ``play``, ``complete`` (to write), ``verify`` (waiting for the verifier)."""
        deal = self.deal
        if deal is None:
            return "new-deal"
        if self.to_verify is not None:
            return "verify"
        if self.pending is not None:
            return "question"
        return "complete" if deal.complete else "play"

    def exchanged(self) -> list[str]:
        """The players whose exchange line the deal has, in the lines' order."""
        deal = self.deal
        if deal is None:
            return []
        return [line.split()[1] for line in deal.lines
                if line.split()[:1] == ["exchange"] and len(line.split()) > 1]

    def next_exchanger(self) -> str | None:
        """Whose exchange comes next: the first hand first, the dealer last."""
        deal = self.deal
        if deal is None:
            return None
        done = set(self.exchanged())
        seat = deal.players.index(deal.first_hand)
        order = [deal.players[(seat + k) % 4] for k in range(4)]
        return next((name for name in order if name not in done), None)

    @property
    def can_exchange(self) -> bool:
        """Exchanges are tapped before the first card, while one is missing."""
        deal = self.deal
        return (deal is not None and not deal.tricks and not deal.trick_cards
                and self.next_exchanger() is not None)

    # -- changes ---------------------------------------------------------------------

    def _changed(self, said: Said) -> None:
        self.said = said
        self.version += 1

    def _outcome(self, outcome: Outcome, what: str, taken: Msg | None = None,
                 card: str | None = None) -> bool:
        if outcome.accepted:
            self._changed(Said([taken] if taken else []))
            return True
        if outcome.waiting:
            self.pending = Pending(what, outcome.problems)
            self._changed(Said(problems=outcome.problems, card=card))
            return False
        self._changed(Said([Msg("Not taken.")], outcome.problems, card))
        return False

    def _guarded(self, change, *args):
        """A change through the recorder; a file it cannot write is said."""
        try:
            return change(*args)
        except RecordRefused as refused:
            self._changed(Said([refused.message]))
            return None

    def new_deal(self, dealer: str | None) -> None:
        rec = self.recorder
        if rec.current is not None:
            return
        if rec.needs_dealer or (dealer and rec.deals_done == 0):
            if dealer not in rec.players:
                self._changed(Said([Msg("who deals first? name the first dealer")]))
                return
            rec.set_first_dealer(dealer)
        deal = self._guarded(rec.begin)
        if deal is not None:
            self._changed(Said([Msg("Deal {deal}, dealer {dealer}.", deal=deal.number,
                                    dealer=deal.dealer)]))

    def play(self, card: str) -> None:
        if self.stage != "play":
            return
        outcome = self._guarded(self.recorder.play, card)
        if outcome is not None:
            self._outcome(outcome, card, card=card)

    def add_line(self, line: str, taken: Msg | None = None) -> bool:
        if self.stage != "play":
            return False
        outcome = self._guarded(self.recorder.add_line, line)
        return outcome is not None and self._outcome(outcome, line, taken)

    def answer(self, happened: bool) -> None:
        """The marker's word on a revoke: yes takes the change (then the draft)."""
        if self.pending is None:
            return
        card = self.pending.what
        self.pending = None
        if happened:
            self.recorder.begin().confirm()
            self._guarded(self.recorder.save_draft)
            self._changed(Said([Msg("Revoke confirmed: it stays in the record.")]))
        else:
            self.recorder.reject()
            self._changed(Said([Msg("Not taken: {card} is not played.", card=card)]))

    def undo(self) -> None:
        if self.deal is None or self.stage == "verify":
            return
        self.discard = None  # the discard tapped last is a line: undo takes it back
        self.pending = None
        self.recorder.reject()
        done = self._guarded(self.recorder.undo)
        if done is not None:
            self._changed(Said([Msg("Taken back.") if done
                                else Msg("Nothing to take back in this deal.")]))

    def exchange(self, card: str | None, refuses: bool = False) -> None:
        """One tap of the exchange: the discard of the player whose turn it is,
        then the card taken (None: not known); the dealer only discards."""
        deal, player = self.deal, self.next_exchanger()
        if deal is None or player is None or not self.can_exchange or self.stage != "play":
            return
        if self.discard is not None:  # his discard is a line already: the take completes it
            who, discarded = self.discard
            self.discard = None
            if refuses or card is not None:
                self._guarded(self.recorder.undo)  # the discard alone, taken back to be rewritten
                self.add_line(f"exchange {who} refuses" if refuses
                              else f"exchange {who} discards {discarded} takes {card}")
            else:  # the card taken is not known: the discard alone is the line
                self._changed(Said())
            return
        if refuses:
            self.add_line(f"exchange {player} refuses")
        elif card is not None and self.add_line(f"exchange {player} discards {card}") \
                and player != deal.dealer:
            # in the draft at once, as every card tapped: a server killed before the take
            # is tapped keeps the discard (its take then not known, which undo mends)
            self.discard = (player, card)

    def replace(self, trick: int, index: int, card: str) -> None:
        """``card`` in place of the card played ``index``-th in ``trick`` (the
        later tricks checked again), as the full screen's correction."""
        deal = self.deal
        if deal is None or self.stage not in ("play", "complete"):
            return
        place = self.place(trick, index)
        if place is None:
            return
        outcome = self._guarded(self.recorder.replace_card, trick, index, card)
        if outcome is None:
            return
        if self._outcome(outcome, card, Msg("Changed: {place} is now {card}.", place=place,
                                             card=card), card):
            return
        if outcome.waiting and self.pending is not None:
            self.pending = Pending(card, outcome.problems, replacing=True)
        else:
            self.said.words.insert(0, Msg("Not changed: {place} stays {card}.", place=place,
                                          card=self.card_at(trick, index) or "?"))

    def card_at(self, trick: int, index: int) -> str | None:
        """The card played ``index``-th in ``trick`` (ascii), or None."""
        deal = self.deal
        if deal is None:
            return None
        views = {view.number: view.cards for view in deal.tricks}
        if trick == deal.trick_number:
            views[trick] = deal.current_trick
        cards = views.get(trick, ())
        return cards[index].format("ascii") if 0 <= index < len(cards) else None

    def place(self, trick: int, index: int) -> Msg | None:
        """"trick 4, Anna's card" for a card played, as the full screen names it."""
        deal = self.deal
        if deal is None or self.card_at(trick, index) is None:
            return None
        leaders = {view.number: view.leader for view in deal.tricks}
        if deal.leader is not None:
            leaders[deal.trick_number] = deal.leader
        seat = (deal.players.index(leaders[trick]) + index) % 4
        return Msg("trick {trick}, {player}'s card", trick=trick, player=deal.players[seat])

    def write(self, verified: bool = False) -> None:
        """Write the finished deal (with ``--verify``, once the verifier says so)."""
        deal = self.deal
        if deal is None or not deal.complete or self.pending is not None:
            return
        if self.verify and not verified:
            self.to_verify = deal.number
            self._changed(Said([Msg("Deal {deal} waits for the verifier.", deal=deal.number)]))
            return
        self.to_verify = None
        finished = self._guarded(self.recorder.finish)
        if finished is None:
            return
        if finished.closed:
            self._changed(Said([Msg("Deal {deal} is written to {path}.", deal=deal.number,
                                    path=self.recorder.path.name)]))
        else:
            self._changed(Said([Msg("Deal {deal} is not written.", deal=deal.number)],
                               finished.problems))

    def verifier_says(self, right: bool) -> None:
        if self.to_verify is None:
            return
        if right:
            self.write(verified=True)
        else:
            number, self.to_verify = self.to_verify, None
            self._changed(Said([Msg("The verifier does not confirm deal {deal}: correct it "
                                    "and write it again.", deal=number)]))
