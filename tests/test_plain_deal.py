"""A settled deal written in one pass (render/plain_deal.py, issue 35) is the
very text its view gives: the plain writer's (``plain_text`` of
``settlement_view``) and rich's, without the spaces rich pads a line with (what
a file or a pipe gets), in English and Russian, at any width, with names in
any script, and with the texts it keeps from one deal to the next kept apart
by language, spelling of cards and width.  A plain deal settled lean is written
from its lean settlement (``lean_deal_text``) as from its full one."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import samples_by_default, some_by_default
from reversis_cli import fastpaths
from reversis_cli.cli import cli
from reversis_cli.i18n import use
from reversis_cli.render import plain_deal, plain_words, score
from reversis_cli.render import session as render_session
from reversis_cli.render.plain import plain_text, without_padding
from reversis_cli.render.session import render_deal
from reversis_cli.session.service import Session
from reversis_cli.settle import DealStatus
from reversis_cli.simulate import SimulationOptions, simulate_session
from test_plain_tables import SAMPLE_CARDS, rich_text

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
EVERY_SAMPLE = sorted(SAMPLES.glob("*.rvs")) + sorted((SAMPLES / "club").glob("*.rvs"))


def assert_written_as_its_view(path: Path, widths, cards: str = "unicode",
                               with_rich: bool = True) -> int:
    """Each settled deal of ``path``, at each width: the one-pass text, when it
    writes one, is its view's; the number of deals it wrote is returned."""
    written = 0
    with Session.open(str(path), None, {}) as session:
        if not session.settleable:
            return 0
        for one in session.deals():
            if one.settlement is None:
                continue
            view = render_deal(one, session.players, cards)
            for width in widths:
                text = plain_deal.deal_text(one.settlement, session.players, cards, width)
                if text is None:
                    continue
                written += 1
                reference = plain_text(view, width)
                assert reference is not None, (one.settlement.number, width)
                assert text == without_padding(reference), (one.settlement.number, width)
                if with_rich:
                    assert text == without_padding(rich_text(view, width)), \
                        (one.settlement.number, width)
    return written


@pytest.mark.parametrize("path", samples_by_default(EVERY_SAMPLE))
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_sample_is_written_as_its_view(path, lang):
    with use(lang):
        assert_written_as_its_view(path, (80, 52), SAMPLE_CARDS[lang])


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_plain_evening_takes_the_one_pass_for_every_deal(lang):
    """Not a twin that always gives up: every deal of the evening is written by it."""
    path = SAMPLES / "evening.rvs"
    with use(lang), Session.open(str(path), None, {}) as session:
        deals = sum(1 for one in session.deals()
                    if one.settlement is not None
                    and one.settlement.status is not DealStatus.VOID)
    with use(lang):
        assert assert_written_as_its_view(path, (80,)) == deals > 0


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_names_in_any_script_at_any_width(lang, wide_names):
    with use(lang):
        assert assert_written_as_its_view(wide_names, (200, 80, 60, 47, 30)) > 0


@pytest.mark.parametrize("seed", some_by_default(range(1, 7), lambda seed: seed in (1, 3)))
def test_simulated_sessions_with_irregular_deals(tmp_path, seed):
    path = tmp_path / "simulated.rvs"
    path.write_text("".join(simulate_session(SimulationOptions(
        40, seed, rules="modern" if seed % 2 else "classic", irregular=0.3, events=0.5))),
        encoding="utf-8")
    with use("ru" if seed % 3 == 0 else "en"):
        assert assert_written_as_its_view(path, (80, 41), ("ascii", "unicode", "ru")[seed % 3]) > 0


def test_a_long_plain_session_against_the_views(tmp_path):
    """300 plain deals, as the bench's: every row kept, every reason wrapped, is
    the view's text (against the plain writer; rich is held to it above)."""
    path = tmp_path / "long.rvs"
    path.write_text("".join(simulate_session(SimulationOptions(300, 0))), encoding="utf-8")
    for lang, cards in (("en", "unicode"), ("ru", "ru"), ("en", "ascii")):
        with use(lang):
            assert assert_written_as_its_view(path, (80, 100), cards, with_rich=False) == 600


def test_what_it_keeps_is_kept_apart_by_language_cards_and_width():
    """The same deals written in turn in English and Russian, with each spelling
    of cards, at two widths: each text is its own view's, whatever came before."""
    path = SAMPLES / "big-night.rvs"
    for _ in range(2):
        for lang in ("en", "ru"):
            for cards in ("unicode", "ascii", "ru"):
                with use(lang):
                    assert assert_written_as_its_view(path, (80, 64), cards,
                                                      with_rich=False) > 0


def test_what_it_keeps_stays_bounded(monkeypatch):
    """A kept table is emptied when full: bounded memory for a session of any length."""
    monkeypatch.setattr(plain_words, "HELD", 3)
    table: dict = {}
    for key in range(10):
        plain_words.kept(table, key, str(key))
        assert len(table) <= 3
    assert table[9] == "9"
    with use("en"):
        assert assert_written_as_its_view(SAMPLES / "evening.rvs", (80,), with_rich=False) > 0


def test_a_pipe_gets_the_deals_without_their_views(monkeypatch):
    """``score`` to a pipe writes a plain deal without making its view (the
    point of the one pass), and the same bytes as under REVERSIS_REFERENCE=1,
    which makes every view."""
    args = ["score", str(SAMPLES / "evening.rvs")]
    env = {"COLUMNS": "80", "NO_COLOR": "1", "TERM": "dumb"}
    monkeypatch.setattr(fastpaths, "REFERENCE", True)
    reference = CliRunner().invoke(cli, args, env=env)
    monkeypatch.setattr(fastpaths, "REFERENCE", False)

    def no_view(*args, **kwargs):
        raise AssertionError("a view was made for a plain deal")

    monkeypatch.setattr(render_session, "settlement_view", no_view)
    fast = CliRunner().invoke(cli, args, env=env)
    assert fast.exception is None or isinstance(fast.exception, SystemExit), fast.output
    assert (fast.exit_code, fast.output) == (reference.exit_code, reference.output)
    assert "Payments" in fast.output


def test_the_greedy_wrap_is_rich_s_wrap_or_gives_up():
    """A reason wrapped word by word (the usual case) is what the vendored rich wrap
    makes of it, line for line; a text it cannot be sure of is left to that wrap."""
    from reversis_cli.render.widths import wrap

    texts = ["Anna played A♠ and pays the partie winner Vera, doubled for vis-à-vis (DOUBLE-3)",
             "Gleb loses the partie (19 points) and pays Boris double, as vis-à-vis (PARTIE-5)",
             "Борис положил Т♦ на взятку Веры, вдвойне за визави (DOUBLE-1)",
             "a b c d e f g h i j k l m n o p q r s t u v w x y z", "word", "exactly ten"]
    checked = 0
    for text in texts:
        for width in range(4, 90):
            lines = plain_deal._greedy(text, width)
            if lines is None:
                continue
            checked += 1
            rich_lines = wrap(text, width, "left", "ellipsis")
            assert rich_lines is not None
            assert lines == [line.rstrip(" ") for line in rich_lines], (text, width)
    assert checked > 300
    import random

    rng = random.Random(35)
    for _ in range(2000):  # words of 1 to 12 letters between single spaces, at any width
        text = " ".join("".join(rng.choice("abcdéж♠") for _ in range(rng.randint(1, 12)))
                        for _ in range(rng.randint(1, 16)))
        width = rng.randint(1, 60)
        lines = plain_deal._greedy(text, width)
        if max(map(len, text.split())) > width:
            assert lines is None
            continue
        rich_lines = wrap(text, width, "left", "ellipsis")
        assert rich_lines is not None
        assert lines == [line.rstrip(" ") for line in rich_lines], (text, width)
        checked += 1
    assert checked > 1500
    for text, width in [("two  spaces here", 40), (" leading", 40), ("trailing ", 40),
                        ("no\u00a0break", 40), ("a tab\there", 40), ("averyveryverylongword", 10)]:
        assert plain_deal._greedy(text, width) is None, text


def test_a_player_without_a_figure_shows_0_as_the_view_does():
    """The players' figures are read by name at once; a settlement without one of
    them (0 in the view) is read name by name, with the same text."""
    from reversis_cli.values import replace

    with Session.open(str(SAMPLES / "evening.rvs"), None, {}) as session:
        one = next(iter(session.deals()))
        players = session.players
    settlement = one.settlement
    assert settlement is not None
    missing = players[1]
    bare = replace(settlement, tricks_won={k: v for k, v in settlement.tricks_won.items()
                                           if k != missing},
                   net={k: v for k, v in settlement.net.items() if k != missing})
    text = plain_deal.deal_text(bare, players, "unicode", 80)
    view = score.settlement_view(bare, players, "unicode")
    reference = plain_text(view, 80)
    assert text is not None and reference is not None
    assert text == without_padding(reference)


def test_payments_in_reading_order_are_kept_as_they_are():
    """``_read_in_order`` (issue 35) says yes exactly when the view's own
    ``in_trick_order`` keeps the payments as they are: every run of up to six
    payments, each before the play (None), of a trick (1 to 3) or after it."""
    import itertools
    from types import SimpleNamespace

    for count in range(7):
        for tricks in itertools.product((None, 1, 2, 3), repeat=count):
            payments = tuple(SimpleNamespace(trick=trick) for trick in tricks)
            kept = score.in_trick_order(payments) == list(payments)
            assert plain_deal._read_in_order(payments) is kept, tricks  # type: ignore[arg-type]


def test_the_session_table_s_rows_are_written_as_before():
    """``session_view`` writes each row's cells without a call a cell (issue 35):
    the label as ``t`` writes it (a deal's number, or the Msg of a deal not
    settled), each balance as ``signed``, the pool as ``fiches``; in English and
    Russian, with fractions, a label a Msg, a player without a balance."""
    from fractions import Fraction

    from reversis_cli.i18n import Msg, t
    from reversis_cli.render.amounts import fiches, signed

    players = ("Anna", "Boris", "Vera")
    rows: list[tuple] = [("1", {"Anna": 5, "Boris": -5, "Vera": 0}, 10, None),
            (Msg("{number} (not settled)", number=2), {"Anna": 5, "Boris": -5, "Vera": 0},
             10, None),
            ("3", {"Anna": Fraction(5, 2), "Boris": Fraction(-7, 2)}, Fraction(21, 2), None),
            ("4", {"Anna": Fraction(4, 2), "Boris": -2, "Vera": 0}, Fraction(20, 2), None)]
    for language in ("en", "ru"):
        with use(language):
            table = score.session_view(rows, {"Anna": 1}, 3, players)
            assert table.rows == [[t(label), *[signed(balance.get(name, 0)) for name in players],
                                   fiches(pool)] for label, balance, pool, _ in rows]


def assert_lean_written_as_full(path: Path, widths, cards: str = "unicode") -> int:
    """Each plain deal of ``path`` settled lean, at each width: its text from the
    lean settlement is the text of its full settlement (itself held to the view
    above) and its view's; the number of deals written so is returned."""
    written = 0
    with Session.open(str(path), None, {}) as session:
        if not session.settleable:
            return 0
        session.lean = True  # as score's tables settle (TableDeals.lean)
        for one in session.deals():
            lean = one.lean
            if lean is None:
                continue
            full = lean.full()
            view = score.settlement_view(full, session.players, cards)
            for width in widths:
                text = plain_deal.lean_deal_text(lean, session.players, cards, width)
                assert text == plain_deal.deal_text(full, session.players, cards, width), \
                    (lean.number, width)
                if text is not None:
                    written += 1
                    assert text == without_padding(plain_text(view, width) or ""), \
                        (lean.number, width)
    return written


@pytest.mark.parametrize("path", samples_by_default(EVERY_SAMPLE))
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_sample_s_lean_deals_are_written_as_their_full_settlements(path, lang):
    with use(lang):
        assert_lean_written_as_full(path, (80, 52), SAMPLE_CARDS[lang])


@pytest.mark.parametrize("seed", some_by_default(range(1, 9), lambda seed: seed in (1, 4)))
def test_simulated_lean_deals_of_every_kind(tmp_path, seed):
    """Events, irregular deals (two discarded, forfeits), hands, both profiles, every
    spelling of cards, narrow widths where reasons wrap and tables give up."""
    path = tmp_path / "simulated.rvs"
    path.write_text("".join(simulate_session(SimulationOptions(
        60, seed, rules="modern" if seed % 2 else "classic", irregular=0.3, events=0.5,
        write_hands=seed % 4 == 0))), encoding="utf-8")
    with use("ru" if seed % 3 == 0 else "en"):
        assert assert_lean_written_as_full(path, (80, 41, 30),
                                           ("ascii", "unicode", "ru")[seed % 3]) > 0


def test_a_long_lean_session_as_the_bench_writes_it(tmp_path):
    """300 plain deals, as the bench's: every row and reason kept by its lean payment
    is the full settlement's text, in English, Russian and ASCII cards."""
    path = tmp_path / "long.rvs"
    path.write_text("".join(simulate_session(SimulationOptions(300, 0))), encoding="utf-8")
    for lang, cards in (("en", "unicode"), ("ru", "ru"), ("en", "ascii")):
        with use(lang):
            assert assert_lean_written_as_full(path, (80,), cards) == 300


def test_players_in_another_order_than_the_seats_get_the_full_settlement_s_text():
    """The players' table follows the order it is given: when that is not the
    seats', the lean text is the full settlement's in that order."""
    with Session.open(str(SAMPLES / "evening.rvs"), None, {}) as session:
        session.lean = True
        lean = next(one.lean for one in session.deals() if one.lean is not None)
    players = tuple(reversed(lean.names))
    with use("en"):
        text = plain_deal.lean_deal_text(lean, players, "unicode", 80)
        assert text is not None
        assert text == plain_deal.deal_text(lean.full(), players, "unicode", 80)
        assert text.index(players[0]) < text.index(players[-1])


def test_a_pipe_gets_plain_deals_from_their_lean_settlements(monkeypatch):
    """``score`` to a pipe writes each plain deal of the evening from its lean
    settlement, and the same bytes as under REVERSIS_REFERENCE=1."""
    args = ["score", str(SAMPLES / "evening.rvs")]
    env = {"COLUMNS": "80", "NO_COLOR": "1", "TERM": "dumb"}
    monkeypatch.setattr(fastpaths, "REFERENCE", True)
    reference = CliRunner().invoke(cli, args, env=env)
    monkeypatch.setattr(fastpaths, "REFERENCE", False)
    written = []
    lean_text = plain_deal.lean_deal_text

    def counted(lean, *args):
        written.append(lean.number)
        return lean_text(lean, *args)

    monkeypatch.setattr(render_session, "lean_deal_text", counted)
    fast = CliRunner().invoke(cli, args, env=env)
    assert (fast.exit_code, fast.output) == (reference.exit_code, reference.output)
    with Session.open(str(SAMPLES / "evening.rvs"), None, {}) as session:
        plain = [one.checked.number for one in session.deals()
                 if one.settlement is not None and one.settlement.status is not DealStatus.VOID]
    assert written == plain and len(plain) > 5
