"""A deal's lines whose blanks are known to be spaces (the block reader's, for the fast path).

``notation/chunks.py`` cuts the usual deal out of a block of bytes whole
(``_split_deals``); when that block is ASCII and holds no blank but the space
and the line end, and the deal is shorter than a line may be, it gives the
deal's lines as :class:`SpacedLines`.  The fast path (``FastPath.read_deal``)
then reads a trick or exchange line by its words without first asking
``str.isprintable`` and the line's length: each word it reads must be one it
knows (no control character is in one), and ``str.split`` has then split the
line at spaces only, as the expression would.  Any other tuple of lines is
checked line by line, as before.
"""

from __future__ import annotations

__all__ = ["SpacedLines", "OTHER_ASCII_BLANKS", "SPACED_BYTES"]

# The ASCII characters other than the space and the line end that ``str.split``
# splits at (and \r, which the block reader sends to the line path): a block holding
# none of them, its lines ASCII, has no blank but the space (a test holds the list).
OTHER_ASCII_BLANKS = (b"\t", b"\x0b", b"\x0c", b"\x1c", b"\x1d", b"\x1e", b"\x1f")

# A deal's stretch of bytes (its lines and their ends) of at most this many has no line
# longer than fastpath.MAX_LINE_LENGTH (4000: a test holds it).
SPACED_BYTES = 4001


class SpacedLines(tuple[str, ...]):
    """A deal's lines, ASCII, no blank in them but the space, each at most
    ``fastpath.MAX_LINE_LENGTH`` characters long; equal to the same lines in a tuple."""

    __slots__ = ()
