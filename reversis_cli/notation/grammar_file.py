"""Finding and compiling ``reversis.lark``.

The grammar sits at the top of a checkout (``grammar/``), and an installed
wheel carries it inside the package (``reversis_cli/grammar/``, put there by
hatchling's force-include).  An editable install sees only the checkout, so
the loader tries the packaged copy first and falls back to the checkout.
"""

from __future__ import annotations

import functools

from ..i18n import Msg
from ..grammar_source import grammar_keywords, grammar_text

START_RULES = ("session", "header", "deal_chunk", "deal_body")


class CommentSink:
    """Collects the comments the lexer skips, for the parse under way."""

    def __init__(self) -> None:
        self.tokens: list = []

    def __call__(self, token):
        self.tokens.append(token)
        return token


@functools.lru_cache(maxsize=1)
def parser():
    """The LALR parser, built once per process, with the builder inline (no
    parse tree is made); returns (Lark, CommentSink, Builder)."""
    # start-up time: lark (and the builder, made of lark classes) load only
    # when a record is parsed, not for --help or the rules commands.
    from lark import Lark

    from .builder import Builder  # start-up time: imports lark, see above

    sink, builder = CommentSink(), Builder()
    lark = Lark(
        grammar_text(),
        parser="lalr",
        lexer="contextual",
        start=list(START_RULES),
        transformer=builder,
        lexer_callbacks={"COMMENT": sink},
        # Lark keeps the analysed grammar in the temp folder, keyed by the
        # grammar's hash: start-up drops from ~0.12 s to ~0.02 s.
        cache=True,
    )
    return lark, sink, builder


@functools.lru_cache(maxsize=1)
def tree_parser():
    """The same grammar building a parse tree (for tests and tools)."""
    from lark import Lark  # start-up time: lark is heavy, loaded only to parse

    return Lark(grammar_text(), parser="lalr", lexer="contextual", start=list(START_RULES),
                cache=True)


@functools.lru_cache(maxsize=1)
def keywords() -> frozenset[str]:
    """Every keyword of the notation (a player may not be named like one), read
    from the grammar's text: no parser is built for it (``tests/test_architecture.py``
    holds it to the compiled grammar's)."""
    return grammar_keywords()


def terminal_text(name: str) -> str:
    """How an expected terminal reads in a message (a message: equal to its
    English text, so that it sorts and compares as that text)."""
    described = {
        "NAME": Msg("a player's name"), "CARDS": Msg("a card"), "INT": Msg("a number"),
        "STRING": Msg('a text in quotes ("…")'), "WORD": Msg("a value"),
        "_NL": Msg("the end of the line"), "$END": Msg("the end of the file"),
        "RULE_ID": Msg("a rule id such as ACE-2"),  # the paid lines of issue 11
    }
    if name in described:
        return described[name]
    lark, _, _ = parser()
    for t in lark.terminals:
        if t.name == name and t.pattern.type == "str":
            return Msg("'{keyword}'", keyword=t.pattern.value)
    return name.lower()
