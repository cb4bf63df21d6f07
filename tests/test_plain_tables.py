"""The score tables laid out without rich's Console (issue 14) are the very
text rich prints: same widths, same wrapping, names in any script."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich import box
from rich.table import Table
from rich.text import Text

from reversis_cli.cli.common import console
from reversis_cli.i18n import use
from reversis_cli.render.plain import plain_text
from reversis_cli.render.session import render_deal, render_title
from reversis_cli.session.service import Session

SAMPLES = Path(__file__).resolve().parent.parent / "samples"


def rich_text(renderable, width: int) -> str:
    buffer = io.StringIO()
    console(file=buffer, like={"width": width, "terminal": False, "colors": None}).print(
        renderable)
    return buffer.getvalue()


@pytest.fixture(scope="module")
def wide_names(tmp_path_factory) -> Path:
    """The big night with a Chinese, a Cyrillic and an accented name: wide characters."""
    text = (SAMPLES / "big-night.rvs").read_text(encoding="utf-8")
    for old, new in (("Anna", "安娜"), ("Boris", "Борис"), ("Vera", "Véra")):
        text = text.replace(old, new)
    path = tmp_path_factory.mktemp("wide") / "wide.rvs"
    path.write_text(text, encoding="utf-8")
    return path


# One width by default, the others under the slow marker: each lays out every deal
# twice (plain and rich), a fifth of a second.
@pytest.mark.parametrize("widths", [(47,), pytest.param((30, 80, 120), marks=pytest.mark.slow)])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_deal_is_laid_out_as_rich_lays_it_out(lang, wide_names, widths):
    with use(lang), Session.open(str(wide_names), None, {}) as session:
        assert plain_text(render_title(session), 80) == rich_text(render_title(session), 80)
        deals = list(session.deals())
        assert len(deals) == 12
        for one in deals:
            renderable = render_deal(one, session.players, "unicode")
            for width in widths:
                text = plain_text(renderable, width)
                assert text is not None, (one.checked.number, width)  # the fast path is taken
                assert text == rich_text(renderable, width), (one.checked.number, width)


def test_cells_folded_cut_and_headers_aligned_at_the_bottom():
    table = Table(box=box.SIMPLE_HEAD, title="A title longer than the table is", pad_edge=False,
                  title_justify="left")
    table.add_column("Trick number", justify="right")
    table.add_column("Amount", justify="right", overflow="fold")
    table.add_column("Reason")
    table.add_row("1", "123456789012345678901234", "averyveryverylongwordthatcannotwrap and more")
    table.add_row("12", Text("-5", style="red"), "短い 理由 全角 の 文字")
    for width in (24, 33, 40, 200):
        text = plain_text(table, width)
        assert text is not None
        assert text == rich_text(table, width), width


def test_what_it_cannot_lay_out_is_left_to_rich():
    table = Table(box=box.ROUNDED, pad_edge=False)
    table.add_column("Deal")
    assert plain_text(table, 80) is None
    assert plain_text("a tab\there", 80) is None


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_session_table_with_its_sheet_rows_footer_and_caption(lang):
    from reversis_cli.render.session import BalanceRows

    with use(lang), Session.open(str(SAMPLES / "disputed-sheet.rvs"), None, {}) as session:
        rows = BalanceRows()
        for one in session.deals():
            rows.add(one, session)
        table = rows.render(session)
        assert table.caption  # the sheet departs from the rules
        for width in (30, 52, 80):
            text = plain_text(table, width)
            assert text is not None, width
            assert text == rich_text(table, width), width
