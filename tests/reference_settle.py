"""An independent, compact reference settlement written from docs/rules.md alone.

It imports nothing from reversis_cli.  Its input is the record as written, read
by a small reader of its own (the players, the pot, each deal's dealer, the
cards of each trick, any ``espagnolette NAME waives`` and the event lines;
ASCII cards), and the rule options of the profile (``score --json``'s
``profile.options``: the only thing taken from the engine).  From the cards it
works out who leads and who takes each trick (SEAT-1, PLAY-1, PLAY-3), the partie
(the four cards out of play, DEAL-3) and its value (PARTIE-1), the espagnolette
(ESP-1) and its status, and settles each deal: the multiset of payments and
cancelled payments, winners, losers and the pool, carried across the session.
:func:`compare` sets all of it beside the engine's ``score --json`` and lists
every difference.

Since issue 30 it settles the irregularities and claims of docs/rules.md
(IRR-0 to IRR-3: void deals and their penalties; IRR-5: a player with ten
cards, a partie of five; IRR-6: a discard out of turn; IRR-7: a revoke, found
from the cards; IRR-4 ``peeked`` and ``kept`` under ``peek_forfeits =
everything``, the card kept being the one neither played nor in the written
partie of three; CLAIM-1: ``unclaimed T [NAME]``), as docs/rules.md and the
"Irregularities and claims" section of docs/decisions.md state them, so that
tests/reference_season.py can settle whole club seasons.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction

POINTS = {"A": 4, "K": 3, "Q": 2, "J": 1}
QUINOLA = "JH"
DIAMOND_ACE = "AD"
RANKS = "23456789JQKA"  # DECK-1: no tens, ace high
SUITS = "SHDC"
PACK = frozenset(r + s for s in SUITS for r in RANKS)
CARD_POINTS = {c: POINTS.get(c[:-1], 0) for c in PACK}  # pts(c), looked up
TRICKS = 11

# Lines of a record the reference needs not read: titles and settings, the
# exchange (the hands are the cards each seat plays), claims the engine checks
# (a written hand, talon or partie), notes and payments already made.
IGNORED = {"reversis", "title", "date", "place", "rules", "set", "unit", "note", "exchange",
           "hand", "talon", "paid", "tally"}
NOT_MODELLED: set[str] = set()
JETON = 5  # IRR-2, IRR-6: one jeton; IRR-3: four


def suit(card: str) -> str:
    return card[-1]


def rank(card: str) -> str:
    return card[:-1]


def high(card: str) -> int:
    return RANKS.index(rank(card))


def pts(card: str) -> int:
    return POINTS.get(rank(card), 0)


def pack_order(card: str) -> tuple[int, int]:
    return SUITS.index(suit(card)), -high(card)


# --- the record as written -------------------------------------------------------------


@dataclass
class WrittenTrick:
    number: int
    leader: str | None  # as written, or None when the line names no leader
    cards: list[str]    # in playing order from the leader
    taker: str | None   # a written ``> NAME``, else None


@dataclass
class WrittenDeal:
    number: int
    dealer: str
    tricks: list[WrittenTrick] = field(default_factory=list)
    waivers: set[str] = field(default_factory=set)
    void: str | None = None          # "exposed", "misdeal" or "misdeal late" (IRR-0)
    redeal_paid: bool = False        # IRR-2
    out_of_turn: list[str] = field(default_factory=list)     # IRR-6, one per line
    ten_cards: set[str] = field(default_factory=set)         # IRR-5: discarded-two
    unclaimed: list[tuple[int, str | None]] = field(default_factory=list)  # CLAIM-1
    peeked: set[str] = field(default_factory=set)            # IRR-4: peeked or kept
    kept: str | None = None                                  # IRR-4: kept, twelve cards
    partie: list[str] | None = None                          # a written partie line


@dataclass
class WrittenRecord:
    players: list[str]
    pot: Fraction
    deals: list[WrittenDeal]


def _card(word: str, where: str) -> str:
    card = word.upper()
    if len(card) != 2 or card not in PACK:
        raise ValueError(f"{where}: {word!r} is no ASCII card the reference reads")
    return card


def _trick(words: list[str], where: str) -> WrittenTrick:
    taker = None
    if len(words) >= 2 and words[-2] == ">":
        taker, words = words[-1], words[:-2]
    # the leader is written or not; a trick has four cards, or three when a
    # player discarded two and has none left for the last trick (IRR-5)
    named = len(words) >= 2 and words[1].upper() not in PACK
    number, leader, cards = words[0], words[1] if named else None, words[2 if named else 1:]
    if len(cards) not in (3, 4):
        raise ValueError(f"{where}: a trick line of {len(words)} words")
    return WrittenTrick(int(number), leader, [_card(c, where) for c in cards], taker)


def _event(deal: WrittenDeal, words: list[str], where: str) -> None:
    """The irregularities and claims the reference settles (docs/notation.md, "Events")."""
    keyword = words[0]
    if keyword == "misdeal":
        deal.void = "misdeal late" if words[2:] == ["late"] else "misdeal"
    elif keyword == "exposed":
        deal.void = deal.void or "exposed"
    elif keyword == "redeal":
        deal.redeal_paid = words[1:] == ["paid"]
    elif keyword == "out-of-turn":
        deal.out_of_turn.append(words[1])
    elif keyword == "discarded-two":
        deal.ten_cards.add(words[1])
    elif keyword == "peeked":
        deal.peeked.add(words[1])
    elif keyword == "kept":
        deal.peeked.add(words[1])
        deal.kept = words[1]
    elif keyword == "unclaimed":
        deal.unclaimed.append((int(words[1]), words[2] if len(words) > 2 else None))
    else:
        raise ValueError(f"{where}: {keyword} is an irregularity the reference leaves out")


EVENTS = {"misdeal", "exposed", "redeal", "out-of-turn", "discarded-two", "unclaimed", "peeked",
          "kept"}


def read_record(text: str) -> WrittenRecord:
    """The facts the reference settles from, read from the record's text."""
    players: list[str] = []
    pot = Fraction(0)
    deals: list[WrittenDeal] = []
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].replace(">", " > ")
        words = line.split()
        where = f"line {n}"
        if not words or words[0] in IGNORED:
            continue
        keyword = words[0]
        if keyword == "players":
            players = words[1:]
        elif keyword == "pot":
            pot = Fraction(words[1])
        elif keyword == "deal":
            if words[2] != "dealer":
                raise ValueError(f"{where}: a deal line the reference cannot read")
            deals.append(WrittenDeal(int(words[1]), words[3]))
        elif keyword == "espagnolette":
            if words[2:] == ["waives"]:
                deals[-1].waivers.add(words[1])
        elif keyword.isdigit():
            deals[-1].tricks.append(_trick(words, where))
        elif keyword in EVENTS:
            _event(deals[-1], words, where)
        elif keyword == "partie" and deals:
            deals[-1].partie = [_card(c, where) for c in words[1:]]
        elif keyword in NOT_MODELLED:
            raise ValueError(f"{where}: {keyword} is an irregularity the reference leaves out")
        else:
            raise ValueError(f"{where}: the reference cannot read {keyword!r}")
    if len(players) != 4:
        raise ValueError("no players line of four names")
    return WrittenRecord(players, pot, deals)


# --- what the cards say ----------------------------------------------------------------


@dataclass
class Played:
    """One deal as the rules play it out from the written cards."""

    plays: list[list[tuple[int, str]]]  # per trick, (seat, card) in playing order
    leaders: list[int]
    takers: list[int]
    partie: list[str]                   # the four cards out of play, in pack order
    kept: dict[int, str]                # IRR-4 kept: the seat's twelfth card, never played


def taker_of(leader: int, cards: list[str]) -> int:
    """PLAY-3: the highest card of the suit led takes the trick."""
    led = suit(cards[0])
    best = max((k for k, c in enumerate(cards) if suit(c) == led), key=lambda k: high(cards[k]))
    return (leader + best) % 4


def play_out(deal: WrittenDeal, players: list[str]) -> Played:
    """SEAT-1: first hand (after the dealer) leads trick 1; PLAY-1: the taker
    of a trick leads the next; DEAL-3: the partie is what nobody played.
    IRR-5: a player who discarded two has no card for the last trick; when he
    took trick 10, the next player in playing order leads trick 11."""
    if len(deal.tricks) != TRICKS:
        raise ValueError(f"deal {deal.number}: {len(deal.tricks)} tricks, not {TRICKS}")
    ten = {players.index(name) for name in deal.ten_cards}
    leader = (players.index(deal.dealer) + 1) % 4
    plays, leaders, takers = [], [], []
    for number, trick in enumerate(deal.tricks, 1):
        last = number == TRICKS
        if last and leader in ten:
            leader = (leader + 1) % 4
        seats = [s for s in ((leader + k) % 4 for k in range(4)) if not (last and s in ten)]
        if len(seats) != len(trick.cards):
            raise ValueError(f"deal {deal.number} trick {number}: {len(trick.cards)} cards")
        seq = list(zip(seats, trick.cards, strict=True))
        leaders.append(leader)
        plays.append(seq)
        led = suit(seq[0][1])
        leader = max((sc for sc in seq if suit(sc[1]) == led), key=lambda sc: high(sc[1]))[0]
        takers.append(leader)
    played = {c for seq in plays for _, c in seq}
    if len(played) != sum(len(seq) for seq in plays):
        raise ValueError(f"deal {deal.number}: a card is played twice")
    out = PACK - played
    kept: dict[int, str] = {}
    if deal.kept is not None:
        # IRR-4: the card he never played is the one neither played nor in the partie
        if deal.partie is None or len(out - set(deal.partie)) != 1:
            raise ValueError(f"deal {deal.number}: kept without the partie of three written")
        kept[players.index(deal.kept)] = min(out - set(deal.partie))
        out = frozenset(deal.partie)
    return Played(plays, leaders, takers, sorted(out, key=pack_order), kept)


def revokes(plays: list[list[tuple[int, str]]], privileged: int | None,
            kept: dict[int, str]) -> list[tuple[int, int]]:
    """PLAY-4: (seat, trick) of each card played off the suit led by a player
    who plays that suit later in the deal (or holds it: a card he kept and
    never played); ESP-2: the espagnolette who has not waived is free to do so
    in the first nine tricks."""
    # the last trick in which each seat still held each suit (a kept card: to the end)
    last: dict[tuple[int, str], int] = {}
    for number, seq in enumerate(plays, 1):
        for seat, card in seq:
            last[seat, suit(card)] = number
    for seat, card in kept.items():
        last[seat, suit(card)] = len(plays) + 1
    found = []
    for number, seq in enumerate(plays, 1):
        led = suit(seq[0][1])
        for seat, card in seq[1:]:
            if suit(card) == led or (seat == privileged and number <= 9):
                continue
            if last.get((seat, led), 0) > number:
                found.append((seat, number))
    return found


def espagnolette_holder(hands: list[set[str]]) -> int | None:
    """ESP-1: every ace, or three aces and the quinola."""
    for s in range(4):
        aces = sum(1 for c in hands[s] if rank(c) == "A")
        if aces == 4 or (aces == 3 and QUINOLA in hands[s]):
            return s
    return None


def _opt_bool(v) -> bool:
    if isinstance(v, bool):
        return v
    return str(v).lower() in ("yes", "true", "1")


def _opt_set(v) -> frozenset[int]:
    if v is None:
        return frozenset()
    s = str(v).strip().lower()
    if s in ("none", ""):
        return frozenset()
    return frozenset(int(x) for x in s.split(","))


class Opts:
    def __init__(self, o: dict):
        self.forced_means = o["forced_means"]
        self.partie_diamond_ace = int(o["partie_diamond_ace"])
        self.partie_quinola = int(o["partie_quinola"])
        self.partie_bonus = int(o["partie_bonus"])
        self.partie_ties = o["partie_ties"]
        self.partie_vav_double = _opt_bool(o["partie_vis_a_vis_double"])
        self.stake_player = int(o["stake_player"])
        self.stake_dealer = int(o["stake_dealer"])
        self.restake = o["restake"]
        self.remise = o["remise"]
        self.led_aces_pay_winner = _opt_bool(o["led_aces_pay_winner"])
        self.quinola_forcer = o["quinola_forcer"]
        self.vav_double = _opt_bool(o["vis_a_vis_double"])
        self.late = _opt_set(o["late_tricks_double"])
        self.reversis_cancels = o["reversis_cancels"]
        self.esp_fails_on = o["espagnolette_fails_on"]
        self.esp_takes_pool = _opt_bool(o["espagnolette_takes_pool"])
        self.esp_refunds = o["espagnolette_refunds"]
        self.esp_pays_broken = _opt_set(o["espagnolette_pays_broken"])
        self.revoke_penalty = o.get("revoke_penalty", "remise")
        self.claims_required = o.get("claims_required", "led_and_played")

    @property
    def full_staking(self) -> int:
        return 3 * self.stake_player + self.stake_dealer


def pay(payer, payee, amount, rule, trick):
    return (payer, payee, Fraction(amount), rule, trick)


def settle_deal(deal: WrittenDeal, players: list[str], o: Opts, pool_before: Fraction,
                stake: bool) -> dict:
    return settle_played(deal, play_out(deal, players), players, o, pool_before, stake)


def settle_played(deal: WrittenDeal, played: Played, players: list[str], o: Opts,
                  pool_before: Fraction, stake: bool) -> dict:
    """Settle a deal already played out (``deal`` gives its dealer, waivers and
    event lines; ``played`` who played what, led and took each trick).  A deal
    structure built in code settles here with no text to read
    (tests/reference_minimax.py settles the leaves of its tree so)."""
    idx = {p: i for i, p in enumerate(players)}
    dealer = idx[deal.dealer]
    plays, takers = played.plays, played.takers
    ntr = len(plays)

    def vav(a: int, b: int) -> bool:
        return (a - b) % 4 == 2

    hands: list[set] = [set() for _ in range(4)]
    for seq in plays:
        for s, c in seq:
            hands[s].add(c)
    for s, c in played.kept.items():
        hands[s].add(c)

    payments: list = []
    cancelled: list = []
    remises: list = []          # (payer, rule, trick)

    # POOL-1/2 staking
    if stake:
        for s in range(4):
            amt: int | Fraction = o.stake_dealer if s == dealer else o.stake_player
            payments.append(pay(players[s], "pool", amt, "POOL-1", None))
    start = pool_before + (o.full_staking if stake else 0)
    remise_amount = start if o.remise == "pool" else Fraction(o.full_staking)

    # espagnolette (ESP-1), unless its holder gave up the privilege (ESP-3)
    esp_seat = espagnolette_holder(hands)
    waived = esp_seat is not None and players[esp_seat] in deal.waivers
    esp = None if waived else esp_seat
    revoked = revokes(plays, esp, played.kept) if o.revoke_penalty == "remise" else []
    tricks_won = [takers.count(s) for s in range(4)]
    pv = partie_value(played.partie, o)
    points = [0] * 4
    for seq, tk in zip(plays, takers, strict=True):
        points[tk] += sum(CARD_POINTS[c] for _, c in seq)

    # reversis
    outcome = "normal"
    maker = undertaker = breaker = None
    broken_trick = None
    if ntr == 11 and len(set(takers)) == 1:
        outcome, maker = "reversis", takers[0]
    elif ntr == 11 and len(set(takers[:9])) == 1:
        undertaker = takers[0]
        for tn in (10, 11):
            if takers[tn - 1] != undertaker:
                breaker, broken_trick = takers[tn - 1], tn
                break
        outcome = "reversis_broken"
    rev_deal = outcome != "normal"
    cancels = (outcome == "reversis") or (outcome == "reversis_broken"
                                          and o.reversis_cancels == "made_or_broken")

    def mult(a: int, b: int, trick: int) -> int:
        m = 1
        if o.vav_double and vav(a, b):
            m *= 2
        if trick in o.late:
            m *= 2
        return m

    # in-play classification
    inplay: list = []           # payments (seat-based) ACE-1/2, QUIN-1/2
    to_winner: list = []        # (holder, base, trick, rule) for ACE-3/QUIN-3
    quin_take = None            # (placer, trick)
    quin_remise = None          # (holder, rule, trick)
    placed_receipts: list = []  # (payer, placer, amount, trick, card)
    for tn0, seq in enumerate(plays):
        tn = tn0 + 1
        lead_seat, lead_card = seq[0]
        ls = suit(lead_card)
        taker = takers[tn0]
        for k, (s, c) in enumerate(seq):
            if c[0] != "A" and c != QUINOLA:  # not an ace (rank A) nor the quinola
                continue
            if k == 0:
                kind = "led"
            elif suit(c) != ls:
                kind = "placed"
            else:
                if o.forced_means == "any_follow":
                    kind = "forced"
                else:
                    later = [cc for seq2 in plays[tn0:] for (s2, cc) in seq2
                             if s2 == s and cc != c and suit(cc) == suit(c)]
                    later += [cc for s2, cc in played.kept.items()
                              if s2 == s and suit(cc) == suit(c)]
                    kind = "played" if later else "forced"
                if c == QUINOLA and esp is not None and s == esp:
                    kind = "forced"   # ESP-9
            if rank(c) == "A":
                base = 2 if c == DIAMOND_ACE else 1
                if kind == "placed":
                    m = mult(taker, s, tn)
                    inplay.append(pay(players[taker], players[s], base * m, "ACE-1", tn))
                    placed_receipts.append((taker, s, base * m, tn, c, inplay[-1]))
                elif kind == "forced":
                    m = mult(s, lead_seat, tn)
                    inplay.append(pay(players[s], players[lead_seat], base * m, "ACE-2", tn))
                else:
                    to_winner.append((s, base, tn, "ACE-3"))
            else:
                if kind == "placed":
                    m = mult(taker, s, tn)
                    inplay.append(pay(players[taker], players[s], 5 * m, "QUIN-1", tn))
                    placed_receipts.append((taker, s, 5 * m, tn, c, inplay[-1]))
                    quin_take = (s, tn)
                elif kind == "forced":
                    forcer = lead_seat if o.quinola_forcer == "leader" else taker
                    if forcer != s:
                        for p in range(4):
                            if p == forcer:
                                continue
                            b = 5 if (p != s or s == esp) else 10
                            rl = "ESP-9" if (p == s and s == esp) else "QUIN-2"
                            inplay.append(pay(players[p], players[forcer],
                                              b * mult(p, forcer, tn), rl, tn))
                    quin_remise = (s, "ESP-9" if s == esp else "QUIN-2", tn)
                else:
                    quin_remise = (s, "QUIN-3", tn)
                    to_winner.append((s, 10, tn, "QUIN-3"))

    winners: list[int] = []
    losers: list[int] = []
    esp_out = None
    takings: list = []          # (rule, seat, trick)
    if esp is not None:
        esp_out = "superseded" if rev_deal else None
    if waived:
        esp_out = "waived"

    if cancels:
        cancelled.extend(inplay)
        inplay = []
        quin_take = None
        quin_remise = None
        to_winner = []

    def unclaimed(trick: int, payee: str) -> bool:
        """CLAIM-1: a payment of ``trick`` due to ``payee`` nobody claimed."""
        return any(t == trick and who in (None, payee) for t, who in deal.unclaimed)

    # IRR-4 (peek_forfeits = everything): nothing due to a player who peeked
    # is paid; REV-4 first, CLAIM-1 after (a payment is forfeited once)
    cancelled.extend(x for x in inplay if x[1] in deal.peeked)
    inplay = [x for x in inplay if x[1] not in deal.peeked]
    if o.claims_required == "in_play":
        cancelled.extend(x for x in inplay if unclaimed(x[4], x[1]))
        inplay = [x for x in inplay if not unclaimed(x[4], x[1])]
    # ESP-5 refunds only what the espagnolette received
    placed_receipts = [r for r in placed_receipts if r[5] in inplay]
    payments.extend(inplay)

    if rev_deal:
        if outcome == "reversis":
            assert maker is not None
            if esp is not None and esp != maker:
                payments.append(pay(players[esp], players[maker], 64, "ESP-6", None))
            else:
                for p in range(4):
                    if p != maker:
                        payments.append(pay(players[p], players[maker],
                                            32 if vav(p, maker) else 16, "REV-1", None))
            takings.append(("REV-1", maker, None))
        else:
            assert undertaker is not None and breaker is not None
            if (esp is not None and breaker != esp and undertaker != esp
                    and broken_trick in o.esp_pays_broken):
                payments.append(pay(players[esp], players[breaker], 64, "ESP-7", None))
            else:
                payments.append(pay(players[undertaker], players[breaker], 64, "REV-3", None))
            remises.append((undertaker, "REV-3", None))
        if quin_remise is not None:
            remises.append(quin_remise)
        if quin_take is not None:
            takings.append(("QUIN-1", quin_take[0], quin_take[1]))
    else:
        # partie
        order = [dealer, (dealer - 1) % 4, (dealer - 2) % 4, (dealer + 1) % 4]  # SEAT-3

        def pick_winners(cands):
            key = min((points[s], tricks_won[s]) for s in cands)
            tied = [s for s in cands if (points[s], tricks_won[s]) == key]
            if len(tied) == 1:
                return tied
            if o.partie_ties == "seat":
                return [min(tied, key=order.index)]
            return sorted(tied)

        def pick_losers(cands):
            key = max((points[s], tricks_won[s]) for s in cands)
            tied = [s for s in cands if (points[s], tricks_won[s]) == key]
            if len(tied) == 1:
                return tied
            if o.partie_ties == "seat":
                return [max(tied, key=order.index)]
            return sorted(tied)

        failed = False
        if esp is not None:
            mine = [takers[i] == esp for i in range(ntr)]
            if o.esp_fails_on == "last_two":
                failed = any(mine[i] for i in range(ntr) if i + 1 in (10, 11))
            else:
                failed = any(mine)
            esp_out = "failed" if failed else "success"
        if esp is not None and failed:
            losers = [esp]
            winners = pick_winners([s for s in range(4) if s != esp])
        else:
            winners = pick_winners(range(4))
            if esp is not None:
                key = min((points[s], tricks_won[s]) for s in range(4))
                if (points[esp], tricks_won[esp]) == key:
                    winners = [esp]
            losers = pick_losers(range(4))
        share = Fraction(pv, len(winners) * len(losers))
        for loser in losers:
            for w in winners:
                if loser == w:
                    continue
                m = 2 if (o.partie_vav_double and vav(loser, w)) else 1
                payments.append(pay(players[loser], players[w], share * m, "PARTIE-4", None))
        # ACE-3 / QUIN-3 payments to the winner
        if o.led_aces_pay_winner:
            for holder, base, tn, rule in to_winner:
                # split winners share it; the holder keeps his own share
                for w in winners:
                    if w == holder:
                        continue
                    amt = Fraction(base, len(winners)) * mult(holder, w, tn)
                    owed = pay(players[holder], players[w], amt, rule, tn)
                    # CLAIM-1: both readings forfeit them (in_play: every in-play
                    # payment, and ACE-3 and QUIN-3 are in-play payments, docs/rules.md)
                    if unclaimed(tn, players[w]):
                        cancelled.append(owed)
                    else:
                        payments.append(owed)
        if esp is not None and failed:
            names = (("A", QUINOLA) if o.esp_refunds == "aces_and_quinola"
                     else (DIAMOND_ACE, QUINOLA))
            for payer, placer, amt, tn, c, _ in placed_receipts:
                if placer != esp:
                    continue
                if not (c in names or (names[0] == "A" and rank(c) == "A")):
                    continue
                payments.append(pay(players[esp], players[payer], 2 * amt, "ESP-5", tn))
            if QUINOLA in hands[esp]:
                if quin_remise is not None and quin_remise[0] == esp:
                    quin_remise = None
                remises.append((esp, "ESP-5", None))
                if quin_take is not None and quin_take[0] == esp:
                    quin_take = None
        if quin_remise is not None:
            remises.append(quin_remise)
        if quin_take is not None:
            takings.append(("QUIN-1", quin_take[0], quin_take[1]))
        elif esp is not None and not failed and o.esp_takes_pool:
            takings.append(("ESP-4", esp, None))

    # POOL-4: one taking; REV-1 > QUIN-1 > ESP-4
    taken = False
    if takings:
        prio = {"REV-1": 0, "QUIN-1": 1, "ESP-4": 2}
        rule, seat, tn = min(takings, key=lambda x: prio[x[0]])
        payments.append(pay("pool", players[seat], start, rule, tn))
        taken = True
    for seat, tn in revoked:  # IRR-7: one remise for each revoke
        remises.append((seat, "IRR-7", tn))
    for payer, rule, tn in remises:
        payments.append(pay(players[payer], "pool", remise_amount, rule, tn))
    for name in deal.out_of_turn:  # IRR-6: one jeton for each line
        payments.append(pay(name, "pool", JETON, "IRR-6", None))

    # IRR-4: the rest of his gains (the partie, payments to the winner, the
    # reversis, refunds, a pool taking: the pool keeps it) are forfeited too
    cancelled.extend(x for x in payments if x[1] in deal.peeked)
    if any(x[0] == "pool" and x[1] in deal.peeked for x in payments):
        taken = False
    payments = [x for x in payments if x[1] not in deal.peeked]
    payments = [x for x in payments if x[2] != 0]   # a zero amount is no payment
    net = {p: Fraction(0) for p in players}
    pool_after = pool_before
    for payer, payee, amt, _r, _t in payments:
        if payer == "pool":
            pool_after -= amt
        else:
            net[payer] -= amt
        if payee == "pool":
            pool_after += amt
        else:
            net[payee] += amt
    return {
        "outcome": outcome,
        "payments": Counter(payments),
        "cancelled": Counter(cancelled),
        "winners": sorted(players[s] for s in winners),
        "losers": sorted(players[s] for s in losers),
        "espagnolette": None if esp_out is None or esp_seat is None else
        {"player": players[esp_seat], "status": esp_out},
        "pool_before": pool_before,
        "pool_after": pool_after,
        "net": net,
        "tricks_won": {players[s]: tricks_won[s] for s in range(4)},
        "points": {players[s]: points[s] for s in range(4)},
        "tricks": [(players[lead], tuple(seq_cards), players[take]) for lead, seq_cards, take
                   in zip(played.leaders, ([c for _, c in seq] for seq in plays), takers,
                          strict=True)],
        "partie": (played.partie, pv),
        "_taken": taken,
        "_staked": stake,
        "_remised": bool(remises) or bool(deal.out_of_turn),
        "_void": False,
        # who made, or undertook and broke, the reversis; the revokes (seat, trick)
        "_reversis": tuple(players[s] for s in (maker, undertaker, breaker) if s is not None),
        "_revokes": revoked,
        "_quinola": next((players[x] for x in range(4) if QUINOLA in hands[x]), None),
    }


def settle_void(deal: WrittenDeal, players: list[str], pool_before: Fraction) -> dict:
    """IRR-0: a void deal stakes nothing and settles only its penalties: IRR-1
    nothing; IRR-2 a jeton from the dealer to deal again (``redeal paid``);
    IRR-3 four jetons from the dealer; IRR-6 a jeton for a discard out of turn."""
    payments = []
    if deal.void == "misdeal" and deal.redeal_paid:
        payments.append(pay(deal.dealer, "pool", JETON, "IRR-2", None))
    if deal.void == "misdeal late":
        payments.append(pay(deal.dealer, "pool", 4 * JETON, "IRR-3", None))
    for name in deal.out_of_turn:
        payments.append(pay(name, "pool", JETON, "IRR-6", None))
    net = {p: Fraction(0) for p in players}
    for payer, _, amount, _, _ in payments:
        net[payer] -= amount
    return {"outcome": None, "payments": Counter(payments), "cancelled": Counter(),
            "winners": [], "losers": [], "espagnolette": None, "pool_before": pool_before,
            "pool_after": pool_before + sum(x[2] for x in payments), "net": net,
            "tricks": [], "_void": True}


def partie_value(cards: list[str], o: Opts) -> int:
    """PARTIE-1: the card points, the ace of diamonds and the quinola at their
    own values, and the bonus."""
    value = o.partie_bonus
    for c in cards:
        if c == DIAMOND_ACE:
            value += o.partie_diamond_ace
        elif c == QUINOLA:
            value += o.partie_quinola
        else:
            value += pts(c)
    return value


def settle_session(record: WrittenRecord, options: dict) -> list[dict]:
    """Every deal of the session; POOL-2 looks back to the last deal played
    (a void deal's penalty does not feed the pool), and the first deal played
    is staked when the session began with an empty pool (docs/decisions.md)."""
    o = Opts(options)
    pool = record.pot
    out = []
    prev: dict | None = None
    for deal in record.deals:
        if deal.void is not None:
            res = settle_void(deal, record.players, pool)
            pool = res["pool_after"]
            out.append(res)
            continue
        if prev is None:
            stake = record.pot == 0
        elif o.restake == "below_initial":
            stake = pool < o.full_staking
        else:
            assert prev is not None  # n > 0: the deal before it
            stake = prev["_taken"] or not prev["_remised"]
        res = settle_deal(deal, record.players, o, pool, stake)
        pool = res["pool_after"]
        out.append(res)
        prev = res
    return out


def engine_view(deal: dict) -> dict:
    """The comparable parts of one engine deal."""
    def conv(ps):
        return Counter((p["payer"], p["payee"], Fraction(p["amount"]), p["rule"], p["trick"])
                       for p in ps)
    return {
        "tricks": [(t["leader"], tuple(t["cards"]), t["taker"]) for t in deal["tricks"]],
        "partie": deal["partie"] and (sorted(deal["partie"]["cards"], key=pack_order),
                                      deal["partie"]["value"]),
        "outcome": deal["outcome"],
        "payments": conv(deal["payments"]),
        "cancelled": conv(deal["cancelled"]),
        "winners": sorted(deal["winners"]),
        "losers": sorted(deal["losers"]),
        "espagnolette": deal["espagnolette"],
        "pool_before": Fraction(deal["pool"]["before"]),
        "pool_after": Fraction(deal["pool"]["after"]),
        "net": {k: Fraction(v) for k, v in deal["net"].items()},
        "tricks_won": deal["tricks_won"],
        "points": deal["points"],
    }


def _as_written(record: WrittenRecord, ref: list[dict]) -> list[str]:
    """The leaders and takers the record writes, against the ones the rules give:
    a difference means the input itself is not the legal deal it should be."""
    diffs = []
    for deal, r in zip(record.deals, ref, strict=True):
        for trick, (leader, _, taker) in zip(deal.tricks, r["tricks"], strict=True):
            for what, written, derived in (("leader", trick.leader, leader),
                                           ("taker", trick.taker, taker)):
                if written is not None and written != derived:
                    diffs.append(f"deal {deal.number} trick {trick.number}: the record writes "
                                 f"{what} {written}, the cards give {derived}")
    return diffs


VOID_COMPARED = ("pool_before", "pool_after", "net")
COMPARED = ("tricks", "partie", "outcome", "winners", "losers", "espagnolette", "pool_before",
            "pool_after", "net", "tricks_won", "points")


def compare(data: dict, text: str) -> list[str]:
    """Differences between the engine's JSON (``data``) for the record ``text``
    and what the reference works out from that text, as strings."""
    record = read_record(text)
    ref = settle_session(record, data["profile"]["options"])
    diffs = _as_written(record, ref)
    if data["players"] != record.players:
        diffs.append(f"players: engine {data['players']} record {record.players}")
    if Fraction(data.get("pool_start") or 0) != record.pot:
        diffs.append(f"pool_start: engine {data.get('pool_start')} record {record.pot}")
    numbers = [deal["number"] for deal in data["deals"]]
    if numbers != [deal.number for deal in record.deals]:
        return diffs + [f"deals: engine {numbers} record {[d.number for d in record.deals]}"]
    for deal, r in zip(data["deals"], ref, strict=True):
        e = engine_view(deal)
        if (deal["status"] == "void") != r["_void"]:
            diffs.append(f"deal {deal['number']}: engine {deal['status']}, ref void {r['_void']}")
            continue
        for k in VOID_COMPARED if r["_void"] else COMPARED:
            if e[k] != r[k]:
                diffs.append(f"deal {deal['number']} {k}: engine {e[k]} ref {r[k]}")
        for k in ("payments", "cancelled"):
            if e[k] != r[k]:
                diffs.append(f"deal {deal['number']} {k}: engine-only {dict(e[k] - r[k])} "
                             f"ref-only {dict(r[k] - e[k])}")
    return diffs


# Option values worth trying against the engine (a subset of each option's values:
# docs/rules.md "The options"), for the cross-checks that draw random profiles.
OPTION_VALUES = {
    "forced_means": ["compelled", "any_follow"],
    "partie_diamond_ace": ["4", "5"],
    "partie_quinola": ["1", "3", "4"],
    "partie_bonus": ["0", "4"],
    "partie_ties": ["seat", "split"],
    "partie_vis_a_vis_double": ["yes", "no"],
    "stake_player": ["10", "5"],
    "stake_dealer": ["15", "10"],
    "restake": ["below_initial", "taken_or_quiet"],
    "remise": ["pool", "stake"],
    "led_aces_pay_winner": ["yes", "no"],
    "quinola_forcer": ["leader", "taker"],
    "vis_a_vis_double": ["yes", "no"],
    "late_tricks_double": ["10,11", "none", "11", "9,10,11"],
    "reversis_cancels": ["made_or_broken", "made"],
    "espagnolette_fails_on": ["last_two", "any_trick"],
    "espagnolette_takes_pool": ["yes", "no"],
    "espagnolette_refunds": ["aces_and_quinola", "diamond_ace_and_quinola"],
    "espagnolette_pays_broken": ["10,11", "11", "10", "none"],
    "revoke_penalty": ["remise", "none"],
    "claims_required": ["led_and_played", "in_play"],
}

# The options of reversis_cli.rules the cross-checks do not vary, each with why.
# tests/test_reference_crosscheck.py fails on an option in neither table: a new
# option is tried against the reference, or its reason is written here.
NOT_VARIED = {
    "direction": "it changes nothing in the accounts (docs/rules.md, SEAT-1): the seats "
                 "are written in playing order either way",
    "peek_forfeits": "the reference always reads it as `everything` (IRR-4 above); "
                     "`quinola_and_reversis` is not modelled",
}
