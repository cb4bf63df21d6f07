"""Who may see the table: the join code, the cookie it earns, and the
slowing down of a device that guesses.

The code is six digits, printed when the server starts (``--code`` fixes it).
A request that brings the right code (``?code=`` or the join form) gets a
cookie naming its role (marker, watcher, verifier) and a keyed hash of that
role, the record's path and the code: the server keeps nothing, so a phone
keeps its place across a restart with the same code, and a new code (a
restart without ``--code``) shuts out every cookie of the old one.

A device that sends wrong codes waits: from the fourth wrong code in a row,
twice as long each time (1 s, 2 s, 4 s ... up to 5 minutes) during which
every code it sends, the right one too, is refused.  The clock is given, so
that the tests need not wait.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field

__all__ = ["Access", "ROLES", "new_code", "valid_code"]

ROLES = ("marker", "watcher", "verifier")
COOKIE = "reversis_table"
FREE_TRIES = 3
LONGEST_WAIT = 300.0


def new_code() -> str:
    return f"{secrets.randbelow(10 ** 6):06d}"


def valid_code(text: str) -> bool:
    return len(text) == 6 and text.isascii() and text.isdigit()


@dataclass
class _Guesses:
    wrong: int = 0
    until: float = 0.0


@dataclass
class Access:
    """The code of one table and the devices that guessed wrong."""

    code: str
    place: str  # the record's real path: a cookie of another table is no key here
    clock: Callable[[], float] = time.monotonic
    _guesses: dict[str, _Guesses] = field(default_factory=dict)

    def token(self, role: str) -> str:
        digest = hmac.new(self.code.encode(), f"{role}|{self.place}".encode(),
                          hashlib.sha256).hexdigest()
        return f"{role}.{digest}"

    def role_of(self, cookie: str | None) -> str | None:
        """The role a cookie was given, or None: no cookie, or not this table's."""
        if not cookie or "." not in cookie:
            return None
        role = cookie.split(".", 1)[0]
        if role in ROLES and hmac.compare_digest(cookie, self.token(role)):
            return role
        return None

    def wait_left(self, device: str) -> float:
        """Seconds this device must still wait before a code is looked at."""
        guesses = self._guesses.get(device)
        return max(0.0, guesses.until - self.clock()) if guesses else 0.0

    def try_code(self, device: str, code: str) -> bool:
        """Whether ``code`` is the table's; a wrong one counts against the device,
        and while it waits nothing is looked at."""
        if self.wait_left(device) > 0:
            return False
        if hmac.compare_digest(code.strip().encode(), self.code.encode()):
            self._guesses.pop(device, None)
            return True
        guesses = self._guesses.setdefault(device, _Guesses())
        guesses.wrong += 1
        if guesses.wrong > FREE_TRIES:
            wait = min(LONGEST_WAIT, 2.0 ** (guesses.wrong - FREE_TRIES - 1))
            guesses.until = self.clock() + wait
        if len(self._guesses) > 10_000:  # bounded: the oldest guessers are forgotten
            self._guesses.pop(next(iter(self._guesses)))
        return False
