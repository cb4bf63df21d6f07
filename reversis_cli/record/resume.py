"""A draft found at start, checked as if its lines were typed again.

A draft is a file anybody (or any version, or a crash) may have left: it is
never taken as it stands.  :func:`recheck` offers its lines one by one to a
fresh :class:`~reversis_cli.record.deal.DealInProgress`, exactly as typed
lines are: what the recorder would refuse when typed is refused here too and
reported with its reason; the rest is resumed.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..diagnostics import Diagnostic
from ..i18n import Count, Msg
from ..invisible import visible
from .deal import DealInProgress
from .draft import Draft

__all__ = ["DraftNote", "recheck"]


@dataclass(frozen=True)
class DraftNote:
    """What became of the draft found at start, for the marker: a message and,
    for a line refused, its problems (shown as ``check`` shows them)."""

    message: Msg
    problems: tuple[Diagnostic, ...] = ()
    deal: int = 0  # the deal the problems are about
    # The deal as taken before the line refused: the full screen places the
    # problems by trick and player with it, as it does for a line typed.
    before: DealInProgress | None = None


def recheck(draft: Draft, players: tuple[str, ...]) -> tuple[Draft, list[DraftNote]]:
    """The part of ``draft`` the recorder takes, and a note per line refused.

    A line other than a trick that is refused is left out and the next lines
    are still offered (a stray line costs nothing else); once a trick is
    refused, the lines after it are not offered, since they would all follow
    a trick that is not there: they are counted in one note.  A warning the
    draft does not say was confirmed (a revoke) is not taken: the marker
    types that line again and answers the question.  A draft is any file:
    its text is quoted with :func:`~reversis_cli.invisible.visible`, so that
    a control character in it is shown, never sent to the terminal."""
    deal = DealInProgress(players, draft.deal, draft.dealer, confirmed=draft.confirmed)
    notes: list[DraftNote] = []
    left: list[str] = []
    for line in draft.lines:
        if left:
            left.append(line)
            continue
        outcome = deal.add_line(line)
        if outcome.accepted:
            continue
        if outcome.waiting:
            deal.reject()
        notes.append(DraftNote(Msg("A line of the draft of deal {deal} is not taken: {text}",
                                   deal=draft.deal, text=visible(line)),
                               outcome.problems, draft.deal, _copy(deal)))
        if line.split()[:1] and line.split()[0].isdigit():
            left.append(line)
    for index, card in enumerate(draft.trick):
        if left:
            left += draft.trick[index:]
            break
        outcome = deal.play(card)
        if not outcome.accepted:
            if outcome.waiting:
                deal.reject()
            notes.append(DraftNote(Msg("Card {card} of the trick in progress in the draft of "
                                       "deal {deal} is not taken.", card=visible(card),
                                       deal=draft.deal),
                                   outcome.problems, draft.deal, _copy(deal)))
            left += [card] + draft.trick[index + 1:]
            break
    if len(left) > 1:
        notes.append(DraftNote(Msg("{count} after it are not taken either: they come after "
                                   "what was refused.",
                                   count=Count(len(left) - 1, "{n} line or card",
                                               "{n} lines or cards"))))
    taken = Draft(draft.deal, draft.dealer, list(deal.lines), list(deal.trick_cards),
                  sorted(deal.confirmed))
    return taken, notes


def _copy(deal: DealInProgress) -> DealInProgress:
    """The deal as it stands now, apart from the changes offered after."""
    return DealInProgress(deal.players, deal.number, deal.dealer, list(deal.lines),
                          list(deal.trick_cards), sorted(deal.confirmed))
