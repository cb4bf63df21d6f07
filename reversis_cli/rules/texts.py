"""Every rule id of the engine, in a sentence of our own, with its sources.

Payment records, ``explain`` and (later) ``arbitrate`` cite these ids; the
sentence is what a player reads next to the id.  Sources are paragraphs of
the two Russian texts: C¶n (classic) and M¶n (modern), the n-th non-empty
line of the file.

Each sentence is a message (:class:`~reversis_cli.i18n.Msg`) whose English
text is its message id: it is English wherever it is kept or compared as
a string (JSON, tests), and a renderer writes it in the run's language with
``t(rule_text(rule_id))``.  The Russian is in the ``rules`` catalog.
"""

from __future__ import annotations

from ..i18n import N_, Msg
from ..values import Value, setattr_frozen

__all__ = ["RuleText", "RULE_TEXTS", "rule_text"]


class RuleText(Value):
    """A rule of docs/rules.md: its id, its sentence and the sources it comes from."""

    __slots__ = _fields = ("id", "text", "sources")
    id: str
    text: Msg  # the English sentence, written in the run's language by t()
    sources: tuple[str, ...]

    def __init__(self, id: str, text: Msg, sources: tuple[str, ...]):  # noqa: A002 -- the rule's id
        setattr_frozen(self, "id", id)
        setattr_frozen(self, "text", text)
        setattr_frozen(self, "sources", sources)


def _r(rule_id: str, text: str, sources: str) -> RuleText:
    return RuleText(rule_id, Msg(text), tuple(sources.split()))


RULE_TEXTS: dict[str, RuleText] = {r.id: r for r in (
    _r("DECK-1", N_("The pack is 48 cards, a full pack without the tens; ace high, no trumps."),
       "C¶3 M¶3"),
    _r("DECK-2", N_("Aces count 4 points, kings 3, queens 2, jacks 1; the jack of hearts is the "
                    "quinola."), "C¶6 C¶15 M¶4"),
    _r("SEAT-1", N_("The player after the dealer is first hand and leads; players two apart sit "
                    "opposite (vis-à-vis)."), "C¶50 C¶26 M¶8"),
    _r("SEAT-2", N_("The deal passes to the next player in playing order."), "C¶5"),
    _r("SEAT-3", N_("For ties the dealer has the best seat, then the others in reverse playing "
                    "order; first hand has the worst."), "C¶10"),
    _r("DEAL-1", N_("Eleven cards to each player, twelve to the dealer, three to the talon."),
       "C¶5 M¶6"),
    _r("DEAL-2", N_("The first talon card belongs to first hand, the second to the next player, "
                    "the third to the one after."), "C¶50"),
    _r("DEAL-3", N_("Each player may swap one card for their talon card; the dealer only "
                    "discards. The four cards out of play are the partie."), "C¶5 C¶7 M¶6 M¶7"),
    _r("PLAY-1", N_("First hand leads to the first trick; whoever takes a trick leads to the "
                    "next."), "C¶17 M¶8"),
    _r("PLAY-2", N_("Follow the suit led if you can; if you cannot, play any card."), "M¶8"),
    _r("PLAY-3", N_("The highest card of the suit led takes the trick."), "M¶4 M¶8"),
    _r("PLAY-4", N_("Playing off suit while holding the suit led is a revoke."), "M¶8 M¶19"),
    _r("PARTIE-1", N_("The partie is worth the card points of the four cards out of play, with "
                      "the ace of diamonds and the quinola at the profile's values, plus a fixed"
                      " bonus."), "C¶7 M¶17"),
    _r("PARTIE-2", N_("The winner has the fewest points in their tricks, then the fewest tricks,"
                      " then the better seat (or the tie is shared)."), "C¶8 C¶9 C¶10 M¶16"),
    _r("PARTIE-3", N_("The loser has the most points in their tricks, then the most tricks, then"
                      " the worse seat (or the tie is shared)."), "C¶8 M¶16"),
    _r("PARTIE-4", N_("The loser pays the winner the value of the partie; shared ties divide it."),
       "C¶8 M¶16 M¶17"),
    _r("PARTIE-5", N_("Under the classic rules the partie is paid double between players sitting"
                      " opposite."), "C¶26"),
    _r("PARTIE-6", N_("No partie is paid in a deal where a reversis is made or broken."),
       "C¶11 C¶13 M¶22"),
    _r("POOL-1", N_("When the pool is staked every player puts in a stake, the dealer a larger "
                    "one under the classic rules."), "C¶14 M¶5"),
    _r("POOL-2", N_("Before a later deal the pool is staked again when the profile says it has "
                    "run low or gone quiet."), "C¶14 M¶5"),
    _r("POOL-3", N_("A remise is a payment into the pool: as much as the pool held at the start "
                    "of the deal, or one full staking."), "C¶13 M¶22"),
    _r("POOL-4", N_("Taking the pool takes what it held at the start of the deal; remises paid "
                    "during the deal stay for the next."), "C¶13 C¶15 M¶11 M¶22"),
    # POOL-5 and IRR-7 are this program's readings: no paragraph says them.
    _r("POOL-5", N_("What is left in the pool at the end stays there; every deal balances to "
                    "zero."), ""),
    _r("ACE-1", N_("An ace thrown on another suit earns its thrower 1 (the ace of diamonds 2) "
                   "from the taker of the trick."), "C¶20 M¶10"),
    _r("ACE-2", N_("An ace forced out by the suit led costs its holder 1 (the ace of diamonds "
                   "2), paid to the leader of the trick."), "C¶21 M¶12"),
    _r("ACE-3", N_("An ace led or played freely costs its holder the same, paid to the partie "
                   "winner after the deal."), "C¶23"),
    _r("QUIN-1", N_("The quinola thrown on another suit earns its thrower 5 from the taker, and "
                    "the pool."), "C¶15 C¶20 M¶11"),
    _r("QUIN-2", N_("The quinola forced: the forcer gets 10 from its holder and 5 from each "
                    "other player, and the holder puts in a remise."), "C¶15 C¶22 C¶25 M¶13"),
    _r("QUIN-3", N_("The quinola led or played freely: its holder puts in a remise (and, under "
                    "the classic rules, pays the partie winner as if forced)."), "C¶17 C¶23 M¶14"),
    _r("DOUBLE-1", N_("In-play payments between players sitting opposite are doubled (classic)."),
       "C¶24"),
    _r("DOUBLE-2", N_("In-play payments arising in the late tricks are doubled (classic: tricks "
                      "10 and 11)."), "C¶25"),
    _r("DOUBLE-3", N_("Payments to the winner for cards led or played double as if made in the "
                      "trick where the card fell; nothing else is doubled."), "C¶23 C¶24 C¶25"),
    _r("REV-1", N_("Taking all eleven tricks is the reversis: the pool, and 16 from each "
                   "neighbour and 32 from the player opposite."),
       "C¶11 C¶12 C¶13 C¶27 M¶20 M¶21 M¶22"),
    _r("REV-2", N_("Taking the first nine tricks undertakes a reversis."), "C¶12 M¶21"),
    _r("REV-3", N_("A reversis undertaken and broken costs the undertaker 64 to the breaker and "
                   "a remise."), "C¶13 C¶39 M¶22"),
    _r("REV-4", N_("A reversis cancels the in-play payments of its deal."), "C¶19 C¶27 M¶22"),
    _r("ESP-1", N_("Four aces, or three aces and the quinola, after the exchange make the "
                   "espagnolette."), "C¶28 M¶18"),
    _r("ESP-2", N_("The espagnolette may play any card in tricks 1 to 9; in tricks 10 and 11 the"
                   " espagnolette must follow suit."), "C¶29 C¶34 M¶18"),
    _r("ESP-3", N_("The privilege may be given up, but only before the first free renounce."),
       "C¶33 M¶19"),
    _r("ESP-4", N_("An espagnolette who does not fail wins the partie from any seat (and, under "
                   "the modern rules, the pool)."), "C¶29 M¶18"),
    _r("ESP-5", N_("A failed espagnolette loses the partie, repays double what was paid for "
                   "placed cards, and puts in a remise for holding the quinola."),
       "C¶30 C¶31 C¶32 M¶18"),
    _r("ESP-6", N_("A reversis made by another player is paid wholly by the espagnolette: 64."),
       "C¶38 M¶20"),
    _r("ESP-7", N_("A reversis broken by a third player in the late tricks is paid to the "
                   "breaker by the espagnolette."), "C¶39 M¶24"),
    _r("ESP-8", N_("The espagnolette may itself break or make a reversis."), "C¶40 M¶23"),
    _r("ESP-9", N_("The espagnolette's quinola, when forced, costs a remise and 5, like the "
                   "other players."), "C¶42"),
    _r("ESP-10", N_("In a deal with a reversis made or broken the espagnolette neither wins nor "
                    "fails."), "C¶38 C¶39 C¶40 C¶41"),
    _r("IRR-0", N_("A void deal stakes nothing and settles nothing but its penalty."),
       "C¶47 C¶48 C¶49"),
    _r("IRR-1", N_("A card exposed in dealing: the same dealer deals again."), "C¶47"),
    _r("IRR-2", N_("A misdeal noticed before the exchange: the deal passes, unless the dealer "
                   "pays 5 to deal again."), "C¶48"),
    _r("IRR-3", N_("A misdeal noticed after the exchange: the dealer pays 20 into the pool and "
                   "the deal passes."), "C¶49"),
    _r("IRR-4", N_("A player who peeked at or kept their talon card wins nothing in that deal."),
       "C¶50"),
    _r("IRR-5", N_("A player who discarded two cards plays with ten and keeps every gain."),
       "C¶50"),
    _r("IRR-6", N_("Discarding out of turn costs 5 into the pool."), "C¶51"),
    _r("IRR-7", N_("A revoke costs the revoker a remise, under both built-in profiles (a reading"
                   " after the older French rule; neither text names a penalty)."), ""),
    _r("CLAIM-1", N_("Some payments are due only if claimed in time."), "C¶23 M¶15"),
)}


def rule_text(rule_id: str) -> Msg | str:
    """The sentence for a rule id, or the id itself.  English as a string;
    ``t(rule_text(rule_id))`` writes it in the run's language."""
    entry = RULE_TEXTS.get(rule_id)
    return entry.text if entry else rule_id
