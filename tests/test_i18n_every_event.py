"""The Cyrillic session samples/every-event-ru.rvs in Russian, as a reader sees it:
goldens of ``check``, ``score``, ``show``, ``explain`` and ``arbitrate`` of every deal and
the report's visible text, all with ``--lang ru``, under tests/golden/ru/every-event-ru/.

Each golden starts with the command that made it, so that the folder reads as a
transcript; regenerate with ``python -m pytest --update-golden tests/test_i18n_every_event.py``
and read the diff whole: names (Анна, Вера are women), irregular deals, the reversis made
and broken and the two espagnolettes are what issue 21 asks to read."""

from __future__ import annotations

import re

import pytest

from conftest import some_by_default
from russian_session import (
    REPORT_ARGS, ROOT, SAMPLE, by_default, command_line, deal_numbers, report_text, run_ru,
)

# The width of the other Russian goldens: tables as a terminal of 120 columns shows them.
COLUMNS = 120
FOLDER = "ru/every-event-ru"


def _runs() -> dict[str, tuple[str, ...]]:
    runs: dict[str, tuple[str, ...]] = {
        "check": ("check", SAMPLE), "score": ("score", SAMPLE), "show": ("show", SAMPLE)}
    for number in deal_numbers():
        runs[f"explain-{number:02d}"] = ("explain", SAMPLE, "--deal", str(number))
        runs[f"arbitrate-{number:02d}"] = ("arbitrate", SAMPLE, "--deal", str(number))
    return runs


RUNS = _runs()
@pytest.mark.parametrize("name", some_by_default(list(RUNS), by_default))
def test_every_event_ru_golden(name, golden):
    args = RUNS[name]
    golden(f"{FOLDER}/{name}.txt", f"$ {command_line(args)}\n{run_ru(args, COLUMNS)}")


def test_every_event_ru_report_golden(golden):
    golden(f"{FOLDER}/report.txt",
           f"$ {command_line(REPORT_ARGS)}  (the page's visible text)\n{report_text(COLUMNS)}")


def test_the_session_holds_what_the_goldens_are_for():
    """Cyrillic names, Russian card letters, every irregularity and rare event:
    what tests/tools/make_samples.py forces, as the record writes it."""
    text = (ROOT / SAMPLE).read_text(encoding="utf-8")
    assert "players Анна Борис Вера Глеб" in text and "rules classic" in text
    assert re.search(r"^  \d+ \S+ +[ТКДВ2-9]", text, re.M)  # cards in Т К Д В
    for line in ("exposed", "misdeal Вера", "misdeal Анна", "redeal paid", "misdeal Анна late",
                 "peeked Вера", "kept Борис", "out-of-turn Анна", "discarded-two Вера",
                 "espagnolette Вера", "espagnolette Анна"):
        assert re.search(rf"^  {line}\b", text, re.M), line
    assert re.search(r"^  unclaimed \d+ Вера$", text, re.M)  # with the winner named
    assert re.search(r"^  unclaimed \d+$", text, re.M)  # and without
    assert deal_numbers() == list(range(1, 20))
