"""``reversis serve FILE``: record from a phone, a web page over the recorder.

The command checks its options (a problem is a diagnostic RV541-RV545 naming
the option, exit 2; an address that cannot be listened on is RV546, exit 1),
opens a :class:`~reversis_cli.record.Recorder` on FILE as ``record`` does (the
same lock, the draft taken up), binds the socket itself, prints the address
with the join code (and a QR code of it at a terminal), and serves
:mod:`reversis_cli.serve` with uvicorn until Ctrl+C.  The recorder's lock is
held until the command ends, however it ends.
"""

from __future__ import annotations

import socket
import sys
from pathlib import Path

import click

from ..invisible import visible
from .common import (
    EXIT_INPUT_ERRORS, EXIT_OK, EXIT_USAGE, FilePath, Msg, argument, command, option, report,
    speak, t,
)

__all__ = ["serve_command"]

DEFAULT_PORT = 8033


@command("serve")
@argument("file", type=FilePath(dir_okay=False))
@option("--port", default=str(DEFAULT_PORT), show_default=True, metavar="PORT",
        help="The port to listen on (0: any free port, printed).")
@option("--host", metavar="ADDRESS", help="The address to listen on (default: 127.0.0.1, this "
                                       "computer only).")
@option("--lan", is_flag=True, help="Listen on the local network, so that phones at the table "
                                    "can join; prints this computer's address.")
@option("--code", metavar="CODE", help="The join code, six digits (default: a new one, printed).")
@option("--verify", is_flag=True, help="A verifier's phone confirms each deal before it is "
                                       "written.")
@option("--lang", "language", type=click.Choice(["en", "ru"]),
        help="The page's language (default: the browser's).")
@option("--players", metavar="A,B,C,D", help="The four players of a new record, in playing "
                                             "order, separated by commas.")
@option("--rules", metavar="PROFILE", help="The rule profile of a new record: classic, modern "
                                           "or a TOML file.")
def serve_command(file: str, port: str, host: str | None, lan: bool, code: str | None,
                  verify: bool, language: str | None, players: str | None,
                  rules: str | None) -> None:
    """Record a session into FILE from a phone: a web page over the same recorder as record.

    Prints an address and a join code; the phone that opens the address records,
    card by card, with every card checked as it is tapped and kept in the draft
    beside FILE. Another device with the code may watch.
    """
    from ..record import RecordRefused, Recorder, Setup  # the library: start-up time
    from ..serve.access import new_code, valid_code  # the library: start-up time

    if language:
        speak(language)
    number = _port(port)
    if code is not None and not valid_code(code):
        _usage("RV542", Msg("the join code is six digits, such as 042917, not '{value}'",
                            value=visible(code)), "--code")
    if host is not None and lan:
        _usage("RV543", Msg("--lan listens on every address of this computer; --host names "
                            "one: give one of them"), "--host")
    names = tuple(n.strip() for n in players.split(",")) if players else ()
    if players is not None and (len(names) != 4 or not all(names)):
        _usage("RV544", Msg("four names separated by commas, in playing order"), "--players")
    if not Path(file).exists() and not names:
        _usage("RV545", Msg("{file} does not exist: give --players to start a new record, or "
                            "start it with 'reversis record {file}'", file=file), "FILE")
    bind = host or ("0.0.0.0" if lan else "127.0.0.1")
    listener = _listen(bind, number)
    try:
        recorder = Recorder.open(file, Setup(names, rules))
    except RecordRefused as exc:
        listener.close()
        if exc.diagnostics:
            report(exc.diagnostics)
        click.echo(t(exc.message) if isinstance(exc.message, Msg) else str(exc.message),
                   err=True)
        sys.exit(EXIT_INPUT_ERRORS)
    with recorder:
        _serve(recorder, listener, code or new_code(), verify, language, lan)
    sys.exit(EXIT_OK)


def _usage(code: str, message: Msg, where: str) -> None:
    from ..diagnostics import diagnostic  # the library: start-up time

    report([diagnostic(code, message).located(where)])
    sys.exit(EXIT_USAGE)


def _port(text: str) -> int:
    if text.isascii() and text.isdigit() and int(text) <= 65535:
        return int(text)
    _usage("RV541", Msg("a port is a number from 0 to 65535, not '{value}'",
                        value=visible(text)), "--port")
    return 0


def _listen(host: str, port: int) -> socket.socket:
    """The listening socket, bound here so that a refusal is said, not logged."""
    try:
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        listener = socket.socket(family, socket.SOCK_STREAM)
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind((host, port))
        listener.listen(64)
    except (OSError, OverflowError) as exc:
        from ..files import os_reason  # the library: start-up time

        why = os_reason(exc) if isinstance(exc, OSError) else str(exc)
        report([_diagnostic("RV546", Msg("cannot listen on {host} port {port}: {why}",
                                         host=host, port=port, why=why), "--port")])
        sys.exit(EXIT_INPUT_ERRORS)
    return listener


def _diagnostic(code: str, message: Msg, where: str):
    from ..diagnostics import diagnostic  # the library: start-up time

    return diagnostic(code, message).located(where)


def lan_address() -> str:
    """This computer's address on the local network (no packet is sent)."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        return probe.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def _serve(recorder, listener: socket.socket, code: str, verify: bool,
           language: str | None, lan: bool) -> None:
    from ..serve import Access, Table, build_app  # Starlette: only for this command
    from ..serve.run import print_qr, run_app  # uvicorn and segno: only for this command

    table = Table(recorder, verify)
    access = Access(code, str(Path(recorder.path).resolve()))
    app = build_app(table, access, language)
    host, port = listener.getsockname()[:2]
    shown = lan_address() if lan or host in ("0.0.0.0", "::") else host
    if ":" in shown:
        shown = f"[{shown}]"
    url = f"http://{shown}:{port}/?code={code}"
    for line in table.started_with:
        click.echo(t(line) if isinstance(line, Msg) else line)
    click.echo(t(Msg("Recording {file}. On the phone that records, open:", file=recorder.path)))
    click.echo(f"  {url}")
    click.echo(t(Msg("Join code: {code}", code=code)))
    click.echo(t(Msg("To watch from another device: {url}", url=url + "&as=watch")))
    if verify:
        click.echo(t(Msg("To verify each deal: {url}", url=url + "&as=verify")))
    print_qr(url)
    click.echo(t(Msg("Ctrl+C stops; the deal in progress stays in its draft.")), nl=True)
    sys.stdout.flush()
    run_app(app, listener)
