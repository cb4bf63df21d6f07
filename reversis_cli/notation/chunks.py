"""Reading a record's bytes as lines and cutting them into chunks.

A chunk is the header, or one deal: its ``deal`` line, the lines under it, and the comment
lines directly above it.  Comment lines right under a deal's last statement, set apart from
the next deal line by a blank line, stay with that deal (docs/decisions.md, "Reading
records").  Chunks are produced lazily, so a file of any length is read deal by deal in
bounded memory.
"""

from __future__ import annotations

import re
from functools import partial
from collections.abc import Callable, Generator, Iterable, Iterator
from typing import BinaryIO

from .. import fastpaths
from ..diagnostics import Diagnostic, diagnostic
from ..i18n import Msg
from ..model import Pos
from ..values import Value
from ..words import grouped
from .spaced import SpacedLines, cut_bytes, deal_bytes, spaced_bytes

__all__ = ["Chunk", "ChunkReader", "decode_lines", "split_chunks", "MAX_COMMENT_LINES",
           "MAX_CHUNK_LINES", "MAX_LINE_BYTES", "MAX_SKIPPED_BYTES", "BLOCK_BYTES"]

# In any case: a "Deal" line still begins a deal (the parser then says that
# keywords are lower case) instead of running into the deal above it.
_DEAL_LINE = re.compile(r"[ \t]*deal(?:[ \t]|$)", re.IGNORECASE)
MAX_DECODING_DIAGNOSTICS = 5
# Comment lines a chunk keeps; a long note to the record is far shorter.
MAX_COMMENT_LINES = 1000
# Lines a chunk (the header, or one deal) holds; a deal is about 30 lines.
MAX_CHUNK_LINES = 2000
# Bytes of a line that are read: 4 per character of the longest line the
# parser takes (notation/parse.py, MAX_LINE_LENGTH), so it still sees it is too long.
MAX_LINE_BYTES = 4 * 4000 + 2
# Lines skipped in a row after RV004 before reading stops (`yes AS` has no end).
MAX_SKIPPED_LINES = 1_000_000
# A line longer than this is no record's: reading stops (a file of NUL bytes, /dev/zero).
MAX_SKIPPED_BYTES = 1 << 20
_BLANK_LINES = frozenset((b"\n", b"\r\n", b""))


class Chunk(Value):
    """The header's lines, or one deal's."""

    __slots__ = ("kind", "first_line", "lines", "last_line")
    _fields = __slots__
    kind: str          # "header" or "deal"
    first_line: int    # 1-based number of lines[0] in the file
    lines: tuple[str, ...]
    # The last line of the file this chunk stands for: past its lines when
    # lines were skipped (RV004), or blank lines after it were not kept.
    last_line: int

    def __init__(self, kind: str, first_line: int, lines: tuple[str, ...],
                 last_line: int = 0) -> None:
        # Each slot set through its descriptor (cheaper than setattr_frozen).
        s_kind, s_first_line, s_lines, s_last_line = _CHUNK_SETTERS
        s_kind(self, kind), s_first_line(self, first_line)
        s_lines(self, lines), s_last_line(self, last_line)

    @property
    def end(self) -> int:
        return max(self.last_line, self.first_line + len(self.lines) - 1)


_CHUNK_SETTERS = tuple(getattr(Chunk, name).__set__ for name in Chunk._fields)


def decode_lines(stream: BinaryIO, problems: list[Diagnostic], start: int = 1,
                 reported: list[int] | None = None) -> Iterator[str]:
    """UTF-8 lines without their line ends; a leading BOM is dropped.  ``start`` is the
    number of the first line read (the file's first: 1).

    A line that is not UTF-8 is reported (RV002, at the first bad byte; the first
    :data:`MAX_DECODING_DIAGNOSTICS` of the file, counted in ``reported[0]`` when several
    readings share a file, as the block reader's do) and read with replacement characters
    so that the rest can still be checked.  Only the first :data:`MAX_LINE_BYTES` bytes of
    a line are kept (the parser refuses it anyway); a line past :data:`MAX_SKIPPED_BYTES`
    stops the reading (RV005): that is no record, and /dev/zero has no end."""
    reported = [0] if reported is None else reported
    read_line = partial(stream.readline, MAX_LINE_BYTES + 1)
    for number, raw in enumerate(iter(read_line, b""), start=start):
        if raw in _BLANK_LINES:  # cheap: a file may hold millions of them
            yield ""
            continue
        if raw.endswith(b"\n"):
            raw = raw[:-1]
        elif len(raw) > MAX_LINE_BYTES:
            if not _skip_rest_of_line(stream, len(raw)):
                problems.append(diagnostic(
                    "RV005", Msg("this line is longer than {size} bytes: this is not a record "
                                 "(is it a binary file?), and reading stops here",
                                 size=grouped(MAX_SKIPPED_BYTES)), Pos(number, 1)))
                yield ""  # the line the diagnostic is at belongs to the last chunk
                return
            # Long enough for the parser to refuse (RV100); no RV002, as the
            # cut may split a character.
            yield raw[:MAX_LINE_BYTES].decode("utf-8", errors="replace")
            continue
        if raw.endswith(b"\r"):
            raw = raw[:-1]
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            text = raw.decode("utf-8", errors="replace")
            if reported[0] < MAX_DECODING_DIAGNOSTICS:
                column = len(raw[: exc.start].decode("utf-8", errors="replace")) + 1
                problems.append(diagnostic(
                    "RV002", Msg("this line is not UTF-8 text (is this a record written by "
                                 "another program, or a binary file?)"), Pos(number, column)))
            reported[0] += 1
        if number == 1 and text.startswith("\ufeff"):
            text = text[1:]
        yield text


def _skip_rest_of_line(stream: BinaryIO, read: int) -> bool:
    """Read past the end of an over-long line, a block at a time; False when
    the line goes on past :data:`MAX_SKIPPED_BYTES`."""
    while read <= MAX_SKIPPED_BYTES:
        block = stream.readline(1 << 16)
        if not block or block.endswith(b"\n"):
            return True
        read += len(block)
    return False


# How a blank or comment-only line begins, once its indent is stripped: such
# lines go with the statement below them.
_FILLER_STARTS = frozenset(("", "#"))


def split_chunks(lines: Iterable[str], problems: list[Diagnostic] | None = None,
                 start: int = 1) -> Iterator[Chunk]:
    """The header chunk (always, possibly empty), then one chunk per deal.
    ``start`` is the number of the first line (a part of a file read on its
    own, reversis_cli/session/parts.py, begins at a deal line with an empty header).

    Memory stays bounded whatever the file holds: a chunk keeps at most
    :data:`MAX_COMMENT_LINES` comment lines (the others are read as blank
    lines, with one RV104 warning in ``problems``) and at most
    :data:`MAX_CHUNK_LINES` lines (the rest of the chunk, up to the next deal
    line, is skipped, with one RV004 error); blank lines above a chunk are
    not kept, only counted.  One loop with local names: it runs once a line.
    """
    problems = [] if problems is None else problems
    kind, first, number = "header", start, start - 1
    body: list[str] = []
    gap = 0                 # blank lines not yet given to a chunk, before the filler
    filler: list[str] = []  # comment lines from there on, and blank lines among them
    kept = pending = 0      # comment lines in body, and in filler
    warned = skipping = False
    skipped = 0             # lines skipped since RV004
    is_deal_line = _DEAL_LINE.match
    for number, line in enumerate(lines, start=start):
        if skipping and not is_deal_line(line):
            skipped += 1
            if skipped > MAX_SKIPPED_LINES:
                problems.append(_stop_skipping(number))
                break
            continue
        if not line and not filler:
            gap += 1
            continue
        if line.lstrip()[:1] in _FILLER_STARTS:  # blank or comment-only (inline: hot loop)
            if len(filler) >= MAX_CHUNK_LINES:
                problems.append(_too_many_lines(number, kind))
                skipping, gap, filler, pending = True, 0, [], 0
                continue
            if not line:
                pass
            elif kept + pending < MAX_COMMENT_LINES:
                pending += 1
            elif warned:
                line = ""
            else:  # this line is kept, to show with the warning
                problems.append(_too_many_comments(number, kind))
                warned = True
            filler.append(line)
            continue
        if is_deal_line(line):
            # Comment lines right under a deal's last statement, set apart from
            # this deal line by a blank line, stay with that deal (its trailing
            # comments, as at the end of the file).  Under the header they stay
            # the first deal's, as they always were.
            stuck, above_from = (_stuck_below_a_statement(filler) if kind == "deal" and not gap
                                 else (0, 0))
            above = filler[above_from:]
            yield Chunk(kind, first, (*body, *filler[:stuck]), number - len(above) - 1)
            kind, first, body = "deal", number - len(above), above + [line]
            kept = min(pending, sum(1 for each in above if each))
            warned, skipping, skipped = False, False, 0
        elif not (gap or filler) and len(body) < MAX_CHUNK_LINES:  # the usual line
            body.append(line)
            continue
        elif not body:  # the header's first statement: the blank lines above are not kept
            first, body, kept = number - len(filler), filler + [line], pending
        elif len(body) + gap + len(filler) >= MAX_CHUNK_LINES:
            problems.append(_too_many_lines(number, kind))
            skipping, gap, filler, pending = True, 0, [], 0
            continue
        else:
            if gap:
                body.extend([""] * gap)
            body.extend(filler)
            body.append(line)
            kept += pending
        gap, filler, pending = 0, [], 0
    if filler and not skipping:
        body.extend([""] * gap + filler)
    yield Chunk(kind, first, tuple(body), number)


def _stuck_below_a_statement(filler: list[str]) -> tuple[int, int]:
    """Of the comment and blank lines between a statement and a deal line:
    how many from the first belong above, and where those of the deal begin.
    When they begin with a comment (no blank line under the statement), the
    comments up to the last blank line belong above; else none does."""
    if not filler or not filler[0].strip():
        return 0, 0
    last_blank = next((at for at in range(len(filler) - 1, 0, -1) if not filler[at].strip()), 0)
    if not last_blank:
        return 0, 0
    end = last_blank
    while not filler[end - 1].strip():
        end -= 1
    return end, last_blank + 1


def _too_many_lines(number: int, kind: str) -> Diagnostic:
    if kind == "header":
        message = Msg("the header has more than {count} lines (a deal has about 30): the rest "
                      "of it, up to the next deal line, is skipped", count=grouped(MAX_CHUNK_LINES))
    else:
        message = Msg("this deal has more than {count} lines (a deal has about 30): the rest "
                      "of it, up to the next deal line, is skipped", count=grouped(MAX_CHUNK_LINES))
    return diagnostic("RV004", message, Pos(number, 1))


def _stop_skipping(number: int) -> Diagnostic:
    return diagnostic(
        "RV005", Msg("{count} lines skipped and still no deal line: this does not look like a "
                     "record, and reading stops here", count=grouped(MAX_SKIPPED_LINES)),
        Pos(number, 1))


def _too_many_comments(number: int, kind: str) -> Diagnostic:
    if kind == "header":
        message = Msg("more than {count} comment lines in the header: the ones after this line "
                      "are not kept, and fmt and convert will not rewrite the file",
                      count=grouped(MAX_COMMENT_LINES))
    else:
        message = Msg("more than {count} comment lines in one deal: the ones after this line "
                      "are not kept, and fmt and convert will not rewrite the file",
                      count=grouped(MAX_COMMENT_LINES))
    return diagnostic("RV104", message, Pos(number, 1))


# --- the fast path: a block at a time ---------------------------------------------------
#
# ``split_chunks(decode_lines(stream))`` runs a loop of Python once a line.  A
# deal as the simulator and fmt write it (statements and blank lines, nothing
# else) needs none of that loop's cases: its chunk is its lines from its deal
# line to the next, less the blank lines at the end.  ChunkReader cuts such
# stretches out of blocks of bytes with a few searches, and gives every other
# stretch to the line path, which stays the reference (tests/test_chunk_blocks.py).

BLOCK_BYTES = 1 << 16  # bytes read at a time
# _DEAL_LINE over bytes: at a line's start (match), and the line end before the
# next deal line (search: a literal first, which the search looks for at C
# speed).  Their case is folded for ASCII only, where _DEAL_LINE's is for any
# letter: no other character folds to one of d, e, a, l (a test holds it), and
# a UTF-8 byte of another is not ASCII.
_DEAL_LINE_AT = re.compile(rb"^[ \t]*deal(?:[ \t]|$)", re.IGNORECASE | re.MULTILINE)
_BEFORE_DEAL_LINE = re.compile(rb"\n[ \t]*+deal(?:[ \t]|$)", re.IGNORECASE | re.MULTILINE)
# A line of blanks only (after the first line): split_chunks' filler, with the comment lines.
_BLANKS_ONLY = re.compile(r"\n[^\S\n]++$", re.MULTILINE)
# The same over bytes, for ASCII text: the blanks of str's ``\s`` below 0x80 (a test holds it).
_ASCII_BLANKS_ONLY = re.compile(rb"\n[ \t\r\x0b\x0c\x1c-\x1f]++$", re.MULTILINE)
# Bytes that send a stretch to the line path: a comment, a CRLF's CR, a NUL, a BOM.
_UNUSUAL_BYTES = (b"#", b"\r", b"\x00", b"\xef\xbb\xbf")


class _Blocks:
    """A binary stream's bytes, read a block at a time and taken from the
    front: a line at a time (``readline``, the line path's) or a stretch of
    lines at a time (the fast path's).  Memory holds the bytes not yet taken
    and one block."""

    def __init__(self, stream: BinaryIO, size: int) -> None:
        # A stream that reads only lines (record/appending.py's) gives a line at a time.
        self._read = getattr(stream, "read", None) or stream.readline
        self._size = size
        try:
            self.base = stream.tell()  # the file's offset of data[0]
        except (OSError, ValueError, AttributeError):
            self.base = 0
        self.data = b""
        self.at = 0           # the first byte not yet taken
        self.complete = 0     # data[:complete] ends at a line end (or the file's)
        self.eof = False
        self.last_start = 0   # where the last line taken by readline began

    def more(self) -> bool:
        """Read another block behind the bytes not yet taken; False at the end."""
        if self.eof:
            return False
        block = self._read(self._size)
        dropped = min(self.at, self.last_start)
        data = self.data[dropped:] + block
        self.base += dropped
        self.at -= dropped
        self.last_start -= dropped
        self.data = data
        if block:
            self.complete = data.rfind(b"\n") + 1
        else:
            self.eof, self.complete = True, len(data)
        return True

    def readline(self, limit: int) -> bytes:
        """As a binary file's ``readline(limit)``."""
        self.last_start = self.at
        while True:
            end = self.data.find(b"\n", self.at, self.at + limit)
            if end >= 0:
                stop = end + 1
                break
            if len(self.data) - self.at >= limit or not self.more():
                stop = min(self.at + limit, len(self.data))
                break
        line = self.data[self.at:stop]
        self.at = stop
        return line

    def deal_stretch_end(self) -> int | None:
        """Where the lines from the deal line at ``last_start`` end: at the next
        deal line or the file's end; None when the stretch is no deal's (a line
        too long, a deal too long, no deal line at ``last_start``)."""
        begin = self.last_start
        if not _DEAL_LINE_AT.match(self.data, begin, self.complete):
            return None
        searched = begin  # from a line end on: none straddles ``complete``
        while True:
            found = _BEFORE_DEAL_LINE.search(self.data, searched, self.complete)
            if found is not None or self.eof:
                end = found.start() + 1 if found is not None else self.complete
                return end if end - begin < MAX_LINE_BYTES else None
            if self.complete - begin >= MAX_LINE_BYTES:
                return None
            searched = self.complete - 1 - begin  # the last line end, looked at again
            self.more()
            begin = self.last_start
            searched += begin


def _plain_deal(blocks: _Blocks, number: int) -> Chunk | None:
    """Fast path of split_chunks for one deal: the chunk of the deal line at
    ``blocks.last_start`` (line ``number``) when the lines up to the next deal
    line are plain (UTF-8, statements and empty lines, few enough, none too
    long), its bytes then taken; else None, and nothing taken."""
    end = blocks.deal_stretch_end()
    if end is None:
        return None
    raw = blocks.data[blocks.last_start:end]
    for unusual in _UNUSUAL_BYTES:
        if raw.find(unusual) >= 0:  # not ``in``: that first tries the bytes as an int
            return None
    chunk = _deal_chunk(raw, number)
    if chunk is not None:
        blocks.at = blocks.last_start = end
    return chunk


def _plain_deals(blocks: _Blocks, number: int) -> list[Chunk]:
    """Fast path of :func:`_plain_deal` for the deals whose bytes are all read: from the
    deal line at ``blocks.last_start`` (line ``number``), the chunks of the plain deals
    that end at a deal line within the bytes read, cut in one pass (one search for the
    unusual bytes and the deal lines a block, not a deal), their bytes then taken; it
    stops before the first deal that is not plain, or whose end is not read yet, which
    :func:`_plain_deal` reads then (an empty list: nothing taken); by
    :func:`_split_deals`, or :func:`_searched_deals` for a block whose deal lines are
    written otherwise."""
    data, start, complete = blocks.data, blocks.last_start, blocks.complete
    if not _DEAL_LINE_AT.match(data, start, complete):
        return []
    clean = complete  # the bytes before the first unusual one (a BOM is not ASCII: below)
    for unusual in _UNUSUAL_BYTES[:3]:
        at = data.find(unusual, start, clean)
        if at >= 0:
            clean = at
    last = data.rfind(b"\ndeal ", start, clean)  # the line end above the last deal line
    done = (_split_deals(data[start:last], number)
            if last > start and data.startswith(b"deal ", start) else None)
    if done is None:
        at = data.find(_UNUSUAL_BYTES[3], start, clean)
        done = _searched_deals(data, start, clean if at < 0 else at, complete, number)
    cut, end = done
    if cut:
        blocks.at = blocks.last_start = start + end
    return cut


def _split_deals(region: bytes, number: int) -> tuple[list[Chunk], int] | None:
    """:func:`_plain_deals` for ``region`` (from a deal line, line ``number``, to the line
    end above another; no unusual byte) whose deal lines all begin ``deal `` at the line's
    start: its plain deals' chunks, cut by ``split``, and their bytes' count; None when
    ``deal`` stands anywhere else in any case (a deal line written otherwise, a name), or
    the bytes are not UTF-8."""
    found, known = region.lower().count(b"deal"), region.count(b"\ndeal ") + 1  # as
    known += region.count(b" dealer ")  # _BEFORE_DEAL_LINE: ASCII folded only
    if found != known and found != known + region.count(b"misdeal") + region.count(b"redeal"):
        return None  # each "deal" is a deal line's first word, "dealer", "misdeal", "redeal"
    try:
        text = region.decode("utf-8")
    except UnicodeDecodeError:
        return None
    ascii_only = region.isascii()
    if not ascii_only and region.find(_UNUSUAL_BYTES[3]) >= 0:
        return None
    spaced = spaced_bytes(region, ascii_only)  # a deal of at most this many: SpacedLines
    new, (s_kind, s_first_line, s_lines, s_last_line) = object.__new__, _CHUNK_SETTERS
    most_lines, most_bytes, is_space = MAX_CHUNK_LINES, MAX_LINE_BYTES, str.isspace
    cut: list[Chunk] = []
    head = ""
    for piece in text.split("\ndeal "):  # a deal from its deal line's number on
        lines = piece.split("\n")  # its last, the line end above the next deal line
        count = len(lines)
        size = len(piece) + len(head) + 1  # its bytes in ASCII, else its characters:
        if not ascii_only and (size <= spaced < 4 * size or size < most_bytes <= 4 * size):
            size = deal_bytes(region, len(cut)) + len(head) + 1  # bytes, where they decide
        if count >= most_lines or size >= most_bytes or any(map(is_space, lines)):
            break  # too long, or a line of blanks: _plain_deal says so
        lines[0] = head + lines[0]
        head = "deal "
        while not lines[-1]:  # blank lines above the next deal line are not kept
            lines.pop()
        chunk = new(Chunk)  # its slots set inline: no __init__ called
        s_kind(chunk, "deal"), s_first_line(chunk, number)
        s_lines(chunk, SpacedLines(lines) if size <= spaced else tuple(lines))
        number += count
        s_last_line(chunk, number - 1)
        cut.append(chunk)
    else:  # every deal cut: the region's bytes and the line end after it
        return cut, len(region) + 1
    return cut, cut_bytes(region, len(cut))  # the deals' before the one that broke the cut


def _searched_deals(data: bytes, start: int, clean: int, complete: int, number: int
                    ) -> tuple[list[Chunk], int]:
    """:func:`_plain_deals` for any block, its deal lines searched: the
    chunks, and how many bytes from ``start`` they hold."""
    blanks = _ASCII_BLANKS_ONLY.search(data, start, clean)  # once a block, not a deal
    if blanks is not None:
        clean = blanks.start()
    cut: list[Chunk] = []
    at = start
    for found in _BEFORE_DEAL_LINE.finditer(data, start, complete):
        end = found.start() + 1  # the next deal line
        if end > clean or end - at >= MAX_LINE_BYTES:
            break  # an unusual byte, or too long a stretch: _plain_deal says so
        chunk = _deal_chunk(data[at:end], number, blanks_seen=True)
        if chunk is None:
            break
        cut.append(chunk)
        number, at = chunk.last_line + 1, end
    return cut, at - start


def _deal_chunk(raw: bytes, number: int, blanks_seen: bool = False) -> Chunk | None:
    """The chunk of a deal's bytes ``raw`` (its deal line, line ``number``, and
    the lines up to the next deal line or the file's end), free of the unusual
    bytes, when its lines are plain (UTF-8, statements and empty lines, few enough);
    else None.  ``blanks_seen``: no line of ASCII blanks found in it, enough for ASCII."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return None
    if not (blanks_seen and raw.isascii()) and _BLANKS_ONLY.search(text):
        return None
    lines = text.split("\n")
    if raw.endswith(b"\n"):
        lines.pop()  # the end of the last line, not a line
    count = len(lines)
    if count >= MAX_CHUNK_LINES:
        return None
    while not lines[-1]:  # blank lines above the next deal line are not kept
        lines.pop()
    return Chunk("deal", number, tuple(lines), number + count - 1)


class _Counted:
    """Lines passed on, counting them: ``number`` is the last one's."""

    def __init__(self, lines: Iterable[str], start: int) -> None:
        self._lines = iter(lines)
        self.number = start - 1

    def __iter__(self) -> _Counted:
        return self

    def __next__(self) -> str:
        line = next(self._lines)
        self.number += 1
        return line


class ChunkReader:
    """Fast path of ``split_chunks(lines_filter(decode_lines(stream, problems)), problems,
    start)``: the same chunks and the same problems, read a block of bytes at a time.  The
    header goes by the line path (:func:`decode_lines`, :func:`split_chunks`: its first line
    may have a BOM, ``lines_filter`` sees its lines); from a deal line with nothing above
    it, each plain deal is cut out of the block whole (:func:`_plain_deals`,
    :func:`_plain_deal`), and the line path reads any other from its deal line on, until a
    deal line again begins a chunk of its own.  ``position``: the offset of the first byte
    not yet cut.

    Under ``REVERSIS_REFERENCE=1`` (:mod:`..fastpaths`) it is that reference,
    on ``stream`` itself: no block is read, no deal cut out whole."""

    def __init__(self, stream: BinaryIO, problems: list[Diagnostic], start: int = 1,
                 lines_filter: Callable[[Iterator[str]], Iterator[str]] | None = None,
                 block_bytes: int = BLOCK_BYTES) -> None:
        self._problems = problems
        self._reported = [0]  # RV002 reported in the file, by every line path's decoder
        self._reference = stream if fastpaths.REFERENCE else None
        if self._reference is not None:
            decoded = decode_lines(stream, problems, start)
            self._chunks = split_chunks(
                decoded if lines_filter is None else lines_filter(decoded), problems, start)
            return
        self._blocks = _Blocks(stream, block_bytes)
        self._chunks = self._read(start, lines_filter)

    @property
    def position(self) -> int:
        if self._reference is not None:
            try:
                return self._reference.tell()
            except (OSError, ValueError, AttributeError):  # a pipe: no progress to show
                return 0
        return self._blocks.base + self._blocks.at

    def __iter__(self) -> Iterator[Chunk]:
        # The chunks' own generator: a loop over the reader runs no method of it a chunk.
        return self._chunks

    def __next__(self) -> Chunk:
        return next(self._chunks)

    def _read(self, number: int,
              lines_filter: Callable[[Iterator[str]], Iterator[str]] | None) -> Iterator[Chunk]:
        blocks = self._blocks
        taken = yield from self._by_lines(number, lines_filter, header=True)
        while taken is not None:
            number = taken
            while True:
                cut = _plain_deals(blocks, number)  # the deals read whole, at once
                if cut:
                    yield from cut
                    number = cut[-1].last_line + 1
                    continue
                chunk = _plain_deal(blocks, number)  # the next, read further if need be
                if chunk is None:
                    break
                yield chunk
                number = chunk.last_line + 1
            if blocks.eof and blocks.at == len(blocks.data):
                return
            taken = yield from self._by_lines(number, None, header=False)

    def _by_lines(self, number: int, lines_filter: Callable[[Iterator[str]], Iterator[str]] | None,
                  header: bool) -> Generator[Chunk, None, int | None]:
        """The line path from line ``number`` (the file's first, with the header,
        or a deal line): its chunks, up to a deal line that begins a chunk of its
        own (nothing above it) and a plain deal, that deal's chunk too, and the
        number of the line after it, where the fast path goes on; None when the
        reading ends."""
        decoded = _Counted(decode_lines(self._blocks, self._problems,  # type: ignore[arg-type]
                                        number, self._reported), number)
        fed = _Counted(decoded if lines_filter is None else lines_filter(decoded), number)
        chunks = split_chunks(fed, self._problems, number)
        if not header:
            next(chunks)  # the empty header before the deal line
        for chunk in chunks:
            yield chunk
            # At a deal line (line fed.number) with nothing above it, its bytes
            # the last read (the filter kept every line), the state of
            # split_chunks is the one it begins every deal with: the fast path
            # may go on from there.
            if chunk.last_line == fed.number - 1 and decoded.number == fed.number:
                plain = _plain_deal(self._blocks, fed.number)
                if plain is not None:
                    yield plain
                    return plain.last_line + 1
        return None
