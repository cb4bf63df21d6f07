"""``reversis record`` on the full screen at deal 200 of a long session.

    python tests/perf/record_tui_bench.py [--deals 200] [--seed 7]

Writes a session of ``--deals`` deals with the simulate library, keeps all but
the last in a record, opens it with the recorder (deal 200 comes next) and
types the last deal's 44 cards into the full-screen app (Textual's headless
harness, 110x44).  Prints, per card, the median and the worst of:

* check -- the card checked as ``check`` checks it (the engine's
  ``DealInProgress.play``);
* redraw -- the panels updated from the engine's state, then the whole
  screen laid out and painted by Textual (more than it repaints after a card);
* draft -- the draft written beside the file and flushed to disk (the disk's
  figure, not the program's: it follows the check, before the next card).

Target: check+redraw under 20 ms (the median; the worst is printed beside).
Not a test: figures vary
with the machine.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from reversis_cli.record import Recorder, Setup  # noqa: E402
from reversis_cli.record.tui.app import RecordApp  # noqa: E402
from reversis_cli.cards import Card, CardError  # noqa: E402
from reversis_cli.simulate import SimulationOptions, simulate_session  # noqa: E402

TARGET_MS = 20.0


def session_before_last(deals: int, seed: int, folder: Path) -> tuple[Path, list[str]]:
    """A record of ``deals - 1`` deals and the cards of deal ``deals``."""
    text = "".join(simulate_session(SimulationOptions(deals, seed, write_exchanges=False)))
    marker = f"\ndeal {deals} "
    head, _, last = text.partition(marker)
    path = folder / "long.rvs"
    path.write_text(head.rstrip("\n") + "\n", encoding="utf-8")
    cards = []
    for line in last.splitlines()[1:]:
        words = line.split()
        if words and words[0].isdigit():
            cards += [w for w in words[1:] if is_card(w)]
    return path, cards


def is_card(word: str) -> bool:
    try:
        Card.parse(word)
    except CardError:
        return False
    return True


def figures(ms: list[float]) -> str:
    tenth = statistics.quantiles(ms, n=10)[-1]
    return (f"median {statistics.median(ms):6.2f} ms   90% {tenth:6.2f} ms   "
            f"worst {max(ms):6.2f} ms (card {ms.index(max(ms)) + 1})")


async def type_deal(path: Path, cards: list[str]) -> dict[str, list[float]]:
    """Each card but the last (which settles the deal) typed into the app,
    the steps timed apart: the check, the draft, the redraw."""
    app = RecordApp(path, recorder=Recorder.open(path, Setup()), cards="unicode")
    times: dict[str, list[float]] = {"check": [], "draft": [], "redraw": []}
    async with app.run_test(size=(110, 44)) as pilot:
        await pilot.pause()
        recorder = app.recorder
        assert recorder is not None
        for card in cards[:-1]:
            start = time.perf_counter()
            outcome = recorder.begin().play(card)  # what Recorder.play does before the draft
            checked = time.perf_counter()
            recorder.save_draft()
            saved = time.perf_counter()
            app._handle(outcome)  # the message line and the panels updated
            app.screen._refresh_layout(app.size)  # laid out and painted whole, at once
            app.screen._compositor.render_update(full=True)
            drawn = time.perf_counter()
            assert outcome.accepted, card
            times["check"].append((checked - start) * 1000)
            times["draft"].append((saved - checked) * 1000)
            times["redraw"].append((drawn - saved) * 1000)
            await pilot.pause()
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path, cards = session_before_last(args.deals, args.seed, Path(folder))
        print(f"deal {args.deals} of a simulated session, {len(cards)} cards typed")
        times = asyncio.run(type_deal(path, cards))
    both = [c + r for c, r in zip(times["check"], times["redraw"], strict=True)]
    for name in ("check", "redraw", "draft"):
        print(f"{name:<14}{figures(times[name])}")
    print(f"{'check+redraw':<14}{figures(both)}   target < {TARGET_MS:.0f} ms")
    return 0 if statistics.median(both) < TARGET_MS else 1


if __name__ == "__main__":
    sys.exit(main())
