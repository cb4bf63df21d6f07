"""``reversis explain`` and ``reversis arbitrate``: one deal, looked at closely.

As in every command module, the library is imported inside the command
functions, for start-up time.
"""

from __future__ import annotations

import sys

import click

from .consoles import table_console
from .common import EXIT_INPUT_ERRORS, EXIT_OK, Msg, command, option, report, t, usage_error
from .options import (
    apply_sets, cards_option, check_profile_options, file_argument, load_rules_option,
    open_session, profile_options, rules_option, set_option,
)

__all__ = ["explain_command", "arbitrate_command"]


@command("explain")
@file_argument
@option("--deal", "deal_number", type=click.IntRange(min=1), required=True,
        help="The deal to explain.")
@profile_options
@cards_option
def explain_command(file: str, deal_number: int, rules: str | None, sets: dict[str, str],
                    style: str) -> None:
    """Explain one deal: each card's effect, the partie, the tie-breaks, other readings."""
    from ..arbiter.explain import explain_in  # the library: start-up time
    from ..render.explain import render_explanation  # brings rich: start-up time

    check_profile_options(rules, sets)
    with open_session(file, rules, sets) as session:
        errors = report(session.diagnostics)
        if not session.settleable:
            sys.exit(EXIT_INPUT_ERRORS)
        explanation = explain_in(session, deal_number)
    if explanation is None:
        raise usage_error(Msg("{name} has no deal {number}", name=session.name,
                              number=deal_number))
    report(explanation.scored.checked.diagnostics)
    if explanation.scored.settlement is None:
        click.echo(t(Msg("deal {number} has errors and cannot be settled", number=deal_number)),
                   err=True)
        sys.exit(EXIT_INPUT_ERRORS)
    table_console().print(render_explanation(explanation, style.lower()))
    sys.exit(EXIT_INPUT_ERRORS if errors else EXIT_OK)


@command("arbitrate")
@file_argument
@option("--deal", "deal_number", type=click.IntRange(min=1), required=True,
        help="The deal to rule on.")
@rules_option(help="Rule on it under this profile.")
@option("--compare", metavar="PROFILE|FILE",
        help="Set the ruling beside the one under this profile.")
@set_option(help="An option of the other reading (with --compare, of that profile).")
@option("--no-quotes", is_flag=True, help="Leave out the quoted source paragraphs.")
@cards_option
def arbitrate_command(file: str, deal_number: int, rules: str | None, compare: str | None,
                      sets: dict[str, str], no_quotes: bool, style: str) -> None:
    """Rule on one deal: the facts, the rules with their sources, the payments."""
    from ..arbiter.ruling import NoSuchDeal, compare_in, rule_in  # the library: start-up time
    from ..sheet.figures import figures_of_ruling  # the library: start-up time
    from ..render.arbitrate import (  # rich: start-up time
        render_comparison, render_ruling, render_table_and_rules,
    )

    if rules is not None:
        load_rules_option(rules)
    with open_session(file, rules, {}) as session:
        errors = report(session.diagnostics)
        if not session.settleable:
            sys.exit(EXIT_INPUT_ERRORS)
        profile = session.profile
        assert profile is not None  # settleable: the session has a profile
        other = _other_reading(profile, compare, sets)
        try:
            # one reading of the record: with --compare, the session's own
            # ruling is the comparison's first side
            comparison = compare_in(session, deal_number, other) if other else None
            ruling = comparison.a if comparison else rule_in(session, deal_number)
        except NoSuchDeal:
            raise usage_error(Msg("{name} has no deal {number}", name=session.name,
                              number=deal_number)) from None
    errors += report(ruling.scored.checked.diagnostics)
    figures = figures_of_ruling(file, ruling)  # the record read again: only with paid/tally lines
    out = table_console()  # a pipe gets no trailing spaces
    out.print(render_ruling(ruling, quote=not no_quotes, cards=style.lower()))
    if figures is not None:
        out.print(render_table_and_rules(figures, style.lower()))
    if comparison is not None:
        label_b = (compare or profile.name) + "".join(f", {k}={v}" for k, v in sets.items())
        out.print(render_comparison(comparison, profile.name, label_b))
    sys.exit(EXIT_INPUT_ERRORS if errors else EXIT_OK)


def _other_reading(profile, compare: str | None, sets: dict[str, str]):
    """The profile of --compare / --set, or None when neither is given."""
    if compare is None and not sets:
        return None
    base = load_rules_option(compare, option="--compare") if compare else profile
    return apply_sets(base, sets)
