"""Regenerate samples/*.rvs and samples/bad/*.rvs from fixed seeds.

    python tests/tools/make_samples.py            # writes into samples/
    python tests/tools/make_samples.py OUTDIR     # writes elsewhere (tests use this)

Every sample's deals are made by reversis_cli.simulate from the seeds below and
laid out as a marker writes them (tests/tools/handwritten.py); the
comments are chosen by the script (from a second rng seeded alike), so the
output is byte-for-byte reproducible.  The bad samples are legal deals with
one deliberate fault each, made by editing the records below.
"""

from __future__ import annotations

import dataclasses
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# Run as a script or loaded by the tests: the package, tests/ (the oracles)
# and this folder (the hand-written layout) are importable either way.
for _folder in (ROOT, ROOT / "tests", ROOT / "tests" / "tools"):
    if str(_folder) not in sys.path:
        sys.path.insert(0, str(_folder))

from reversis_cli.cards import PACK, QUINOLA, Card, Rank  # noqa: E402
from reversis_cli.simulate.events import generate_deal  # noqa: E402
from reversis_cli.simulate.played import PlayedDeal, dealer_after  # noqa: E402

from handwritten import format_deal, format_header  # noqa: E402
from sheet_samples import bad_sheet_samples, disputed_sheet, score_sheet  # noqa: E402
from infer_samples import house_reading  # noqa: E402
from simulate_oracles import ace_plays, partie_winner, revokes  # noqa: E402

PLAYERS = ("Anna", "Boris", "Vera", "Gleb")
PLAYERS_RU = ("Анна", "Борис", "Вера", "Глеб")

SEEDS = {
    "evening": 1785,
    "salon": 1786,
    "tver-ru": 1787,
    "big-night": 1788,
    "bad": 1789,
    "irregular": 1790,
    "every-event-ru": 2655,
}


# --------------------------------------------------------------------------- helpers


def deals(seed: int, count: int, forces: dict[int, str] | None = None, first_dealer: int = 3):
    rng = random.Random(seed)
    forces = forces or {}
    out = []
    dealer = first_dealer
    for number in range(1, count + 1):
        out.append(generate_deal(rng, dealer, force=forces.get(number)))
        dealer = dealer_after(out[-1])  # SEAT-2, IRR-1, IRR-2
    return out


def placed(record: PlayedDeal):
    """(trick, seat, card) for each ace or the quinola played off the suit led."""
    out = []
    for number in range(1, 12):
        plays = record.plays(number)
        led = plays[0][1].suit
        for seat, card in plays[1:]:
            if (card.is_ace or card.is_quinola) and card.suit is not led:
                out.append((number, seat, card))
    return out


def commentary(record: PlayedDeal, players, crng: random.Random, lang: str = "en") -> dict:
    """What a marker might pencil in the margin of this deal."""
    c: dict[str, str] = {}
    name = lambda s: players[s]  # noqa: E731
    ru = lang == "ru"
    if record.reversis is not None:
        who = name(record.reversis)
        c["deal"] = f"{who} взял все взятки" if ru else f"{who} takes every trick"
        c["after"] = ("реверсис! все платят" if ru
                      else f"reversis made: {who} sweeps the pool, and the table is silent")
    elif record.broken_reversis is not None:
        under, breaker = record.broken_reversis
        n = record.takers.index(breaker) + 1
        c[f"before:{n}"] = (f"{name(breaker)} ломает реверсис" if ru else
                            f"{name(under)} has nine in a row; {name(breaker)} breaks it here")
    if record.espagnolette is not None:
        who = name(record.espagnolette)
        c["before:1"] = (f"у {who} испаньолетта" if ru else
                         f"{who} shows the espagnolette before the first lead")
    for number, seat, card in placed(record):
        key = f"trick:{number}"
        if key in c:
            continue
        if card is QUINOLA:
            c[key] = "квинола сброшена!" if ru else f"quinola placed by {name(seat)}"
        elif crng.random() < 0.35:
            c[key] = f"{name(seat)} сбрасывает туза" if ru else f"{name(seat)} places the ace"
    if "deal" not in c and crng.random() < 0.3:
        grumble = crng.choice(
            ["Борис ворчит на раздачу", "Вера просит новую колоду"] if ru else
            [f"{name(record.first_hand)} grumbles about the deal", "fresh candles",
             f"{name(record.dealer)} deals slowly", "tea served"])
        c["deal"] = grumble
    return c


def write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8", newline="\n")


# --------------------------------------------------------------------------- samples


def evening() -> str:
    """Minimal: dealer and tricks only, leaders on trick 1 only."""
    records = deals(SEEDS["evening"], 9)
    crng = random.Random(SEEDS["evening"] + 1000)
    parts = [format_header(PLAYERS, title="A Tuesday evening", date="2026-11-17",
                           place="Anna's kitchen", rules="classic",
                           comments=["pencil scoresheet, copied out the next morning"])]
    for number, record in enumerate(records, start=1):
        comments = {}
        if crng.random() < 0.3:
            comments["deal"] = crng.choice(["tea", "Boris late back from the stove",
                                            "Vera keeps the score"])
        parts.append(format_deal(record, number, PLAYERS, write_exchanges=False,
                                 leaders="first", comments=comments))
    return "\n".join(parts)


def salon() -> str:
    """Everything written: hands as dealt, talon, exchanges, partie; comments."""
    records = deals(SEEDS["salon"], 10)
    crng = random.Random(SEEDS["salon"] + 1000)
    parts = [format_header(PLAYERS, title="Thursday salon", date="2026-11-26",
                           place="Tver, the Lvovs' house", rules="modern",
                           comments=["Marker: Pyotr Ilyich. Hands written as dealt, "
                                     "before the exchange."])]
    for number, record in enumerate(records, start=1):
        comments = commentary(record, PLAYERS, crng)
        if number == 1:
            comments.setdefault("exchange", "exchanges in turn from first hand; dealer last")
        takers = {11} | ({5} if crng.random() < 0.5 else set())
        parts.append(format_deal(record, number, PLAYERS, write_hands=True, takers=takers,
                                 comments=comments))
    return "\n".join(parts)


def _ru_style(deal_number: int):
    """Russian ranks; some deals in white suits, one with lower-case ranks."""
    white = {"♠": "♤", "♥": "♡", "♦": "♢", "♣": "♧"}

    def style(card: Card) -> str:
        text = card.format("ru")
        if deal_number in (3, 7):
            text = text[:-1] + white[text[-1]]
        if deal_number == 5:
            text = text.lower()
        return text
    return style


def tver_ru() -> str:
    records = deals(SEEDS["tver-ru"], 8)
    crng = random.Random(SEEDS["tver-ru"] + 1000)
    parts = [format_header(PLAYERS_RU, title="Вечер у Лёвшиных", date="1785-12-03",
                           place="Тверь, дом Лёвшиных", rules="classic",
                           comments=["запись рукой Веры; карты по-русски: Т К Д В"])]
    for number, record in enumerate(records, start=1):
        comments = commentary(record, PLAYERS_RU, crng, lang="ru")
        parts.append(format_deal(record, number, PLAYERS_RU, card_style=_ru_style(number),
                                 write_exchanges=True, takers={11}, comments=comments))
    return "\n".join(parts)


BIG_NIGHT_FORCES = {3: "reversis", 6: "espagnolette", 9: "broken_reversis"}


def big_night() -> str:
    records = deals(SEEDS["big-night"], 12, BIG_NIGHT_FORCES)
    crng = random.Random(SEEDS["big-night"] + 1000)
    parts = [format_header(PLAYERS, title="The big night", date="2026-12-31",
                           place="Club on Millionnaya", rules="classic",
                           comments=["New Year's Eve: twelve deals, a reversis, a broken "
                                     "one and an espagnolette"])]
    for number, record in enumerate(records, start=1):
        comments = commentary(record, PLAYERS, crng)
        parts.append(format_deal(record, number, PLAYERS, write_exchanges=True,
                                 takers={11}, comments=comments))
    return "\n".join(parts)


IRREGULAR_FORCES = {2: "peeked", 3: "exposed", 4: "kept", 5: "out_of_turn",
                    6: "misdeal_redeal", 7: "revoke", 8: "discarded_two", 9: "misdeal",
                    10: "unclaimed", 12: "misdeal_late", 13: "unclaimed"}
SHE = {"Anna", "Vera"}


def card_name(card: Card) -> str:
    rank = card.rank.name.lower() if card.rank > Rank.NINE else str(card.rank.value)
    return f"{rank} of {card.suit.noun}"


def irregular_comments(record: PlayedDeal, players, crng: random.Random) -> dict:
    """The marker's plain-English note on the irregularity of a deal."""
    name = lambda s: players[s]  # noqa: E731
    he = lambda s: "she" if name(s) in SHE else "he"  # noqa: E731
    his = lambda s: "her" if name(s) in SHE else "his"  # noqa: E731
    dealer, after = record.dealer, (record.dealer + 1) % 4
    force = record.force
    c: dict[str, str] = {}
    if force == "exposed":
        card = crng.choice(PACK)
        c["event:exposed"] = (f"{name(dealer)} turned up the {card_name(card)} while dealing; "
                              f"{he(dealer)} gathers the cards and deals again")
    elif force == "misdeal":
        victim = (dealer + crng.randrange(1, 4)) % 4
        c["event:misdeal"] = (f"{name(dealer)} misdealt ({name(victim)} got "
                              f"{crng.choice((10, 12))} cards); the deal passes to {name(after)}")
    elif force == "misdeal_redeal":
        c["event:misdeal"] = (f"{name(dealer)} dealt the talon four cards; {he(dealer)} pays "
                              f"a jeton into the pool to deal again")
    elif force == "misdeal_late":
        c["event:misdeal"] = (f"the misdeal was found only after the exchange: {name(dealer)} "
                              f"pays four jetons into the pool, and the deal passes to "
                              f"{name(after)}")
    elif force == "peeked":
        who = record.event_seat("peeked")
        c["event:peeked"] = (f"{name(who)} peeked at {his(who)} talon card before discarding: "
                             f"{he(who)} wins nothing this deal")
    elif force == "kept":
        who = record.event_seat("kept")
        (left,) = record.unplayed()
        c["event:kept"] = (f"{name(who)} took {his(who)} talon card without discarding and "
                           f"plays with twelve; the {card_name(left)} is never played")
    elif force == "discarded_two":
        who = record.event_seat("discarded-two")
        c["event:discarded-two"] = (f"{name(who)} discarded two cards and plays with ten: "
                                    f"{he(who)} has no card for trick 11")
    elif force == "out_of_turn":
        who = record.event_seat("out-of-turn")
        c["event:out-of-turn"] = (f"{name(who)} discarded before {his(who)} turn: "
                                  "one jeton into the pool")
    elif force == "revoke":
        ((trick, who, card, held),) = revokes(record)
        later = next(n for n in range(trick + 1, 12)
                     if (who, held) in record.plays(n))
        c[f"trick:{trick}"] = (f"{name(who)} renounces, still holding the {card_name(held)}: "
                               f"a revoke, seen when {he(who)} plays it in trick {later}")
    elif force == "unclaimed":
        (event,) = record.events
        holder, card, how = next((seat, card, how) for n, seat, card, how in ace_plays(record)
                                 if n == event.trick and card.is_ace and how in ("led", "played"))
        what = f"the {card_name(card)} {how} by {name(holder)} in trick {event.trick}"
        if event.seat is not None:
            c["event:unclaimed"] = (f"{name(event.seat)}, who wins the partie, forgot to "
                                    f"claim the payment for {what}")
        else:
            c["event:unclaimed"] = f"nobody claimed in time the payment for {what}"
        assert event.seat in (None, partie_winner(record))
    return c


def irregular() -> str:
    """Every irregularity of docs/rules.md IRR-0 to IRR-7 and CLAIM-1, each once, with notes."""
    records = deals(SEEDS["irregular"], 14, IRREGULAR_FORCES)
    crng = random.Random(SEEDS["irregular"] + 1000)
    parts = [format_header(PLAYERS, title="A rough evening", date="2027-01-14",
                           place="Club on Millionnaya, the back room", rules="classic",
                           comments=["Marker: Pyotr Ilyich. Every irregularity in the book "
                                     "tonight; the notes say what happened."])]
    for number, record in enumerate(records, start=1):
        comments = {} if record.void else commentary(record, PLAYERS, crng)
        comments.update(irregular_comments(record, PLAYERS, crng))
        parts.append(format_deal(record, number, PLAYERS, write_hands=number == 1,
                                 takers={11} if not record.void else set(),
                                 comments=comments))
    return "\n".join(parts)


# --------------------------------------------------------------------------- every-event-ru

# A Russian evening with every irregularity, every rare event and ordinary deals
# between them, for the Russian goldens and tests/test_i18n_russian_sweep.py.  The two
# espagnolettes fall one to each outcome under the seed (ESP-4, ESP-5); women hold
# the reversis, its break and both espagnolettes, so that a masculine form glued
# to a name shows.
EVERY_EVENT_RU_FORCES = {2: "exposed", 3: "reversis", 4: "peeked", 5: "misdeal",
                         6: "kept", 7: "espagnolette", 8: "out_of_turn", 9: "revoke",
                         11: "misdeal_redeal", 12: "broken_reversis", 13: "discarded_two",
                         14: "unclaimed", 15: "unclaimed", 16: "misdeal_late",
                         17: "espagnolette"}
EVERY_EVENT_RU_DEALS = 19
SHE_RU = {"Анна", "Вера"}


def _ru_card(card: Card) -> str:
    return card.format("ru")


def every_event_ru_comments(record: PlayedDeal, players, crng: random.Random) -> dict:
    """The marker's note in Russian, in the game's words (docs/translating.md):
    every name in the nominative, present tense."""
    name = lambda s: players[s]  # noqa: E731
    dealer, after = record.dealer, (record.dealer + 1) % 4
    force = record.force
    c: dict[str, str] = {}
    if force == "exposed":
        card = crng.choice(PACK)
        c["event:exposed"] = (f"при сдаче вскрывается {_ru_card(card)}: вскрытая карта, "
                              f"сдача не в счёт, снова сдаёт {name(dealer)}")
    elif force == "misdeal":
        victim = (dealer + crng.randrange(1, 4)) % 4
        c["event:misdeal"] = (f"{name(dealer)} засдаётся ({name(victim)} получает "
                              f"{crng.choice((10, 12))} карт); право сдачи переходит "
                              f"к следующему игроку: сдаёт {name(after)}")
    elif force == "misdeal_redeal":
        c["event:misdeal"] = (f"в прикупе четыре карты: {name(dealer)} засдаётся, ставит "
                              "в корзину жетон и сдаёт снова")
    elif force == "misdeal_late":
        c["event:misdeal"] = (f"засдачу замечают только после прикупа: {name(dealer)} платит "
                              f"в корзину четыре жетона, сдаёт {name(after)}")
    elif force == "peeked":
        who = record.event_seat("peeked")
        c["event:peeked"] = (f"{name(who)} смотрит карту прикупа до сноса: в этой сдаче "
                             "ничего не выигрывает")
    elif force == "kept":
        who = record.event_seat("kept")
        (left,) = record.unplayed()
        c["event:kept"] = (f"{name(who)} берёт карту прикупа без сноса и играет двенадцатью "
                           f"картами; {_ru_card(left)} так и не выходит")
    elif force == "discarded_two":
        who = record.event_seat("discarded-two")
        c["event:discarded-two"] = (f"{name(who)} сносит две карты и играет десятью: "
                                    "на 11-ю взятку карты нет")
    elif force == "out_of_turn":
        who = record.event_seat("out-of-turn")
        c["event:out-of-turn"] = f"{name(who)} сносит не в очередь: жетон в корзину"
    elif force == "revoke":
        ((trick, who, _card, held),) = revokes(record)
        later = next(n for n in range(trick + 1, 12) if (who, held) in record.plays(n))
        c[f"trick:{trick}"] = (f"ложный ренонс: {name(who)} не отвечает в масть, хотя "
                               f"на руках {_ru_card(held)}; видно во взятке {later}")
    elif force == "unclaimed":
        (event,) = record.events
        holder, card = next((seat, card) for n, seat, card, how in ace_plays(record)
                            if n == event.trick and card.is_ace and how in ("led", "played"))
        what = f"{_ru_card(card)} (ходит {name(holder)}, взятка {event.trick})"
        if event.seat is not None:
            c["event:unclaimed"] = (f"партию выигрывает {name(event.seat)}, но платежа "
                                    f"за {what} не требует")
        else:
            c["event:unclaimed"] = f"платёж за {what} вовремя не потребован"
    if record.reversis is not None:
        c["after"] = f"все взятки берёт {name(record.reversis)}: реверси сделан"
    elif record.broken_reversis is not None:
        under, breaker = record.broken_reversis
        n = record.takers.index(breaker) + 1
        c[f"before:{n}"] = (f"девять взяток подряд берёт {name(under)}; здесь реверси "
                            f"перебивает {name(breaker)}")
    if record.espagnolette is not None:
        c["before:1"] = (f"эспаньолетта: {name(record.espagnolette)} объявляет её "
                         "до первого хода")
    return c


def every_event_ru_records() -> list[PlayedDeal]:
    return deals(SEEDS["every-event-ru"], EVERY_EVENT_RU_DEALS, EVERY_EVENT_RU_FORCES)


def every_event_ru() -> str:
    """Cyrillic names, Russian card letters, every irregularity and rare event."""
    crng = random.Random(SEEDS["every-event-ru"] + 1000)
    parts = [format_header(PLAYERS_RU, title="Трудный вечер в Твери", date="1786-01-14",
                           place="Тверь, клуб на Миллионной", rules="classic",
                           comments=["запись рукой Веры: все неправильности по книге, "
                                     "реверси сделан и перебит, две эспаньолетты"])]
    for number, record in enumerate(every_event_ru_records(), start=1):
        comments = every_event_ru_comments(record, PLAYERS_RU, crng)
        parts.append(format_deal(record, number, PLAYERS_RU, card_style="ru",
                                 write_hands=number == 1,
                                 takers={11} if not record.void else set(),
                                 comments=comments))
    return "\n".join(parts)


# --------------------------------------------------------------------------- bad samples


def _lines(text: str) -> list[str]:
    return text.split("\n")


def _replace_line(text: str, old: str, new: str) -> str:
    lines = _lines(text)
    hits = [i for i, line in enumerate(lines) if line == old]
    assert len(hits) == 1, (old, hits)
    lines[hits[0]] = new
    return "\n".join(lines)


def _bad_header(expect: str, what: str, players=PLAYERS, extra: str = "") -> str:
    return (f"# expect: {expect}  ({what})\n"
            + format_header(players, title=f"bad sample: {what}", rules="classic")
            + extra)


def _trick_line(record: PlayedDeal, number: int, players=PLAYERS, leader=True, taker=None,
                width: int = 5) -> str:
    leader_seat, cards = record.tricks[number - 1]
    who = players[leader_seat] if leader else ""
    line = f"  {number} {who:<{width}} {' '.join(str(c) for c in cards)}"
    if taker is not None:
        line += f" > {taker}"
    return line


def _revokes(dealer: int, tricks) -> tuple[list[int], int]:
    """Takers and the number of revokes of tricks given as (leader, cards)."""
    hands: list[set[Card]] = [set(), set(), set(), set()]
    for leader, cards in tricks:
        for k, card in enumerate(cards):
            hands[(leader + k) % 4].add(card)
    revokes, takers = 0, []
    for leader, cards in tricks:
        led = cards[0].suit
        for k, card in enumerate(cards):
            seat = (leader + k) % 4
            if k and card.suit is not led and any(c.suit is led for c in hands[seat]):
                revokes += 1
        for k, card in enumerate(cards):
            hands[(leader + k) % 4].discard(card)
        best = max((k for k in range(4) if cards[k].suit is led), key=lambda k: cards[k].rank)
        takers.append((leader + best) % 4)
    return takers, revokes


def _make_revoke(record: PlayedDeal) -> PlayedDeal | None:
    """Swap two cards of one player between two tricks so that exactly one revoke appears
    and every trick keeps its taker."""
    tricks = [list(cs) for _, cs in record.tricks]
    leaders = [leader for leader, _ in record.tricks]
    for i in range(1, 9):
        for j in range(i + 1, 11):
            for ki in range(1, 4):
                seat = (leaders[i - 1] + ki) % 4
                kj = (seat - leaders[j - 1]) % 4
                if kj == 0:
                    continue
                x, y = tricks[i - 1][ki], tricks[j - 1][kj]
                if x.suit is y.suit:
                    continue
                new = [list(t) for t in tricks]
                new[i - 1][ki], new[j - 1][kj] = y, x
                candidate = list(zip(leaders, [tuple(t) for t in new], strict=True))
                takers, revokes = _revokes(record.dealer, candidate)
                if takers == list(record.takers) and revokes == 1:
                    return dataclasses.replace(record, tricks=tuple(candidate))
    return None


def bad_samples() -> dict[str, str]:
    rng = random.Random(SEEDS["bad"])
    # A pool of legal deals dealt by Gleb (seat 3) and by Anna (seat 0).
    by_gleb = [generate_deal(rng, 3) for _ in range(12)]
    by_anna = [generate_deal(rng, 0) for _ in range(4)]
    base, second = by_gleb[0], by_anna[0]
    out: dict[str, str] = {}

    def minimal(record, number=1, **kw):
        kw.setdefault("write_exchanges", False)
        kw.setdefault("leaders", "first")
        return format_deal(record, number, PLAYERS, **kw)

    one = minimal(base)

    # RV100: a misspelt keyword.
    out["syntax"] = _bad_header("RV100", "'dael' for 'deal' in the second deal") + "\n" + \
        minimal(base) + "\n" + minimal(second, 2).replace("deal 2 dealer", "dael 2 dealer", 1)

    # RV101: a ten where a card goes.
    t5 = _trick_line(base, 5, leader=False)
    victim = str(base.tricks[4][1][2])
    ten = t5.replace(" " + victim, " 10" + victim[-1], 1)
    out["ten"] = _bad_header("RV101", f"a ten (10{victim[-1]}) in trick 5") + "\n" + \
        _replace_line(one, t5, ten)

    # RV102: not a card.
    victim = str(base.tricks[4][1][0])
    out["not-a-card"] = _bad_header("RV102", "1S where a card goes (trick 5)") + "\n" + \
        _replace_line(one, t5, t5.replace(" " + victim, " 1S", 1))

    # RV103: unknown version.
    out["version"] = _bad_header("RV103", "format version 2").replace(
        "reversis 1\n", "reversis 2\n") + "\n" + one

    # RV110: three players.
    out["three-players"] = _bad_header("RV110", "the players line names three",
                                       players=PLAYERS[:3]) + "\n" + one

    # RV111: a player called AS (Boris's seat; Boris is never named in the deal).
    named = ("Anna", "AS", "Vera", "Gleb")
    assert base.dealer == 3 and base.first_hand == 0
    out["card-name"] = _bad_header("RV111", "a player named AS", players=named) + "\n" + \
        format_deal(base, 1, named, write_exchanges=False, leaders="first")

    # RV112: an unknown player as a trick's leader.
    t6 = _trick_line(base, 6, leader=False)
    out["unknown-player"] = _bad_header("RV112", "Ivan leads trick 6; he is not playing") + \
        "\n" + _replace_line(one, t6, t6.replace("  6      ", "  6 Ivan ", 1))

    # RV113: a header line twice.
    out["header-twice"] = _bad_header("RV113", "two players lines",
                                      extra="players " + " ".join(PLAYERS) + "\n") + "\n" + one

    # RV201: a revoke (a warning: the record is otherwise fine).
    revoked = next(r for r in (_make_revoke(r) for r in by_gleb) if r is not None)
    out["revoke"] = _bad_header("RV201", "a revoke, a warning only: exit status 0") + "\n" + \
        minimal(revoked)

    # RV202: a card played twice (trick 11 repeats a card of the same player's trick 3).
    t11 = _trick_line(base, 11, leader=False)
    last_seat = (base.tricks[10][0] + 3) % 4
    earlier = dict(base.plays(3))[last_seat]
    out["card-twice"] = _bad_header("RV202", f"{earlier} played in trick 3 and again in "
                                    "trick 11") + "\n" + _replace_line(
        one, t11, t11.rsplit(" ", 1)[0] + f" {earlier}")

    # RV203: a trick with three cards (the last card of trick 11 left out).
    out["three-cards"] = _bad_header("RV203", "trick 11 has three cards") + "\n" + \
        _replace_line(one, t11, t11.rsplit(" ", 1)[0])

    # RV204: a written hand with 10 cards (a player who refused the exchange).
    refusing = next((r, e) for r in by_gleb for e in r.exchanges if e.refused is not None)
    record, ex = refusing
    text = minimal(record, write_hands=True, write_talon=False, write_partie=False)
    who = PLAYERS[ex.seat]
    hand = record.dealt[ex.seat]
    old = next(line for line in _lines(text) if line.startswith(f"  hand {who} "))
    new = old.replace(" " + str(hand[-1]), "", 1)
    out["hand-ten-cards"] = _bad_header("RV204", f"{who}'s hand written with 10 cards") + \
        "\n" + _replace_line(text, old, new)

    # RV205: ten tricks.
    out["ten-tricks"] = _bad_header("RV205", "trick 11 is missing") + "\n" + \
        one.replace(t11 + "\n", "")

    # RV206: the written partie leaves a card unaccounted for (only three cards written).
    text = minimal(base, write_partie=True)
    p = base.partie
    old = "  partie " + " ".join(map(str, p))
    new = "  partie " + " ".join(map(str, p[:3]))
    out["partie-incomplete"] = _bad_header(
        "RV206", f"the partie is written without {p[3]}: neither played nor in the partie") + \
        "\n" + \
        _replace_line(text, old, new)

    # RV207: a recorded taker who did not take the trick.
    t4 = _trick_line(base, 4, leader=False)
    wrong = PLAYERS[(base.takers[3] + 1) % 4]
    out["wrong-taker"] = _bad_header("RV207", f"trick 4 recorded as taken by {wrong}") + \
        "\n" + _replace_line(one, t4, t4 + f" > {wrong}")

    # RV208: a written leader who did not have the lead (trick 11; no revokes follow).
    found: tuple[PlayedDeal, int] | None = None
    for record in by_gleb:
        leader = record.tricks[10][0]
        for wrong_seat in ((leader + 1) % 4, (leader + 3) % 4, (leader + 2) % 4):
            tricks = list(record.tricks[:10]) + [(wrong_seat, record.tricks[10][1])]
            if _revokes(record.dealer, tricks)[1] == 0:
                found = (record, wrong_seat)
                break
        if found:
            break
    assert found is not None, "some deal of Gleb's takes a wrong leader without a revoke"
    record, wrong_seat = found
    text = minimal(record)
    t11r = _trick_line(record, 11, leader=False)
    out["wrong-leader"] = _bad_header(
        "RV208", f"trick 11 written as led by {PLAYERS[wrong_seat]}") + "\n" + \
        _replace_line(text, t11r, t11r.replace("  11      ", f"  11 {PLAYERS[wrong_seat]:<5}", 1))

    # RV209: tricks 6 and 7 written in the wrong order.
    t6, t7 = _trick_line(base, 6, leader=False), _trick_line(base, 7, leader=False)
    out["trick-order"] = _bad_header("RV209", "trick 7 written before trick 6") + "\n" + \
        one.replace(t6 + "\n" + t7 + "\n", t7 + "\n" + t6 + "\n")

    # RV301: deal 1 then deal 3.
    out["deal-order"] = _bad_header("RV301", "deal 1 is followed by deal 3") + "\n" + \
        minimal(base) + "\n" + minimal(second, 3)

    # RV302: the same player deals twice running.
    out["wrong-dealer"] = _bad_header("RV302", "Gleb deals deal 2 as well") + "\n" + \
        minimal(base) + "\n" + minimal(by_gleb[1], 2)

    # RV303: written hands that contradict the play (two cards swapped between hands).
    text = minimal(base, write_hands=True, write_talon=False, write_partie=False)
    a, b = base.first_hand, (base.first_hand + 1) % 4
    played_a = {c for _, cs in base.tricks for c in cs} & set(base.dealt[a])
    played_b = {c for _, cs in base.tricks for c in cs} & set(base.dealt[b])
    ca = max(played_a, key=lambda c: c.index)
    cb = max(played_b, key=lambda c: c.index)
    for seat, out_card, in_card in ((a, ca, cb), (b, cb, ca)):
        old = next(line for line in _lines(text) if line.startswith(f"  hand {PLAYERS[seat]} "))
        cards = sorted((set(base.dealt[seat]) - {out_card}) | {in_card}, key=lambda c: c.index)
        text = _replace_line(text, old, old.split("  hand")[0] + f"  hand {PLAYERS[seat]:<5} "
                             + " ".join(map(str, cards)))
    out["hand-contradicts"] = _bad_header(
        "RV303", f"{ca} and {cb} swapped between {PLAYERS[a]}'s and {PLAYERS[b]}'s "
        "written hands") + "\n" + text

    # RV304: the talon written in the wrong order (two players each took and played theirs).
    record = next(r for r in by_gleb if all(e.take is not None for e in r.exchanges[:2]))
    text = minimal(record, write_talon=True)
    t = record.talon
    old = "  talon " + " ".join(map(str, t))
    out["talon-contradicts"] = _bad_header(
        "RV304", "the first two talon cards written in the wrong order") + "\n" + \
        _replace_line(text, old, "  talon " + " ".join(map(str, (t[1], t[0], t[2]))))

    # RV305: an exchange discarding a card the player later plays.
    record = next(r for r in by_gleb if r.exchanges[0].take is not None)
    text = minimal(record, write_exchanges=True)
    ex = record.exchanges[0]
    who = PLAYERS[ex.seat]
    played_card = max((c for c in record.hands[ex.seat] if c is not ex.take),
                      key=lambda c: (c.points, c.rank))
    old = f"  exchange {who} discards {ex.discard} takes {ex.take}"
    out["exchange-contradicts"] = _bad_header(
        "RV305", f"{who} discards {played_card}, then plays it in a trick") + "\n" + \
        _replace_line(text, old, f"  exchange {who} discards {played_card} takes {ex.take}")

    # RV306: a played card written in the partie.
    text = minimal(base, write_partie=True)
    p = base.partie
    intruder = base.tricks[0][1][0]
    old = "  partie " + " ".join(map(str, p))
    out["partie-contradicts"] = _bad_header(
        "RV306", f"{intruder} written in the partie, but it is led to trick 1") + "\n" + \
        _replace_line(text, old, "  partie " + " ".join(map(str, (p[0], p[1], p[2], intruder))))

    # RV307: an espagnolette declared by a player without the cards.
    record = next(r for r in by_gleb if r.espagnolette is None)
    text = minimal(record)
    decl = "deal 1 dealer Gleb\n  espagnolette Boris\n"
    out["espagnolette-undeclared"] = _bad_header(
        "RV307", "Boris declares an espagnolette he does not hold") + "\n" + \
        text.replace("deal 1 dealer Gleb\n", decl, 1)

    # RV308: two talon lines in one deal.
    text = minimal(base, write_talon=True)
    talon = "  talon " + " ".join(map(str, base.talon))
    out["two-talons"] = _bad_header("RV308", "the talon written twice") + "\n" + \
        text.replace(talon + "\n", talon + "\n" + talon + "\n", 1)

    # RV309: a misdeal with tricks written.
    out["misdeal-tricks"] = _bad_header("RV309", "a misdeal, yet tricks are written") + \
        "\n" + one.replace("deal 1 dealer Gleb\n", "deal 1 dealer Gleb\n  misdeal Gleb\n", 1)

    return out


def bad_base_text() -> str:
    """The legal one-deal record the bad samples start from."""
    base = generate_deal(random.Random(SEEDS["bad"]), 3)
    return (format_header(PLAYERS, title="bad sample: not UTF-8", rules="classic") + "\n"
            + format_deal(base, 1, PLAYERS, write_exchanges=False, leaders="first"))


def main(argv: list[str]) -> int:
    target = Path(argv[1]) if len(argv) > 1 else ROOT / "samples"
    write(target / "evening.rvs", evening())
    write(target / "salon.rvs", salon())
    write(target / "tver-ru.rvs", tver_ru())
    write(target / "big-night.rvs", big_night())
    write(target / "irregular.rvs", irregular())
    write(target / "every-event-ru.rvs", every_event_ru())
    write(target / "score-sheet.rvs", score_sheet())
    write(target / "disputed-sheet.rvs", disputed_sheet())
    write(target / "house-reading.rvs", house_reading())
    for name, text in {**bad_samples(), **bad_sheet_samples()}.items():
        write(target / "bad" / f"{name}.rvs", text)
    write(target / "bad" / "empty.rvs", "")
    # A legal record with one comment saved in cp1251 by another editor: not UTF-8.
    binary = (b"# expect: RV002  (line 2 is a comment in cp1251, not UTF-8)\n"
              + "# записано в Твери\n".encode("cp1251")
              + bad_base_text().encode())
    (target / "bad" / "binary.rvs").write_bytes(binary)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
