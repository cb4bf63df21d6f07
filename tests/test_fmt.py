"""``reversis fmt``: canonical, idempotent, loses nothing, writes atomically."""

from __future__ import annotations

import functools
import os
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from reversis_cli import files
from reversis_cli.convert import fmt as formatting
from reversis_cli.cli.convert import fmt_command
from reversis_cli.convert.fmt import FormatResult, canonical_text, format_file
from reversis_cli.model import TrickLine
from reversis_cli.reader import record_from_text

from conftest import FEATURE_SAMPLES, bad_samples, good_samples, pairs_by_default
from records import FULL, MINIMAL


@functools.cache
def sample_canonical(path: Path) -> FormatResult:
    """fmt's output for a sample as it is on disk, made once: the collection
    and several tests ask for the same one (the tests only read it)."""
    return canonical_text(path.read_bytes(), str(path))


@functools.lru_cache(maxsize=1)
def readable_samples() -> list[Path]:
    """Every sample that fmt rewrites (the others have lines it cannot read)."""
    return [p for p in good_samples() + bad_samples() if sample_canonical(p).ok]


def _key(stmt) -> tuple:
    """A statement without its position or comments, independent of the writer."""
    fields = []
    for name in ("keyword", "value", "option", "kind", "number", "trick", "late", "paid",
                 "refuses", "waives", "text"):
        if hasattr(stmt, name) and not callable(getattr(stmt, name)):
            fields.append((name, getattr(stmt, name)))
    for name in ("player", "taker", "dealer", "sees"):
        value = getattr(stmt, name, None)
        if value is not None:
            fields.append((name, getattr(value, "text", None) or str(value.card)))
    for name in ("cards", "discards", "takes"):
        value = getattr(stmt, name, None)
        if value is not None:
            fields.append((name, tuple(c.card for c in value)))
    if getattr(stmt, "names", None) is not None:
        fields.append(("names", tuple(n.text for n in stmt.names)))
    return (type(stmt).__name__, tuple(fields))


def semantics(text: str | bytes) -> dict:
    """What a record says, read with the reader alone: per deal the statements
    (as a multiset, tricks in order), the written leaders, the comments of each
    statement, and what ``check`` finds (codes, deals, tricks)."""
    with record_from_text(text, "t.rvs") as record:
        header = record.header
        out: dict[str, Any] = {
            "header": Counter(_key(line) for line in header.lines),
            "header_comments": Counter(
                (_key(line), tuple(c.text.rstrip() for c in line.comments_before),
                 line.comment_after and line.comment_after.text.rstrip())
                for line in header.lines),
            "header_trailing": [c.text.rstrip() for c in header.trailing_comments],
            "deals": [],
            "problems": Counter((d.code, d.deal, d.trick) for d in record.header_diagnostics),
        }
        for checked in record.deals():
            deal = checked.deal
            assert deal is not None  # a record whose deals are read, errors or not
            out["problems"].update((d.code, d.deal, d.trick) for d in checked.diagnostics)
            replayed = checked.replayed
            out["deals"].append({
                "line": _key(deal.line),
                "statements": Counter(_key(s) for s in deal.statements
                                      if type(s).__name__ != "TrickLine"),
                "tricks": [(t.number, tuple(c.card for c in t.cards),
                            t.taker.text if t.taker else None) for t in deal.tricks],
                "played": [(t.number, t.leader, t.taker, t.cards)
                           for t in (replayed.tricks if replayed else ())],
                "comments": Counter(
                    (("trick", s.number) if isinstance(s, TrickLine) else _key(s),
                     tuple(c.text.rstrip() for c in s.comments_before),
                     s.comment_after and s.comment_after.text.rstrip())
                    for s in (deal.line,) + deal.statements),
                "trailing": [c.text.rstrip() for c in deal.trailing_comments],
            })
    return out


def same_meaning(a: dict, b: dict) -> None:
    assert a["header"] == b["header"]
    assert a["header_comments"] == b["header_comments"]
    assert a["header_trailing"] == b["header_trailing"]
    assert a["problems"] == b["problems"]
    assert len(a["deals"]) == len(b["deals"])
    for x, y in zip(a["deals"], b["deals"], strict=True):
        assert x == y


# --- every sample -------------------------------------------------------------------------


@pytest.mark.parametrize("path", readable_samples(), ids=lambda p: p.name)
def test_fmt_of_every_sample_is_idempotent_and_keeps_its_meaning(path):
    data = path.read_bytes()
    first = sample_canonical(path)
    assert first.ok and first.text is not None
    second = canonical_text(first.text.encode("utf-8"), str(path))
    assert second.ok and second.text == first.text and not second.changed
    same_meaning(semantics(data), semantics(first.text))
    # every comment of the file is in the output, as many times
    comments = Counter(line.split("#", 1)[1].rstrip() for line in data.decode(
        "utf-8", "replace").split("\n") if "#" in line and '"' not in line)
    written = Counter(line.split("#", 1)[1].rstrip() for line in first.text.split("\n")
                      if "#" in line and '"' not in line)
    assert comments == written


# By default each feature sample in one spelling (in turn); every good sample in
# both under the slow marker.
@pytest.mark.parametrize("path, style", [
    *pairs_by_default([p for p in good_samples() if p.name in FEATURE_SAMPLES],
                      ["unicode", "ru"]),
    *[pytest.param(p, style, marks=pytest.mark.slow) for p in good_samples()
      if p.name not in FEATURE_SAMPLES for style in ("unicode", "ru")]],
    ids=lambda value: getattr(value, "name", value))
def test_every_card_style_is_idempotent(path, style):
    first = canonical_text(path.read_bytes(), str(path), style)
    assert first.ok and first.text is not None
    assert canonical_text(first.text, str(path), style).text == first.text
    assert canonical_text(first.text, str(path)).text == sample_canonical(path).text


@pytest.mark.parametrize("path", [p for p in bad_samples()
                                  if p not in readable_samples()], ids=lambda p: p.name)
def test_samples_with_unreadable_lines_or_errors_are_not_rewritten(path, tmp_path):
    copy = tmp_path / path.name
    copy.write_bytes(path.read_bytes())
    result = format_file(copy)
    assert not result.ok
    if result.reason == "lossy":
        assert {d.code for d in result.diagnostics} <= formatting.LOSSY_CODES | {"RV113"}
    else:  # errors of meaning: fmt does not write a record that fails check either
        assert result.reason == "errors" and any(d.is_error for d in result.diagnostics)
    assert copy.read_bytes() == path.read_bytes()


def test_generated_sessions_with_hands_are_idempotent():
    from reversis_cli.simulate import SimulationOptions, simulate_session

    for seed in (11, 12):
        options = SimulationOptions(3, seed, events=0.0, write_hands=True)
        # The simulator writes canonical text; leave out the leaders after trick 1,
        # as a marker does, so that fmt has them to fill in.
        text = re.sub(r"^ +([2-9]|1[01]) \S+ +", r"  \1 ", "".join(simulate_session(options)),
                      flags=re.M)
        assert "\n  2 " in text
        first = canonical_text(text, "g.rvs")
        assert first.ok and first.text is not None
        assert canonical_text(first.text, "g.rvs").text == first.text
        same_meaning(semantics(text), semantics(first.text))


# --- what fmt does to the bytes ---------------------------------------------------------


def test_crlf_and_bom_become_plain_newlines():
    text = "\ufeff" + MINIMAL.replace("\n", "\r\n")
    result = canonical_text(text.encode("utf-8"), "t.rvs")
    assert result.changed and result.text is not None
    assert "\r" not in result.text and not result.text.startswith("\ufeff")
    assert result.text == canonical_text(MINIMAL, "t.rvs").text


def test_trailing_blanks_of_comments_are_dropped_and_text_kept():
    out = canonical_text(MINIMAL.replace("  1 Anna 5H AH 9H KH", "  1 Anna 5H AH 9H KH #  x\t "),
                         "t").text
    assert out is not None
    assert "   1 Anna  5H AH 9H KH  #  x\n" in out


def test_a_refusal_that_sees_two_cards_is_not_rewritten():
    text = FULL.replace("refuses sees 3H", "refuses sees 3H 7D")
    result = canonical_text(text, "t.rvs")
    assert not result.ok
    assert [d.code for d in result.diagnostics] == ["RV521"]
    assert result.diagnostics[0].line == 9 and result.diagnostics[0].severity == "error"


def test_a_header_line_inside_a_deal_is_not_rewritten():
    result = canonical_text(MINIMAL + "title \"late\"\n", "t.rvs")
    assert not result.ok and result.diagnostics[0].code == "RV113"


def test_the_read_back_check_refuses_a_writer_bug(monkeypatch):
    from reversis_cli.notation import writer

    real = writer.write_deal
    monkeypatch.setattr(writer, "write_deal",
                        lambda deal, style="ascii": [line for line in real(deal, style)
                                                     if "talon" not in line])
    result = canonical_text(FULL, "t.rvs")
    assert not result.ok
    assert result.diagnostics[0].code == "RV522"
    assert "/deals/0/statements/4" in result.diagnostics[0].message


# --- atomic writes ------------------------------------------------------------------------


def test_fmt_rewrites_in_place_and_keeps_the_mode(tmp_path):
    path = tmp_path / "r.rvs"
    path.write_text(MINIMAL)
    os.chmod(path, 0o640)
    result = format_file(path)
    assert result.changed
    assert path.read_text() == result.text
    assert os.stat(path).st_mode & 0o777 == 0o640
    assert [p.name for p in tmp_path.iterdir()] == ["r.rvs"]


def test_fmt_writes_through_the_one_atomic_writer(tmp_path, atomic_writes):
    path = tmp_path / "r.rvs"
    path.write_text(MINIMAL)
    assert format_file(path).changed
    assert atomic_writes == ["r.rvs"]


def test_an_interrupted_write_leaves_the_old_file_and_no_temporary(tmp_path, monkeypatch):
    path = tmp_path / "r.rvs"
    path.write_text(MINIMAL)

    def boom(src, dst):
        raise KeyboardInterrupt

    monkeypatch.setattr(files.os, "replace", boom)
    with pytest.raises(KeyboardInterrupt):
        format_file(path)
    assert path.read_text() == MINIMAL
    assert [p.name for p in tmp_path.iterdir()] == ["r.rvs"]


def test_a_symlink_is_followed_not_replaced(tmp_path):
    target = tmp_path / "real.rvs"
    target.write_text(MINIMAL)
    link = tmp_path / "link.rvs"
    link.symlink_to(target)
    format_file(link)
    assert link.is_symlink()
    assert target.read_text() == canonical_text(MINIMAL, "t").text


# --- the command --------------------------------------------------------------------------


def test_fmt_command_check_names_the_files_that_would_change(tmp_path):
    good = tmp_path / "good.rvs"
    good.write_text(canonical_text(MINIMAL, "t").text)
    messy = tmp_path / "messy.rvs"
    messy.write_text(MINIMAL)
    runner = CliRunner()
    result = runner.invoke(fmt_command, ["--check", str(good), str(messy)])
    assert result.exit_code == 1
    assert f"would reformat {messy}" in result.output
    assert str(good) not in result.stdout
    assert messy.read_text() == MINIMAL
    assert runner.invoke(fmt_command, ["--check", str(good)]).exit_code == 0


def test_fmt_command_rewrites_then_check_passes(tmp_path):
    path = tmp_path / "r.rvs"
    path.write_text(MINIMAL)
    runner = CliRunner()
    assert runner.invoke(fmt_command, [str(path)]).exit_code == 0
    assert path.read_text() != MINIMAL
    assert runner.invoke(fmt_command, ["--check", str(path)]).exit_code == 0


def test_fmt_command_cards_option(tmp_path):
    path = tmp_path / "r.rvs"
    path.write_text(MINIMAL)
    result = CliRunner().invoke(fmt_command, ["--cards", "unicode", str(path)])
    assert result.exit_code == 0
    assert "   1 Anna  5♥ A♥ 9♥ K♥" in path.read_text()


def test_fmt_command_refuses_a_file_with_syntax_errors(tmp_path):
    path = tmp_path / "r.rvs"
    broken = MINIMAL.replace("  5 Vera", "  5 Vera 2Z")
    path.write_text(broken)
    result = CliRunner().invoke(fmt_command, [str(path)])
    assert result.exit_code == 1
    assert "RV102" in result.output and "not formatted" in result.output
    assert path.read_text() == broken


def test_fmt_command_reads_stdin():
    result = CliRunner().invoke(fmt_command, ["-"], input=MINIMAL)
    assert result.exit_code == 0
    assert result.stdout == canonical_text(MINIMAL, "t").text


def test_fmt_command_missing_file_is_a_usage_error(tmp_path):
    assert CliRunner().invoke(fmt_command, [str(tmp_path / "nope.rvs")]).exit_code == 2
