"""Characters a reader cannot see: named in messages and shown as escapes.

A record may hold a no-break space, a stray carriage return, an escape
sequence or a NUL where it should hold a plain space or nothing.  Echoed as
they are, they make a message contradict itself ("found the end of the
line" where the line goes on) or, for an escape sequence, act on the
terminal.  Every text that echoes a record's line goes through
:func:`visible`, which writes such characters as ``\\u00a0``, ``\\r``,
``\\x1b``.
"""

from __future__ import annotations

import unicodedata

from .i18n import Msg

__all__ = ["VARIATION_SELECTORS", "describe", "escape", "first_forbidden", "is_forbidden",
           "is_invisible", "visible"]

# Names for the usual suspects; any other is named by Unicode.
_NAMES = {
    "\r": Msg("a carriage return"),
    "\n": Msg("a line feed"),
    "\x00": Msg("a NUL character"),
    "\x1b": Msg("an escape character, which starts a terminal escape sequence"),
    "\x7f": Msg("a delete character"),
    "\u00a0": Msg("a no-break space"),
    "\u202f": Msg("a narrow no-break space"),
    "\u200b": Msg("a zero-width space"),
    "\u200c": Msg("a zero-width non-joiner"),
    "\u200d": Msg("a zero-width joiner"),
    "\u2060": Msg("a word joiner"),
    "\ufeff": Msg("a byte order mark"),
}
# Kept as they are: the notation's own blanks.
_PLAIN = " \t"
# Bidirectional embeddings, overrides and isolates: they reorder what a
# terminal shows, so a line could read otherwise than it parses.
_BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


# The variation selectors a card may end with (text and emoji form of its
# suit).  They change how the suit is drawn; anywhere else they show nothing.
VARIATION_SELECTORS = "\ufe0e\ufe0f"
# Other characters that show nothing although Unicode counts them as marks:
# the other variation selectors and the combining grapheme joiner.
_UNSEEN_MARKS = frozenset(
    [chr(c) for c in (*range(0xFE00, 0xFE0E), *range(0x180B, 0x1810), *range(0xE0100, 0xE01F0))]
    + ["\u034f"])


def is_invisible(char: str) -> bool:
    """A control, format or separator character other than a space or tab, or
    a mark that is drawn as nothing (U+FE0E and U+FE0F, which end a card
    written with a suit symbol, are left as they are)."""
    if char in _PLAIN:
        return False
    return unicodedata.category(char) in ("Cc", "Cf", "Zs", "Zl", "Zp", "Co", "Cs", "Cn") \
        or char in _UNSEEN_MARKS


def is_forbidden(char: str) -> bool:
    """A character no record may hold anywhere, even in a comment or a quoted
    text: a control character (other than tab and form feed) or a bidi control."""
    if char in "\t\f":
        return False
    return unicodedata.category(char) == "Cc" or char in _BIDI_CONTROLS


def first_forbidden(text: str) -> int | None:
    """The index of the first forbidden character of ``text``, or None."""
    if text.isprintable():  # the fast path: every ordinary line
        return None
    for index, char in enumerate(text):
        if is_forbidden(char):
            return index
    return None


def escape(char: str) -> str:
    """``\\r``, ``\\x1b``, ``\\u00a0``: how a character is shown."""
    if char == "\r":
        return "\\r"
    if char == "\n":
        return "\\n"
    code = ord(char)
    if code < 0x100 and unicodedata.category(char) == "Cc":
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def describe(char: str) -> Msg:
    """``a no-break space (\\u00a0)``: a character named for a message."""
    name = _NAMES.get(char)
    if name is None:
        unicode_name = unicodedata.name(char, "")
        name = (Msg("the invisible character {name}", name=unicode_name) if unicode_name
                else Msg("a control character"))
    return Msg("{name} ({code})", name=name, code=escape(char))


def visible(text: str) -> str:
    """``text`` with every invisible character written as its escape."""
    if text.isprintable():
        return text
    return "".join(escape(ch) if is_invisible(ch) else ch for ch in text)
