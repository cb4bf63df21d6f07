"""``reversis record``: recording a session at the table, card by card.

No textual here: the plain mode (:mod:`.plain`) and the full-screen screens
(added in ``reversis_cli.record.tui.app`` by the TUI) both drive this engine.

The API (stable)
----------------
``Recorder.open(path, Setup(players=(...), rules="classic", dealer="Gleb",
title=None, date=None, place=None, cards=None)) -> Recorder``
    Start.  A new FILE gets its header at once (written atomically); an
    existing FILE is read and checked: with errors, :class:`RecordRefused`
    (``.message``, ``.diagnostics`` to show as ``check`` does) and the file is
    untouched.  A folder that cannot be written is refused here too, and so
    is a FILE another recorder holds (the message names its process, host and
    start).  ``cards``: how the deals appended spell cards; None: as most of
    FILE's cards are spelt (``recorder.card_style``).
``recorder.close()`` (or ``with Recorder.open(...) as recorder:``)
    Lets FILE's lock go (the process ending does too, however it ends).
``recorder.draft_notes`` (list of :class:`DraftNote`: ``.message``, and for
a line refused ``.problems`` about deal ``.deal``), ``recorder.removed_temporaries``
(names of files a write cut off left, removed)
    What was found beside FILE at start: show them before offering the draft.
    A draft is checked line by line as if typed; what is refused, and any
    draft that cannot be read or does not continue FILE, is said here and the
    draft as it was kept as ``.FILE.draft.N``.
``check_folder(path)`` refuses a folder that cannot be written (before asking
anything); :meth:`Recorder.open` calls it too.
``recorder.players``, ``.profile``, ``.next_number``, ``.next_dealer``,
``.needs_dealer`` (ask the first dealer, then ``set_first_dealer(name)``),
``.pool``, ``.balance()``, ``.last`` (the last :class:`ScoredDeal` settled:
``.last.settlement`` for ``render_settlement``), ``.deals_done``.
``recorder.draft``
    A :class:`Draft` found beside FILE that continues it, or None: offer it,
    then ``recorder.resume()`` or ``recorder.discard_draft() -> str | None`` (the
    draft is kept as ``.FILE.draft.N``, the name returned, never deleted).
``recorder.begin() -> DealInProgress``
    The deal in progress (created with the right number and dealer).
``recorder.play(card) / .add_line(text) -> Outcome``
    One card of the trick in progress (any spelling), or one line of the
    notation (a trick, ``hand ...``, ``exchange ...``, ``misdeal Gleb``...).
    ``Outcome.accepted``; refused: ``Outcome.problems`` (errors, state
    unchanged); ``Outcome.waiting``: warnings (a revoke) to confirm with
    ``recorder.confirm()`` or drop with ``recorder.reject()``.  The draft is
    saved after every accepted change.
``recorder.replace_card(trick: int, index: int, card: str) -> Outcome``
    Changes one card in place: the card played ``index``-th (0 to 3, in
    playing order) in trick ``trick`` (a trick written, or the one in
    progress) becomes ``card``; the later tricks are checked again (a leader
    that changes with it is worked out anew), not typed again.  Same Outcome
    as ``play``: refused with errors (nothing changes), or waiting on
    warnings.  Works on a deal reopened too.
``recorder.undo() -> bool``
    Takes back the last card of the trick in progress, else the last line.
``deal.complete`` (eleven tricks, or a void deal) -> ``recorder.finish() -> Finished``
    ``Finished.closed``: settled (``.scored``, ``.settlement``) and appended
    to FILE (``.text``, exactly as ``fmt`` writes it); else ``.problems``
    are the whole deal's errors and the deal stays open (undo and correct).
    :class:`RecordRefused` when FILE changed since the recorder read or
    wrote it (another program wrote it): nothing is written, the deal stays
    in its draft.
``recorder.reopen(n) -> DealInProgress``; edit it (undo, add_line, play,
replace_card, as many changes as needed: nothing is written meanwhile);
``recorder.finish()`` replaces deal n in FILE (rewritten atomically, all else
kept) or ``recorder.cancel_edit()``.  ``recorder.editing`` is n meanwhile.

``DealInProgress``: ``number``, ``dealer``, ``first_hand``, ``leader``,
``turn`` (whose card comes next), ``trick_number``, ``current_trick`` (cards),
``tricks`` (:class:`TrickView`: number, leader, cards, taker, points),
``lines`` (the statements typed), ``is_void``, ``played``, ``complete``,
``replayed`` (the replay of the whole tricks so far);
``replace_card(trick, index, card) -> Outcome`` as above, without the draft.

A renounce that the espagnolette may still excuse (the player may yet turn
out to hold four aces, or three and the quinola, in tricks 1-9) is not
warned of when it is seen: the deal's end decides it, as ``check`` does, and
the change that completes the deal is then the one waiting on the warning.
"""

from __future__ import annotations

from .deal import DealInProgress, Outcome, TrickView, cards_left
from .draft import Draft, draft_path
from .recorder import Finished, RecordRefused, Recorder, Setup, check_folder
from .resume import DraftNote

__all__ = ["DealInProgress", "Draft", "DraftNote", "Finished", "Outcome", "RecordRefused",
           "Recorder", "Setup", "TrickView", "cards_left", "check_folder", "draft_path"]
