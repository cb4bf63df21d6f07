"""The page's own words: message ids, written in the page's language when a
page is made (:func:`labels`).  The titles of the statements are the full
screen's own ids (``record/tui/app.py``), so both say the same."""

from __future__ import annotations

from ..i18n import N_, tr

__all__ = ["LABELS", "EVENT_TITLES", "labels", "event_titles"]

LABELS = {
    "title": N_("Reversis: recording"),
    "join_title": N_("Join the table"),
    "join_help": N_("Type the join code the marker's computer shows."),
    "code": N_("Join code"),
    "as_marker": N_("Record the deals"),
    "as_watcher": N_("Watch"),
    "as_verifier": N_("Verify"),
    "deal": N_("Deal"),
    "dealer": N_("Dealer"),
    "trick": N_("Trick"),
    "turn": N_("to play"),
    "leads": N_("leads"),
    "takes": N_("takes"),
    "undo": N_("Undo"),
    "new_deal": N_("Start deal {deal}"),
    "write_deal": N_("Write the deal"),
    "send_deal": N_("Send to the verifier"),
    "balance": N_("Balance of the evening"),
    "last_deal": N_("Last deal"),
    "pool": N_("Pool"),
    "question": N_("Did it happen so at the table? (the rules settle it)"),
    "yes": N_("Yes, it happened"),
    "no": N_("No, not played"),
    "exchanges": N_("Exchanges"),
    "exchange_discards": N_("{player} discards:"),
    "exchange_takes": N_("{player} discards {card} and takes:"),
    "not_known": N_("Not known"),
    "refuses": N_("Refuses"),
    "done": N_("Done"),
    "cancel": N_("Cancel"),
    "fix_hint": N_("Tap a card played to correct it."),
    "statements": N_("Other statements"),
    "statement": N_("Statement"),
    "player": N_("Player"),
    "words": N_("Words (cards, trick number, note)"),
    "add": N_("Add"),
    "watching": N_("Watching: this page follows the marker's."),
    "verifying": N_("Verifying: confirm each deal before it is written."),
    "verify_deal": N_("Deal {deal} is over. Is it right?"),
    "verify_yes": N_("Right: write it"),
    "verify_no": N_("Not right"),
    "waiting_verifier": N_("Waiting for the verifier."),
    "deal_over": N_("Deal {deal} is over: all tricks are in."),
    "lines": N_("Statements of this deal"),
    "cards_left": N_("Cards not yet played"),
    "forbidden": N_("Wrong or missing join code: nothing of the record is shown."),
    "slow_down": N_("Too many wrong codes from this device: wait {seconds} s."),
    "no_deal_yet": N_("No deal in progress."),
    "first_dealer": N_("Who deals first?"),
    "next_dealer": N_("Dealer by rotation: {dealer}"),
}

# The titles of the statements (event key of table.EVENTS -> id).
EVENT_TITLES = {
    "misdeal": N_("Misdeal"),
    "misdeal-late": N_("Misdeal found after the exchange"),
    "redeal-paid": N_("Redeal paid"),
    "exposed": N_("Exposed card"),
    "espagnolette": N_("Espagnolette"),
    "espagnolette-waived": N_("Espagnolette waived"),
    "peeked": N_("Peeked"),
    "kept": N_("Kept the talon card"),
    "discarded-two": N_("Discarded two"),
    "out-of-turn": N_("Discard out of turn"),
    "unclaimed": N_("Unclaimed payment"),
    "hand": N_("Hand dealt"),
    "talon": N_("Talon"),
    "note": N_("Note"),
}


def labels() -> dict[str, str]:
    """Every label in the current language."""
    return {key: tr(text) for key, text in LABELS.items()}


def event_titles() -> list[tuple[str, str]]:
    return [(key, tr(text)) for key, text in EVENT_TITLES.items()]
