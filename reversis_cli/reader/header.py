"""The header checks of a record: the players line and its names, each header
line's value (version, date, unit, pot), a line given twice; and which lines
were read wrong, so that no check reports the same fault twice."""

from __future__ import annotations

from ..amounts import MAX_DIGITS, read_amount
from ..cards import card_name, lookalike_card, reads_as_card
from ..dates import date_problem
from ..diagnostics import Diagnostic, diagnostic
from ..i18n import Msg
from ..model import POOL_WORD, Header, Pos
from ..notation.chunks import Chunk
from ..notation.grammar_file import keywords
from ..vocabulary import SINGLE_HEADER_LINES
from ..words import shortened

__all__ = ["UNITS", "check_header", "damaged_lines", "damaged_keywords"]

UNITS = ("fiche", "jeton")
# Words the output writes where a player's name could stand, and why.  A
# player so called would be ambiguous; one called pool even shared the pool's
# account, so that no deal balanced.
OUTPUT_WORDS = {
    POOL_WORD: Msg("the output writes 'pool' for the pool itself, where it pays or is paid"),
    "none": Msg("the output writes 'none' where a deal has no winner or no loser"),
}


def check_header(header: Header, damaged: frozenset[str] = frozenset()
                 ) -> tuple[tuple[str, ...], list[Diagnostic]]:
    """The players (empty when unusable) and the header's problems.

    ``damaged`` holds the keywords of header lines whose words are not as
    written (:func:`damaged_keywords`).  A players line that was written but
    could not be read has had its error already, and is not also reported as
    missing; one with a name split by a control character is not also
    reported for the number of its names."""
    problems: list[Diagnostic] = []
    seen: dict[str, Pos] = {}
    for line in header.lines:
        if line.keyword in SINGLE_HEADER_LINES and line.keyword in seen:
            first = seen[line.keyword]
            problems.append(diagnostic(
                "RV113", Msg("a second '{keyword}' line; the first is at line {line}",
                             keyword=line.keyword, line=first.line),
                line.pos, related=((first, Msg("first given here")),)))
        seen.setdefault(line.keyword, line.pos)
        problems.extend(_check_header_value(line))
    players_line = header.get("players")
    if players_line is None:
        if "players" in damaged:
            return (), problems
        problems.append(diagnostic("RV110", Msg("the record names no players: write "
                                   "'players A B C D' with the four names in playing order"),
                                   Pos(1, 1)))
        return (), problems
    names = players_line.names
    ok = True
    if len(names) != 4 and "players" in damaged:
        return (), problems
    if len(names) != 4:
        problems.append(diagnostic("RV110", Msg("Reversis is played by four; this line names "
                                               "{count}", count=len(names)), players_line.pos))
        ok = False
    for index, name in enumerate(names):
        if name.text in (n.text for n in names[:index]):
            problems.append(diagnostic("RV110", Msg("{name} is named twice", name=name.text),
                                       name.pos))
            ok = False
        reason = _name_problem(name.text, keywords())
        if reason:
            problems.append(diagnostic("RV111", Msg("a player cannot be called {name}: {reason}",
                                                   name=name.text, reason=reason), name.pos))
            ok = False
    return (tuple(n.text for n in names) if ok else ()), problems


def _name_problem(name: str, keywords: frozenset[str]) -> Msg | None:
    """Why ``name`` cannot be a player's, or None.  Words are compared without
    case: a player "Pool" would sit beside the pool's own column."""
    folded = name.casefold()
    if folded in keywords:
        return (Msg("it is a keyword of the notation") if name == folded
                else Msg("it reads as the keyword '{keyword}' of the notation", keyword=folded))
    if folded in OUTPUT_WORDS:
        return OUTPUT_WORDS[folded]
    if reads_as_card(name):
        return Msg("it reads as a card")
    lookalike = lookalike_card(name)
    if lookalike is not None:
        card, spelling = lookalike
        return Msg("it looks like the card {spelling}, {card} (one of its letters is from "
                   "another alphabet)", spelling=spelling, card=card_name(card))
    return None


def _check_header_value(line) -> list[Diagnostic]:
    pos = line.value_pos or line.pos
    if line.keyword == "reversis" and line.value != "1":
        return [diagnostic("RV103", Msg("format version {version} is not known; this program "
                                        "reads version 1", version=line.value), pos)]
    if line.keyword == "date" and line.value:
        problem = date_problem(line.value)  # a date of no calendar would be archived as one
        if problem is not None:
            return [diagnostic("RV114", problem, pos)]
    if line.keyword == "unit" and line.value not in UNITS:
        return [diagnostic("RV114", Msg("unit '{unit}' is not known: write fiche or jeton",
                                        unit=line.value), pos)]
    if line.keyword == "pot" and not line.value:
        return [diagnostic("RV114", Msg("the pot line gives no amount: write it as 0, 45 or 5/2"),
                           pos)]
    if line.keyword == "pot" and read_amount(line.value.strip()) is None:
        return [diagnostic("RV114", Msg("the pot must be an amount such as 0, 45 or 5/2 (a half "
                                        "as 1/2, never with a point; at most {digits} digits), "
                                        "not '{value}'", digits=MAX_DIGITS,
                                        value=shortened(line.value)), pos)]
    return []



def damaged_lines(problems: list[Diagnostic], chunk: Chunk) -> dict[int, str]:
    """Each line of ``chunk`` with a reading error (codes RV0xx and RV1xx), and its text."""
    out = {}
    for d in problems:
        offset = (d.line or 0) - chunk.first_line
        if d.is_error and d.code[2] in "01" and 0 <= offset < len(chunk.lines):
            out[chunk.first_line + offset] = chunk.lines[offset]  # offset >= 0: d has a line
    return out


def damaged_keywords(problems: list[Diagnostic], chunk: Chunk) -> frozenset[str]:
    """The keywords of the header lines whose words are not as written: set
    aside for a reading error, or read with a control character inside a word
    (``Bo<U+202E>ris``) taken as a blank, which splits the word in two."""
    out = set()
    for line, text in damaged_lines(problems, chunk).items():
        split = [d for d in problems if d.line == line and d.code == "RV003"]
        if split and not _inside_a_word(text, (split[0].column or 1) - 1):
            continue  # a control character between words: the words are as written
        if text.split():
            out.add(text.split()[0].lower())
    return frozenset(out)


def _inside_a_word(text: str, at: int) -> bool:
    return 0 < at < len(text) - 1 and not text[at - 1].isspace() and not text[at + 1].isspace()
