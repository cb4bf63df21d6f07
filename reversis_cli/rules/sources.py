"""The two Russian source texts, quoted by paragraph reference.

docs/rules.md cites its sources as **C¶n** (the n-th non-empty line of
``classic-ru.txt``) and **M¶n** (of ``modern-ru.txt``).  The package carries
byte-exact copies of both files in ``rules/sources/`` so an installed wheel
can quote the original Russian; they are read with :mod:`importlib.resources`
once and cached.

A reference is ``C¶20``, or a range ``C¶9-10`` (an en dash ``C¶9–10`` is
accepted too), whose text is its paragraphs joined by newlines::

    >>> paragraph("C¶20")[:9]
    'Платежи. '
    >>> parse_refs("C¶22 (read with M¶13); C¶9–10")
    ['C¶22', 'M¶13', 'C¶9-10']

Every lookup of something that is not there (a paragraph past the end of a
text, a letter other than C or M, a rule id or option without an entry)
raises :class:`SourceRefError`, a :class:`KeyError` whose message says what
exists instead.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache
from importlib import resources

from .profile import OPTIONS
from .texts import RULE_TEXTS

__all__ = [
    "SOURCE_FILES", "SourceRefError", "paragraph", "paragraphs", "paragraph_count",
    "expand_ref", "parse_refs", "sources_for_rule", "sources_for_option",
]

#: The letter of a reference and the packaged file it points into.
SOURCE_FILES = {"C": "classic-ru.txt", "M": "modern-ru.txt"}

# One reference: letter, pilcrow, number, and optionally a dash and a second number.
_REF = re.compile(r"\b([A-Za-z])\s*¶\s*(\d+)(?:\s*[-–—]\s*(\d+))?")


class SourceRefError(KeyError):
    """A reference, rule or option with no source text; ``str()`` is the message."""

    def __str__(self) -> str:  # KeyError would show the repr of its argument
        return str(self.args[0]) if self.args else ""


@cache
def paragraphs(letter: str) -> tuple[str, ...]:
    """Every paragraph of one text (``"C"`` or ``"M"``), stripped; index 0 is ¶1."""
    if letter not in SOURCE_FILES:
        raise SourceRefError(f"there is no source text {letter!r}: the sources are "
                             + " and ".join(f"{k} ({v})" for k, v in SOURCE_FILES.items()))
    data = resources.files(__package__) / "sources" / SOURCE_FILES[letter]
    text = data.read_text(encoding="utf-8")
    return tuple(line.strip() for line in text.splitlines() if line.strip())


def paragraph_count(letter: str) -> int:
    """How many paragraphs (non-empty lines) text ``letter`` has."""
    return len(paragraphs(letter))


def _split(ref: str) -> tuple[str, int, int]:
    """``"C¶9-10"`` → ``("C", 9, 10)``; a single paragraph has first == last."""
    match = _REF.fullmatch(ref.strip())
    if match is None:
        raise SourceRefError(f"{ref!r} is not a source reference: write C¶n or M¶n "
                             "(or a range such as C¶9-10)")
    letter, first, last = match.group(1), int(match.group(2)), match.group(3)
    last = int(last) if last is not None else first
    count = len(paragraphs(letter))  # raises for an unknown letter
    name = SOURCE_FILES[letter]
    if first < 1 or last > count:
        raise SourceRefError(f"{ref.strip()} is not in {name}: it has {count} paragraphs "
                             f"(non-empty lines), {letter}¶1 to {letter}¶{count}")
    if last < first:
        raise SourceRefError(f"{ref.strip()} is a range that runs backwards; "
                             f"write {letter}¶{last}-{first}")
    return letter, first, last


def expand_ref(ref: str) -> list[str]:
    """The single-paragraph references a reference covers: ``C¶9-10`` → C¶9, C¶10."""
    letter, first, last = _split(ref)
    return [f"{letter}¶{n}" for n in range(first, last + 1)]


def paragraph(ref: str) -> str:
    """The Russian text of ``ref``: one paragraph, or a range joined by newlines."""
    letter, first, last = _split(ref)
    return "\n".join(paragraphs(letter)[first - 1:last])


def parse_refs(text: str) -> list[str]:
    """Every reference in ``text``, in order, normalised (``C¶9–10`` → ``C¶9-10``).

    Words around the references are ignored: ``"C¶26; M¶16-17"`` and
    ``"C¶22 (read with M¶13)"`` both give two references.  Only the shape is
    checked here; :func:`paragraph` says whether a reference exists.
    """
    refs = []
    for match in _REF.finditer(text):
        letter, first, last = match.group(1), match.group(2), match.group(3)
        refs.append(f"{letter}¶{int(first)}" + (f"-{int(last)}" if last else ""))
    return refs


def _quoted(refs: Iterable[str]) -> list[tuple[str, str]]:
    return [(ref, paragraph(ref)) for ref in refs]


def sources_for_rule(rule_id: str) -> list[tuple[str, str]]:
    """``(ref, Russian text)`` for each source of a rule id of ``RULE_TEXTS``."""
    entry = RULE_TEXTS.get(rule_id)
    if entry is None:
        raise SourceRefError(f"there is no rule {rule_id!r}; the rule ids are "
                             + ", ".join(RULE_TEXTS))
    return _quoted(ref for source in entry.sources for ref in parse_refs(source))


def sources_for_option(name: str) -> list[tuple[str, str]]:
    """``(ref, Russian text)`` for each source of a rule option of ``OPTIONS``."""
    option = OPTIONS.get(name)
    if option is None:
        raise SourceRefError(f"there is no rule option {name!r}; the options are "
                             + ", ".join(OPTIONS))
    return _quoted(parse_refs(option.sources))
