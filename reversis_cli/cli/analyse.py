"""``reversis analyse``: what each card cost, proven (issue 32).

Parses its options, calls :func:`reversis_cli.analyse.analyse_deal` for each
deal of each record, prints its views or its JSON (docs/output.md,
"reversis-analysis/1").  What it asks for that cannot be (a player nobody
called so, a deal the record does not have, a trick outside 1 to 11) is a
diagnostic pinned on the option, RV531 to RV534, exit status 2.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from .common import (
    EXIT_INPUT_ERRORS, EXIT_INTERNAL, EXIT_OK, EXIT_USAGE, Msg, command, option, report, t,
)
from .options import (
    cards_option, check_profile_options, files_argument, input_files, json_option, open_session,
    profile_options,
)
from .consoles import table_console
from ..values import Value, setattr_frozen

__all__ = ["analyse_command", "DEFAULT_START"]

# The library's ``analyse.DEFAULT_START``, named here so that the option's default needs no
# import of the library at start-up; tests/test_analyse_samples.py holds the two equal.
DEFAULT_START = 8


class AnalyseOptions(Value):
    """What a run of ``analyse`` was asked for."""

    __slots__ = _fields = ("deal_number", "player", "from_trick", "decisions", "as_json",
                           "rules", "sets", "cards", "many")
    deal_number: int | None
    player: str | None
    from_trick: int
    decisions: bool
    as_json: bool
    rules: str | None
    sets: dict[str, str]
    cards: str
    many: bool

    def __init__(self, deal_number: int | None, player: str | None, from_trick: int,
                 decisions: bool, as_json: bool, rules: str | None, sets: dict[str, str],
                 cards: str, many: bool) -> None:
        for name, value in zip(self._fields, (deal_number, player, from_trick, decisions,
                                              as_json, rules, sets, cards, many), strict=True):
            setattr_frozen(self, name, value)


@command("analyse")
@files_argument
@option("--deal", "deal_number", type=click.IntRange(min=1), help="Only this deal.")
@option("--player", metavar="NAME",
        help="Only this player's decisions and findings (the value trace still shows all four).")
@option("--from-trick", "from_trick", type=int, default=DEFAULT_START, show_default=True,
        metavar="TRICK",
        help="Analyse from this trick (1 to 11); each trick earlier costs about ten times the "
             "time.")
@option("--decisions/--no-decisions", default=None,
        help="Show the table of every decision and its legal cards (default: with --deal or "
             "--player).")
@json_option(help="Print the analysis as JSON (reversis-analysis/1, described in "
                  "docs/output.md) instead of tables.")
@profile_options
@cards_option
def analyse_command(inputs: tuple[str, ...], deal_number: int | None, player: str | None,
                    from_trick: int, decisions: bool | None, as_json: bool, rules: str | None,
                    sets: dict[str, str], style: str) -> None:
    """What each card cost: every decision from a trick on, each legal card's
    guaranteed net and its net if everyone plays for himself, and the cards that
    cost their player fiches.

    FILES are records, folders (every .rvs file in them), quoted patterns or
    - for standard input.
    """
    from ..replay.rules_of_play import TRICKS_PER_DEAL  # the library: start-up time

    if not 1 <= from_trick <= TRICKS_PER_DEAL:
        _refuse("RV533", Msg("--from-trick {trick}: a deal has tricks 1 to 11 (the default is "
                             "{default})", trick=from_trick, default=DEFAULT_START),
                "--from-trick")
    files = input_files(inputs)
    if deal_number is not None and len(files) > 1:
        _refuse("RV534", Msg("--deal picks a deal of one file; name a single file"), "--deal")
    check_profile_options(rules, sets)
    if player is not None:
        _check_player(files, player, rules, sets)
    options = AnalyseOptions(deal_number, player, from_trick,
                             decisions if decisions is not None
                             else deal_number is not None or player is not None,
                             as_json, rules, sets, style.lower(), len(files) > 1)
    out = None if as_json else _Tables(table_console())
    outcomes = [_analyse_file(path, options, out) for path in files]
    if as_json:
        _print_json(outcomes, options)
    if any(o.internal_error for o in outcomes):
        sys.exit(EXIT_INTERNAL)
    sys.exit(EXIT_INPUT_ERRORS if any(o.errors for o in outcomes) else EXIT_OK)


def _refuse(code: str, message: Msg, option_name: str):
    """A command-line problem as a diagnostic on its option; exit status 2."""
    from ..diagnostics import Diagnostic  # the library: start-up time

    report([Diagnostic(code, message, file=option_name)])
    sys.exit(EXIT_USAGE)


def _check_player(files: list[Path], player: str, rules: str | None,
                  sets: dict[str, str]) -> None:
    """``--player`` must name a player of every file (RV531, on the first that
    has nobody so called); a file whose header cannot be read is left to its
    diagnostics."""
    for path in files:
        if str(path) == "-":
            continue  # standard input is read once, by the analysis
        with open_session(str(path), rules, sets) as session:
            players, name = session.players, session.name
        if players and player not in players:
            _refuse("RV531", _nobody_called(player, name, players), "--player")


def _nobody_called(player: str, name: str, players: tuple[str, ...]) -> Msg:
    from ..words import close_words  # difflib: only after a slip

    folded = [p for p in players if p.casefold() == player.casefold()]
    meant = folded or close_words(player, list(players))
    if meant:
        return Msg("nobody called {player} plays in {name}; did you mean {meant}?",
                   player=player, name=name, meant=meant[0])
    return Msg("nobody called {player} plays in {name}; the players are {names}",
               player=player, name=name, names=", ".join(players))


class _Tables:
    """Standard output's console, which says the clubs' caveat once, above the
    first deal it shows (a run that shows none says nothing)."""

    def __init__(self, console) -> None:
        self.console = console
        self.caveat_said = False

    def print(self, *objects) -> None:
        if not self.caveat_said:
            from ..render.analyse import caveat_view  # the library: start-up time

            self.caveat_said = True
            self.console.print(caveat_view())
            self.console.print()
        self.console.print(*objects)


class FileOutcome:
    """What one file came to: its JSON object (with --json), its counts."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.json: dict = {}
        self.deals = 0
        self.errors = 0
        self.warnings = 0
        self.provable = 0
        self.likely = 0
        self.internal_error: str | None = None


def _analyse_file(path: Path, options: AnalyseOptions, out) -> FileOutcome:
    """One record, every deal (or ``--deal``) analysed; a bug in it is said
    with the file's name and the next file is analysed."""
    from ..reader import display_name  # the library: start-up time

    outcome = FileOutcome(display_name(path))
    try:
        _analyse_session(path, options, outcome, out)
    except BrokenPipeError:
        raise
    except Exception as exc:  # noqa: BLE001 -- a bug: name the file, carry on
        from ..score.json import internal_error_text  # the library: start-up time

        outcome.internal_error = internal_error_text(exc)
        outcome.json = {"format": "reversis-analysis/1", "source": outcome.name,
                        "internal_error": outcome.internal_error}
        click.echo(t(Msg("reversis: internal error while analysing {name} ({error}); please "
                         "report it with this file", name=outcome.name,
                         error=outcome.internal_error)), err=True)
    return outcome


def _analyse_session(path: Path, options: AnalyseOptions, outcome: FileOutcome,
                     out) -> None:
    from ..analyse import analyse_deal  # the library: start-up time
    from ..analyse.jsonout import deal_analysis_json, session_head_json  # the library: start-up
    from ..render.layout import Line  # the library: start-up time

    with open_session(str(path), options.rules, options.sets) as session:
        outcome.errors += _diagnostics(session.diagnostics, options, out)
        if not session.settleable:
            outcome.json = {"format": "reversis-analysis/1", "source": session.name,
                            "diagnostics": [d.to_json() for d in session.diagnostics]}
            return
        profile = session.profile
        assert profile is not None  # settleable: the session has a profile
        players = session.players
        seat = players.index(options.player) if options.player in players else None
        if options.player is not None and seat is None:  # standard input, not checked before
            _refuse("RV531", _nobody_called(options.player, session.name, players),
                    "--player")
        outcome.json = session_head_json(session.name, profile, players, options.from_trick,
                                         options.player)
        deals = outcome.json["deals"] = []
        for scored in session.deals(only=options.deal_number):
            checked = scored.checked
            outcome.errors += _diagnostics(checked.diagnostics, options, out)
            outcome.warnings += sum(not d.is_error for d in checked.diagnostics)
            analysis = analyse_deal(scored, profile, from_trick=options.from_trick)
            outcome.deals += 1
            mine = [f for f in analysis.findings if seat is None or f.seat == seat]
            outcome.provable += sum(f.grade == "provable" for f in mine)
            outcome.likely += sum(f.grade == "likely" for f in mine)
            if out is None:
                deals.append({**deal_analysis_json(analysis, seat),
                              "diagnostics": [d.to_json() for d in checked.diagnostics]})
            else:
                if outcome.deals == 1 and options.many:
                    out.print(Line(session.name, "bold underline"))
                _print_deal(out, analysis, scored, options, seat)
        if session.diagnostics:
            outcome.json["diagnostics"] = [d.to_json() for d in session.diagnostics]
        if options.deal_number is not None and not outcome.deals:
            _refuse("RV532", Msg("{name} has no deal {number}", name=session.name,
                                 number=options.deal_number), "--deal")


def _diagnostics(diags, options: AnalyseOptions, out) -> int:
    """Report ``diags`` on stderr (tables) or keep them for the JSON; the errors."""
    if options.as_json:
        return sum(d.is_error for d in diags)
    return report(diags)


def _print_deal(out, analysis, scored, options: AnalyseOptions, seat: int | None) -> None:
    from ..render.analyse import analysis_view  # the library: start-up time

    deal = scored.checked.deal
    out.print(analysis_view(analysis, asked_from=options.from_trick, cards=options.cards,
                            dealer=deal.dealer.text if deal is not None else None, only=seat,
                            decisions=options.decisions))
    out.print()


def _print_json(outcomes: list[FileOutcome], options: AnalyseOptions) -> None:
    if not options.many:
        sys.stdout.write(_file_text(outcomes[0].json))
        return
    summary = [{"source": o.name, "deals": o.deals, "errors": o.errors,
                "warnings": o.warnings, "provable": o.provable, "likely": o.likely,
                **({"internal_error": o.internal_error} if o.internal_error else {})}
               for o in outcomes]
    sys.stdout.write('{\n"format": "reversis-analysis-batch/1",\n"files": [\n'
                     + ",\n".join(_file_text(o.json).rstrip("\n") for o in outcomes)
                     + "\n],\n" + f'"summary": {_dumps(summary)}\n}}\n')


def _file_text(data: dict) -> str:
    """A file's object: the top level indented, each deal one line (as ``score --json``)."""
    lines = []
    for key, value in data.items():
        if key == "deals":
            inner = ",\n".join("    " + _dumps(deal) for deal in value)
            lines.append(f'  "deals": [\n{inner}\n  ]' if value else '  "deals": []')
        else:
            lines.append(f"  {_dumps(key)}: {_dumps(value)}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


def _dumps(value) -> str:
    return json.dumps(value, ensure_ascii=False)
