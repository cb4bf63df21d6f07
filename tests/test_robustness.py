"""No input whatever gives a traceback: every problem is a diagnostic."""

import random

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings, strategies as st

from reversis_cli.cli import cli
from reversis_cli.reader import record_from_text

from conftest import bad_samples, good_samples
from records import FULL


def check_text(data) -> list:
    """Read a record wholly; any exception fails the test."""
    with record_from_text(data, "fuzz.rvs") as record:
        diags = list(record.header_diagnostics)
        for deal in record.deals():
            diags.extend(deal.diagnostics)
    for d in diags:  # every diagnostic is located and coded
        assert d.code.startswith("RV") and d.message
    return diags


@pytest.mark.parametrize("path", bad_samples(), ids=lambda p: p.name)
def test_bad_samples_through_the_cli(path):
    result = CliRunner().invoke(cli, ["check", str(path)])
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output
    expect_warning_only = "revoke" in path.name
    assert result.exit_code == (0 if expect_warning_only else 1), result.output


@pytest.mark.parametrize("data", [
    b"", b"\n\n\n", b"\xff\xfe\x00\x01garbage\x00", bytes(range(256)) * 4,
    b"players A B C D\n" + b"deal 1 dealer D\n 1 A " + b"AS " * 700_000 + b"\n",
    b"players " + b"x" * 2_000_000, FULL.encode()[:-200], FULL.encode()[:333],
    ("\u202e" * 1000 + FULL).encode(), b"deal\n" * 1000, b"#" * 100_000,
    FULL.replace("\n", "\r").encode(), b'title "unterminated\nplayers A B C D\n',
], ids=["empty", "blank", "binary", "all-bytes", "huge-trick", "2MB-line", "truncated",
        "truncated-early", "bidi", "deal-words", "comment", "cr-only", "open-string"])
def test_hostile_inputs(data):
    check_text(data)


RANDOM_TEXT = st.text(
    alphabet=st.sampled_from(list("deal 1 dealer hand talon>AKQJ9876SHDC♠♥\n#\"=-"))
    | st.characters(), max_size=400)


# 40 texts by default, 150 more under the slow marker (2 ms a text).
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(RANDOM_TEXT)
def test_random_text(text):
    check_text("players Anna Boris Vera Gleb\n" + text)


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(RANDOM_TEXT)
def test_more_random_text(text):
    check_text("players Anna Boris Vera Gleb\n" + text)


def _mutations(seed: int, text: str) -> str:
    rng = random.Random(seed)
    lines = text.split("\n")
    for _ in range(rng.randint(1, 4)):
        i = rng.randrange(len(lines))
        words = lines[i].split(" ")
        op = rng.choice(["drop-line", "dup-line", "swap-lines", "drop-word", "dup-word",
                         "swap-words", "corrupt"])
        if op == "drop-line":
            del lines[i]
        elif op == "dup-line":
            lines.insert(i, lines[i])
        elif op == "swap-lines":
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        elif op == "drop-word" and words:
            del words[rng.randrange(len(words))]
            lines[i] = " ".join(words)
        elif op == "dup-word" and words:
            k = rng.randrange(len(words))
            words.insert(k, words[k])
            lines[i] = " ".join(words)
        elif op == "swap-words" and len(words) > 1:
            a, b = rng.randrange(len(words)), rng.randrange(len(words))
            words[a], words[b] = words[b], words[a]
            lines[i] = " ".join(words)
        else:
            pos = rng.randrange(len(lines[i]) + 1)
            lines[i] = lines[i][:pos] + rng.choice("xZ9♥#\"\t\x00") + lines[i][pos:]
        if not lines:
            lines = [""]
    return "\n".join(lines)


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(st.integers(min_value=0, max_value=10**9))
def test_mutated_records_give_diagnostics_or_settle(seed):
    sources = [p.read_text(encoding="utf-8") for p in good_samples()[:2]] or [FULL]
    check_text(_mutations(seed, sources[seed % len(sources)]))
