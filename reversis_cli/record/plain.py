"""The plain mode of ``reversis record``: line by line, for any terminal, a
screen reader or a script.

:func:`run_plain` drives a :class:`~reversis_cli.record.Recorder` with two
callables given by the CLI: ``ask(prompt) -> str | None`` (None: end of
input) and ``show(item)``, where an item is a message, a list of
diagnostics, or a rich renderable (a settlement).  This module builds
messages and renderables; the CLI writes them in the run's language.

Lines are lines of the notation: a trick as its cards in playing order (the
number and leader may be written), or another statement of a deal.  Words of
the mode itself: ``undo``, ``change N PLAYER CARD`` or ``change N OLD NEW``
(one card of trick N), ``end`` (close a void deal, write back a deal
reopened), ``reopen N``, ``explain [N]``, ``quit``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..cards import Card, CardCode, CardCodes, CardError
from ..i18n import Count, Msg
from ..arbiter.explain import explain_in
from ..notation.grammar_file import keywords
from ..render.explain import render_explanation
from ..render.amounts import fiches, signed
from ..render.score import render_settlement
from ..session.service import Session
from .deal import STATEMENT_WORDS, DealInProgress, TrickView
from .draft import Draft
from .recorder import Finished, RecordRefused, Recorder

__all__ = ["run_plain", "Problems", "YES", "not_a_dealer"]

# Answers that mean yes, in the languages the tool speaks.
YES = frozenset({"y", "yes", "д", "да"})
NO = frozenset({"n", "no", "нет"})
# Never an answer, asked again: н is "no" to a Russian reader but the y key of
# the Cyrillic layout, which the full screen takes for yes (and т its n key);
# one letter read two ways by the two modes is a trap for a marker using both.
NEITHER = frozenset({"н", "т"})

# How each word of the mode is typed, said when it is typed otherwise.
USAGE = {
    "undo": Msg("'undo' takes back the last card or line of the deal: type it alone."),
    "end": Msg("'end' closes a void deal or writes back a deal reopened: type it alone."),
    "quit": Msg("'quit' stops recording: type it alone."),
    "reopen": Msg("Type 'reopen N', N the number of a deal written, e.g. reopen 2."),
    "explain": Msg("Type 'explain' for the last deal written, or 'explain N' for deal N."),
    "change": Msg("Type 'change N PLAYER CARD' (the card PLAYER played in trick N becomes "
                  "CARD) or 'change N OLD NEW' (card OLD of trick N becomes NEW), e.g. "
                  "'change 3 Vera KD'."),
}
WORDS = Msg("The words of record: undo, change N PLAYER CARD, end, reopen N, explain [N], "
            "quit; any other line is a line of the notation (a trick, hand, exchange, note...).")


@dataclass(frozen=True)
class Problems:
    """Diagnostics to show as ``check`` does, for deal ``deal``."""

    deal: int
    diagnostics: tuple


Ask = Callable[[Msg], "str | None"]
Show = Callable[[object], None]


def not_a_dealer(name: str, players: tuple[str, ...]) -> Msg:
    """What an answer to the dealer question that names no player gets; an
    empty one is asked again, not called a player (it has no name to quote)."""
    if not name:
        return Msg("Type the dealer's name: {first} or {last}",
                   first=", ".join(players[:-1]), last=players[-1])
    return Msg("{name} is not one of the players ({players})", name=name,
               players=", ".join(players))


def run_plain(recorder: Recorder, ask: Ask, show: Show, cards: str = "unicode") -> None:
    """Record deal after deal until ``quit`` or the end of input; ``cards``:
    how the settlement's tables spell cards (ascii, unicode, ru)."""
    _say_start(recorder, show)
    if recorder.draft is not None:
        _offer_draft(recorder, ask, show)
    if recorder.needs_dealer and recorder.current is None:
        name = ask(Msg("Who deals first? ({players}):", players=", ".join(recorder.players)))
        while name is not None and name.strip() not in (*recorder.players, "quit"):
            show(not_a_dealer(name.strip(), recorder.players))
            name = ask(Msg("Who deals first? ({players}):",
                           players=", ".join(recorder.players)))
        if name is None or name.strip() == "quit":
            return
        recorder.set_first_dealer(name.strip())
    while True:
        deal = recorder.begin()
        line = ask(prompt(deal, recorder.editing))
        if line is None or line.strip() == "quit":
            _saved(recorder, show)
            return
        _take(recorder, line.strip(), ask, show, cards)


def _say_start(recorder: Recorder, show: Show) -> None:
    """What was found beside FILE at start: temporary files of a write cut
    off (removed), and what became of the draft."""
    if recorder.removed_temporaries:
        show(Msg("Removed what a write cut off left beside {path}: {files}.",
                 path=str(recorder.path), files=", ".join(recorder.removed_temporaries)))
    for note in recorder.draft_notes:
        show(note.message)
        if note.problems:
            show(Problems(note.deal, note.problems))


def _offer_draft(recorder: Recorder, ask: Ask, show: Show) -> None:
    draft = recorder.draft
    assert draft is not None
    question = Msg("Resume deal {deal} (dealer {dealer}) where it stopped, after {typed}? "
                   "[Y/n]", deal=draft.deal, dealer=draft.dealer, typed=_typed_in(draft))
    answer = ask(question)
    # Only a plain no throws the draft away: anything else (a trick typed too
    # soon, a slip) is asked again, for the draft is the deal's only copy.
    while answer is not None and answer.strip().lower() not in ("", *YES, *NO):
        show(Msg("'{typed}' is not an answer here: type y or n (да or нет).",
                 typed=answer.strip()) if answer.strip().lower() in NEITHER
             else Msg("Answer y or n."))
        answer = ask(question)
    if answer is None or answer.strip().lower() in ("", *YES):
        deal = recorder.resume()
        show(Msg("Deal {deal} resumed.", deal=deal.number))
    else:
        kept = recorder.discard_draft()
        show(Msg("The draft of deal {deal} is set aside, kept as {kept}; the deal starts again.",
                 deal=draft.deal, kept=kept or "-"))


def _typed_in(draft: Draft) -> Msg | Count:
    """What a draft holds, lines and the cards of the trick in progress
    apart: "10 lines and 2 cards of trick 11"."""
    lines = Count(len(draft.lines), "{n} line", "{n} lines")
    if not draft.trick:
        return lines
    cards = Count(len(draft.trick), "{n} card", "{n} cards")
    trick = 1 + sum(1 for line in draft.lines if line.split()[:1] and line.split()[0].isdigit())
    if not draft.lines:
        return Msg("{cards} of trick {trick}", cards=cards, trick=trick)
    return Msg("{lines} and {cards} of trick {trick}", lines=lines, cards=cards, trick=trick)


def prompt(deal: DealInProgress, editing: int | None = None) -> Msg:
    """``Deal 4, dealer Boris. Trick 3, Vera leads:``"""
    head = Msg("Deal {deal}, dealer {dealer}.", deal=deal.number, dealer=deal.dealer)
    if editing is not None:
        head = Msg("Editing deal {deal}, dealer {dealer}.", deal=deal.number, dealer=deal.dealer)
    if deal.is_void:
        return Msg("{head} The deal is void: more lines, or 'end' to close it:", head=head)
    if deal.played and editing is not None:
        return Msg("{head} All eleven tricks are in: correct with 'change' or 'undo', or "
                   "'end' to write it back:", head=head)
    if deal.played:
        return Msg("{head} All eleven tricks are in: correct with 'change' or 'undo', or "
                   "'end':", head=head)
    if deal.current_trick:  # begun card by card (a draft of the full screen)
        return Msg("{head} Trick {trick}, {cards} played; {player} to play:", head=head,
                   trick=deal.trick_number, player=deal.turn,
                   cards=CardCodes(tuple(deal.current_trick)))
    return Msg("{head} Trick {trick}, {leader} leads:", head=head, trick=deal.trick_number,
               leader=deal.leader)


def _take(recorder: Recorder, line: str, ask: Ask, show: Show, cards: str) -> None:
    deal = recorder.begin()
    words = line.split()
    if not words:
        return
    if words[0] in USAGE:
        _mode_word(recorder, words, ask, show, cards)
        return
    if deal.trick_cards and words[0] not in STATEMENT_WORDS and not words[0].isdigit():
        _rest_of_trick(recorder, words, ask, show, cards)
        return
    outcome = recorder.add_line(line)
    if not _answer(recorder, outcome, deal.number, ask, show) and _unknown_word(recorder,
                                                                                 words[0]):
        show(WORDS)
    _finish_when_played(recorder, show, cards)


def _mode_word(recorder: Recorder, words: list[str], ask: Ask, show: Show, cards: str) -> None:
    """``undo``, ``end``, ``reopen N``, ``explain [N]``, ``change ...``;
    typed otherwise, how it is typed."""
    deal, word, number = recorder.begin(), words[0], words[1] if len(words) == 2 else ""
    if word in ("undo", "end", "quit") and len(words) == 1:
        if word == "undo" and not recorder.undo():
            show(Msg("Nothing to take back in this deal."))
        elif word == "end" and deal.complete:
            _finish(recorder, show, cards)
        elif word == "end":
            show(Msg("Deal {deal} is not over: {count} to go.", deal=deal.number,
                     count=Count(12 - deal.trick_number, "{n} trick", "{n} tricks")))
    elif word == "reopen" and number.isdigit():
        _reopen(recorder, int(number), show)
    elif word == "explain" and (len(words) == 1 or number.isdigit()):
        _explain(recorder, int(number) if number else recorder.deals_done, show, cards)
    elif word == "change" and len(words) == 4 and words[1].isdigit():
        _change(recorder, int(words[1]), words[2], words[3], ask, show)
    else:
        show(USAGE[word])


def _change(recorder: Recorder, trick: int, who: str, card: str, ask: Ask, show: Show) -> None:
    """``change N PLAYER CARD`` / ``change N OLD NEW``: one card of trick N."""
    deal = recorder.begin()
    view = _trick_view(deal, trick)
    if view is None:
        show(Msg("Deal {deal} has no trick {trick} yet.", deal=deal.number, trick=trick))
        return
    if who in deal.players:
        index = (deal.players.index(who) - deal.players.index(view.leader)) % 4
    else:
        try:
            old = Card.parse(who)
        except CardError:
            show(USAGE["change"])
            return
        if old not in view.cards:
            show(Msg("{card} is not in trick {trick}: {cards}.", card=CardCode(old), trick=trick,
                     cards=CardCodes(tuple(view.cards))))
            return
        index = view.cards.index(old)
    if _answer(recorder, recorder.replace_card(trick, index, card), deal.number, ask, show):
        changed = _trick_view(recorder.begin(), trick)
        show(Msg("Trick {trick} now reads: {cards}.", trick=trick,
                 cards=CardCodes(tuple(changed.cards)) if changed else ""))


def _trick_view(deal: DealInProgress, number: int) -> TrickView | None:
    """Trick ``number`` of the deal: written, or the one in progress."""
    if number == deal.trick_number and deal.current_trick and deal.leader is not None:
        return TrickView(number, deal.leader, deal.current_trick, None)
    return next((t for t in deal.tricks if t.number == number), None)


def _unknown_word(recorder: Recorder, word: str) -> bool:
    """Whether a refused line begins with a word, longer than any card, that
    is no player or keyword: perhaps a word of the mode misspelt ("reopn")."""
    return (len(word) > 3 and word.isalpha() and word not in recorder.players
            and word not in STATEMENT_WORDS and word not in keywords())


def _finish_when_played(recorder: Recorder, show: Show, cards: str) -> None:
    """A deal being recorded is closed with its eleventh trick; a deal
    reopened waits for 'end', so that it may take several corrections."""
    deal = recorder.begin()
    if deal.played and not deal.is_void and deal.complete and recorder.editing is None:
        _finish(recorder, show, cards)


def _rest_of_trick(recorder: Recorder, words: list[str], ask: Ask, show: Show,
                   cards: str) -> None:
    """The cards that complete a trick begun card by card, one by one."""
    number = recorder.begin().number
    for word in words:
        if not _answer(recorder, recorder.play(word), number, ask, show):
            break
    _finish_when_played(recorder, show, cards)


def _answer(recorder: Recorder, outcome, number: int, ask: Ask, show: Show) -> bool:
    """Say what became of a change, asking about warnings; whether it was taken."""
    if outcome.waiting:
        show(Problems(number, outcome.problems))
        if _happened(ask, show):
            recorder.confirm()
            return True
        recorder.reject()
        show(Msg("Line not taken."))
        return False
    if not outcome.accepted:
        show(Problems(number, outcome.problems))
        show(Msg("Line not taken."))
        return False
    return True


def _happened(ask: Ask, show: Show) -> bool:
    """The marker's word on a warning: only yes takes the change; an empty
    answer (or the end of input) is no; anything else is asked again and is
    not taken as a line (a trick typed on, unaware of the question)."""
    question = Msg("Did it happen so? [y/N]")
    answer = ask(question)
    while answer is not None and answer.strip().lower() not in ("", *YES, *NO):
        if answer.strip().lower() in NEITHER:
            show(Msg("'{typed}' is not an answer here: type y or n (да or нет).",
                     typed=answer.strip()))
        else:
            show(Msg("Answer y or n: '{typed}' is not taken; type it again after the answer.",
                     typed=answer.strip()))
        answer = ask(question)
    return answer is not None and answer.strip().lower() in YES


def _explain(recorder: Recorder, number: int, show: Show, cards: str) -> None:
    """``explain [N]``: deal N (the last written when not said) step by step,
    as ``reversis explain`` shows it."""
    with Session.open(recorder.path) as session:
        explanation = explain_in(session, number) if number >= 1 else None
    if explanation is None:
        show(Msg("there is no deal {deal} in {path}", deal=number, path=str(recorder.path)))
        return
    show(render_explanation(explanation, cards))


def _reopen(recorder: Recorder, number: int, show: Show) -> None:
    if recorder.editing is not None:
        show(Msg("Finish the deal being edited first ('end')."))
        return
    try:
        deal = recorder.reopen(number)
    except RecordRefused as exc:
        show(exc.message)
        return
    show(Msg("Deal {deal} reopened: 'change N PLAYER CARD' changes a card, 'undo' takes back "
             "its last line; 'end' writes it back.", deal=deal.number))


def _finish(recorder: Recorder, show: Show, cards: str) -> None:
    number = recorder.begin().number
    editing = recorder.editing is not None
    try:
        finished: Finished = recorder.finish()
    except RecordRefused as exc:
        show(exc.message)
        return
    if not finished.closed:
        show(Problems(number, finished.problems))
        show(Msg("Deal {deal} is not written: correct it with 'undo'.", deal=number))
        return
    if finished.problems:
        show(Problems(number, finished.problems))
    settlement = finished.settlement
    if settlement is not None:
        show(render_settlement(settlement, recorder.players, cards))
    show(balance_line(recorder))
    show(Msg("Deal {deal} rewritten in {path}.", deal=number, path=str(recorder.path))
         if editing else Msg("Deal {deal} written to {path}.", deal=number,
                             path=str(recorder.path)))


def balance_line(recorder: Recorder) -> Msg:
    balance = recorder.balance()
    players = ", ".join(f"{name} {signed(balance.get(name, 0))}" for name in recorder.players)
    return Msg("Running balance: {players}; the pool holds {pool}.", players=players,
               pool=fiches(recorder.pool))


def _saved(recorder: Recorder, show: Show) -> None:
    if recorder.editing is not None:
        show(Msg("The changes to deal {deal} are dropped; {path} is as it was.",
                 deal=recorder.editing, path=str(recorder.path)))
        recorder.cancel_edit()
    deal = recorder.current
    if deal is not None and (deal.lines or deal.trick_cards) and recorder.editing is None:
        show(Msg("Deal {deal} is saved as a draft; 'reversis record {path}' resumes it.",
                 deal=deal.number, path=str(recorder.path)))
    else:
        show(Msg("Stopped; {path} holds {deals}.", path=str(recorder.path),
                 deals=Count(recorder.deals_done, "{n} deal", "{n} deals")))
