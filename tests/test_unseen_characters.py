"""Characters that look like others or like nothing are read as meant or named
in the message, never echoed raw or counted as something else (QA finding 13)."""

from __future__ import annotations

import pytest

from reversis_cli.cards import Card, lookalike_card
from reversis_cli.reader import record_from_text

from records import FULL, MINIMAL, mutate


def _diagnostics(text: str) -> list:
    with record_from_text(text, "t.rvs") as record:
        return list(record.header_diagnostics) + [
            d for deal in record.deals() for d in deal.diagnostics]


# -- fullwidth letters ---------------------------------------------------------------


@pytest.mark.parametrize("word, card", [("\uff21S", "AS"), ("\uff21\uff33", "AS"),
                                         ("\uff12S", "2S"), ("Q\uff28", "QH")])
def test_a_fullwidth_card_is_a_lookalike(word, card):
    assert lookalike_card(word) == (Card.parse(card), card)


def test_a_fullwidth_card_where_a_leader_may_stand_gets_the_lookalike_hint():
    # trick 2 is line 14, "  2 Boris 3S 7S AS KS": the first card written fullwidth
    found = _diagnostics(mutate(FULL, 14, "Boris 3S", "\uff13S"))
    assert [(d.code, d.line, d.column) for d in found] == [("RV102", 14, 5)]
    assert "fullwidth" in found[0].message and "did you mean 3S" in found[0].message


# -- variation selectors --------------------------------------------------------------


@pytest.mark.parametrize("selector", ["\ufe0e", "\ufe0f"])
def test_a_suit_symbol_with_a_variation_selector_is_the_plain_suit(selector):
    assert Card.parse(f"A\u2660{selector}") == Card.parse("AS")
    text = mutate(FULL, 14, "3S 7S AS KS", f"3\u2660{selector} 7S AS KS")
    assert _diagnostics(text) == []


@pytest.mark.parametrize("selector", ["\ufe0e", "\ufe0f", "\ufe00"])
def test_a_variation_selector_elsewhere_is_named(selector):
    found = _diagnostics(mutate(FULL, 14, "Boris 3S", f"Boris{selector} 3S"))
    assert found and found[0].code == "RV100" and found[0].column == 10
    assert f"\\u{ord(selector):04x}" in found[0].message and selector not in found[0].message


# -- a bidi control inside a name -------------------------------------------------------


def test_a_bidi_override_inside_a_name_is_named_once_not_counted_as_a_name():
    found = _diagnostics(MINIMAL.replace("Boris", "Bo\u202eris", 1))
    assert [(d.code, d.line, d.column) for d in found] == [("RV003", 1, 16)]
    assert "\\u202e" in found[0].message


def test_a_control_character_between_names_leaves_the_names_checked():
    found = _diagnostics(MINIMAL.replace(" Gleb\n", " \x1b\n", 1))
    assert {d.code for d in found if d.line == 1} == {"RV003", "RV110"}
