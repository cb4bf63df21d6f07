"""--fiche-value and --currency, the options of the settle-up in money
(``score`` and ``report``): checked as a ``set`` line's values are, then
handed to the session as ``set`` overrides."""

from __future__ import annotations

import re
from fractions import Fraction

import click

from .common import Msg, lang, option, t, usage_error
from .options import profile_usage_error

__all__ = ["money_options", "with_money"]


def _money_value(reader_name: str):
    """A click callback: the value of --fiche-value or --currency checked as a
    ``set`` line's would be, a bad one a usage error pinned on the option."""

    def check(ctx, param, value: str | None) -> str | None:
        from ..diagnostics import ProfileError  # the library: start-up time
        from ..rules import money  # the library: start-up time

        if value is not None:
            value = _decimal_comma(value) if reader_name == "read_fiche_value" else value
            try:
                getattr(money, reader_name)(value)
            except ProfileError as exc:
                raise profile_usage_error(exc, "--" + param.name.replace("_", "-")) from None
        return value

    return check


def _decimal_comma(value: str) -> str:
    """``0,5`` → ``0.5`` when the run speaks Russian, which writes a decimal
    with a comma (the settle-up prints «0,5 ₽»); the comma cannot be anything
    else there, while in English ``1,000`` would be a thousand, so English
    keeps the point alone."""
    if lang() == "ru" and _RUSSIAN_DECIMAL.fullmatch(value.strip()):
        return value.strip().replace(",", ".")
    return value


_RUSSIAN_DECIMAL = re.compile(r"[0-9]+,[0-9]+")

SESSION_FICHE_HELP = ("What one fiche is worth in money (such as 0.5): the session ends "
                      "with a settle-up, each balance in money and the fewest transfers "
                      "that settle it.")


def money_options(func=None, *, fiche_help: str = SESSION_FICHE_HELP):
    """--fiche-value and --currency: the settle-up in money (score, report;
    stats, for a period, with its own help)."""
    if func is None:
        return lambda f: money_options(f, fiche_help=fiche_help)
    func = option("--currency", "currency", metavar="CODE", callback=_money_value("read_currency"),
                  help="The currency of --fiche-value, a three-letter code such as RUB or "
                       "EUR (its minor unit rounds the amounts).")(func)
    return option("--fiche-value", "fiche_value", metavar="AMOUNT",
                  callback=_money_value("read_fiche_value"), help=fiche_help)(func)


def with_money(sets: dict[str, str], fiche_value: str | None,
               currency: str | None) -> dict[str, str]:
    """The --set overrides with --fiche-value and --currency, which come last.

    --currency alone is a usage error: it is the currency of --fiche-value
    and would change nothing (a record's own fiche value takes ``--set
    currency=CODE``).  A fiche value finer than the currency's smallest unit
    (0.01 JPY) is taken, but said: every amount in money is rounded to that
    unit (docs/decisions.md, "Issue 30: the club's reports")."""
    if currency is not None and fiche_value is None:
        raise usage_error(Msg(
            "--currency {currency} is the currency of --fiche-value: give --fiche-value too "
            "(for the fiche value a record gives, --set currency={currency})",
            currency=currency.upper()))
    if currency is not None and fiche_value is not None:
        _say_rounding(fiche_value, currency)
    given = {"fiche_value": fiche_value, "currency": currency}
    return {**sets, **{name: value for name, value in given.items() if value is not None}}


def _say_rounding(fiche_value: str, currency: str) -> None:
    from ..session.settleup import minor_digits  # the library: start-up time
    from ..rules.money import decimal_text, read_currency, read_fiche_value  # start-up time

    code = read_currency(currency)
    digits = minor_digits(code)
    value = read_fiche_value(fiche_value)
    if (value * 10 ** digits).denominator != 1:
        unit = decimal_text(Fraction(1, 10 ** digits))
        click.echo(t(Msg("reversis: a fiche is worth {value} {currency}, not a whole number of "
                         "the smallest unit of {currency} ({unit}): every amount in money is "
                         "rounded to {unit} {currency}; the fiches stay exact",
                         value=fiche_value, currency=code, unit=unit)), err=True)
