"""An independent oracle for a club's season: the figures of ``stats``, the
standings of ``league`` and the settle-up in money, worked out from the record
files alone.

Like tests/reference_settle.py, on which it is built, it imports nothing from
reversis_cli (tests/test_season_oracle.py checks that by reading both modules'
imports).  Each record is read by a small header reader of its own (players,
date, rules, pot) and settled by :func:`reference_settle.settle_session`, under
the options of the built-in profiles as the table of docs/rules.md writes them
(:data:`PROFILES`).  The season's figures follow docs/output.md ("reversis
stats", "reversis league --json", "settle_up"), the standings docs/league.md and
the settle-up docs/rules.md ("Settling up in money"), each computed here with
plain arithmetic.  What the settle-up leaves open (which of two equally short
sets of transfers) is not worked out: only what the docs determine is
(:func:`settle_up`).
"""

from __future__ import annotations

import calendar
import tomllib
from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction
from math import floor
from pathlib import Path

from reference_settle import WrittenDeal, read_record, settle_session

# docs/rules.md, "The options": the two built-in profiles, column by column.
CLASSIC = {
    "forced_means": "compelled", "partie_diamond_ace": 5, "partie_quinola": 3,
    "partie_bonus": 4, "partie_ties": "seat", "partie_vis_a_vis_double": "yes",
    "stake_player": 10, "stake_dealer": 15, "restake": "below_initial", "remise": "pool",
    "led_aces_pay_winner": "yes", "quinola_forcer": "leader", "vis_a_vis_double": "yes",
    "late_tricks_double": "10,11", "reversis_cancels": "made_or_broken",
    "espagnolette_fails_on": "last_two", "espagnolette_takes_pool": "no",
    "espagnolette_refunds": "aces_and_quinola", "espagnolette_pays_broken": "10,11",
    "peek_forfeits": "everything", "revoke_penalty": "remise",
    "claims_required": "led_and_played",
}
MODERN = {
    **CLASSIC, "forced_means": "any_follow", "partie_diamond_ace": 4, "partie_quinola": 1,
    "partie_ties": "split", "partie_vis_a_vis_double": "no", "stake_dealer": 10,
    "restake": "taken_or_quiet", "led_aces_pay_winner": "no", "vis_a_vis_double": "no",
    "late_tricks_double": "none", "reversis_cancels": "made",
    "espagnolette_fails_on": "any_trick", "espagnolette_takes_pool": "yes",
    "espagnolette_refunds": "diamond_ace_and_quinola", "espagnolette_pays_broken": "11",
    "claims_required": "in_play",
}
PROFILES = {"classic": CLASSIC, "modern": MODERN}

# docs/output.md: a seat's role by its place after the dealer's.
ROLES = ("dealer", "first_hand", "second_hand", "third_hand")
# The counts this oracle works out (a subset of stats --json's).
COUNTED = ("partie_won", "partie_lost", "quinola_placed", "quinola_forced",
           "quinola_lost_forced", "quinola_led", "quinola_fallen", "ace_placed", "ace_forced",
           "reversis_undertaken", "reversis_made", "reversis_broken", "reversis_broke",
           "espagnolette_held", "espagnolette_won", "espagnolette_failed", "revokes",
           "irregularities", "pool_taken")
POOL = "pool"
TAKINGS = ("REV-1", "QUIN-1", "ESP-4")  # POOL-4: the only payments from the pool
FORCING = ("QUIN-2", "ESP-9")  # the quinola forced: its holder pays the forcer, and a remise
# Event lines that name a player and count as an irregularity of his.
NAMING_EVENTS = ("misdeal", "out-of-turn", "discarded-two", "peeked", "kept")


# --- one session -------------------------------------------------------------------------


@dataclass
class Session:
    name: str            # the path as stats names it
    day: str | None      # the date line as written (a day, a month or a year)
    players: list[str]
    rules: str
    pot: Fraction
    deals: list[WrittenDeal]
    settled: list[dict]
    events: list[list[str]]  # per deal, the names the event lines of NAMING_EVENTS give


def _header(text: str) -> tuple[str | None, str]:
    day, rules = None, "classic"
    for line in text.splitlines():
        words = line.split("#", 1)[0].split()
        if words[:1] == ["deal"]:
            break
        if words[:1] == ["date"]:
            day = words[1]
        elif words[:1] == ["rules"]:
            rules = words[1]
        elif words[:1] == ["set"]:
            raise ValueError("a set line: the oracle settles under the built-in profiles only")
    return day, rules


def _events(text: str) -> list[list[str]]:
    found: list[list[str]] = []
    for line in text.splitlines():
        words = line.split("#", 1)[0].split()
        if words[:1] == ["deal"]:
            found.append([])
        elif found and words and words[0] in NAMING_EVENTS and len(words) > 1:
            found[-1].append(words[1])
    return found


def read_session(path: Path, name: str) -> Session:
    text = path.read_text(encoding="utf-8")
    day, rules = _header(text)
    record = read_record(text)
    settled = settle_session(record, PROFILES[rules])
    return Session(name, day, record.players, rules, record.pot, record.deals, settled,
                   _events(text))


def read_season(folder: Path, shown: str) -> list[Session]:
    """Every ``.rvs`` record of ``folder``, named ``shown/FILE``, in order of
    day and file (docs/output.md: the order of the season's runs)."""
    sessions = [read_session(p, f"{shown}/{p.name}") for p in sorted(folder.glob("*.rvs"))]
    return sorted(sessions, key=lambda s: (s.day or "", s.name))


# --- the season's figures ------------------------------------------------------------------


@dataclass
class Figures:
    sessions: list[str] = field(default_factory=list)
    deals: int = 0
    net: Fraction = Fraction(0)
    pool_taken_amount: Fraction = Fraction(0)
    counts: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    roles: dict[str, dict] = field(default_factory=lambda: {
        role: {"deals": 0, "net": Fraction(0), **dict.fromkeys(COUNTED, 0)} for role in ROLES})


def _occurrences(session: Session, n: int) -> list[tuple[str, str]]:
    """(count, player) for each occurrence in the session's deal ``n``."""
    res = session.settled[n]
    found: list[tuple[str, str]] = []
    payments = sorted(res["payments"].elements(), key=repr)
    partie = [p for p in payments if p[3] == "PARTIE-4"]
    found += [("partie_won", who) for who in sorted({p[1] for p in partie})]
    found += [("partie_lost", who) for who in sorted({p[0] for p in partie})]
    for payer, payee, _, rule, trick in payments:
        if payer != POOL and rule == "QUIN-1":
            found.append(("quinola_placed", payee))
        if rule in FORCING and payer == res["_quinola"]:
            found.append(("quinola_lost_forced" if payee == POOL else "quinola_forced",
                          payer if payee == POOL else payee))
        if rule == "QUIN-3" and payee == POOL:  # the remise of a quinola fallen
            led = res["tricks"][trick - 1][0] == payer
            found.append(("quinola_led" if led else "quinola_fallen", payer))
        if rule == "ACE-1":
            found.append(("ace_placed", payee))
        if rule == "ACE-2":
            found.append(("ace_forced", payee))
        if payer == POOL and rule in TAKINGS:
            found.append(("pool_taken", payee))
    if res["outcome"] == "reversis":
        maker = res["_reversis"][0]
        found += [("reversis_undertaken", maker), ("reversis_made", maker)]
    elif res["outcome"] == "reversis_broken":
        undertaker, breaker = res["_reversis"]
        found += [("reversis_undertaken", undertaker), ("reversis_broken", undertaker),
                  ("reversis_broke", breaker)]
    esp = res["espagnolette"]
    if esp and esp["status"] != "waived":
        found.append(("espagnolette_held", esp["player"]))
        if esp["status"] in ("success", "failed"):
            found.append(({"success": "espagnolette_won"}.get(esp["status"],
                                                              "espagnolette_failed"),
                          esp["player"]))
    found += [("revokes", session.players[seat]) for seat, _ in res.get("_revokes", ())]
    found += [("irregularities", who) for who in session.events[n]]
    return found


def between(sessions: list[Session]) -> dict[tuple[str, str, str], list[str]]:
    """Who did what to whom (docs/output.md): forced whose quinola, forced
    whose ace, took whose ace; each with the deals it happened in."""
    found: dict[tuple[str, str, str], list[str]] = defaultdict(list)
    for session in sessions:
        for deal, res in zip(session.deals, session.settled, strict=True):
            for payer, payee, _, rule, _ in sorted(res["payments"].elements(), key=repr):
                kind = {"ACE-2": ("ace_forced", payee, payer),
                        "ACE-1": ("ace_taken", payer, payee)}.get(rule)
                if rule in FORCING and payer == res["_quinola"] and payee != POOL:
                    kind = ("quinola_forced", payee, payer)
                if kind:
                    found[kind].append(f"{session.name}:{deal.number}")
    return dict(found)


def season_figures(sessions: list[Session]) -> dict[str, Figures]:
    players: dict[str, Figures] = defaultdict(Figures)
    for session in sessions:
        for name in session.players:
            players[name].sessions.append(session.name)
        for n, (deal, res) in enumerate(zip(session.deals, session.settled, strict=True)):
            dealer = session.players.index(deal.dealer)
            role = {name: ROLES[(seat - dealer) % 4] for seat, name in enumerate(session.players)}
            for name in session.players:
                mine, amount = players[name], res["net"][name]
                mine.deals += 1
                mine.net += amount
                mine.roles[role[name]]["deals"] += 1
                mine.roles[role[name]]["net"] += amount
            for key, who in _occurrences(session, n):
                players[who].counts[key].append(f"{session.name}:{deal.number}")
                players[who].roles[role[who]][key] += 1
            for payer, payee, amount, rule, _ in res["payments"].elements():
                if payer == POOL and rule in TAKINGS:
                    players[payee].pool_taken_amount += amount
    return dict(players)


# --- titles ----------------------------------------------------------------------------------


def _best(values: dict[str, Fraction]) -> tuple[list[str], Fraction] | None:
    """The holders of the highest value, when it is above zero (docs/output.md)."""
    top = max(values.values(), default=Fraction(0))
    if top <= 0:
        return None
    return sorted(n for n, v in values.items() if v == top), top


def _pool_takings(session: Session) -> list[tuple[str, Fraction, str]]:
    out = []
    for deal, res in zip(session.deals, session.settled, strict=True):
        for payer, payee, amount, rule, _ in res["payments"].elements():
            if payer == POOL and rule in TAKINGS:
                out.append((payee, amount, f"{session.name}:{deal.number}"))
    return out


def _biggest_pool(takings: list[tuple[str, Fraction, str]]) -> dict | None:
    best = _best({who: max(a for w, a, _ in takings if w == who) for who, _, _ in takings})
    if best is None:
        return None
    holders, top = best
    return {"players": holders, "value": top,
            "deals": [ref for _, amount, ref in takings if amount == top]}


def _runs(sessions: list[Session]) -> dict[str, int]:
    """Each player's longest run of played deals, in order of day, file and
    deal, without losing a partie."""
    current: dict[str, int] = defaultdict(int)
    longest: dict[str, int] = defaultdict(int)
    for session in sessions:
        for res in session.settled:
            if res["_void"]:
                continue
            losers = {p[0] for p in res["payments"].elements() if p[3] == "PARTIE-4"}
            for name in session.players:
                current[name] = 0 if name in losers else current[name] + 1
                longest[name] = max(longest[name], current[name])
    return dict(longest)


def titles(sessions: list[Session], figures: dict[str, Figures]) -> dict:
    """The season's titles and each evening's, as {title: {players, value[, deals]}}."""
    season: dict[str, dict] = {}
    for key, values in (
            ("biggest_winner", {n: f.net for n, f in figures.items()}),
            ("most_quinolas_placed", {n: Fraction(len(f.counts["quinola_placed"]))
                                      for n, f in figures.items()}),
            ("most_reversis_made", {n: Fraction(len(f.counts["reversis_made"]))
                                    for n, f in figures.items()}),
            ("longest_run_without_losing_a_partie",
             {n: Fraction(v) for n, v in _runs(sessions).items()})):
        best = _best(values)
        if best:
            season[key] = {"players": best[0], "value": best[1], "deals": []}
    pool = _biggest_pool([t for s in sessions for t in _pool_takings(s)])
    if pool:
        season["biggest_pool_taken"] = pool
    evenings = []
    for session in sessions:
        nets: dict[str, Fraction] = defaultdict(Fraction)
        quinolas: dict[str, Fraction] = defaultdict(Fraction)
        for res in session.settled:
            for name, amount in res["net"].items():
                nets[name] += amount
            for payer, payee, _, rule, _ in res["payments"].elements():
                if payer != POOL and rule == "QUIN-1":
                    quinolas[payee] += 1
        evening: dict[str, dict] = {}
        for key, values in (("biggest_winner", nets), ("most_quinolas_placed", quinolas)):
            best = _best(values)
            if best:
                evening[key] = {"players": best[0], "value": best[1], "deals": []}
        pool = _biggest_pool(_pool_takings(session))
        if pool:
            evening["biggest_pool_taken"] = pool
        evenings.append({"session": session.name, "date": session.day, "titles": evening})
    return {"season": season, "evenings": evenings}


# --- the league (docs/league.md) -------------------------------------------------------------


def _span(day: str) -> tuple[str, str]:
    """The first and last day a session's date covers (a day, a month, a year)."""
    parts = day.split("-")
    if len(parts) == 3:
        return day, day
    if len(parts) == 2:
        year, month = int(parts[0]), int(parts[1])
        return f"{day}-01", f"{day}-{calendar.monthrange(year, month)[1]:02d}"
    return f"{day}-01-01", f"{day}-12-31"


def in_period(day: str | None, start: str | None, end: str | None) -> bool:
    """docs/league.md and docs/output.md (stats' period): a session counts
    when its date falls in the period, both ends included (an end given as a
    month or a year takes in all of it); one dated by month or year counts
    when that month or year meets the period; an undated one only when no
    period is given."""
    if start is None and end is None:
        return True
    if day is None:
        return False
    first, last = _span(day)
    return (start is None or last >= _span(start)[0]) and (end is None or first <= _span(end)[1])


def pool(sessions: list[Session]) -> dict:
    """docs/output.md, "The pool over the season": what the pool took (each
    session's end less its start, summed: the players' nets plus it are 0),
    what it held before the first session and after the last, and each
    session that did not start with what the one before it left."""
    ends = [s.settled[-1]["pool_after"] if s.settled else s.pot for s in sessions]
    not_carried = [{"session": s.name, "date": s.day, "start": s.pot,
                    "previous": sessions[n - 1].name, "previous_end": ends[n - 1]}
                   for n, s in enumerate(sessions) if n and s.pot != ends[n - 1]]
    return {"net": sum((end - s.pot for s, end in zip(sessions, ends, strict=True)),
                       Fraction(0)),
            "start": sessions[0].pot if sessions else Fraction(0),
            "end": ends[-1] if ends else Fraction(0), "not_carried": not_carried}


def _day(value) -> str | None:
    return None if value is None else str(value)


def league(league_file: Path, sessions: list[Session]) -> dict:
    """The standings the league file's rules give for ``sessions`` (which must
    be the sessions its ``records`` name), in the shape of league --json."""
    rules = tomllib.loads(league_file.read_text(encoding="utf-8"))
    start, end = _day(rules.get("from")), _day(rules.get("to"))
    attendance = rules.get("attendance", {})
    min_sessions, min_deals = attendance.get("min_sessions", 0), attendance.get("min_deals", 0)
    penalised = attendance.get("absence", "not-ranked") == "penalty"
    ranking, tie_breaks = rules.get("ranking", "total"), rules.get("tie_breaks", [])
    chosen = [s for s in sessions if in_period(s.day, start, end)]
    rows = _league_rows(chosen)
    ranked, not_ranked = [], []
    for name, row in sorted(rows.items()):
        short_sessions = max(0, min_sessions - row["sessions"])
        short_deals = max(0, min_deals - row["deals"])
        if name in rules.get("exclude", []):
            reason = "excluded"
        elif not penalised and short_sessions:
            reason = "too-few-sessions"
        elif not penalised and short_deals:
            reason = "too-few-deals"
        else:
            reason = None
        if reason:
            not_ranked.append({"player": name, "sessions": row["sessions"], "deals": row["deals"],
                               "net": row["net"], "reason": reason})
            continue
        penalty = Fraction(0)
        if penalised:
            penalty = Fraction(short_sessions * attendance.get("penalty_per_session", 0)
                               + short_deals * attendance.get("penalty_per_deal", 0))
        ranked.append({"player": name, **row, "penalty": penalty,
                       "figure": _measure(ranking, row, penalty)})

    def key(entry: dict) -> tuple:
        return tuple(_tie(kind, entry) for kind in (ranking, *tie_breaks))

    ranked.sort(key=lambda e: (key(e), e["player"]))
    for place, entry in enumerate(ranked, 1):
        before = ranked[place - 2] if place > 1 else None
        entry["rank"] = before["rank"] if before and key(before) == key(entry) else place
    return {"sessions": len(chosen), "standings": ranked, "not_ranked": not_ranked,
            "pool": pool(chosen)}


def _league_rows(sessions: list[Session]) -> dict[str, dict]:
    rows: dict[str, dict] = defaultdict(lambda: {"sessions": 0, "deals": 0,
                                                 "net": Fraction(0), "parties_lost": 0})
    for session in sessions:
        for name in session.players:
            rows[name]["sessions"] += 1
        for res in session.settled:
            losers = {p[0] for p in res["payments"].elements() if p[3] == "PARTIE-4"}
            for name in session.players:
                rows[name]["deals"] += 1
                rows[name]["net"] += res["net"][name]
                rows[name]["parties_lost"] += name in losers
    return rows


def _measure(kind: str, row: dict, penalty: Fraction) -> Fraction:
    scored = row["net"] - penalty
    if kind == "per-deal":
        return scored / row["deals"]
    if kind == "per-session":
        return scored / row["sessions"]
    return scored


def _tie(kind: str, entry: dict) -> object:
    """One ranking figure or tie-break as a sort key, better first."""
    if kind in ("total", "per-deal", "per-session"):
        return -_measure(kind, entry, entry["penalty"])
    if kind in ("sessions", "deals"):
        return -entry[kind]
    if kind == "fewest-parties-lost":
        return entry["parties_lost"]
    return entry["player"].casefold()  # "name"


# --- the settle-up in money (docs/rules.md, "Settling up in money") -------------------------


def settle_up(session: Session, fiche_value: Fraction, digits: int, shared: bool) -> dict:
    """What the docs determine of a session's settle-up: each party's balance
    in fiches and in minor units (largest remainder, ties to the first in
    playing order, the pool last), the pool's part, and how many transfers
    the fewest are (n parties owing or owed in g zero-sum groups at most:
    n - g).  Which transfers, when several sets are as short, is left open."""
    totals = {name: sum((r["net"][name] for r in session.settled), Fraction(0))
              for name in session.players}
    pool_end = session.settled[-1]["pool_after"] if session.settled else session.pot
    share = pool_end / len(session.players) if shared else Fraction(0)
    fiches = {name: totals[name] + share for name in session.players}
    pool = (Fraction(0) if shared else pool_end) - session.pot
    if pool:
        fiches[POOL] = pool
    assert sum(fiches.values()) == 0
    order = list(fiches)
    exact = {party: fiches[party] * fiche_value * 10 ** digits for party in order}
    units = {party: floor(exact[party]) for party in order}
    left_over = -sum(units.values())
    for party in sorted(order, key=lambda p: (-(exact[p] - units[p]), order.index(p)))[:left_over]:
        units[party] += 1
    owing = [u for u in units.values() if u]
    return {"fiches": fiches, "units": units, "pool_left": Fraction(0) if shared else pool_end,
            "transfers": len(owing) - _most_zero_groups(owing)}


def _most_zero_groups(amounts: list[int]) -> int:
    """The largest number of groups, each summing to zero, that ``amounts``
    (summing to zero) split into: by trying every group with the first."""
    if not amounts:
        return 0
    first, rest = amounts[0], amounts[1:]
    best = 0
    for mask in range(1 << len(rest)):
        group = [a for k, a in enumerate(rest) if mask >> k & 1]
        if first + sum(group) == 0:
            others = [a for k, a in enumerate(rest) if not mask >> k & 1]
            best = max(best, 1 + _most_zero_groups(others))
    return best
