"""What the recorder needs to append to FILE safely: the size and hash of
the bytes it read (a file changed underneath is never written over), the
spelling of FILE's cards, and FILE's end made ready for a deal after it.
"""

from __future__ import annotations

import hashlib

from ..model import Deal

__all__ = ["HashedReader", "fingerprint", "card_spellings", "trailing_comments_closed_up"]


class HashedReader:
    """A file read for the reader, with the size and hash of what it gave."""

    def __init__(self, stream):
        self._stream = stream
        self._hash = hashlib.sha256()
        self._size = 0

    def readline(self, size: int = -1) -> bytes:
        data = self._stream.readline(size)
        self._hash.update(data)
        self._size += len(data)
        return data

    def read_to_end(self) -> None:
        """Read what the reader left (nothing, for a record without errors)."""
        while data := self._stream.read(1 << 16):
            self._hash.update(data)
            self._size += len(data)

    def seen(self) -> tuple[int, str]:
        return self._size, self._hash.hexdigest()

    def tell(self) -> int:
        return self._stream.tell()

    def close(self) -> None:
        self._stream.close()


def fingerprint(data: bytes) -> tuple[int, str]:
    return len(data), hashlib.sha256(data).hexdigest()


def card_spellings(deal: Deal) -> list[str]:
    """How the cards of a deal's tricks and hands are written."""
    tricks = [c.spelling for trick in deal.tricks for c in trick.cards if c.spelling]
    return tricks + [c.spelling for hand in deal.hands for c in hand.cards if c.spelling]


def trailing_comments_closed_up(data: bytes) -> bytes:
    """``data`` with the blank lines between its last statement and the
    comment lines after it taken out: comments right under a deal's last
    statement, set apart from the next deal by a blank line, are that deal's
    (docs/decisions.md, "Reading records"), so they stay the last deal's once
    a deal is appended after them."""
    lines = data.split(b"\n")
    tail = len(lines)
    while tail > 0 and _filler(lines[tail - 1]):
        tail -= 1
    if tail == 0:
        return data
    first_comment = next((at for at in range(tail, len(lines)) if lines[at].strip()), None)
    if first_comment is None or first_comment == tail:
        return data
    return b"\n".join(lines[:tail] + lines[first_comment:])


def _filler(line: bytes) -> bool:
    body = line.strip()
    return not body or body.startswith(b"#")
