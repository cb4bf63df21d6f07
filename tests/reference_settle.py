"""An independent, compact reference settlement written from docs/rules.md alone.

Input: the JSON of ``reversis score --json`` (its tricks, partie cards, dealer,
profile options and pool_start).  Output: per deal the multiset of payments
and cancelled payments, winners, losers, espagnolette status and the pool,
carried across the session.  Irregularities (IRR-*, CLAIM-1) are not modelled.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

POINTS = {"A": 4, "K": 3, "Q": 2, "J": 1}
QUINOLA = "JH"
DIAMOND_ACE = "AD"
RANKS = "23456789JQKA"


def suit(card: str) -> str:
    return card[-1]


def rank(card: str) -> str:
    return card[:-1]


def high(card: str) -> int:
    return RANKS.index(rank(card))


def pts(card: str) -> int:
    return POINTS.get(rank(card), 0)


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

    @property
    def full_staking(self) -> int:
        return 3 * self.stake_player + self.stake_dealer


def pay(payer, payee, amount, rule, trick):
    return (payer, payee, Fraction(amount), rule, trick)


def settle_deal(deal: dict, players: list[str], o: Opts, pool_before: Fraction,
                stake: bool, esp_waived: bool = False) -> dict:
    idx = {p: i for i, p in enumerate(players)}
    dealer = idx[deal["dealer"]]
    tricks = deal["tricks"]
    ntr = len(tricks)

    def vav(a: int, b: int) -> bool:
        return (a - b) % 4 == 2

    # seat plays per trick: list of (seat, card)
    plays = []
    takers = []
    for t in tricks:
        lead = idx[t["leader"]]
        seq = [((lead + k) % 4, c) for k, c in enumerate(t["cards"])]
        plays.append(seq)
        takers.append(idx[t["taker"]])
    hands = [set() for _ in range(4)]
    for seq in plays:
        for s, c in seq:
            hands[s].add(c)

    payments: list = []
    cancelled: list = []
    remises: list = []          # (payer, rule, trick)

    # POOL-1/2 staking
    if stake:
        for s in range(4):
            amt = o.stake_dealer if s == dealer else o.stake_player
            payments.append(pay(players[s], "pool", amt, "POOL-1", None))
    start = pool_before + (o.full_staking if stake else 0)
    remise_amount = start if o.remise == "pool" else Fraction(o.full_staking)

    # espagnolette (ESP-1)
    esp = None
    for s in range(4):
        aces = sum(1 for c in hands[s] if rank(c) == "A")
        if aces == 4 or (aces == 3 and QUINOLA in hands[s]):
            esp = s
    if esp_waived:
        esp_player = esp
        esp = None
    tricks_won = [takers.count(s) for s in range(4)]
    points = [0] * 4
    for seq, tk in zip(plays, takers, strict=True):
        points[tk] += sum(pts(c) for _, c in seq)

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
            if not (rank(c) == "A" or c == QUINOLA):
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
                    kind = "played" if later else "forced"
                if c == QUINOLA and esp is not None and s == esp:
                    kind = "forced"   # ESP-9
            if rank(c) == "A":
                base = 2 if c == DIAMOND_ACE else 1
                if kind == "placed":
                    m = mult(taker, s, tn)
                    inplay.append(pay(players[taker], players[s], base * m, "ACE-1", tn))
                    placed_receipts.append((taker, s, base * m, tn, c))
                elif kind == "forced":
                    m = mult(s, lead_seat, tn)
                    inplay.append(pay(players[s], players[lead_seat], base * m, "ACE-2", tn))
                else:
                    to_winner.append((s, base, tn, "ACE-3"))
            else:
                if kind == "placed":
                    m = mult(taker, s, tn)
                    inplay.append(pay(players[taker], players[s], 5 * m, "QUIN-1", tn))
                    placed_receipts.append((taker, s, 5 * m, tn, c))
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
    if esp_waived and esp_player is not None:
        esp_out = "waived"

    if cancels:
        cancelled.extend(inplay)
        inplay = []
        quin_take = None
        quin_remise = None
        to_winner = []
    payments.extend(inplay)

    if rev_deal:
        if outcome == "reversis":
            if esp is not None and esp != maker:
                payments.append(pay(players[esp], players[maker], 64, "ESP-6", None))
            else:
                for p in range(4):
                    if p != maker:
                        payments.append(pay(players[p], players[maker],
                                            32 if vav(p, maker) else 16, "REV-1", None))
            takings.append(("REV-1", maker, None))
        else:
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
        pv = 0
        for c in deal["partie"]["cards"]:
            if c == DIAMOND_ACE:
                pv += o.partie_diamond_ace
            elif c == QUINOLA:
                pv += o.partie_quinola
            else:
                pv += pts(c)
        pv += o.partie_bonus
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
                    payments.append(pay(players[holder], players[w], amt, rule, tn))
        if esp is not None and failed:
            names = (("A", QUINOLA) if o.esp_refunds == "aces_and_quinola"
                     else (DIAMOND_ACE, QUINOLA))
            for payer, placer, amt, tn, c in placed_receipts:
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
    for payer, rule, tn in remises:
        payments.append(pay(players[payer], "pool", remise_amount, rule, tn))

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
        "espagnolette": None if esp_out is None else
        {"player": players[esp if esp is not None else esp_player], "status": esp_out},
        "pool_before": pool_before,
        "pool_after": pool_after,
        "net": net,
        "tricks_won": {players[s]: tricks_won[s] for s in range(4)},
        "points": {players[s]: points[s] for s in range(4)},
        "partie_value": None,
        "_taken": taken,
        "_remised": bool(remises),
    }


def settle_session(data: dict) -> list[dict]:
    o = Opts(data["profile"]["options"])
    players = data["players"]
    pool = Fraction(data.get("pool_start") or 0)
    out = []
    prev = None
    for n, deal in enumerate(data["deals"]):
        if deal.get("status") != "played":
            raise ValueError("void deals are not modelled")
        if n == 0:
            stake = pool == 0
        elif o.restake == "below_initial":
            stake = pool < o.full_staking
        else:
            stake = prev["_taken"] or not prev["_remised"]
        waived = (deal.get("espagnolette") or {}).get("status") == "waived"
        res = settle_deal(deal, players, o, pool, stake, esp_waived=waived)
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


def compare(data: dict) -> list[str]:
    """Differences between the engine's JSON and the reference, as strings."""
    ref = settle_session(data)
    diffs = []
    for deal, r in zip(data["deals"], ref, strict=True):
        e = engine_view(deal)
        for k in ("outcome", "winners", "losers", "espagnolette", "pool_before",
                  "pool_after", "net", "tricks_won", "points"):
            if e[k] != r[k]:
                diffs.append(f"deal {deal['number']} {k}: engine {e[k]} ref {r[k]}")
        for k in ("payments", "cancelled"):
            if e[k] != r[k]:
                diffs.append(f"deal {deal['number']} {k}: engine-only {dict(e[k] - r[k])} "
                             f"ref-only {dict(r[k] - e[k])}")
    return diffs
