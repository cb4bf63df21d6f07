"""The Cyrillic session of samples/every-event-ru.rvs read in Russian: the runs
that its goldens (tests/test_i18n_every_event.py) and the sweep
(tests/test_i18n_russian_sweep.py) both make, in-process through click's runner.

Each run is named by the command line a player would type, run from the
checkout's root so that the file names in the output are the same on any
machine."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from contextlib import contextmanager
from html.parser import HTMLParser
from pathlib import Path

from click.testing import CliRunner

from reversis_cli.cli import COMMANDS, cli

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = "samples/every-event-ru.rvs"


def deal_numbers() -> list[int]:
    """Every deal of the sample, as its ``deal N`` lines number them."""
    text = (ROOT / SAMPLE).read_text(encoding="utf-8")
    return [int(n) for n in re.findall(r"^deal (\d+) ", text, re.M)]


@contextmanager
def at_root() -> Iterator[None]:
    before = Path.cwd()
    os.chdir(ROOT)
    try:
        yield
    finally:
        os.chdir(before)


def run_ru(args: tuple[str, ...], columns: int) -> str:
    """What ``reversis --lang ru ARGS`` prints (standard output, then
    standard error), on a terminal ``columns`` wide without colour (help too)."""
    env = {"COLUMNS": str(columns), "NO_COLOR": "1", "TERM": "dumb"}
    with at_root():
        # click wraps help at 80 columns whatever the terminal unless told
        result = CliRunner().invoke(cli, ["--lang", "ru", *args], env=env, prog_name="reversis",
                                    terminal_width=columns, max_content_width=columns)
    assert result.exit_code == 0, (args, result.output)
    return result.stdout + result.stderr


def command_line(args: tuple[str, ...]) -> str:
    return "reversis --lang ru " + " ".join(args)


def session_runs() -> dict[str, tuple[str, ...]]:
    """The runs of the issue's "Done when" over the session: ``check``,
    ``score``, ``show``, and ``explain`` and ``arbitrate`` of every deal."""
    runs: dict[str, tuple[str, ...]] = {
        "check": ("check", SAMPLE),
        "score": ("score", SAMPLE),
        "show": ("show", SAMPLE),
    }
    for number in deal_numbers():
        runs[f"explain {number}"] = ("explain", SAMPLE, "--deal", str(number))
    for number in deal_numbers():
        runs[f"arbitrate {number}"] = ("arbitrate", SAMPLE, "--deal", str(number))
    return runs


def other_runs() -> dict[str, tuple[str, ...]]:
    """The rules (listed and quoted) and the help of the group and of every command."""
    runs: dict[str, tuple[str, ...]] = {"rules": ("rules",), "rules --quote": ("rules", "--quote"),
                                        "--help": ("--help",)}
    for name in sorted(COMMANDS):
        runs[f"{name} --help"] = (name, "--help")
    return runs


REPORT_ARGS = ("report", SAMPLE, "-o", "-")


PLAYERS = ("Анна", "Борис", "Вера", "Глеб")

# The elements that start a line of their own; a table's cells are set apart by two spaces.
_BLOCKS = {"p", "div", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "table", "section",
           "header", "footer", "caption", "ul", "ol", "dl", "dt", "dd", "summary", "details",
           "figure", "figcaption", "title", "body", "nav", "main", "article", "pre", "br",
           "blockquote", "svg", "text", "desc", "g", "thead", "tbody", "label", "button"}
_CELLS = {"td", "th"}


class _VisibleText(HTMLParser):
    """The text a reader of the page sees, a line for each block (a table's row on
    one line): the elements' text (the page's title too, on its tab) and the labels
    a screen reader or a tooltip gives (aria-label, alt, title; but not the title of
    a card's cell, which only names the player at the head of its column); nothing
    of the styles and scripts."""

    SHOWN_ATTRIBUTES = ("aria-label", "alt", "title")

    def __init__(self) -> None:
        super().__init__()
        self.lines: list[str] = []
        self._line: list[str] = []
        self._hidden = 0

    def _flush(self) -> None:
        cells = (" ".join(cell.split()) for cell in "".join(self._line).split("\x00"))
        text = "  ".join(cell for cell in cells if cell)
        if text:
            self.lines.append(text)
        self._line = []

    def handle_starttag(self, tag, attrs):
        if tag in ("style", "script"):
            self._hidden += 1
        if tag in _BLOCKS:
            self._flush()
        elif tag in _CELLS:
            self._line.append("\x00")
        for name, value in attrs:
            if (name in self.SHOWN_ATTRIBUTES and value and value.strip()
                    and value.strip() not in PLAYERS):
                self._flush()
                self.lines.append(" ".join(value.split()))

    def handle_endtag(self, tag):
        if tag in ("style", "script"):
            self._hidden -= 1
        if tag in _BLOCKS:
            self._flush()

    def handle_data(self, data):
        if not self._hidden:
            self._line.append(data)

    def close(self):
        super().close()
        self._flush()


def report_text(columns: int = 120) -> str:
    """The visible text of ``reversis --lang ru report SAMPLE -o -``, one text
    node (or shown attribute) a line, then what it wrote to standard error."""
    env = {"COLUMNS": str(columns), "NO_COLOR": "1", "TERM": "dumb"}
    with at_root():
        result = CliRunner().invoke(cli, ["--lang", "ru", *REPORT_ARGS], env=env,
                                    prog_name="reversis")
    assert result.exit_code == 0, result.stderr
    page = _VisibleText()
    page.feed(result.stdout)
    page.close()
    return "\n".join(page.lines) + "\n" + result.stderr


# The deals of the session the default run reads deal by deal (one of each kind: a void
# deal, a reversis made and one broken, a revoke, a late misdeal, a failed espagnolette);
# every other deal's explain and arbitrate only under the slow marker.
DEFAULT_DEALS = (2, 3, 9, 12, 16, 17)


def by_default(name: str) -> bool:
    """Whether a run named ``explain 7``, ``arbitrate-07`` or ``score`` is read by default."""
    number = name.replace("-", " ").rpartition(" ")[2]
    return not number.isdigit() or int(number) in DEFAULT_DEALS
