"""A player's name is letters in any script, with the combining marks some
scripts write as characters of their own (QA finding 6)."""

from __future__ import annotations

import re
import unicodedata

import pytest

from reversis_cli.notation.parse import parse_deal
from reversis_cli.vocabulary import NAME

from records import FULL, codes_of

# Names whose letters carry a combining mark written as a character of its own.
NAMES = [
    "Zoe\u0308",         # Zoë, decomposed: e + COMBINING DIAERESIS
    "अनिल",              # Hindi: the vowel sign ि is a combining mark
    "সুমন",              # Bengali
    "முருகன்",           # Tamil, ending in a virama
    "สมชาย",             # Thai
    "שָׂרָה",              # Hebrew with its points
    "مُحَمَّد",            # Arabic with its vowel marks
    "Јо\u0301ван",       # Cyrillic with a combining acute
]


@pytest.mark.parametrize("name", NAMES)
def test_a_name_with_combining_marks_is_a_name(name):
    assert NAME.fullmatch(name)
    assert codes_of(FULL.replace("Gleb", name)) == []


@pytest.mark.parametrize("name", NAMES)
def test_the_fast_path_reads_such_a_name_as_lark_does(name):
    lines = FULL.replace("Gleb", name).split("\n")[1:]
    fast = parse_deal(list(lines), 2, fast=True)
    slow = parse_deal(list(lines), 2, fast=False)
    assert fast == slow and fast[0] is not None and fast[0].dealer.text == name


def test_a_name_still_begins_with_a_letter():
    assert not NAME.fullmatch("\u0308Zoe")
    found = codes_of(FULL.replace("Gleb", "\u0308Gleb", 1))
    assert found and found[0][:2] == ("RV100", 1)


def test_a_mark_with_no_letter_before_it_is_named_not_echoed():
    from reversis_cli.reader import record_from_text

    with record_from_text(FULL.replace("Gleb", "\u0308Gleb", 1)) as record:
        message = record.header_diagnostics[0].message
    assert "combining diaeresis (\\u0308)" in message and "\u0308" not in message


@pytest.mark.parametrize("mark", ["\u034f", "\ufe0f", "\ufe0e", "\u180b"])
def test_invisible_marks_are_no_part_of_a_name(mark):
    assert not NAME.fullmatch(f"Gl{mark}eb")


def _beyond_words() -> list[str]:
    """The characters the name class takes beyond letters, digits, _ and -."""
    rest = re.compile(NAME.pattern[len("[^\\W\\d_]"):-1])
    word = re.compile(r"[\w\-]")
    return [chr(c) for c in range(0x10000) if rest.fullmatch(chr(c)) and not word.match(chr(c))]


def test_the_class_adds_only_combining_marks():
    added = _beyond_words()
    assert added
    others = [f"U+{ord(c):04X}" for c in added
              if not unicodedata.category(c).startswith("M") and unicodedata.category(c) != "Cn"]
    assert not others


# The class lists the marks of Unicode 14 (Python 3.11's tables), and whole
# blocks of marks with room to grow.  Later versions of Unicode placed a few new
# marks of the BMP outside those ranges; the class leaves them out on every
# Python alike (the grammar is the same everywhere).  Measured with the tables
# of Python 3.12 (Unicode 15.0), 3.13 (15.1) and unicodedata2 16.0 and 17.0.
MARKS_AFTER_UNICODE_14 = {
    "\u0cf3": "15.0",  # KANNADA SIGN COMBINING ANUSVARA ABOVE RIGHT
    "\u0ece": "15.0",  # LAO YAMAKKAN
    "\u0897": "16.0",  # ARABIC PEPET
}


def test_the_class_holds_every_visible_combining_mark_of_the_bmp():
    """Run against the running Python's own Unicode tables, whatever their
    version: a mark it knows is in the class, or invisible, or one of the marks
    listed above as newer than Unicode 14.  A later Unicode that adds another
    mark fails here, naming it, until it is added to the class or to the list."""
    added = set(_beyond_words())
    invisible = {"\u034f", "\u180b", "\u180c", "\u180d", "\u180f"} | {
        chr(c) for c in range(0xFE00, 0xFE10)}
    missing = [chr(c) for c in range(0x10000)
               if unicodedata.category(chr(c)).startswith("M")
               and chr(c) not in added and chr(c) not in invisible]
    unknown = [f"U+{ord(c):04X} {unicodedata.name(c, '?')}" for c in missing
               if c not in MARKS_AFTER_UNICODE_14]
    assert not unknown, f"Unicode {unicodedata.unidata_version}: marks outside the class: {unknown}"
    # On Python 3.11 (Unicode 14) the listed marks are not assigned yet.
    running = _version(unicodedata.unidata_version)
    for mark, version in MARKS_AFTER_UNICODE_14.items():
        if running < _version(version):
            assert unicodedata.category(mark) == "Cn", mark


def _version(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in text.split("."))


def test_a_name_composed_otherwise_is_named_as_such():
    """Zoë with one character ë on the players line, e + U+0308 in a deal: the
    two look the same, so the error says what differs."""
    from reversis_cli.reader import record_from_text

    text = FULL.replace("Gleb", "Zo\u00eb", 1).replace("Gleb", "Zoe\u0308")
    with record_from_text(text) as record:
        found = [d for deal in record.deals() for d in deal.diagnostics]
    assert found and {d.code for d in found} == {"RV112"}
    assert "looks like Zo\u00eb" in found[0].message and "combining" in found[0].message
