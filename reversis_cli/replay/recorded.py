"""What a deal's ``paid`` and ``tally`` lines may say, checked alone.

These lines record what the table paid and wrote on its score sheet
(docs/notation.md, "What the table paid").  Here they are held only to the
notation's own sense: the names are the players' (or the pool), nobody pays
himself, the rule and the trick exist, a sheet gives each player one figure.
Whether the figures agree with the rules is the settlement's question, asked
later; a line in error here is never compared.
"""

from __future__ import annotations


from ..amounts import shown
from ..diagnostics import Diagnostic, diagnostic
from ..i18n import Msg
from ..model import POOL_WORD, Deal, Name, PaidLine, TallyLine
from ..rules.texts import RULE_TEXTS
from ..values import replace
from .result import TRICKS_PER_DEAL

__all__ = ["recorded_problems", "INTO_POOL_RULES"]

# The rules whose payments go into the pool (a stake, a restake, a remise):
# the pool never pays them.
INTO_POOL_RULES = ("POOL-1", "POOL-2", "POOL-3")


def recorded_problems(deal: Deal, players: tuple[str, ...]) -> list[Diagnostic]:
    """Every problem of the deal's ``paid`` and ``tally`` lines, in line order."""
    tallies, paid = deal.of_type(TallyLine), deal.of_type(PaidLine)
    if not tallies and not paid:
        return []  # most deals: nothing to sort
    problems: list[Diagnostic] = []
    for tally in tallies:
        problems.extend(_tally_problems(tally, players))
    for later in tallies[1:]:
        first = tallies[0].pos
        problems.append(diagnostic(
            "RV308", Msg("a second tally line in this deal; the sheet after the deal is "
                         "written once, at line {line}", line=first.line),
            later.pos, related=((first, Msg("first written here")),)))
    for line in paid:
        problems.extend(_paid_problems(line, players))
    problems.sort(key=lambda d: (d.line or 0, d.column or 0))
    return [_in_deal(d, deal.number) for d in problems]


def _in_deal(found: Diagnostic, number: int) -> Diagnostic:
    return replace(found, deal=number)


def _players_text(players: tuple[str, ...]) -> str:
    return ", ".join(players)


# --- tally -----------------------------------------------------------------------------


def _tally_problems(tally: TallyLine, players: tuple[str, ...]) -> list[Diagnostic]:
    problems = []
    seen: dict[str, Name] = {}
    for entry in tally.entries:
        name = entry.name
        if name.text not in players:
            problems.append(diagnostic("RV311", Msg(
                "{name} is not one of the players ({players}): a tally gives the totals of "
                "the four players", name=name.text, players=_players_text(players)), name.pos))
        elif name.text in seen:
            first = seen[name.text]
            problems.append(diagnostic("RV312", Msg(
                "{name} has a second figure on this tally line, the first at column {column}: "
                "the sheet gives each player one total", name=name.text, column=first.pos.column),
                name.pos, related=((first.pos, Msg("first figure here")),)))
        else:
            seen[name.text] = name
    unknown = any(d.code == "RV311" for d in problems)
    missing = [p for p in players if p not in seen]
    if missing and not unknown:  # an unknown name is most likely the missing one misspelt
        problems.append(diagnostic("RV312", Msg(
            "this tally leaves out {names}: the sheet gives each of the four players a total "
            "(0 included)", names=", ".join(missing)), tally.pos))
    return problems


# --- paid ------------------------------------------------------------------------------


def _paid_problems(line: PaidLine, players: tuple[str, ...]) -> list[Diagnostic]:
    problems = []
    for name in (line.payer, line.payee):
        if name.text != POOL_WORD and name.text not in players:
            problems.append(diagnostic("RV313", Msg(
                "{name} is not one of the players ({players}); the pool is written pool",
                name=name.text, players=_players_text(players)), name.pos))
    problems.extend(_who_pays_whom(line))
    if line.rule is not None and line.rule not in RULE_TEXTS:
        problems.append(diagnostic("RV315", _unknown_rule(line.rule), line.rule_pos or line.pos))
    if line.trick is not None and not 1 <= line.trick <= TRICKS_PER_DEAL:
        problems.append(diagnostic("RV316", Msg(
            "there is no trick {number}: a deal's tricks are numbered 1 to {last}",
            number=_short_number(line.trick), last=TRICKS_PER_DEAL),
            line.trick_pos or line.pos))
    return problems


def _who_pays_whom(line: PaidLine) -> list[Diagnostic]:
    """RV314: a payment that goes nowhere, or a payment into the pool made by it."""
    if line.payer.text == line.payee.text:
        message = (Msg("the pool does not pay itself: a payment goes from a player to the "
                       "pool, from the pool to a player, or between two players")
                   if line.payer_is_pool else
                   Msg("{name} is written as payer and as payee: nobody pays himself",
                       name=line.payer.text))
        return [diagnostic("RV314", message, line.payee.pos)]
    if line.rule in INTO_POOL_RULES and not line.payee_is_pool:
        where = line.payer if line.payer_is_pool else line.payee
        return [diagnostic("RV314", Msg(
            "{rule} is a payment into the pool (a stake or a remise): the pool is its payee, "
            "never its payer", rule=line.rule), where.pos)]
    return []


def _unknown_rule(rule: str) -> Msg:
    if rule.upper() in RULE_TEXTS:
        return Msg("rule ids are written in capitals: write {known}, not {rule}",
                   known=rule.upper(), rule=rule)
    return Msg("there is no rule {rule}: a rule id is one of those of 'reversis rules', "
               "such as ACE-2 or PARTIE-4", rule=rule)


def _short_number(number: int) -> str:
    return shown(str(number))
