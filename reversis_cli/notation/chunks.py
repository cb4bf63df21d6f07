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

__all__ = ["Chunk", "decode_lines", "split_chunks", "MAX_COMMENT_LINES"]

# In any case: a "Deal" line still begins a deal (the parser then says that
# keywords are lower case) instead of running into the deal above it.
_DEAL_LINE = re.compile(r"[ \t]*deal(?:[ \t]|$)", re.IGNORECASE)
MAX_DECODING_DIAGNOSTICS = 5
# Comment lines a chunk keeps; a long note to the record is far shorter.
MAX_COMMENT_LINES = 1000
_BLANK_LINES = frozenset((b"\n", b"\r\n", b""))


@dataclass(frozen=True, slots=True)
class Chunk:
    kind: str          # "header" or "deal"
    first_line: int    # 1-based number of lines[0] in the file
    lines: tuple[str, ...]


def decode_lines(stream: BinaryIO | Iterable[bytes], problems: list[Diagnostic]) -> Iterator[str]:
    """UTF-8 lines without their line ends; a leading BOM is dropped.

    A line that is not valid UTF-8 is reported (RV002, at the first bad byte)
    and read with replacement characters so that the rest can still be checked.
    """
    reported = 0
    for number, raw in enumerate(stream, start=1):
        if raw in _BLANK_LINES:  # cheap: a file may hold millions of them
            yield ""
            continue
        if raw.endswith(b"\n"):
            raw = raw[:-1]
        if raw.endswith(b"\r"):
            raw = raw[:-1]
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            text = raw.decode("utf-8", errors="replace")
            if reported < MAX_DECODING_DIAGNOSTICS:
                column = len(raw[: exc.start].decode("utf-8", errors="replace")) + 1
                problems.append(diagnostic(
                    "RV002", "this line is not UTF-8 text (is this a record written by "
                    "another program, or a binary file?)", Pos(number, column)))
            reported += 1
        if number == 1 and text.startswith("\ufeff"):
            text = text[1:]
        yield text


def _is_filler(line: str) -> bool:
    """Blank or comment-only: such lines go with the statement below them."""
    stripped = line.lstrip()
    return not stripped or stripped[0] == "#"


def split_chunks(lines: Iterable[str],
                 problems: list[Diagnostic] | None = None) -> Iterator[Chunk]:
    """The header chunk (always, possibly empty), then one chunk per deal.

    A chunk keeps at most :data:`MAX_COMMENT_LINES` comment lines; the others
    are read as blank lines, with one RV104 warning in ``problems`` (memory
    stays bounded whatever the file holds).
    """
    kind, first = "header", 1
    body: list[str] = []
    filler: list[str] = []  # blank and comment lines not yet given to a chunk
    kept = pending = 0      # comment lines in body, and in filler
    warned = False
    number = 0
    for number, line in enumerate(lines, start=1):
        if not line:
            filler.append(line)
            continue
        if _is_filler(line):
            if kept + pending >= MAX_COMMENT_LINES:
                if warned:
                    line = ""
                elif problems is not None:  # this line is kept, to show with the warning
                    problems.append(_too_many_comments(number, kind))
                warned = True
            else:
                pending += 1
            filler.append(line)
            continue
        if _DEAL_LINE.match(line):
            yield Chunk(kind, first, tuple(body))
            kind, first, body = "deal", number - len(filler), filler + [line]
            kept, warned = pending, False
        else:
            body.extend(filler)
            body.append(line)
            kept += pending
        filler, pending = [], 0
    body.extend(filler)
    yield Chunk(kind, first, tuple(body))


def _too_many_comments(number: int, kind: str) -> Diagnostic:
    where = "the header" if kind == "header" else "one deal"
    return diagnostic(
        "RV104", f"more than {MAX_COMMENT_LINES:,} comment lines in {where}: the ones "
        "after this line are not kept, and fmt and convert will not rewrite the file",
        Pos(number, 1))
