"""``reversis simulate``: write a legal session of random deals, seeded.

Like the other commands it parses its options, calls one library function
(:func:`reversis_cli.simulate.simulate_session`) and writes what it returns;
as in every command module, the library is imported only when the command
runs, for start-up time.

The text goes to stdout (also with ``-o -``), or with ``-o FILE`` to a
temporary file in FILE's folder that replaces FILE only once the session is
complete, so an interrupted run never leaves half a record behind; FILE is
checked before any deal is made.  Exit status: 0 written, 2 a wrong
command line (a bad ``--rules`` profile, an output that cannot be written).
"""

from __future__ import annotations

import math
import os
import sys
from pathlib import Path

import click

from .common import Count, EXIT_OK, Msg, command, option, t
from .guards import STDOUT, refuse_output, write_output
from .options import card_style_option, load_rules_option

__all__ = ["simulate_command"]

BATCH = 256  # deals per write


def _rules_value(rules: str, output: str | None) -> str:
    """The value of the header's ``rules`` line.

    A house profile's path is written relative to the record's folder (that is
    where ``reversis score`` looks for it); on stdout, as given.  A path that is
    not a bare word is quoted.
    """
    from ..rules import BUILTIN_PROFILES  # the library: start-up time

    if rules in BUILTIN_PROFILES:
        return rules
    value = rules
    if output is not None:
        folder = Path(output).resolve().parent
        value = os.path.relpath(Path(rules).resolve(), folder)
        value = value.replace(os.sep, "/")
    return value


class Rate(click.ParamType):
    """A chance between 0 and 1, written as a decimal number (0.05, 1, .5).

    click's FloatRange lets ``nan`` through (no comparison with it is true) and
    shows ``1e400`` as ``inf``: this type refuses both, quoting what was typed.
    """

    name = "rate"

    def convert(self, value, param, ctx) -> float:
        if isinstance(value, float):
            return value
        try:
            rate = float(value)
        except ValueError:
            self.fail(t(Msg("{value} is not a number: write a chance between 0 and 1, "
                            "such as 0.05", value=repr(value))), param, ctx)
        if not math.isfinite(rate) or not 0.0 <= rate <= 1.0:
            self.fail(t(Msg("{value} is not a chance between 0 and 1 (such as 0.05)",
                            value=repr(value))), param, ctx)
        return rate


def _check_rules(rules: str) -> None:
    """A bad profile is a usage error (exit 2), with the profile's own message."""
    load_rules_option(rules)


def _batched(parts, size: int = BATCH):
    batch: list[str] = []
    for part in parts:
        batch.append(part)
        if len(batch) >= size:
            yield "".join(batch).encode("utf-8")
            batch = []
    if batch:
        yield "".join(batch).encode("utf-8")


def _check_output(output: str | None, rules: str) -> None:
    """The output is checked before any deal is made: never the --rules file,
    and a file that can be written (a usage error otherwise)."""
    from ..rules import BUILTIN_PROFILES  # the library: start-up time

    refuse_output(output, [] if rules in BUILTIN_PROFILES else [rules], lambda source: Msg(
        "{output} is the rule profile given with --rules {rules}; write the session to "
        "another file", output=output, rules=source))


@command("simulate")
@option("--deals", type=click.IntRange(min=1), required=True,
        help="How many deals to write.")
@option("--seed", type=int, default=0, show_default=True,
        help="The random seed: the same seed and options give the same file.")
@option("--rules", default="classic", show_default=True, metavar="PROFILE|FILE",
        help="The rule profile written in the header: classic, modern or a TOML file.")
@option("-o", "--output", metavar="FILE",
        help="Write to FILE (replaced whole, only once complete) instead of stdout; - is "
             "stdout.")
@option("--events", type=Rate(), default=None, metavar="RATE",
        help="Chance that a regular deal (one --irregular leaves alone) is forced to "
             "a reversis made or broken or an espagnolette  [default: 0.05]")
@option("--irregular", type=Rate(), default=0.0, metavar="RATE",
        show_default=True,
        help="Chance that a deal is made irregular: a misdeal, an exposed card, a peek, "
             "a revoke ... (1: every deal).")
@card_style_option(default="ascii")
@option("--hands", is_flag=True, help="Also write the hands as dealt, talon and partie.")
@option("--tricks-only", is_flag=True,
        help="Leave out the exchange lines (the tricks alone, as at a table).")
def simulate_command(deals: int, seed: int, rules: str, output: str | None,
                     events: float | None, irregular: float, style: str, hands: bool,
                     tricks_only: bool) -> None:
    """Write a legal session of DEALS random deals, seeded and reproducible.

    Players play a plausible game (they try not to take points); rare events
    are forced now and then.  With the default --events, about one deal in 22
    holds a reversis made or broken and one in 27 an espagnolette; the quinola
    placed (one in 4), forced and led, and aces placed in the last tricks (one
    in 9) come up in ordinary play (measured by tests/perf/rates.py).  The output passes
    `reversis check` (a simulated revoke, with --irregular, is a warning).
    """
    # the library: start-up time
    from ..simulate import DEFAULT_EVENT_RATE, SimulationOptions, simulate_session

    _check_rules(rules)
    if output == STDOUT:
        output = None  # as without -o
    _check_output(output, rules)
    rate = DEFAULT_EVENT_RATE if events is None else events
    command = f"reversis simulate --deals {deals} --seed {seed}"
    if events is not None:
        command += f" --events {events:g}"
    if irregular:
        command += f" --irregular {irregular:g}"
    if style.lower() != "ascii":
        command += f" --cards {style.lower()}"
    command += " --hands" * hands + " --tricks-only" * tricks_only
    options = SimulationOptions(
        deals, seed, _rules_value(rules, output), events=rate, irregular=irregular,
        card_style=style.lower(), write_hands=hands, write_exchanges=not tricks_only,
        comments=(f"written by {command}",))
    parts = simulate_session(options)
    if output is None:
        stream = sys.stdout.buffer
        for data in _batched(parts):
            stream.write(data)
        stream.flush()
    else:
        write_output(output, _batched(parts))
        click.echo(t(Msg("wrote {deals} to {output} (seed {seed})", output=output, seed=seed,
                         deals=Count(deals, "{n} deal", "{n} deals"))), err=True)
    sys.exit(EXIT_OK)
