"""Reading a record's bytes as lines and cutting them into chunks.

A chunk is the header, or one deal: its ``deal`` line, the lines under it,
and the comment lines directly above it.  Comment lines right under a
deal's last statement, set apart from the next deal line by a blank line,
stay with that deal (docs/decisions.md, "Reading records").  Chunks are produced lazily, so a
file of any length is read deal by deal in bounded memory.
"""

from __future__ import annotations

import re
from functools import partial
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import BinaryIO

from ..diagnostics import Diagnostic, diagnostic
from ..i18n import Msg
from ..model import Pos
from ..words import grouped

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
    read_line = partial(stream.readline, MAX_LINE_BYTES + 1)
    for number, raw in enumerate(iter(read_line, b""), start=1):
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
            if reported < MAX_DECODING_DIAGNOSTICS:
                column = len(raw[: exc.start].decode("utf-8", errors="replace")) + 1
                problems.append(diagnostic(
                    "RV002", Msg("this line is not UTF-8 text (is this a record written by "
                                 "another program, or a binary file?)"), Pos(number, column)))
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
