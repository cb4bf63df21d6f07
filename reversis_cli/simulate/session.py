"""The session generator: deal after deal, streamed, as a record and as text.

Everything is driven by one ``random.Random(seed)``: the same options give
the same deals, and the first N deals of a longer session are the N deals of
a shorter one.  Deals are made one at a time as they are asked for, so memory
stays flat for any number of deals.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from ..model import Deal, Header
from ..notation.writer import write_deal, write_header
from .events import IRREGULAR_MODES, generate_deal
from .options import SimulationOptions
from .played import PlayedDeal, dealer_after
from .record import DealWriter, session_header

__all__ = ["played_deals", "simulate_record", "simulate_session"]

FIRST_DEALER = 3  # the last of the players listed deals first


def played_deals(options: SimulationOptions) -> Iterator[PlayedDeal]:
    """The session's deals as played, one at a time.

    The deal passes to the next player each time (SEAT-2), except after an
    exposed card or a paid redeal (:func:`.played.dealer_after`).
    """
    rng = random.Random(options.seed)
    modes = [m for m, _ in options.mix]
    weights = [w for _, w in options.mix]
    dealer = FIRST_DEALER
    for number in range(1, options.deals + 1):
        force = options.forces.get(number)
        # The irregular draw comes first: an irregular deal holds no rare event,
        # so with --events 1 --irregular 1 every deal is irregular, as asked,
        # and --events applies to the regular deals.  With irregular 0 there is
        # no draw for it, and the seeded deals of earlier versions are unchanged.
        if force is None and options.irregular > 0 and rng.random() < options.irregular:
            force = rng.choice(IRREGULAR_MODES)
        elif force is None and options.events > 0 and rng.random() < options.events:
            force = rng.choices(modes, weights)[0]
        played = generate_deal(rng, dealer, force=force)
        yield played
        dealer = dealer_after(played)


def simulate_record(options: SimulationOptions) -> tuple[Header, Iterator[Deal]]:
    """The session as the project's model: its header and its deals, made lazily."""
    header = session_header(options.players, options.rules, options.title, options.comments)
    writer = DealWriter(options.players, options.card_style, write_hands=options.write_hands,
                        write_exchanges=options.write_exchanges)
    deals = (writer.deal(played, number)
             for number, played in enumerate(played_deals(options), start=1))
    return header, deals


def simulate_session(options: SimulationOptions) -> Iterator[str]:
    """The text of the session in pieces: the header, then one piece per deal
    (each starting with the blank line that separates it).

    ``"".join(simulate_session(options))`` is the whole text, in canonical form
    (what ``reversis fmt`` writes); writing the pieces as they come keeps
    memory flat.
    """
    header, deals = simulate_record(options)
    style = options.card_style
    yield "\n".join(write_header(header, style)) + "\n"
    for deal in deals:
        yield "\n" + "\n".join(write_deal(deal, style)) + "\n"
