"""A deal's lines whose blanks are known to be spaces (the block reader's, for the fast path).

``notation/chunks.py`` cuts the usual deal out of a block of bytes whole
(``_split_deals``); when that block holds no blank but the space and the line
end (none of ``OTHER_ASCII_BLANKS``, and beyond ASCII none that
:func:`has_other_blank` finds; cards written ♠♥♦♣ or in Russian are none), and
the deal is shorter than a line may be, it gives the deal's lines as
:class:`SpacedLines`.  The fast path (``FastPath.read_deal``)
then reads a trick or exchange line by its words without first asking
``str.isprintable`` and the line's length: each word it reads must be one it
knows (no control character is in one), and ``str.split`` has then split the
line at spaces only, as the expression would.  Any other tuple of lines is
checked line by line, as before.
"""

from __future__ import annotations

import functools
import re

__all__ = ["SpacedLines", "OTHER_ASCII_BLANKS", "SPACED_BYTES", "NON_ASCII_BLANKS",
           "has_other_blank", "spaced_bytes", "deal_bytes", "cut_bytes"]

# The ASCII characters other than the space and the line end that ``str.split``
# splits at (and \r, which the block reader sends to the line path): a block holding
# none of them, its lines ASCII, has no blank but the space (a test holds the list).
OTHER_ASCII_BLANKS = (b"\t", b"\x0b", b"\x0c", b"\x1c", b"\x1d", b"\x1e", b"\x1f")

# The characters beyond ASCII that ``str.split`` splits at (a test holds the list
# against every code point): a next line, the no-break, Ogham, typographic, line,
# paragraph, narrow, mathematical and ideographic spaces.
NON_ASCII_BLANKS = ("\x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007"
                    "\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000")
# Their UTF-8 bytes: C2, E1 or E3 first (rare bytes), or E2 then 80 or 81.  Asked
# first by ``bytes.find`` at C speed (memchr), the expression only when one is there:
# E2 begins the suits ♠♥♦♣ too (E2 99 ..., no byte 80 or 81), and Russian letters have
# no E2 (80 and 81 are frequent in them), so that a record whose cards are written
# either way is asked no more than those finds.


@functools.cache
def _non_ascii_blank() -> re.Pattern[bytes]:
    """The expression of :data:`NON_ASCII_BLANKS`' UTF-8 bytes, compiled at its first
    use (a third of a millisecond, which a record in ASCII never pays)."""
    return re.compile(b"|".join(re.escape(blank.encode()) for blank in NON_ASCII_BLANKS))


def has_other_blank(region: bytes) -> bool:
    """Whether the UTF-8 bytes ``region`` hold a blank beyond ASCII (one of
    :data:`NON_ASCII_BLANKS`)."""
    find = region.find
    if find(b"\xc2") < 0 and find(b"\xe1") < 0 and find(b"\xe3") < 0 and (
            find(b"\xe2") < 0 or find(b"\x80") < 0 and find(b"\x81") < 0):
        return False  # no byte any of them begins with
    return _non_ascii_blank().search(region) is not None


# A deal's stretch of bytes (its lines and their ends) of at most this many has no line
# longer than fastpath.MAX_LINE_LENGTH (4000: a test holds it).
SPACED_BYTES = 4001


def spaced_bytes(region: bytes, ascii_only: bool) -> int:
    """How many bytes a deal of the block reader's ``region`` (UTF-8; ``ascii_only``:
    its ``isascii()``) may hold and have SpacedLines: :data:`SPACED_BYTES` when no
    blank but the space and the line end is in it, else 0 (none has)."""
    if any(region.find(blank) >= 0 for blank in OTHER_ASCII_BLANKS):
        return 0
    return SPACED_BYTES if ascii_only or not has_other_blank(region) else 0


# The block reader's region beyond ASCII (chunks._split_deals): its deals are counted in
# characters, each 1 to 4 bytes, which bound a deal's bytes; these count them where the
# bounds do not decide (a deal of 1,000 characters or more), or a deal broke the cut.
_DEAL_LINE_END = b"\ndeal "
# The last region counted and its deals' bytes, as one pair (a reader in another thread
# replaces the pair whole, never half of it): a region is split once, however many of
# its deals ask (the region is held until the next: no other can take its identity).
_COUNTED: list[tuple[bytes | None, list[int]]] = [(None, [])]


def _deal_sizes(region: bytes) -> list[int]:
    seen, sizes = _COUNTED[0]
    if seen is not region:
        sizes = list(map(len, region.split(_DEAL_LINE_END)))
        _COUNTED[0] = (region, sizes)
    return sizes


def deal_bytes(region: bytes, index: int) -> int:
    """The bytes of deal ``index`` (from 0) of ``region``: a deal line's first word at
    its start, the others' after each ``\\ndeal ``."""
    return _deal_sizes(region)[index]


def cut_bytes(region: bytes, deals: int) -> int:
    """The bytes of the first ``deals`` deals of ``region`` and the line end after
    each (``\\n`` and the next deal's ``deal `` are 6 bytes: the first has no ``deal `` of
    its own counted, its deal line's first word being in its own bytes)."""
    if not deals:
        return 0
    return sum(_deal_sizes(region)[:deals]) + 6 * deals - 5


class SpacedLines(tuple[str, ...]):
    """A deal's lines, no blank in them but the space, each at most
    ``fastpath.MAX_LINE_LENGTH`` characters long; equal to the same lines in a tuple."""

    __slots__ = ()
