"""Reading a record's bytes as lines and cutting them into chunks.

A chunk is the header, or one deal: its ``deal`` line, the lines under it,
and the comment lines directly above it.  Chunks are produced lazily, so a
file of any length is read deal by deal in bounded memory.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import BinaryIO

from ..diagnostics import Diagnostic, diagnostic
from ..model import Pos

__all__ = ["Chunk", "decode_lines", "split_chunks", "MAX_COMMENT_LINES", "MAX_CHUNK_LINES",
           "MAX_LINE_BYTES", "MAX_SKIPPED_BYTES"]

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


@dataclass(frozen=True, slots=True)
class Chunk:
    kind: str          # "header" or "deal"
    first_line: int    # 1-based number of lines[0] in the file
    lines: tuple[str, ...]
    # The last line of the file this chunk stands for: past its lines when
    # lines were skipped (RV004), or blank lines after it were not kept.
    last_line: int = 0

    @property
    def end(self) -> int:
        return max(self.last_line, self.first_line + len(self.lines) - 1)


def decode_lines(stream: BinaryIO, problems: list[Diagnostic]) -> Iterator[str]:
    """UTF-8 lines without their line ends; a leading BOM is dropped.

    A line that is not valid UTF-8 is reported (RV002, at the first bad byte)
    and read with replacement characters so that the rest can still be checked.
    Only the first :data:`MAX_LINE_BYTES` bytes of a line are kept (the parser
    refuses such a line anyway); a line longer than :data:`MAX_SKIPPED_BYTES`
    stops the reading (RV005): that is no record, and /dev/zero has no end.
    """
    reported = 0
    number = 0
    while True:
        raw = stream.readline(MAX_LINE_BYTES + 1)
        if not raw:
            return
        number += 1
        if raw in _BLANK_LINES:  # cheap: a file may hold millions of them
            yield ""
            continue
        cut = len(raw) > MAX_LINE_BYTES and not raw.endswith(b"\n")
        if cut and not _skip_rest_of_line(stream, len(raw)):
            problems.append(diagnostic(
                "RV005", f"this line is longer than {MAX_SKIPPED_BYTES:,} bytes: this is not "
                "a record (is it a binary file?), and reading stops here", Pos(number, 1)))
            yield ""  # the line the diagnostic is at belongs to the last chunk
            return
        raw = raw[:MAX_LINE_BYTES].rstrip(b"\n")
        if raw.endswith(b"\r"):
            raw = raw[:-1]
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            text = raw.decode("utf-8", errors="replace")
            if reported < MAX_DECODING_DIAGNOSTICS and not cut:  # a cut may split a character
                column = len(raw[: exc.start].decode("utf-8", errors="replace")) + 1
                problems.append(diagnostic(
                    "RV002", "this line is not UTF-8 text (is this a record written by "
                    "another program, or a binary file?)", Pos(number, column)))
            reported += 1
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


def _is_filler(line: str) -> bool:
    """Blank or comment-only: such lines go with the statement below them."""
    stripped = line.lstrip()
    return not stripped or stripped[0] == "#"


def split_chunks(lines: Iterable[str],
                 problems: list[Diagnostic] | None = None) -> Iterator[Chunk]:
    """The header chunk (always, possibly empty), then one chunk per deal.

    Memory stays bounded whatever the file holds: a chunk keeps at most
    :data:`MAX_COMMENT_LINES` comment lines (the others are read as blank
    lines, with one RV104 warning in ``problems``) and at most
    :data:`MAX_CHUNK_LINES` lines (the rest of the chunk, up to the next deal
    line, is skipped, with one RV004 error); blank lines above a chunk are
    not kept, only counted.
    """
    problems = [] if problems is None else problems
    state = _Splitter(problems)
    for number, line in enumerate(lines, start=1):
        done = state.take(number, line)
        if done is not None:
            yield done
        if state.skipped > MAX_SKIPPED_LINES:
            problems.append(diagnostic(
                "RV005", f"{MAX_SKIPPED_LINES:,} lines skipped and still no deal line: this "
                "does not look like a record, and reading stops here",
                Pos(number, 1)))
            break
    yield state.finish()


class _Splitter:
    """The chunk being built: its lines, and the blank and comment lines seen
    since its last statement, which go with whatever statement comes next."""

    def __init__(self, problems: list[Diagnostic]):
        self.problems = problems
        self.kind, self.first, self.number = "header", 1, 0
        self.body: list[str] = []
        self.gap = 0               # blank lines not yet given to a chunk, before the filler
        self.filler: list[str] = []  # comment lines from there on, and blank lines among them
        self.kept = self.pending = 0  # comment lines in body, and in filler
        self.warned = self.skipping = False
        self.skipped = 0  # lines skipped since the last deal line

    def take(self, number: int, line: str) -> Chunk | None:
        self.number = number
        if not line or (self.skipping and not _DEAL_LINE.match(line)):
            if line or self.skipping:
                self.skipped += self.skipping
                return None
            if self.filler:
                self._hold(number, "")
            else:
                self.gap += 1
            return None
        if _is_filler(line):
            self._comment(number, line)
            return None
        if _DEAL_LINE.match(line):
            done = self._chunk(number - len(self.filler) - 1)
            self.kind, self.first = "deal", number - len(self.filler)
            self.body, self.kept = self.filler + [line], self.pending
            self.warned = self.skipping = False
            self.skipped = 0
        elif not self.body and self.kind == "header":  # blank lines above the first statement
            self.first = number - len(self.filler)
            self.body, self.kept, done = self.filler + [line], self.pending, None
        elif len(self.body) + self.gap + len(self.filler) >= MAX_CHUNK_LINES:
            self._overflow(number)
            return None
        else:
            self.body.extend([""] * self.gap + self.filler)
            self.body.append(line)
            self.kept, done = self.kept + self.pending, None
        self.gap, self.filler, self.pending = 0, [], 0
        return done

    def finish(self) -> Chunk:
        if self.filler and not self.skipping:
            self.body.extend([""] * self.gap + self.filler)
        return self._chunk(self.number)

    def _chunk(self, last: int) -> Chunk:
        return Chunk(self.kind, self.first, tuple(self.body), last)

    def _comment(self, number: int, line: str) -> None:
        if self.kept + self.pending >= MAX_COMMENT_LINES:
            if not self.warned:  # this line is kept, to show with the warning
                self.problems.append(_too_many_comments(number, self.kind))
            else:
                line = ""
            self.warned = True
        else:
            self.pending += 1
        self._hold(number, line)

    def _hold(self, number: int, line: str) -> None:
        if len(self.filler) >= MAX_CHUNK_LINES:
            self._overflow(number)
        else:
            self.filler.append(line)

    def _overflow(self, number: int) -> None:
        where = "the header" if self.kind == "header" else "this deal"
        self.problems.append(diagnostic(
            "RV004", f"{where} has more than {MAX_CHUNK_LINES:,} lines (a deal has about 30): "
            "the rest of it, up to the next deal line, is skipped", Pos(number, 1)))
        self.skipping = True
        self.gap, self.filler, self.pending = 0, [], 0


def _too_many_comments(number: int, kind: str) -> Diagnostic:
    where = "the header" if kind == "header" else "one deal"
    return diagnostic(
        "RV104", f"more than {MAX_COMMENT_LINES:,} comment lines in {where}: the ones "
        "after this line are not kept, and fmt and convert will not rewrite the file",
        Pos(number, 1))
