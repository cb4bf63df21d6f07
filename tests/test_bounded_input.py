"""Every record costs bounded time and memory, whatever is given as one
(QA finding 3: /dev/zero, `yes AS`, a file of NUL bytes, random bytes and a
deal of 200,000 trick lines each ran for seconds to minutes, up to 5 GB)."""

from __future__ import annotations

import os
import sys
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner

from reversis_cli.cli import cli
from reversis_cli.notation import chunks
from reversis_cli.notation.chunks import MAX_CHUNK_LINES, MAX_SKIPPED_BYTES
from reversis_cli.reader import MAX_ERRORS_PER_FILE, open_record, record_from_text

from records import FULL, MINIMAL, TRICKS

ROOT = Path(__file__).resolve().parent.parent
SECOND = "deal 2 dealer Anna\n" + TRICKS.replace("  1 Anna", "  1 Boris")


def read_all(record) -> list[tuple[str, int | None]]:
    with record:
        found = [(d.code, d.line) for d in record.header_diagnostics]
        for deal in record.deals():
            found += [(d.code, d.line) for d in deal.diagnostics]
    return found


def deal_numbers(text: str | bytes) -> list[int | None]:
    with record_from_text(text) as record:
        return [deal.number for deal in record.deals()]


# -- (a) what a record path may be ---------------------------------------------------


def test_a_device_is_refused_at_once_even_through_a_symlink(tmp_path):
    link = tmp_path / "x.rvs"
    link.symlink_to("/dev/null")
    for path in ("/dev/null", str(link)):
        found = read_all(open_record(path))
        assert found == [("RV001", None)]
    with open_record(link) as record:
        assert "not a regular file" in record.header_diagnostics[0].message


def test_a_folder_is_refused_with_rv001(tmp_path):
    with open_record(tmp_path) as record:
        assert [d.code for d in record.header_diagnostics] == ["RV001"]
        assert "folder, not a regular file" in record.header_diagnostics[0].message


def test_check_dev_zero_answers_at_once(run_that_may_hang):
    done = run_that_may_hang("check", "/dev/zero", cwd=ROOT)
    assert done.returncode == 1 and "error[RV001]" in done.stderr + done.stdout


def test_a_fifo_is_still_read(tmp_path):
    fifo = tmp_path / "r.rvs"
    os.mkfifo(fifo)
    writer = threading.Thread(target=lambda: fifo.write_text(FULL))
    writer.start()
    try:
        found = read_all(open_record(fifo))
    finally:
        writer.join(timeout=5)
    assert found == []


# -- (b) lines are read with a length limit ------------------------------------------


def test_an_endless_line_stops_the_reading_after_a_megabyte():
    found = read_all(record_from_text(FULL.encode() + b"\0" * (MAX_SKIPPED_BYTES + 10)))
    assert found == [("RV005", 24)]


def test_a_long_line_is_one_error_and_the_next_deal_is_read():
    text = FULL + "  # " + "x" * 100_000 + "\n" + SECOND
    found = read_all(record_from_text(text))
    assert ("RV100", 24) in found and deal_numbers(text) == [1, 2]


def test_standard_input_of_nul_bytes_answers_at_once():
    result = CliRunner().invoke(cli, ["check", "-"], input=b"\0" * (3 * MAX_SKIPPED_BYTES))
    assert result.exit_code == 1 and "error[RV005]" in result.output


# -- (c) a chunk holds a bounded number of lines -------------------------------------


def test_a_deal_of_too_many_lines_is_cut_once_and_the_next_deal_is_read():
    extra = "  11 Vera 4C 6C 2H 3C\n" * (3 * MAX_CHUNK_LINES)
    text = FULL + extra + SECOND
    found = read_all(record_from_text(text))
    assert [code for code, _ in found].count("RV004") == 1
    assert deal_numbers(text) == [1, 2]


def test_a_header_of_endless_lines_stops_after_the_skipped_ones(monkeypatch):
    monkeypatch.setattr(chunks, "MAX_SKIPPED_LINES", 10 * MAX_CHUNK_LINES)
    found = read_all(record_from_text("AS\n" * (20 * MAX_CHUNK_LINES)))
    codes = [code for code, _ in found]
    assert codes.count("RV004") == 1 and codes.count("RV005") == 1
    assert ("RV005", 11 * MAX_CHUNK_LINES + 2) in found


def test_blank_lines_above_a_deal_are_not_counted_as_its_lines():
    text = MINIMAL + "\n" * (3 * MAX_CHUNK_LINES) + SECOND
    assert deal_numbers(text) == [1, 2]
    assert "RV004" not in [code for code, _ in read_all(record_from_text(text))]


# -- (d) errors per file -------------------------------------------------------------


def test_reading_stops_after_too_many_errors():
    text = "players Anna Boris Vera Gleb\n" + "deal x\n" * (2 * MAX_ERRORS_PER_FILE)
    found = read_all(record_from_text(text))
    assert len(found) == MAX_ERRORS_PER_FILE + 1
    assert found[-1] == ("RV005", MAX_ERRORS_PER_FILE + 2)


# 64 KiB already give more errors than the cap (a second less than a MiB).
@pytest.mark.parametrize("size", [1 << 16, pytest.param(1 << 20, marks=pytest.mark.slow)])
def test_random_bytes_answer_with_a_bounded_number_of_errors(size):
    data = bytes(range(256)) * (size // 256)
    result = CliRunner().invoke(cli, ["check", "-"], input=data)
    assert result.exit_code == 1
    assert result.output.count("error[") <= MAX_ERRORS_PER_FILE + 1


class _LinesOnly:
    """A standard input that can only be read a line at a time, and says how far."""

    def __init__(self, data: bytes):
        import io

        self._stream, self.asked = io.BytesIO(data), 0

    def readline(self, limit: int = -1) -> bytes:
        self.asked += 1
        return self._stream.readline(limit)

    def tell(self) -> int:
        return self._stream.tell()


def test_standard_input_is_read_only_as_far_as_the_reading_goes(monkeypatch):
    """Before, standard input was read whole (`yes AS | reversis check -` grew to GBs)."""
    endless = _LinesOnly(b"\0" * (4 * MAX_SKIPPED_BYTES))
    monkeypatch.setattr(sys, "stdin", type("Stdin", (), {"buffer": endless})())
    found = read_all(open_record("-"))
    assert ("RV005", 1) in found
    assert endless.tell() < 2 * MAX_SKIPPED_BYTES


def test_standard_input_read_twice_gives_the_same_lines(monkeypatch):
    source = _LinesOnly(FULL.encode() + SECOND.encode())
    monkeypatch.setattr(sys, "stdin", type("Stdin", (), {"buffer": source})())
    first = open_record("-")
    next(iter(first.deals()))  # the first reading stops after deal 1
    second = read_all(open_record("-"))
    assert second == read_all(record_from_text(FULL + SECOND))
    assert [d.number for d in first.deals()] == [2]
