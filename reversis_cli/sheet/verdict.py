"""What a score sheet that departs from the rules is told: the message of
``check``'s RV317 and RV318, which ``arbitrate`` and the report print too,
and the note under ``score``'s session table.

A sheet is read against the sheet before it (:mod:`reversis_cli.sheet.reconcile`):
what it carries, from the deal where that arose, and what it adds, in this
deal or, with no sheet between, somewhere in the deals since.  Only what it
adds is "in this deal" (docs/decisions.md).
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import TYPE_CHECKING

from ..i18n import Figure, Msg, t, tr
from ..settle.payments import POOL, party_of
from ..words import listed

if TYPE_CHECKING:  # loaded where a deal has a tally line (render/score.py reads this module)
    from .reconcile import Part, Span, TallyCheck

__all__ = ["sheet_verdict", "sheet_sentence", "tally_figures", "departures_note",
           "signed_figure"]

Amount = int | Fraction


def sheet_verdict(check: TallyCheck, unsettled: tuple[int, ...] = ()) -> tuple[str, Msg]:
    """The code and the message of a sheet that departs from the rules: RV317
    when it adds a difference of its own, RV318 when it only carries earlier
    ones (some of them perhaps set right)."""
    if check.new:
        code = "RV317"
        added = _added(check)
        if check.carried:
            message = Msg("the score sheet carries {carried} and adds {added}",
                          carried=_carried_list(check), added=added)
        else:
            message = Msg("the score sheet departs from the rules {added}", added=added)
    else:
        code = "RV318"
        message = _carried_only(check)
    if check.set_right:
        message = Msg("{message}; set right since the sheet before: {figures}",
                      message=message, figures=listed([
                          Msg("{name} (it was {before})", name=party_of(party),
                              before=signed_figure(before))
                          for party, before in check.set_right.items()]))
    imbalance = check.imbalance
    if imbalance:
        total, expected = check.adds_up_to
        message = Msg("{message}; the sheet does not add up: its four figures and the pool "
                      "come to {total} where they should come to {expected} (a slip in the "
                      "sheet's arithmetic)",
                      message=message, total=Figure(total), expected=Figure(expected))
    earlier = [n for n in unsettled if n < check.deal]
    if earlier:
        message = Msg("{message}; the rules' totals leave out deal {deal}, which has errors",
                      message=message, deal=earlier[0])
    return code, message


def sheet_sentence(check: TallyCheck, unsettled: tuple[int, ...] = ()) -> str:
    """What ``check`` says of a sheet (RV317 or RV318), as a sentence for a
    reader of ``arbitrate`` or the report; or that it agrees."""
    if check.agrees:
        return tr("It agrees with the rules' running totals.")
    said = t(sheet_verdict(check, unsettled)[1])
    return said[:1].upper() + said[1:] + "."


def _added(check: TallyCheck) -> Msg:
    """What the sheet adds, by the deals where it may lie: ``in this deal:
    Boris -181 on the sheet, -182 by the rules (+1)``."""
    said = [Msg("{where}: {figures}", where=_where(part.span),
                figures=_figures(check, part.figures)) for part in check.new]
    out = said[0]
    for more in said[1:]:
        out = Msg("{first}; and {next}", first=out, next=more)
    return out


def _where(span: Span | None) -> Msg:
    """Where a difference a sheet adds arose: this deal, or a run of deals with
    no sheet between, any of which may hold the slip."""
    if span is None:  # the deals before were not compared
        return Msg("in this deal or one before it")
    if span.one_deal:
        return Msg("in this deal")
    if span.after is not None:
        return Msg("somewhere in deals {first}–{last} (no score sheet between deal "
                   "{sheet}'s and this one)", first=span.first, last=span.last,
                   sheet=span.after)
    return Msg("somewhere in deals {first}–{last} (no score sheet before this one)",
               first=span.first, last=span.last)


def _carried_list(check: TallyCheck) -> Msg:
    """``deal 2's difference (Anna +1, Vera -1)``, for each deal (or run of
    deals) whose difference the sheet carries."""
    return listed([_origin(part) for part in check.carried])


def _origin(part: Part) -> Msg:
    figures = listed([Msg("{name} {difference}", name=party_of(party),
                          difference=signed_figure(difference))
                      for party, difference in part.figures.items()])
    span = part.span
    assert span is not None, "a carried difference comes from a sheet before"
    if span.one_deal:
        return Msg("deal {deal}'s difference ({figures})", deal=span.last, figures=figures)
    return Msg("the difference from deals {first}–{last} ({figures})", first=span.first,
               last=span.last, figures=figures)


def _carried_only(check: TallyCheck) -> Msg:
    if len(check.carried) > 1:
        return Msg("the score sheet carries {carried}", carried=_carried_list(check))
    (part,) = check.carried
    span = part.span
    assert span is not None, "a carried difference comes from a sheet before"
    figures = _figures(check, part.figures)
    if span.one_deal:
        return Msg("the score sheet carries a difference from the rules that began in deal "
                   "{deal}: {figures}", deal=span.last, figures=figures)
    return Msg("the score sheet carries a difference from the rules that began somewhere in "
               "deals {first}–{last}: {figures}", first=span.first, last=span.last,
               figures=figures)


def tally_figures(check: TallyCheck) -> Msg:
    """Each figure of a sheet that differs: the sheet's, the rules', the difference."""
    figures: dict[str, Amount] = dict(check.differences)
    if check.pool_difference:
        figures[POOL] = check.pool_difference
    return _figures(check, figures)


def _figures(check: TallyCheck, parties: dict[str, Amount]) -> Msg:
    """The sheet's figure, the rules' and the difference of each of ``parties``
    (with the difference the sheet before had, when it changed)."""
    said = [_figure(check, party, difference) for party, difference in parties.items()]
    out = said[0]
    for more in said[1:]:
        # Not words.listed's "{first}, {next}": each figure holds a comma of its
        # own, and a language may part them with something stronger (Russian: «;»).
        out = Msg("{figures}, {more}", figures=out, more=more)
    return out


def _figure(check: TallyCheck, party: str, difference: Amount) -> Msg:
    if party == POOL:
        sheet, rules = check.line.pool or 0, check.pool_rules
    else:
        sheet, rules = check.sheet[party], check.rules.get(party, 0)
    said = {"sheet": signed_figure(sheet), "rules": signed_figure(rules),
            "difference": signed_figure(difference)}
    before = check.before.get(party)
    if before is not None and party == POOL:
        return Msg("the pool {sheet} on the sheet, {rules} by the rules ({difference}; "
                   "it was {before})", before=signed_figure(before), **said)
    if before is not None:
        return Msg("{name} {sheet} on the sheet, {rules} by the rules ({difference}; "
                   "it was {before})", name=party, before=signed_figure(before), **said)
    if party == POOL:
        return Msg("the pool {sheet} on the sheet, {rules} by the rules ({difference})",
                   **said)
    return Msg("{name} {sheet} on the sheet, {rules} by the rules ({difference})", name=party,
               **said)


def signed_figure(amount: Amount | None) -> Figure:
    """A balance in a sentence, written in the reader's language when shown:
    ``+7``, ``-5/2`` (``−2½`` in Russian); JSON keeps the English."""
    return Figure(amount or 0, signed=True)


def departures_note(checks: Iterable[TallyCheck | None]) -> Msg | None:
    """The note under a session table of sheets: the deals (or runs of deals
    with no sheet between) where the sheet added a difference; None when it
    added none."""
    spans = sorted({(part.span.first, part.span.last) for check in checks
                    if check is not None for part in check.new if part.span is not None})
    if not spans:
        return None
    said = ", ".join(str(last) if first == last else f"{first}–{last}"
                     for first, last in spans)
    if all(first == last for first, last in spans):
        return Msg("≠ the score sheet differs from the rules; it departed from them in "
                   "deal {deals}", deals=said)
    # a run of deals without a sheet: the slip may be in any of them
    return Msg("≠ the score sheet differs from the rules; it departed from them in deals "
               "{deals} (with no sheet between, the slip may be in any deal of a range)",
               deals=said)
