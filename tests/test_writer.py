"""The writer: model → canonical .rvs text, the inverse of the reader."""

from __future__ import annotations

import pytest

from reversis_cli.convert.fmt import canonical_text, read_source, same_record
from reversis_cli.model import TrickLine
from reversis_cli.convert.canonical import canonical_deal, valid_players, write_record
from reversis_cli.notation.writer import canonical_header, quote, word_or_quote

from records import FULL, MINIMAL, TRICKS

MESSY = """\
# the marker's note, top of the sheet
players Anna Boris Vera Gleb   # in playing order
title "Gleb's \\"big\\" night"
rules classic
reversis 1
set partie_ties = split
date "26 November"
note "first"
note "second"

# deal one, written in a hurry
deal 1 dealer Gleb  # Gleb deals
  1 Anna 5H AH 9H KH
 2 Boris 3S 7S AS KS
\t3 4d kd 6d 3d
  note "candles"
  exchange Vera discards 8D takes 7D
  exchange Anna discards 8H takes 5H    # Anna first
  partie 8H 3H 8D AC
  # Boris looks
  exchange Boris refuses sees 3H
  talon 5H 3H 7D
  exchange Gleb discards AC
  hand Gleb AS 5S KH AD JD 5D 4D 2D QC 7C 6C AC
  hand Anna KS QS 9S 8S 6S 8H 4H 2H KD QD KC
  unclaimed 4 Vera
  espagnolette Vera waives
  4 Anna 9S 4S JS 5S
  5 2C QC KC JC
  6 Anna QS QH 2S AD
  7 8S 8C 5C 2D
  8 QD 9D 7D 5D
  9 6S 9C 7H 7C
  10 4H 6H JH JD > Anna
  11 Vera 4C 6C 2H 3C
  # the end   \t
"""

CANONICAL_MESSY = """\
reversis 1
title "Gleb's \\"big\\" night"
date "26 November"
note "first"
note "second"
rules classic
set partie_ties = split
# the marker's note, top of the sheet
players Anna Boris Vera Gleb  # in playing order

# deal one, written in a hurry
deal 1 dealer Gleb  # Gleb deals
  hand Anna KS QS 9S 8S 6S 8H 4H 2H KD QD KC
  hand Gleb AS 5S KH AD JD 5D 4D 2D QC 7C 6C AC
  talon 5H 3H 7D
  exchange Anna discards 8H takes 5H  # Anna first
  # Boris looks
  exchange Boris refuses sees 3H
  exchange Vera discards 8D takes 7D
  exchange Gleb discards AC
  partie 8H 3H 8D AC
  espagnolette Vera waives
  unclaimed 4 Vera
  note "candles"
   1 Anna  5H AH 9H KH
   2 Boris 3S 7S AS KS
   3 Gleb  4D KD 6D 3D
   4 Anna  9S 4S JS 5S
   5 Vera  2C QC KC JC
   6 Anna  QS QH 2S AD
   7 Anna  8S 8C 5C 2D
   8 Anna  QD 9D 7D 5D
   9 Anna  6S 9C 7H 7C
  10 Anna  4H 6H JH JD > Anna
  11 Vera  4C 6C 2H 3C
  # the end
"""


def fmt(text: str, style: str = "ascii") -> str:
    """The writer's canonical text, checked by reading it back.  (MESSY has
    errors of meaning, so ``fmt`` itself would refuse it: this is the writer.)"""
    source = read_source(text, "t.rvs")
    assert not source.blocking, source.blocking
    out = write_record(source.header, source.deals, style)
    assert same_record(source.header, source.deals, out, "t.rvs") is None
    return out


def test_a_messy_record_is_written_in_canonical_form():
    assert fmt(MESSY) == CANONICAL_MESSY


def test_comments_move_with_their_statement():
    # The comment above the first line belongs to that line (here: players).
    out = fmt(MESSY)
    assert "# the marker's note, top of the sheet\nplayers Anna" in out


def test_canonical_form_is_a_fixed_point():
    assert fmt(CANONICAL_MESSY) == CANONICAL_MESSY
    assert fmt(FULL) == canonical_text(FULL, "t.rvs").text


def test_golden_canonical_full_record(golden):
    golden("fmt-full-record.rvs", fmt(FULL))


def test_leaders_are_filled_in_from_the_replay():
    text = fmt(MINIMAL.replace("  2 Boris", "  2").replace("  11 Vera", "  11"))
    assert "\n   3 Gleb  4D KD 6D 3D\n" in text
    assert "   2 Boris 3S 7S AS KS\n" in text
    assert "  11 Vera  4C 6C 2H 3C\n" in text


def test_leaders_stay_as_written_when_the_deal_cannot_be_replayed():
    # No players line: the replay cannot tell who leads.
    text = fmt("deal 1 dealer Gleb\n" + TRICKS.replace("  2 Boris", "  2"))
    assert "   2      3S 7S AS KS\n" in text
    assert "   1 Anna 5H AH 9H KH\n" in text


def test_a_wrong_leader_or_taker_is_kept_as_written():
    text = MINIMAL.replace("  2 Boris", "  2 Vera").replace("4C 6C 2H 3C", "4C 6C 2H 3C > Anna")
    out = fmt(text)
    assert "   2 Vera 3S 7S AS KS\n" in out
    assert "  11 Vera 4C 6C 2H 3C > Anna\n" in out


def test_tricks_keep_the_order_they_were_written_in():
    text = MINIMAL.replace("  6 Anna QS QH 2S AD\n  7 Anna 8S 8C 5C 2D\n",
                           "  7 Anna 8S 8C 5C 2D\n  6 Anna QS QH 2S AD\n")
    out = fmt(text)
    assert out.index("   7 Anna") < out.index("   6 Anna")


@pytest.mark.parametrize("style, card", [("ascii", "AH"), ("unicode", "A♥"), ("ru", "Т♥")])
def test_one_spelling_of_cards(style, card):
    mixed = MINIMAL.replace("5H AH 9H KH", "5♥ Т♡ 9h K♥\ufe0f")
    out = fmt(mixed, style)
    assert f"   1 Anna  {'5H' if style == 'ascii' else '5♥'} {card} " in out
    assert fmt(out, style) == out


def test_strings_and_words_are_quoted_only_when_needed():
    assert quote('a "b" \\c') == '"a \\"b\\" \\\\c"'
    assert word_or_quote("classic") == "classic"
    assert word_or_quote("house rules.toml") == '"house rules.toml"'
    assert word_or_quote("") == '""'
    assert word_or_quote("a=b") == '"a=b"'
    text = 'title "x \\\\ \\" y"\nrules "my rules.toml"\nplayers Anna Boris Vera Gleb\n'
    source = read_source(fmt(text), "t")
    title, rules = source.header.get("title"), source.header.get("rules")
    assert title is not None and title.value == 'x \\ " y'
    assert rules is not None and rules.value == "my rules.toml"


def test_header_keeps_duplicate_lines_in_their_order():
    text = "players A1 B1 C1 D1\ntitle \"x\"\nplayers Anna Boris Vera Gleb\n"
    out = fmt(text)
    assert out == 'title "x"\nplayers A1 B1 C1 D1\nplayers Anna Boris Vera Gleb\n'


def test_every_event_kind_is_written():
    events = ("  out-of-turn Vera\n  kept Boris\n  discarded-two Gleb\n  peeked Anna\n"
              "  exposed\n  redeal paid\n  misdeal Gleb late\n  unclaimed 3\n")
    out = fmt("players Anna Boris Vera Gleb\ndeal 1 dealer Gleb\n" + events)
    assert out.split("\n")[3:] == [
        "  misdeal Gleb late", "  redeal paid", "  exposed", "  out-of-turn Vera",
        "  peeked Anna", "  kept Boris", "  discarded-two Gleb", "  unclaimed 3", ""]


def test_hands_and_exchanges_in_playing_order_from_first_hand():
    source = read_source(FULL, "t")
    deal = source.deals[0]
    scrambled = type(deal)(deal.line, tuple(reversed(deal.statements)))
    canon = canonical_deal(scrambled, valid_players(source.header))
    assert [h.player.text for h in canon.hands] == ["Anna", "Boris", "Vera", "Gleb"]
    assert [e.player.text for e in canon.exchanges] == ["Anna", "Boris", "Vera", "Gleb"]
    assert [t.number for t in canon.tricks] == list(range(11, 0, -1))
    assert isinstance(canon.statements[-1], TrickLine)


def test_columns_align_within_a_deal():
    out = fmt(MINIMAL)
    rows = [line for line in out.split("\n") if line[:4].strip().isdigit()]
    assert len(rows) == 11
    assert {len(line) for line in rows} == {len("  10 Boris 4H 6H JH JD")}
    assert {line[4] for line in rows} == {" "} and rows[-1].startswith("  11 ")


def test_header_only_and_empty_records():
    assert fmt("") == ""
    assert fmt("# just a comment\n") == "# just a comment\n"
    assert fmt("players Anna Boris Vera Gleb\n# end\n") == "players Anna Boris Vera Gleb\n# end\n"


def test_write_record_from_the_model_directly():
    source = read_source(FULL, "t")
    assert write_record(canonical_header(source.header), source.deals) == fmt(FULL)
