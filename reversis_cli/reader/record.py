"""Reading a whole record: parse → model → replay, deal by deal.

``open_record`` gives a :class:`Record`; its header is read at once, and
``Record.deals()`` yields one :class:`CheckedDeal` at a time, so memory
stays bounded however long the file.  Problems never stop the reading: each
deal carries its own diagnostics, and a bad deal does not hide the others.
The checks that need the deals in order (deal numbers, who deals next:
SEAT-2 and IRR-1 to IRR-3) are made here.
"""

from __future__ import annotations

import io
import os
import stat
from pathlib import Path
from collections.abc import Iterator, Sequence

from ..files import os_reason, standard_input
from ..diagnostics import Diagnostic, diagnostic
from ..i18n import Msg
from ..model import Deal, Pos
from ..notation.chunks import Chunk, ChunkReader, split_chunks
from ..notation.parse import parse_deal, parse_header
from ..replay import ReplayedDeal, next_seat, replay_deal
from ..values import Value, replace, setattr_frozen
from .foreign import until_foreign
from .header import check_header, damaged_keywords, damaged_lines

__all__ = ["Record", "CheckedDeal", "Expectations", "open_record", "record_from_text",
           "next_dealer", "display_name", "STDIN", "STDIN_NAME", "MAX_ERRORS_PER_FILE"]

# Errors reported for one file before reading stops: far more than a real
# record has, and a binary file given by mistake answers at once.
MAX_ERRORS_PER_FILE = 200


class CheckedDeal(Value):
    """One deal after reading and replay, with every problem found in it."""

    __slots__ = _fields = ("number", "pos", "deal", "replayed", "diagnostics")
    number: int | None
    pos: Pos
    deal: Deal | None
    replayed: ReplayedDeal | None
    diagnostics: tuple[Diagnostic, ...]

    def __init__(self, number: int | None, pos: Pos, deal: Deal | None,
                 replayed: ReplayedDeal | None, diagnostics: tuple[Diagnostic, ...] = ()):
        # Each slot set through its descriptor (one a deal: cheaper than setattr_frozen).
        s_number, s_pos, s_deal, s_replayed, s_diagnostics = _CHECKED_SETTERS
        s_number(self, number)
        s_pos(self, pos)
        s_deal(self, deal)
        s_replayed(self, replayed)
        s_diagnostics(self, diagnostics)

    @property
    def has_errors(self) -> bool:
        return any(d.is_error for d in self.diagnostics)

    @property
    def settleable(self) -> bool:
        return self.replayed is not None and self.replayed.complete and not self.has_errors


_CHECKED_SETTERS = tuple(getattr(CheckedDeal, name).__set__ for name in CheckedDeal._fields)


class Expectations(Value):
    """What the reader expects of the next deal: its number, or another after
    a deal numbered wrong (see :meth:`Record.deals`), and who deals it with
    the deal that decides it (None: the record does not tell)."""

    __slots__ = _fields = ("number", "or_else", "dealer")
    number: int
    or_else: int | None
    dealer: tuple[int, Deal] | None

    def __init__(self, number: int = 1, or_else: int | None = None,
                 dealer: tuple[int, Deal] | None = None):
        setattr_frozen(self, "number", number)
        setattr_frozen(self, "or_else", or_else)
        setattr_frozen(self, "dealer", dealer)


def next_dealer(deal: Deal, dealer: int) -> int:
    """Who deals after ``deal`` (SEAT-2), unless an irregularity keeps the deal
    with the same dealer: an exposed card (IRR-1) or a paid redeal (IRR-2)."""
    events = deal.events
    if not events:  # the usual deal: nothing to look for
        return next_seat(dealer)
    kinds = [event.kind for event in events]
    if "exposed" in kinds:
        return dealer
    if "misdeal" in kinds and "redeal" in kinds \
            and not any(e.late for e in events if e.kind == "misdeal"):
        return dealer
    return next_seat(dealer)


class Record:
    """A record opened for reading."""

    def __init__(self, stream, name: str, opening_problems: Sequence[Diagnostic] = ()):
        self.name = name
        self._stream = stream
        self._decode_problems: list[Diagnostic] = []
        foreign: list[Diagnostic] = []
        self._chunks: Iterator[Chunk] = (
            ChunkReader(stream, self._decode_problems,
                        lines_filter=lambda lines: until_foreign(lines, name, foreign,
                                                                   _command_file(name)))
            if stream is not None else split_chunks((), self._decode_problems))
        header_chunk = next(self._chunks)
        self.header, problems = parse_header(header_chunk.lines, header_chunk.first_line)
        players, header_problems = check_header(self.header,
                                                damaged_keywords(problems, header_chunk))
        if opening_problems or foreign:  # not opened, or not the notation: say only that
            players, problems, header_problems = (), list(opening_problems or foreign), []
        self.players = players
        self._header_chunk = header_chunk
        self.last_deal_lines: tuple[int, tuple[str, ...]] = (0, ())
        # Where the reading stands between deals, and the line it stops before
        # (a part of the file read in another process: reversis_cli/session/parts.py).
        self.expected = Expectations()
        self._until: int | None = None
        self._errors, self._stopped = 0, bool(foreign)
        self.header_diagnostics = foreign or self._within_error_cap(
            self._finish(problems + header_problems, header_chunk, None))

    def locate(self, diag: Diagnostic, pos: Pos | None) -> Diagnostic:
        """``diag`` placed at ``pos`` of the header, with its file and source line."""
        return self._finish([replace(diag, pos=pos)], self._header_chunk, None)[0]

    @property
    def position(self) -> int:
        """Bytes of the file read so far (for progress bars)."""
        return self._chunks.position if isinstance(self._chunks, ChunkReader) else 0

    # -- context manager -----------------------------------------------------------

    def __enter__(self) -> Record:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        if self._stream is not None:
            self._stream.close()

    # -- reading -------------------------------------------------------------------

    def resume_at(self, offset: int, line: int, expected: Expectations,
                  errors: int | None) -> None:
        """Read the deals from byte ``offset`` on, the start of a deal line
        whose number in the file is ``line``, expecting ``expected`` of the
        first; ``errors`` is the file's count of errors so far, or None for a
        reading without the cap (another process counts: reversis_cli/session/parts.py).
        The file's bytes from there must be valid UTF-8 (no decoding problem
        is carried from one part to the next)."""
        self._stream.seek(offset)
        self._decode_problems = []
        self._chunks = ChunkReader(self._stream, self._decode_problems, line)
        next(self._chunks)  # the empty header before the deal line
        self.expected = expected
        self._errors = errors if errors is not None else -(1 << 62)  # never reaches the cap
        self._stopped = False

    def stop_before(self, line: int | None) -> None:
        """Stop :meth:`deals` before the deal that begins at ``line`` (None: read to the end)."""
        self._until = line

    def deals(self) -> Iterator[CheckedDeal]:
        # The number the next deal should have; after a deal numbered wrong,
        # the number after that wrong one is taken as well: either the one
        # number is a slip (1, 5, 3) or the numbering jumps there (1, 5, 6),
        # and in neither case is the next deal in error too.
        start = self.expected
        expected_number, or_else, expected_dealer = start.number, start.or_else, start.dealer
        until = self._until
        for chunk in self._chunks:
            if self._stopped or (until is not None and chunk.first_line >= until):
                break
            checked = self._read_deal(chunk, (expected_number, or_else), expected_dealer)
            # The text of the deal just read, for a caret under a line found later.
            self.last_deal_lines = (chunk.first_line, chunk.lines)
            if checked.diagnostics:  # none: nothing to count against the cap
                diags = list(checked.diagnostics)
                kept = self._within_error_cap(diags)
                if kept is not diags:
                    checked = replace(checked, diagnostics=tuple(kept))
            yield checked
            number = checked.number
            if number is not None and number not in (expected_number, or_else):
                expected_number, or_else = expected_number + 1, number + 1
            else:
                expected_number, or_else = (number or expected_number) + 1, None
            expected_dealer = self._dealer_after(checked.deal)
        self.expected = Expectations(expected_number, or_else, expected_dealer)

    def _within_error_cap(self, diags: list[Diagnostic]) -> list[Diagnostic]:
        """``diags`` while the file's errors stay within :data:`MAX_ERRORS_PER_FILE`;
        past that, one RV005 where the next error was, and the reading stops."""
        errors = [index for index, d in enumerate(diags) if d.is_error]
        room = MAX_ERRORS_PER_FILE - self._errors
        if len(errors) <= room:
            self._errors += len(errors)
            return diags
        self._errors, self._stopped = MAX_ERRORS_PER_FILE, True
        dropped = diags[errors[room]]
        stop = diagnostic("RV005", Msg("more than {count} errors in this file: reading stops "
                                       "here; correct the ones above first",
                                       count=MAX_ERRORS_PER_FILE), dropped.pos)
        return diags[:errors[room]] + [replace(stop, file=dropped.file, deal=dropped.deal,
                                               source_line=dropped.source_line)]

    def _dealer_after(self, deal: Deal | None) -> tuple[int, Deal] | None:
        """Who must deal next, and the deal that decides it; None when the
        record does not tell.  (Why is written only where a dealer is wrong:
        a message per deal would cost every clean record.)"""
        if deal is None or (dealer := deal.line.dealer.text) not in self.players:
            return None
        if not deal.events:  # the usual deal (next_dealer's first case, without its call)
            return next_seat(self.players.index(dealer)), deal
        if deal.misdeals_by_another:
            # RV322: the dealer line or the misdeal's name is wrong, and who
            # deals next depends on which: not checked, rather than guessed.
            return None
        return next_dealer(deal, self.players.index(dealer)), deal

    def _why_dealer(self, deal: Deal, seat: int) -> Msg:
        """Why ``seat`` deals after ``deal``."""
        name = deal.dealer.text
        if deal.events_of("exposed"):
            return Msg("a card was exposed in deal {deal}, so {name} deals again (IRR-1)",
                       deal=deal.number, name=name)
        if seat == self.players.index(name):
            return Msg("{name} misdealt deal {deal} and paid to deal again (IRR-2)",
                       deal=deal.number, name=name)
        if deal.is_void:
            return Msg("{name} misdealt deal {deal}, and the deal passes on (IRR-2, IRR-3)",
                       deal=deal.number, name=name)
        return Msg("{name} dealt deal {deal}, and the deal passes to the next player in "
                   "playing order (SEAT-2)", deal=deal.number, name=name)

    def _read_deal(self, chunk: Chunk, expected_number: tuple[int, int | None],
                   expected_dealer: tuple[int, Deal] | None) -> CheckedDeal:
        deal, problems = parse_deal(chunk.lines, chunk.first_line)
        if deal is None:
            pos = (problems[0].pos if problems else None) or Pos(chunk.first_line, 1)
            return CheckedDeal(None, pos, None, None, tuple(self._finish(problems, chunk, None)))
        line = deal.line
        number = line.number
        if problems:
            problems = [replace(d, deal=number) if d.deal is None else d for d in problems]
        dealer, players = line.dealer.text, self.players
        if number not in expected_number or expected_dealer is not None and dealer in players \
                and players.index(dealer) != expected_dealer[0]:  # (_sequence_problems' tests)
            problems.extend(self._sequence_problems(deal, expected_number, expected_dealer))
        replayed = None
        if self.players:
            # Replayed whatever was wrong in reading it: the lines read wrong are
            # named, so that the replay checks all that does not depend on them.
            replayed = replay_deal(deal, self.players,
                                   damaged_lines(problems, chunk) if problems else None)
            problems.extend(replayed.diagnostics)
        if not problems and not self._decode_problems:  # the usual deal: nothing to finish
            return CheckedDeal(number, deal.pos, deal, replayed, ())
        diags = self._finish(problems, chunk, number)
        return CheckedDeal(number, deal.pos, deal, replayed, tuple(diags))

    def _sequence_problems(self, deal: Deal, expected_number: tuple[int, int | None],
                           expected_dealer: tuple[int, Deal] | None) -> list[Diagnostic]:
        """Problems of this deal's place in the record: ``expected_number`` is
        the number it should have and another it may have (or None)."""
        problems: list[Diagnostic] = []
        if deal.number not in expected_number:
            problems.append(diagnostic(
                "RV301", Msg("this deal is numbered {number}, but deal {expected} comes next",
                             number=deal.number, expected=expected_number[0]),
                deal.line.number_pos or deal.pos, deal=deal.number))
        dealer = deal.dealer.text
        if expected_dealer is not None and dealer in self.players \
                and self.players.index(dealer) != expected_dealer[0]:
            seat, previous = expected_dealer
            why = self._why_dealer(previous, seat)
            problems.append(diagnostic(
                "RV302", Msg("deal {deal} is {seat}'s to deal, not {dealer}'s: {why}",
                             deal=deal.number, seat=self.players[seat], dealer=dealer, why=why),
                deal.dealer.pos, deal=deal.number))
        return problems

    def _finish(self, problems: list[Diagnostic], chunk: Chunk,
                number: int | None) -> list[Diagnostic]:
        """Name the file, attach the source line for the caret, take in the
        decoding problems of this chunk's lines, and order by place."""
        if self._decode_problems:
            last = chunk.end
            decoding = [replace(d, deal=number) for d in self._decode_problems
                        if (d.line or 0) <= last]
            # In place: the line reader and the chunker keep appending to this list.
            self._decode_problems[:] = [d for d in self._decode_problems
                                        if (d.line or 0) > last]
            problems = problems + decoding
        name, first, lines = self.name, chunk.first_line, chunk.lines
        out = []
        for d in problems:
            line = d.pos[0] if d.pos else None  # d.line
            at = -1 if line is None else line - first
            out.append(d.in_file(name, lines[at] if 0 <= at < len(lines) else None))
        if len(out) > 1:
            out.sort(key=lambda d: (d.line or 0, d.column or 0))
        return out


STDIN = "-"
STDIN_NAME = "<stdin>"


def open_record(path: str | Path, name: str | None = None) -> Record:
    """Open a record file; ``-`` is standard input, named ``<stdin>``.  A file
    that cannot be opened gives a record with one RV001 diagnostic and no deals."""
    if str(path) == STDIN:
        return Record(standard_input().reader(), name or STDIN_NAME)
    name = name or str(path)
    stream = None
    reason: str | None
    try:
        reason = _not_a_record_file(os.stat(path))
        if reason is None:
            stream = open(path, "rb")
            # Checked again once open: the path may have changed in between.
            reason = _not_a_record_file(os.fstat(stream.fileno()))
    except OSError as exc:
        reason = os_reason(exc)
    if reason:
        if stream is not None:
            stream.close()
        return Record(None, name, [diagnostic("RV001", Msg("cannot read {name}: {reason}",
                                                           name=name, reason=reason))])
    return Record(stream, name)


def _not_a_record_file(st: os.stat_result) -> Msg | None:
    """Why a file of this kind is not read as a record, or None.  A pipe is
    read (a shell's process substitution gives one); a device is not:
    /dev/zero or /dev/urandom would never end."""
    if stat.S_ISDIR(st.st_mode):
        return Msg("it is a folder, not a regular file")
    if stat.S_ISREG(st.st_mode) or stat.S_ISFIFO(st.st_mode):
        return None
    return Msg("it is not a regular file (a device or a socket)")


def _command_file(name: str) -> str:
    """How a command line names the file a record called ``name`` was read from."""
    return STDIN if name == STDIN_NAME else name


def display_name(path: str | Path) -> str:
    """How diagnostics and tables name a record: ``<stdin>`` for ``-``."""
    return STDIN_NAME if str(path) == STDIN else str(path)


def record_from_text(text: str | bytes, name: str = "<text>") -> Record:
    # surrogatepass: a str that is not valid Unicode becomes bytes the
    # decoder reports (RV002) instead of an exception here.
    data = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text
    return Record(io.BytesIO(data), name)
