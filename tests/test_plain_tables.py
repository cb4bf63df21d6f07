"""The score tables written without rich (issues 14 and 24) are the very text
rich prints: same widths, same wrapping, names in any script; the
diagnostics on stderr too; and the look of a file or a pipe is worked out as
rich works it out.

The reference is rich itself, printing the renderable a view stands for
(``view.rich()``, what a terminal gets): the plain writer must give its text,
byte for byte, wherever it takes the fast path, and must take it on every
sample and simulated session."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from conftest import samples_by_default, some_by_default
from reversis_cli.cli import consoles
from reversis_cli.cli.common import PlainConsole, console, console_spec, plain_look
from reversis_cli.i18n import use
from reversis_cli.render.diagnostics import diagnostic_view, render_diagnostic
from reversis_cli.render.layout import Column, Grid, Line, Stack, rich_of
from reversis_cli.render.plain import plain_lines, plain_text, without_padding
from reversis_cli.render.session import BalanceRows, render_deal, render_summary, render_title
from reversis_cli.session.service import Session
from reversis_cli.simulate import SimulationOptions, simulate_session

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
EVERY_SAMPLE = sorted(SAMPLES.glob("*.rvs")) + sorted((SAMPLES / "club").glob("*.rvs"))
BAD_SAMPLES = sorted((SAMPLES / "bad").glob("*.rvs"))
PLAIN = {"terminal": False, "colors": None}


def rich_text(view, width: int, soft_wrap: bool = False) -> str:
    buffer = io.StringIO()
    renderable = rich_of(view) if isinstance(view, (str, Line, Grid, Stack)) else view
    console(file=buffer, like={"width": width, **PLAIN}).print(renderable, soft_wrap=soft_wrap)
    return buffer.getvalue()


def assert_same(view, width: int) -> None:
    text = plain_text(view, width)
    assert text is not None, width  # the fast path is taken
    assert text == rich_text(view, width), width


def assert_session_laid_out_as_rich(path: Path, widths, cards: str = "unicode") -> None:
    with Session.open(str(path), None, {}) as session:
        for d in session.diagnostics:
            assert plain_lines(diagnostic_view(d)) == rich_text(render_diagnostic(d), 80, True)
        if not session.settleable:
            return
        assert_same(render_title(session), 80)
        rows = BalanceRows()
        for one in session.deals():
            for d in one.checked.diagnostics:
                assert plain_lines(diagnostic_view(d)) == \
                    rich_text(render_diagnostic(d), 80, True)
            view = render_deal(one, session.players, cards)
            for width in widths:
                assert_same(view, width)
            rows.add(one, session)
        for width in widths:
            assert_same(rows.render(session), width)


# One width by default, the others under the slow marker: each lays out every deal
# twice (plain and rich), a fifth of a second.
@pytest.mark.parametrize("widths", [(47,), pytest.param((30, 80, 120), marks=pytest.mark.slow)])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_deal_is_laid_out_as_rich_lays_it_out(lang, wide_names, widths):
    with use(lang):
        assert_session_laid_out_as_rich(wide_names, widths)


# How the samples' tables are written in each language's test: its own cards.
SAMPLE_CARDS = {"en": "unicode", "ru": "ru"}


@pytest.mark.parametrize("path", samples_by_default(EVERY_SAMPLE))
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_sample_is_written_as_rich_writes_it(path, lang):
    with use(lang):
        assert_session_laid_out_as_rich(path, (80, 52), SAMPLE_CARDS[lang])


@pytest.mark.parametrize("path", some_by_default(BAD_SAMPLES, lambda p: p.name == "card-twice.rvs"))
def test_records_with_errors_and_their_diagnostics(path):
    assert_session_laid_out_as_rich(path, (80,))


@pytest.mark.parametrize("seed", some_by_default(range(1, 7), lambda seed: seed == 1))
def test_simulated_sessions_with_irregular_deals(tmp_path, seed):
    path = tmp_path / "simulated.rvs"
    path.write_text("".join(simulate_session(SimulationOptions(
        30, seed, rules="modern" if seed % 2 else "classic", irregular=0.3, events=0.5))),
        encoding="utf-8")
    with use("ru" if seed % 3 == 0 else "en"):
        assert_session_laid_out_as_rich(path, (80, 41), ("ascii", "unicode", "ru")[seed % 3])


def test_cells_folded_cut_and_headers_aligned_at_the_bottom():
    table = Grid([Column("Trick number", "right"), Column("Amount", "right", "fold"),
                  Column("Reason")], title="A title longer than the table is")
    table.add_row("1", "123456789012345678901234", "averyveryverylongwordthatcannotwrap and more")
    table.add_row("12", Line("-5", "red"), "短い 理由 全角 の 文字")
    for width in (24, 33, 40, 200):
        assert_same(table, width)


def test_the_summary_of_several_files():
    from reversis_cli.session.service import SessionOutcome

    outcomes = [SessionOutcome("/a/rather/long/path/to/a/record/of/the/big/night.rvs", deals=12,
                               errors=1, warnings=2),
                SessionOutcome("b.rvs", internal_error="ValueError: bad")]
    for width in (30, 80):
        assert_same(render_summary(outcomes), width)


def test_what_it_cannot_lay_out_is_left_to_rich():
    assert plain_text("a tab\there", 80) is None
    assert plain_text(Line("a bell \a"), 80) is None
    assert plain_text(Stack(["fine", "an unknown script: ꦲꦏ꧀ꦱꦫ"]), 80) is None
    assert plain_lines(Line("a tab\there")) is None
    from rich.table import Table

    assert plain_text(Table(), 80) is None  # type: ignore[arg-type]  # not a view
    squeezed = Grid([Column(str(n)) for n in range(20)])
    assert plain_text(squeezed, 30) is None


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_session_table_with_its_sheet_rows_footer_and_caption(lang):
    with use(lang), Session.open(str(SAMPLES / "disputed-sheet.rvs"), None, {}) as session:
        rows = BalanceRows()
        for one in session.deals():
            rows.add(one, session)
        table = rows.render(session)
        assert table.caption  # the sheet departs from the rules
        for width in (30, 52, 80):
            assert_same(table, width)


def test_the_plain_console_prints_what_rich_prints_and_hands_the_rest_to_rich():
    plain, reference = io.StringIO(), io.StringIO()
    look = {"width": 60, **PLAIN}
    rich = console(file=reference, like=look)
    out = PlainConsole(file=plain, like=look)
    with Session.open(str(SAMPLES / "irregular.rvs"), None, {}) as session:
        for one in session.deals():
            for d in one.checked.diagnostics:
                out.print(diagnostic_view(d), soft_wrap=True)
                rich.print(render_diagnostic(d), soft_wrap=True)
            out.print(render_deal(one, session.players, "unicode"))
            rich.print(rich_of(render_deal(one, session.players, "unicode")))
    out.print("a\ttab, for rich", soft_wrap=True, markup=False)
    rich.print("a\ttab, for rich", soft_wrap=True, markup=False)
    assert plain.getvalue() == without_padding(reference.getvalue())  # rich pads lines
    assert "\t" not in plain.getvalue() and "RV201" in plain.getvalue()


# --- the look of a file or a pipe, worked out without rich -----------------------------------

ENVIRONMENTS = [{}, {"COLUMNS": "47"}, {"COLUMNS": "0"}, {"COLUMNS": "x"}, {"FORCE_COLOR": "1"},
                {"FORCE_COLOR": ""}, {"TTY_COMPATIBLE": "0", "FORCE_COLOR": "1"},
                {"TTY_COMPATIBLE": "1"}, {"TTY_COMPATIBLE": "2", "COLUMNS": "130"},
                {"NO_COLOR": "1", "TERM": "dumb"}, {"LINES": "10", "COLUMNS": "99"}]
VARIABLES = {"COLUMNS", "FORCE_COLOR", "TTY_COMPATIBLE", "NO_COLOR", "TERM", "LINES",
             "TTY_INTERACTIVE", "COLORTERM"}


@pytest.mark.parametrize("environment", ENVIRONMENTS)
@pytest.mark.parametrize("stderr", [False, True])
def test_the_plain_look_is_the_one_rich_sees(monkeypatch, environment, stderr, tmp_path):
    for name in VARIABLES:
        monkeypatch.delenv(name, raising=False)
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    with open(tmp_path / "out.txt", "w", encoding="utf-8") as stream:
        monkeypatch.setattr(sys, "stderr" if stderr else "stdout", stream)
        look = plain_look(stderr)
        if look is not None:  # else: not sure, rich is asked
            assert look == console_spec(console(stderr=stderr))


def test_a_terminal_is_left_to_rich(monkeypatch):
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    for name in VARIABLES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(sys, "stdout", Terminal())
    assert plain_look() is None
    monkeypatch.setattr(consoles.sys, "platform", "win32")
    monkeypatch.setattr(sys, "stdout", io.StringIO())
    assert plain_look() is None


@pytest.mark.parametrize("width", [80, 12, 7])
def test_an_amount_held_by_a_no_break_space_is_written_as_rich_writes_it(width):
    """English and Russian write "2 1/2" with a no-break space (i18n/numbers.py):
    the plain writer still takes such a table, a cell squeezed or not, and
    wraps it where rich does."""
    grid = Grid([Column("Player"), Column("Net", justify="right")])
    grid.rows += [["Anna", "+2\u00a01/2"], ["Boris", "-8087\u00a05/6"], ["Vera", "+8085\u00a01/3"]]
    assert_same(grid, width)
    assert_same(Line("Anna pays 2\u00a01/2 fiches to the pool"), width)


@pytest.mark.parametrize("command", [
    ["score", "evening.rvs"], ["explain", "evening.rvs", "--deal", "2"],
    ["arbitrate", "evening.rvs", "--deal", "2"], ["show", "evening.rvs", "--deal", "1"],
    ["rules"], ["rules", "--diff", "classic", "modern"], ["stats", "club"],
    ["league", "club/league-year.toml"]])
def test_a_pipe_gets_no_line_ending_in_spaces(command):
    """newcomer-4 §20: rich pads every line of a table to the table's width;
    a file or a pipe (a script, ``diff``) gets the lines without that padding,
    and the text is otherwise the same."""
    import os
    import subprocess
    env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "TTY_COMPATIBLE")}
    env.update(PYTHONPATH=str(SAMPLES.parent), COLUMNS="80")
    done = subprocess.run([sys.executable, "-m", "reversis_cli", *command], cwd=SAMPLES,
                          capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) > 5 and [line for line in lines if line.endswith(" ")] == []


@pytest.mark.parametrize("indent", ["  ", "\t"])
def test_checks_warnings_are_written_plain_as_rich_writes_them(monkeypatch, tmp_path, indent):
    """``check`` on a file or a pipe (issue 35, branch i35-play4): its warnings
    (a revoke's, its source line with spaces at its end) written by ``plain_lines``,
    without rich, byte for byte what rich writes, spaces kept (``as_rich``); a line
    with a tab (rich expands it) and the last line, not soft-wrapped, rich's."""
    from click.testing import CliRunner

    from reversis_cli import fastpaths
    from reversis_cli.cli import cli
    from reversis_cli.render import plain
    from records import REVOKE_HELD_CARD_PLAYED_NEXT

    lines = REVOKE_HELD_CARD_PLAYED_NEXT.split("\n")
    record = tmp_path / "revokes.rvs"
    revoke = next(i for i, line in enumerate(lines) if "5C" in line)
    lines[revoke] = indent + lines[revoke].strip() + "   "  # spaces after
    record.write_text("\n".join(lines), encoding="utf-8")
    entered: list = []
    original = plain.plain_lines

    def counted(view):
        entered.append(view)
        return original(view)

    monkeypatch.setattr(plain, "plain_lines", counted)
    env = {"COLUMNS": "60", "NO_COLOR": "1", "TERM": "dumb"}
    fast = CliRunner().invoke(cli, ["check", str(record)], env=env)
    assert entered and "RV201" in fast.output and "   \n" in fast.output
    monkeypatch.setattr(fastpaths, "REFERENCE", True)
    reference = CliRunner().invoke(cli, ["check", str(record)], env=env)
    assert (fast.exit_code, fast.output) == (reference.exit_code, reference.output)
    out, rich_out = io.StringIO(), io.StringIO()
    look = {"width": 60, **PLAIN}
    with Session.open(str(record), None, {}) as session:
        for one in session.deals():
            for d in one.checked.diagnostics:
                PlainConsole(file=out, like=look, as_rich=True).print(diagnostic_view(d),
                                                                      soft_wrap=True)
                console(file=rich_out, like=look).print(render_diagnostic(d), soft_wrap=True)
    assert out.getvalue() == rich_out.getvalue() and "   \n" in out.getvalue()
