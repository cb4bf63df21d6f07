"""Every private part of another library that the package still relies on is
fenced (issue 22, item 1): this file names each one, checks that the installed
library still has it, and holds the fallbacks and the upper bounds that keep a
user from meeting a release we have not tried."""

from __future__ import annotations

import importlib
import importlib.metadata
import itertools
import random
import re
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.version import Version

import reversis_cli
from reversis_cli.record.tui.fence import (
    TEXTUAL_PRIVATES, FullScreenFault, QuietFaults, raise_fault,
)
from reversis_cli.render import widths
from reversis_cli.render.widths import cell_width, collapse_widths, ratio_reduce, wrap

PYPROJECT = Path(reversis_cli.__file__).parent.parent / "pyproject.toml"
BORROWED = ("click", "lark", "rich", "textual")


def _class(spec: str) -> type:
    module, _, name = spec.partition(":")
    return getattr(importlib.import_module(module), name)


# -- Textual: record/tui/fence.py is the one module that touches its privates ---------------------

@pytest.mark.parametrize("owner, name", TEXTUAL_PRIVATES, ids=lambda v: str(v))
def test_each_textual_private_we_rely_on_is_still_there(owner, name):
    from textual.app import App

    cls = _class(owner)
    present = hasattr(cls, name) or (issubclass(App, cls) and hasattr(App(), name))
    assert present, (
        f"Textual {importlib.metadata.version('textual')} has no {owner}.{name}, which "
        "reversis_cli/record/tui/fence.py relies on to end the full screen quietly on a fault: "
        "find its new name, mend the fence and its fallback, then move the bound in "
        "pyproject.toml")


def test_no_other_module_touches_textual_privates():
    package = Path(reversis_cli.__file__).parent
    names = re.compile("|".join(rf"\b{name}\b" for _, name in TEXTUAL_PRIVATES))
    touching = sorted(str(path.relative_to(package)) for path in package.rglob("*.py")
                      if path.relative_to(package).as_posix() != "record/tui/fence.py"
                      and names.search(path.read_text(encoding="utf-8")))
    assert touching == []


def test_a_fault_in_a_handler_is_exit_3_in_one_line_without_a_traceback(tmp_path, monkeypatch,
                                                                         capfd):
    from textual.app import App

    from reversis_cli.cli import main
    from reversis_cli.cli import record as record_command
    from reversis_cli.record.tui import app as tui

    def headless_run(self):
        return App.run(self, headless=True, size=(100, 40))

    def broken_begin(self):
        raise ZeroDivisionError("a fault of ours")

    monkeypatch.setattr(record_command, "_screen", lambda: True)
    monkeypatch.setattr(tui.RecordApp, "run", headless_run)
    monkeypatch.setattr(tui.RecordApp, "_begin", broken_begin)  # called by on_mount
    with pytest.raises(SystemExit) as stopped:
        main(["record", str(tmp_path / "night.rvs")])
    out, err = capfd.readouterr()
    assert stopped.value.code == 3
    assert "Traceback" not in out + err and "broken_begin" not in out + err
    assert err.strip() == ("reversis: internal error (ZeroDivisionError: a fault of ours); "
                           "please report it with the file that caused it")


class _Closing(QuietFaults):
    def __init__(self):
        self.closed = self.exited = None

    def _close_messages_no_wait(self):
        self.closed = True


class _Exiting(QuietFaults):  # a Textual without _close_messages_no_wait
    exited = None

    def exit(self, result=None, return_code=0, message=None):
        self.exited = return_code


def test_the_app_is_closed_by_textuals_own_means_or_else_by_exit():
    closing, exiting = _Closing(), _Exiting()
    closing._fatal_error()
    exiting._fatal_error()
    assert closing.closed and closing.exited is None
    assert exiting.exited == 1


class _Ran:  # what app.run() leaves behind, for a Textual with or without _exception
    def __init__(self, return_code, **kept):
        self.return_code = return_code
        self.__dict__.update(kept)


def test_the_error_that_ended_the_app_is_raised_for_the_command_line():
    error = ZeroDivisionError("a fault of ours")
    with pytest.raises(ZeroDivisionError):
        raise_fault(_Ran(1, _exception=error))
    raise_fault(_Ran(0, _exception=None))  # the marker quit: nothing to say
    with pytest.raises(FullScreenFault, match="status 1"):
        raise_fault(_Ran(1))  # no _exception: the public return code says it
    raise_fault(_Ran(0))


# -- rich: its two width functions are vendored in render/widths.py ------------------------------

def test_the_plain_tables_import_no_private_of_rich():
    plain = (Path(reversis_cli.__file__).parent / "render" / "plain.py").read_text("utf-8")
    assert "rich._" not in plain and "._collapse_widths" not in plain
    for name in ("plain.py", "widths.py"):  # nor anything of rich: the vendored copies stand alone
        source = (Path(reversis_cli.__file__).parent / "render" / name).read_text("utf-8")
        assert re.search(r"^\s*(from|import) rich", source, re.MULTILINE) is None, name


# Unicode versions rich may measure with (UNICODE_VERSION picks one; rich takes the
# nearest it has): the known characters must be as wide in each.
UNICODE_VERSIONS = ["auto", "latest", "4.1.0", "9.0.0", "10.0.0", "11.0.0", "12.1.0", "13.0.0",
                    "14.0.0", "15.0.0", "15.1.0", "16.0.0", "17.0.0"]


@pytest.mark.parametrize("version", [
    v if v == "auto" else pytest.param(v, marks=pytest.mark.slow) for v in UNICODE_VERSIONS])
def test_the_characters_the_plain_tables_measure_are_as_wide_as_rich_says(version):
    """render/widths.py knows the width of some ranges of characters only
    (a name in another script is left to rich): rich's public ``cell_len``
    must give the same in every Unicode version it measures with."""
    from rich.cells import cell_len

    wrong = [hex(code) for first, last, cells in widths._KNOWN_RANGES
             for code in range(first, last + 1) if cell_len(chr(code), version) != cells]
    assert wrong == []
    assert cell_width("ꦲꦏ꧀") is None and cell_width("a\u0301") is None  # unknown: rich's


def test_the_vendored_wrap_wraps_as_the_installed_rich_does():
    """render/widths.py's ``wrap`` (rich's ``divide_line``, ``chop_cells`` and
    ``Text.wrap`` copied) against rich's public ``Text.wrap``, on random lines of
    words, long words, wide characters and runs of spaces."""
    from rich.console import Console
    from rich.text import Text

    console = Console(width=80)
    draw = random.Random(24)
    pieces = ["a", "bb", "word", "longerword", " ", "  ", "→", "♠", "安娜", "Жж", "-", "…", "é",
              "averyveryverylongwordthatcannotwrap", "短い理由全角の文字"]
    for _ in range(1500):
        text = "".join(draw.choice(pieces) for _ in range(draw.randint(1, 14)))
        width = draw.randint(1, 30)
        justify = draw.choice(["default", "left", "right"])
        overflow = draw.choice(["fold", "ellipsis", "crop"])
        expected = [line.plain for line in Text(text).wrap(
            console, width, justify=justify, overflow=overflow)]  # type: ignore[arg-type]
        assert wrap(text, width, justify, overflow) == expected, (text, width, justify, overflow)


def test_the_vendored_width_functions_narrow_as_the_installed_rich_does():
    """When rich still has them, the copies give its answers; the plain/rich
    parity tests (test_plain_tables.py) hold the output either way."""
    try:
        from rich._ratio import ratio_reduce as rich_reduce
        from rich.table import Table

        rich_collapse = Table._collapse_widths
    except (ImportError, AttributeError):
        pytest.skip("rich no longer has _ratio.ratio_reduce or Table._collapse_widths; "
                    "the vendored copies stand alone")
    draw = random.Random(22)
    for columns, _ in itertools.product(range(1, 8), range(60)):
        widths = [draw.randint(1, 40) for _ in range(columns)]
        wrapable = [draw.random() < 0.8 for _ in range(columns)]
        room = draw.randint(columns, sum(widths) + 5)
        assert collapse_widths(widths, wrapable, room) == \
            rich_collapse(widths, wrapable, room), (widths, wrapable, room)
        excess = max(0, sum(widths) - room)
        ratios = [draw.randint(0, 3) for _ in range(columns)]
        assert ratio_reduce(excess, ratios, widths, widths) == \
            rich_reduce(excess, ratios, widths, widths), (excess, ratios, widths)


# -- lark: no private, but the grammar loader and the fast path read its terminals ---------------

def test_the_terminal_attributes_of_lark_that_the_fast_path_reads_are_there():
    """Not private, but not in lark's guide either: named here so that a lark
    that drops one fails with its name, not deep in the fast path."""
    from reversis_cli.notation.grammar_file import parser

    lark, _, _ = parser()
    assert hasattr(lark, "terminals") and hasattr(lark, "get_terminal"), "lark.Lark.terminals"
    pattern = lark.get_terminal("NAME").pattern
    for name in ("type", "value", "to_regexp"):
        assert hasattr(pattern, name), f"lark's Pattern.{name}, read by notation/fastpath.py"
    assert {t.pattern.type for t in lark.terminals} <= {"str", "re"}


# -- click: --help is made by our own code, cached in our own attribute --------------------------

def test_the_translated_help_option_uses_no_private_of_click(monkeypatch):
    """click keeps its --help in the private ``Command._help_option``; ours is
    cached apart, so a click without that attribute still shows --help."""
    import click

    from reversis_cli.cli import cli
    from reversis_cli.cli.common import TranslatedHelp

    common = (Path(reversis_cli.__file__).parent / "cli" / "common.py").read_text("utf-8")
    assert "._help_option" not in common
    command = TranslatedHelp("demo", help="A demo.")
    monkeypatch.delattr(command, "_help_option")  # a click that has no such attribute
    ctx = click.Context(command)
    first = command.get_help_option(ctx)
    assert first is not None and first is command.get_help_option(ctx)
    assert "--help" in first.opts and "--help" in cli.get_help(click.Context(cli))


# -- the standard library: json's C encoder, undocumented, with the public one behind it ----------

def test_the_c_json_encoder_is_used_here_and_the_public_one_writes_the_same(monkeypatch):
    import json.encoder

    from reversis_cli.score import encoder as jsonout

    assert jsonout._C_ENCODE is not None, (
        "this Python has no usable json.encoder.c_make_encoder: score --json is right but "
        "slower (reversis_cli/score/encoder.py)")
    value = {"deal": 3, "names": ["Анна", 'a "quoted" \\ one'], "pool": [1, -2.5, None, True]}
    assert "".join(jsonout._C_ENCODE(value, 0)) == jsonout._ENCODER.encode(value)

    def other_arguments(*args):
        raise TypeError("c_make_encoder() takes other arguments")

    monkeypatch.setattr(json.encoder, "c_make_encoder", other_arguments)
    assert jsonout._c_encoder() is None  # a changed signature: the public encoder then
    monkeypatch.delattr(json.encoder, "c_make_encoder")
    assert jsonout._c_encoder() is None  # a Python without it


# -- the bounds: a major release we have not tried is not installed -------------------------------

def _requirements() -> dict[str, Requirement]:
    project = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"]
    found = (Requirement(spec) for spec in project["dependencies"])
    return {r.name: r for r in found}


@pytest.mark.parametrize("name", BORROWED)
def test_each_borrowed_library_has_an_upper_bound_that_the_installed_one_meets(name):
    requirement = _requirements()[name]
    uppers = [s for s in requirement.specifier if s.operator == "<"]
    assert uppers, f"{name} has no upper bound in pyproject.toml"
    installed = Version(importlib.metadata.version(name))
    assert installed in requirement.specifier, (
        f"{name} {installed} is outside {requirement.specifier}: run the tests on it, "
        "then move the bound")
