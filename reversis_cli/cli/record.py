"""``reversis record FILE``: record a session at the table, card by card.

The command parses its options, opens a :class:`~reversis_cli.record.Recorder`
and hands it to the plain mode (:func:`reversis_cli.record.plain.run_plain`),
or to the full-screen application (``reversis_cli.record.tui.run_app(recorder,
cards)``) when standard input and output are a terminal, or when Textual's
web driver is set (``textual-serve`` runs the command for a browser, its
pipes carrying the browser's keys and screen: the full screen, never the line
mode, which would wait for lines that never come and keep FILE's lock).
Textual, a dependency, is missing only from a broken install: then line by
line, said.  Textual is imported only in that branch, so the other commands
start as fast as before.
Exit status: 0 stopped normally, 1 the record has errors or cannot be
written or another recorder holds it, 2 a wrong command line (``record -``),
130 Ctrl-C (the deal in progress is in its draft).  The recorder holds
FILE's lock until the command ends.
"""

from __future__ import annotations

import importlib
import os
import sys
from pathlib import Path

import click

from ..invisible import visible
from .common import (
    EXIT_INPUT_ERRORS, EXIT_OK, FilePath, Msg, argument, bad_parameter, command, console, option,
    report, t, tr,
)
from .options import card_style_option, load_rules_option, shown_cards

__all__ = ["record_command"]


@command("record")
@argument("file", type=FilePath(dir_okay=False))
@option("--plain", is_flag=True,
        help="Line by line instead of full screen (chosen anyway when standard input "
             "is not a terminal, unless textual-serve runs the command).")
@option("--players", metavar="A,B,C,D", help="The four players of a new record, in playing "
                                             "order, separated by commas.")
@option("--rules", metavar="PROFILE", help="The rule profile of a new record: classic, modern "
                                           "or a TOML file.")
@option("--dealer", metavar="NAME", help="Who deals first in a new record.")
@option("--title", help="The title of a new record.")
@option("--date", help="The date of a new record.")
@option("--place", help="Where a new record is played.")
@option("--pot", metavar="AMOUNT", help="The pool before deal 1 of a new record, in fiches (90, "
                                        "5/2): its pot line. Without it, the pool the last "
                                        "evening in the folder left is offered.")
@option("--archive", "archive", metavar="FILE",
        help="Offer a new record the pool the latest session of this archive left, rather than "
             "the last record in the folder.")
@card_style_option(default=None, help="How to write cards: in the deals appended (default: as "
                                       "most of the record's cards are written; a new record: "
                                       "ru under --lang ru, else ascii) and on the screen "
                                       "(default: unicode).")
def record_command(file: str, plain: bool, players: str | None, rules: str | None,
                   dealer: str | None, title: str | None, date: str | None, place: str | None,
                   pot: str | None, archive: str | None, style: str | None) -> None:
    """Record a session at the table into FILE, checking every card as it is typed.

    A new FILE is started; an existing one is continued after its last deal.
    The deal in progress is kept in a draft beside FILE after every line, and
    offered for resuming at the next start.

    Line by line, each line is a line of the notation (a trick as its cards in
    playing order, or any other statement of a deal) or a word of the mode:
    undo, change N PLAYER CARD (or change N OLD NEW), end, reopen N,
    explain [N], quit.
    """
    from ..record import RecordRefused, Recorder, Setup, check_folder  # the library: start-up time

    if file == "-":
        raise bad_parameter(Msg("record writes into a file, so FILE cannot be '-' (standard "
                                "input): name the record, e.g. night.rvs"), param_hint="FILE")
    if plain and _in_browser():
        raise bad_parameter(Msg("textual-serve sends the browser's keys, not lines: record "
                                "there on the full screen, without --plain"),
                            param_hint="--plain")
    style = style.lower() if style else None
    shown = shown_cards(style)  # how the screen and the tables spell cards
    names = tuple(n.strip() for n in players.split(",")) if players else ()
    if players is not None and (len(names) != 4 or not all(names)):
        raise bad_parameter(Msg("four names separated by commas, in playing order"),
                            param_hint="--players")
    if names and dealer is not None and dealer not in names:
        raise bad_parameter(Msg("{name} is not one of the players ({players})", name=dealer,
                                players=", ".join(names)), param_hint="--dealer")
    if rules is not None:
        load_rules_option(rules)  # a profile that cannot be read: a usage error, exit 2
    pot = _pot_option(pot)
    new = not Path(file).exists()
    if pot is not None and not new:  # the deals written were settled from the pot they read
        raise bad_parameter(Msg("--pot is the pot of a new record; {file} exists: change its "
                                "pot line with an editor, then check it", file=file),
                            param_hint="--pot")
    if archive is not None and not new:
        raise bad_parameter(Msg("--archive offers the pot of a new record; {file} exists",
                                file=file), param_hint="--archive")
    interactive = new and not (names and rules and dealer)
    # A new record under --lang ru is written in Т К Д В (as its marker reads
    # cards); a file that exists keeps its own spelling (None: as most of it).
    written = style or ("ru" if new and shown == "ru" else None)
    ask = _asker()
    try:
        check_folder(file)  # before any question
        offer = _offer(file, archive) if new and pot is None else None
        if interactive and not plain and _screen() and (tui := _tui()) is not None:
            # a new file at a terminal: the full screen asks what the options left open
            sys.exit(tui.run_new(file, Setup(names, rules, dealer, title, date, place, pot,
                                             cards=written), shown, offer))
        if interactive:
            names, rules, dealer, title, date, place = _start_questions(
                ask, names, rules, dealer, title, date, place)
            if offer is not None:  # only without --pot
                pot = _pot_question(ask, offer)
        elif offer is not None:  # nothing is asked: the offer is said, not taken
            _say_offer(offer, taken=False)
        setup = Setup(names, rules, dealer, title, date, place, pot, cards=written)
        recorder = Recorder.open(file, setup)
    except RecordRefused as exc:
        _refused(exc)
        return
    except click.Abort:
        raise
    with recorder:  # FILE's lock, let go however the session ends
        _session(recorder, plain, ask, shown)
    sys.exit(EXIT_OK)


def _session(recorder, plain: bool, ask, shown: str) -> None:
    """Record on the full screen, or line by line."""
    from ..record import RecordRefused  # the library: start-up time

    plain = plain or not _screen()
    if not plain:
        plain = not _full_screen(recorder, shown)
    if plain:
        from ..record.plain import run_plain  # the library: start-up time

        out = console()
        try:
            run_plain(recorder, ask, lambda item: _show(out, item), shown)
        except RecordRefused as exc:  # the file could not be written: said, draft kept
            _refused(exc)


def _terminal() -> bool:
    """Whether a person types at a terminal (else a script or a pipe feeds us)."""
    return sys.stdin.isatty()


def _screen() -> bool:
    """Whether the full screen can run: typed at a terminal and shown on one,
    or in a browser through Textual's web driver."""
    return _in_browser() or (_terminal() and sys.stdout.isatty())


# The driver textual-serve (and textual-web) names in TEXTUAL_DRIVER for the app it runs.
WEB_DRIVER = "textual.drivers.web_driver"


def _in_browser() -> bool:
    """Whether Textual's web driver is set (``TEXTUAL_DRIVER``): a browser is the
    screen and the keyboard, and standard input and output are its pipes."""
    driver = os.environ.get("TEXTUAL_DRIVER", "")
    return driver.partition(":")[0].strip() == WEB_DRIVER


def _asker():
    """Read one answer per prompt from standard input; None at its end.  At a
    terminal the line is read with the line editor (``readline``, where the
    system has it): Up brings back a line typed before, a refused one too, to
    correct it rather than type it again."""
    if _terminal():
        try:  # the line editor: imported only here, for a person at a terminal
            importlib.import_module("readline")
        except ImportError:
            pass

    def ask(prompt) -> str | None:
        if _terminal():
            try:
                return input(t(prompt) + " ")
            except EOFError:
                click.echo()
                return None
        click.echo(t(prompt) + " ", nl=False)
        line = sys.stdin.readline()
        if not line:
            click.echo()
            return None
        if not _terminal():
            # A script's input, echoed so that the output reads as a dialogue; an
            # escape sequence in it is shown, never sent to the terminal.
            click.echo(visible(line.rstrip("\n")))
        return line.rstrip("\r\n")
    return ask


def _start_questions(ask, names, rules, dealer, title, date, place):
    """What a new record needs and the command line did not say."""
    from ..record.plain import not_a_dealer  # the library: start-up time

    while len(names) != 4:
        answer = ask(Msg("The four players, in playing order:"))
        if answer is None:
            raise click.Abort()
        names = tuple(answer.replace(",", " ").split())
    if rules is None:
        answer = ask(Msg("Rule profile (classic, modern or a TOML file) [classic]:"))
        rules = (answer or "").strip() or "classic"
    while dealer not in names:
        answer = ask(Msg("Who deals first? ({players}):", players=", ".join(names)))
        if answer is None:
            raise click.Abort()
        dealer = answer.strip()
        if dealer not in names:  # said why it is asked again, as run_plain says it
            click.echo(t(not_a_dealer(dealer, names)))
    for name in ("title", "date", "place"):
        value = {"title": title, "date": date, "place": place}[name]
        if value is None:
            answer = ask(_OPTIONAL[name])
            value = (answer or "").strip() or None
        title, date, place = (value if name == "title" else title,
                              value if name == "date" else date,
                              value if name == "place" else place)
    return names, rules, dealer, title, date, place


def _pot_option(pot: str | None) -> str | None:
    """``--pot`` as a pot line writes it; anything else is a usage error."""
    from ..amounts import read_amount  # the library: start-up time

    if pot is None:
        return None
    amount = read_amount(pot.strip())
    if amount is None:
        raise bad_parameter(Msg("the pot is a whole number of fiches or a fraction, such as 0, "
                                "90 or 5/2 (never negative, never with a point), not '{value}'",
                                value=visible(pot)), param_hint="--pot")
    return pot.strip()


def _offer(file: str, archive: str | None):
    """The pool the last evening in FILE's folder (or the archive named) left;
    None: no other record (no session).  An archive that cannot be read is
    said, and the command stops before any question (exit 1)."""
    from ..diagnostics import ReversisError  # the library: start-up time
    from ..record.previous import archived_pool, offered_pool  # the library: start-up time

    if archive is None:
        return offered_pool(file)
    try:
        return archived_pool(archive)
    except ReversisError as exc:  # RV601 to RV605: not an archive, damaged, newer, locked
        report([exc.diagnostic], console(stderr=True))
        sys.exit(EXIT_INPUT_ERRORS)


def _say_offer(offer, taken: bool) -> None:
    aside = _in_browser()  # standard output is the browser's screen: said in the server's
    click.echo(t(offer.note) + ".", err=aside)
    if offer.text is not None and not taken:
        click.echo(t(Msg("Not carried into the new record: record --pot {amount} carries it.",
                         amount=offer.text)), err=aside)


def _pot_question(ask, offer) -> str | None:
    """The pot of the new record: the offer (Enter takes it) or another amount."""
    from ..amounts import read_amount  # the library: start-up time

    _say_offer(offer, taken=True)
    if offer.text is None:
        return None
    while True:
        answer = ask(Msg("Pot before deal 1 (Enter: {amount}; 0 for an empty pool):",
                         amount=offer.text))
        if answer is None or not answer.strip():
            return offer.text
        if read_amount(answer.strip()) is not None:
            return answer.strip()
        click.echo(t(Msg("the pot is a whole number of fiches or a fraction, such as 0, 90 or "
                         "5/2, not '{value}'", value=visible(answer))))


_OPTIONAL = {
    "title": Msg("Title (empty for none):"),
    "date": Msg("Date (empty for none):"),
    "place": Msg("Place (empty for none):"),
}


def _full_screen(recorder, style: str) -> bool:
    """Run the full-screen application; False when it cannot run here."""
    tui = _tui()
    if tui is None:
        return False
    tui.run_app(recorder, style)
    return True


def _tui():
    """The full-screen module, or None (said) when Textual is missing: it is a
    dependency, so only a broken install lacks it, and the marker still records."""
    try:  # textual, imported only here: the other commands start without it
        return importlib.import_module("reversis_cli.record.tui.app")
    except ImportError:
        if _in_browser():  # the line mode cannot read a browser's keys: nothing is opened
            click.echo(tr("The full screen cannot start: Textual, which comes with "
                          "reversis-cli, is missing (install reversis-cli again: python -m "
                          "pip install reversis-cli)."), err=True)
            sys.exit(EXIT_INPUT_ERRORS)
        click.echo(tr("The full screen cannot start: Textual, which comes with reversis-cli, "
                      "is missing (install reversis-cli again: python -m pip install "
                      "reversis-cli); recording line by line."), err=True)
        return None


def _show(out, item) -> None:
    from ..record.plain import Problems  # the library: start-up time

    if isinstance(item, Problems):
        label = t(Msg("deal {deal}", deal=item.deal))
        report([d.located(label) for d in item.diagnostics], out)
    elif isinstance(item, str):
        out.print(t(item), soft_wrap=True)
    else:
        out.print(item)


def _refused(exc) -> None:
    if exc.diagnostics:  # in the server's terminal when standard output is a browser's screen
        report(exc.diagnostics, console(stderr=_in_browser()))
    click.echo(t(exc.message) if isinstance(exc.message, Msg) else str(exc.message), err=True)
    sys.exit(EXIT_INPUT_ERRORS)
