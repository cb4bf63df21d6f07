"""What the recording screen says about a problem, in the table's terms.

The engine checks a deal as ``check`` does, on the text of the deal so far, so
its diagnostics point at that text's lines and columns (``<input>:12:13``,
"here and at line 2").  The marker never sees that text: on the screen a
problem is placed by trick and player ("Trick 4, Anna's card"), another line
it mentions is named the same way ("in trick 1"), and its cards are spelt as
the screen spells them.  The codes and the rest of the words stay ``check``'s.
A line quoted (one of a draft, which may hold anything) is shown with
:func:`~reversis_cli.invisible.visible`, never sent to the terminal as it is.

Also here: what is said for a word typed in the card line that is no card
(the nearest card, command or player as a hint).  No textual here.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable

from rich.text import Text

from ...cards import (
    Card, CardCode, CardCodes, CardError, TenCardError, not_a_card_message, respell,
)
from ...diagnostics import Diagnostic
from ...i18n import N_, Msg, t, tr
from ...invisible import visible
from ..deal import STATEMENT_WORDS, DealInProgress

__all__ = ["SCREEN_WORDING", "LINE_MODE_WORDS", "problem_view", "screen_message", "place_of",
           "word_problem", "near_player", "shown_line"]

# The diagnostics that name another line of the deal by its number, and how
# the screen says them: ``{where}`` is that line in the table's terms ("in
# trick 1", "in the line “hand Anna …”"); the rest keeps check's words.
SCREEN_WORDING: dict[str, str] = {
    "{card} is played twice: here and at line {line}":
        N_("{card} is played twice: here and {where}"),
    "{said}, but it is played in trick {trick} (line {line})":
        N_("{said}, but it is played in trick {trick}"),
    "{player} played {cards}, not in {player}'s hand at line {line}; {why}":
        N_("{player} played {cards}, not in {player}'s hand as written; {why}"),
    "{card} is in {player}'s hand and in {other}'s hand (line {line})":
        N_("{card} is in {player}'s hand and in {other}'s hand"),
    "{card} is in the talon and in {player}'s hand (line {line})":
        N_("{card} is in the talon and in {player}'s hand"),
    "{said}, but {player} played it in trick {trick} (line {line})":
        N_("{said}, but {player} played it in trick {trick}"),
    "{player} discards {card}, which is not in that player's hand at line {line}":
        N_("{player} discards {card}, which is not in that player's hand as written"),
    "{player} takes {card}, but the talon card for {player} is {talon} (line {line})":
        N_("{player} takes {card}, but the talon card for {player} is {talon}"),
    "{player} takes {card}, but {other} played it in trick {trick} (line {line})":
        N_("{player} takes {card}, but {other} played it in trick {trick}"),
    "{player} saw {card}, but the talon card for {player} is {talon} (line {line})":
        N_("{player} saw {card}, but the talon card for {player} is {talon}"),
    "this line repeats what line {line} already says for this deal":
        N_("this repeats what is already said for this deal {where}"),
    "a second tally line in this deal; the sheet after the deal is written once, "
    "at line {line}":
        N_("a second tally line in this deal; the sheet after the deal is written once"),
    "a second '{keyword}' line; the first is at line {line}":
        N_("a second '{keyword}' line; the first is {where}"),
}

# The words of the line mode (``record --plain``) and the key that does the
# same on the screen: typed in the card line, they are answered with the key.
LINE_MODE_WORDS = {
    "undo": "Ctrl+Z", "end": "Enter", "quit": "Ctrl+Q", "exit": "Ctrl+Q", "reopen": "F9",
    "explain": "F10", "help": "F8",
}


# -- where a problem is --------------------------------------------------------------

def _words_at(text: str) -> list[tuple[int, str]]:
    """The words of a line with the column (1-based) each starts at."""
    out, column = [], 1
    for word in text.split(" "):
        if word:
            out.append((column, word))
        column += len(word) + 1
    return out


def _leader_of(deal: DealInProgress, number: int) -> str | None:
    done = deal.tricks
    if 1 <= number <= len(done):
        return done[number - 1].leader
    if number == deal.trick_number:
        return deal.leader
    return None


def place_of(text: str, column: int | None, deal: DealInProgress, cards: str) -> Msg:
    """A line of the deal (and a column in it) in the table's terms."""
    words = _words_at(text)
    if not words or not words[0][1].isdigit():
        return Msg("the line “{text}”", text=_short(visible(respell_line(text, cards))))
    number = int(words[0][1])
    played = words[1:]
    leader = _leader_of(deal, number)
    if played and played[0][1] in deal.players:
        leader, played = played[0][1], played[1:]
    played = [(at, word) for at, word in played if word[0] not in '>#"']
    seat = next((k for k, (at, word) in enumerate(played)
                 if column is not None and at <= column < at + len(word)), None)
    if seat is None or leader is None:
        return Msg("trick {trick}", trick=number)
    player = deal.players[(deal.players.index(leader) + seat) % 4]
    return Msg("trick {trick}, {player}'s card", trick=number, player=player)


def _short(text: str, width: int = 40) -> str:
    return text if len(text) <= width else text[:width - 1] + "…"


def _line_text(number: int, d: Diagnostic, deal: DealInProgress) -> str | None:
    """The text of line ``number`` of the deal as the engine built it: the
    deal's own line, the lines taken, then the line being tried."""
    if d.pos is not None and number == d.pos.line:
        return d.source_line
    if 2 <= number < 2 + len(deal.lines):
        return deal.lines[number - 2]
    return None


def _where(number: int, d: Diagnostic, deal: DealInProgress, cards: str) -> Msg:
    """Another line a message names, as a place: "in trick 1", "earlier in this trick"."""
    if d.pos is not None and number == d.pos.line:
        return Msg("earlier in this trick")
    text = _line_text(number, d, deal)
    if text is None:
        return Msg("earlier in this deal")
    words = text.split()
    if words and words[0].isdigit():
        return Msg("in trick {trick}", trick=int(words[0]))
    return Msg("in the line “{text}”", text=_short(visible(respell_line(text, cards))))


# -- the words ------------------------------------------------------------------------

def _card_spelt(value: object, cards: str) -> object:
    """A value that is a card, or cards, as the screen spells them."""
    if isinstance(value, CardCode):
        return value.card.format(cards)
    if isinstance(value, CardCodes):
        return " ".join(card.format(cards) for card in value.cards)
    if not isinstance(value, str) or isinstance(value, Msg) or not value.strip():
        return value
    try:
        parsed = [Card.parse(word) for word in value.split()]
    except CardError:
        return value
    return " ".join(card.format(cards) for card in parsed)


def _for_screen(message: Msg, d: Diagnostic, deal: DealInProgress, cards: str) -> Msg:
    params: dict[str, object] = {}
    for key, value in message.params.items():
        if isinstance(value, Msg):
            params[key] = _for_screen(value, d, deal, cards)
        else:
            params[key] = _card_spelt(value, cards) if key != "line" else value
    template = SCREEN_WORDING.get(message.template, message.template)
    line = message.params.get("line")
    if template != message.template and isinstance(line, int):
        params["where"] = _where(line, d, deal, cards)
    return Msg(template, **params)


def screen_message(d: Diagnostic, deal: DealInProgress, cards: str) -> str:
    """The problem's words, without line numbers, the cards in the screen's spelling."""
    message = d.message
    text = t(_for_screen(message, d, deal, cards)) if isinstance(message, Msg) else t(message)
    text = respell(text, cards)
    if d.code == "RV112" and isinstance(message, Msg):
        player = near_player(str(message.params.get("name", "")), deal.players)
        if player is not None:
            text += "; " + t(Msg("did you mean {player}?", player=player))
    return text


def respell_line(text: str, cards: str) -> str:
    """A line of the notation with its cards in the screen's spelling (a
    quoted text, a note's, is the marker's own words and stays as typed)."""
    words, quote, said = text.partition('"')
    spelt = " ".join(str(_card_spelt(word, cards)) for word in words.split())
    return spelt + (" " + quote + said if quote else "")


# The notation's words as the screen shows a line back to the marker, who never
# typed them (F5 asks "Who holds the espagnolette?"): the keyword, then the
# words inside a line.  In English each is the keyword itself; the file keeps
# the keywords whatever the language.
_KEYWORDS_SHOWN = {
    "hand": N_("hand"), "talon": N_("talon"), "exchange": N_("exchange"),
    "partie": N_("partie"), "espagnolette": N_("espagnolette"), "unclaimed": N_("unclaimed"),
    "misdeal": N_("misdeal"), "redeal": N_("redeal"), "exposed": N_("exposed"),
    "peeked": N_("peeked"), "kept": N_("kept"), "discarded-two": N_("discarded-two"),
    "out-of-turn": N_("out-of-turn"), "note": N_("note"),
}
_INNER_WORDS_SHOWN = {
    "discards": N_("discards"), "takes": N_("takes"), "waives": N_("waives"),
    "late": N_("late"), "paid": N_("paid"),
}


def shown_line(text: str, cards: str) -> str:
    """A deal's line other than a trick as the screen shows it: the
    notation's words in the screen's language ("эспаньолетта — Вера"), the
    cards in its spelling, a quoted note as typed."""
    words, quote, said = text.partition('"')
    keyword, *rest = words.split() or [""]
    if keyword not in _KEYWORDS_SHOWN:
        return respell_line(text, cards)
    inner = [tr(_INNER_WORDS_SHOWN[w]) if w in _INNER_WORDS_SHOWN else str(_card_spelt(w, cards))
             for w in rest]
    return t(Msg("{keyword} {rest}", keyword=tr(_KEYWORDS_SHOWN[keyword]),
                 rest=" ".join([*inner, *([quote + said] if quote else [])])))


def problem_view(problems: Iterable[Diagnostic], deal: DealInProgress, cards: str) -> Text:
    """``error[RV202] Trick 4, Anna's card: 2♣ is played twice: here and in trick 1``."""
    out = Text()
    for d in problems:
        if out:
            out.append("\n")
        style = "bold red" if d.is_error else "bold yellow"
        out.append(f"{tr(d.severity)}[{d.code}] ", style=style)
        message = screen_message(d, deal, cards)
        if d.pos is not None and d.source_line is not None and d.pos.line > 1:
            where = place_of(d.source_line, d.pos.column, deal, cards)
            place = t(where)
            out.append(place[:1].upper() + place[1:] + ": ", style="bold")
            message = _named_once(message, where)
        out.append(message)
    return out


def _named_once(message: str, where: Msg) -> str:
    """The message without the player's name it begins with when the place
    already names him: the Russian place is «Взятка 4, Борис» and the revoke
    message «Борис: 4♥ на ход в бубны…», which would read «Взятка 4, Борис:
    Борис: 4♥…».  (English says "Boris's card: Boris played 4♥", which reads.)"""
    player = where.params.get("player")
    prefix = f"{player}: "
    return message[len(prefix):] if player and message.startswith(prefix) else message


# -- a word typed in the card line ---------------------------------------------------

def near_player(name: str, players: tuple[str, ...]) -> str | None:
    """The player a mistyped name most likely means (``gleb``: Gleb), or None."""
    if not name or name in players:
        return None
    folded = {p.casefold(): p for p in players}
    if name.casefold() in folded:
        return folded[name.casefold()]
    found = difflib.get_close_matches(name.casefold(), list(folded), n=1, cutoff=0.6)
    return folded[found[0]] if found else None


def word_problem(word: str) -> Msg | str | None:
    """What is said of one word typed in the card line that is not a card: a
    command of the line mode gets its key, a near statement its right word, a
    near card check's hint.  None when it is a card."""
    try:
        Card.parse(word)
    except TenCardError as error:  # check's own words for a ten
        return error.message
    except CardError:
        pass
    else:
        return None
    key = LINE_MODE_WORDS.get(word.casefold())
    if key is not None:
        return Msg("{word} is not a card; on this screen {key} does it", word=word, key=key)
    if word.isalpha() and len(word) > 2:
        near = difflib.get_close_matches(word.casefold(), sorted(STATEMENT_WORDS), n=1,
                                         cutoff=0.7)
        if near:
            return Msg("{word} is not a card; did you mean {statement}?", word=word,
                       statement=near[0])
    return not_a_card_message(word)
