"""The plain replay's checks of the cards as dealt: a deal's ``hand``,
``talon`` and ``partie`` lines held to its play, on bit masks.

A record written with its hands (``reversis simulate --hands``, a careful
marker) has such lines in every deal.  The full walk holds them to the play
(:mod:`.crosscheck`: ``_check_hands``, ``_check_talon_and_exchanges``,
``_partie``, and ``_check_repeats`` for a line written twice);
:func:`dealt_plain` asks the same questions of a deal the plain replay
(:mod:`.plain`) has walked, and gives up (None) at the first answer that would
be a diagnostic, or that it does not take on (two written hands sharing a
card): the full walk then replays the deal and says what is wrong.  On a
plain deal (no event line that changes a hand but ``kept`` and, for
:mod:`.plaintwo`, ``discarded-two``; every line read whole; eleven tricks
established) the full walk's checks come to these (a player who discarded
two, IRR-5, discards two cards; the partie is then of five):

- each hand line names a player, once; it holds 12 cards for the dealer, 11
  for another (RV204), none twice (RV202), and none another player played
  (RV303); each player's cards played are in his hand, but for the talon card
  he took (one at most, none for the dealer; when the exchange or the talon
  says which, that one: RV303);
- one talon line at most, of three cards, none twice, none in a hand (RV304),
  each played by nobody or by its owner, the players after the dealer in turn
  (DEAL-2, RV304); a card discarded is in the discarder's hand, a card taken or
  seen is his talon card, a talon card refused is not played (RV305);
- one partie line at most, its cards none twice (RV202), none played (RV306),
  and every card not played among them (RV206): the four cards out of play, in
  the order written;
- where a player kept his talon card (IRR-4: he discards none, his hand after
  the exchange is of twelve cards, one never played), that card is the one of
  his hand line, exchanged, he did not play, or else the one neither played nor
  in the partie line (none written: RV206); the partie is then the three other
  cards out of play.

The usual deal (four hand lines, a talon line of three cards, a partie line
of four, one exchange row a player, each discarding one card and taking his
talon card or refusing it) is asked first of :func:`dealt_usual` (by
:mod:`.plain`, when nobody kept a card), which answers all the questions above
at once from the walk: each seat played exactly his hand as exchanged.  Any
other deal, or a doubt, and :func:`dealt_plain` asks them one by one.

tests/test_replay_plain.py holds the two replays together on such deals,
simulated and broken on purpose; tests/test_replay_dealt.py holds
:func:`dealt_usual` to the checks one by one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import itemgetter

from ..cards import PACK, Card
from ..model import Deal
from ..model.rows import DealtRow, ExchangeRow

__all__ = ["dealt_lines", "dealt_plain", "dealt_usual", "DealtLines"]

# A list, not a tuple: sum(map(_BIT.__getitem__, cards)) calls it once a card, and a
# list's __getitem__ is a plain method, a tuple's a slot wrapper (a third dearer).
_BIT = [1 << index for index in range(len(PACK))]
# A byte of a seat's cards played as its bit: none for a byte that is no card
# (``plain.NO_CARD``, the missing eleventh card of a player who discarded two).
_BYTE_BIT = _BIT + [0] * (256 - len(PACK))
_EVERY_CARD = (1 << len(PACK)) - 1
_SEAT_CARDS = 11  # each seat's cards played in a plain deal (by_seat: eleven a seat)
# _masks_by_seat's tables: the pack's indexes, highest first; each byte of ``by_seat``
# by its seat's code (0xF0 + seat, no card's index); for each seat, a table that
# writes its code as the digit 1 and any other byte as 0.
_PACK_DOWN = bytes(range(len(PACK) - 1, -1, -1))
_SEAT_CODES = bytes(0xF0 + seat for seat in range(4) for _ in range(_SEAT_CARDS))
_SEAT_DIGITS = tuple(bytes(b"1"[0] if value == 0xF0 + seat else b"0"[0] for value in range(256))
                     for seat in range(4))
# The owners of the talon's three cards, in the order written, by the dealer's seat (DEAL-2).
_TALON_OWNERS = tuple(tuple((dealer + step) % 4 for step in (1, 2, 3)) for dealer in range(4))
# dealt_usual's: the hands of a plain deal written whole (three of eleven cards, the dealer's
# of twelve).
_HANDS_WRITTEN = 3 * _SEAT_CARDS + _SEAT_CARDS + 1
# dealt_usual's reading of ``by_seat``: each card's seat as two bits, two masks (as
# _masks_by_seat: one table a bit, which writes a seat's code as the digit 1 when its
# seat has that bit, any other byte as 0).
_SEAT_BITS = tuple(bytes(b"1"[0] if 0xF0 <= value < 0xF4 and (value - 0xF0) >> bit & 1
                         else b"0"[0] for value in range(256)) for bit in (0, 1))
# Each seat's talon card (an index, or None: the dealer's) by the dealer's seat, from
# the talon's three cards and a None: the owners of DEAL-2 (_TALON_OWNERS) in reverse.
_OWN_BY_SEAT = tuple(itemgetter(*(owners.index(seat) if seat in owners else 3
                                  for seat in range(4))) for owners in _TALON_OWNERS)
# dealt_usual's: the seats of the exchange rows as bits (1 << seat), all four.
_EVERY_SEAT = 15
# A deal's hand, talon and partie lines as rows (dealt_lines).
DealtLines = tuple[Sequence[DealtRow], Sequence[DealtRow], Sequence[DealtRow]]


# The deal's hand, talon and partie lines as rows (``model.rows.DealtRow``), each kind in
# the order written: ``Deal.dealt_rows``' own getter, so that asking costs no call of
# Python besides the property's.
dealt_lines: Callable[[Deal], DealtLines] = Deal.dealt_rows.fget  # type: ignore[attr-defined]


def dealt_plain(deal: Deal, seats: dict[str, int], dealer: int, played: int, by_seat: bytes,
                exchanges: Sequence[ExchangeRow], kept: int | None = None,
                two: int | None = None, lines: DealtLines | None = None
                ) -> tuple[tuple[Card, ...], int] | None:
    """The partie as written (``()`` when no partie line is) and the index of
    the card the player at seat ``kept`` kept and never played (-1: nobody
    kept one), when the deal's hand, talon and partie lines agree with the
    play as the full walk holds them; None at the first doubt.  ``played`` is
    the mask of the cards played, ``by_seat`` each seat's cards in the order
    played, eleven a seat; ``exchanges`` the exchange rows, already one a
    player and held to the play (``plain._exchanges_plain``).  ``two``: the
    seat of a player who discarded two (IRR-5, :mod:`.plaintwo`): his line
    discards two different cards, and his eleventh byte of ``by_seat`` is no
    card.  ``lines``: the deal's :func:`dealt_lines`, when the caller has them."""
    hand_lines, talons, parties = lines or dealt_lines(deal)
    if len(talons) > 1 or len(parties) > 1:
        return None  # a line written twice (RV308)
    if not hand_lines and not talons:  # a partie line alone (a kept card, two discarded)
        return _partie_alone(parties, seats, played, exchanges, kept, two)
    bit = _BYTE_BIT.__getitem__  # a byte that is no card: none
    by_hand = _masks_by_seat(by_seat)
    written = _hands(hand_lines, seats, dealer, played, by_hand)
    if written is None:
        return None
    hands, held = written
    talon = _talon(talons[0] if talons else None, dealer, played, by_hand, held)
    if talon is None:
        return None
    takes = {}
    after_exchange = hands[kept] if kept is not None else None  # his hand line, exchanged
    for player, refuses, discards, taken, sees, _, _, _ in exchanges:
        seat = seats[player]
        hand, own = hands[seat], talon.get(seat)
        if len(discards) > 1 and seat != two or taken is not None and len(taken) > 1:
            return None  # not the usual exchange: the masks below would add a card twice
        # the usual one card discarded, taken, each a bit (no sum's calls)
        discarded = _BIT[discards[0]] if len(discards) == 1 else sum(map(bit, discards))
        if hand is not None and discarded & ~hand:
            return None  # a card discarded that is not in his hand (RV305)
        took = _BIT[taken[0]] if taken else 0
        if own is not None and (took & ~_BIT[own] or sees and sees[0] != own
                                or refuses and played >> own & 1):
            return None  # not his talon card, or his refused card played (RV305)
        if seat == kept and hand is not None:
            after_exchange = hand & ~discarded | took
        if taken is not None or refuses:
            takes[seat] = took
        elif own is not None:  # the talon says which (it has three cards)
            takes[seat] = _BIT[own]
    if not _played_from_hands(hands, held, dealer, by_hand, takes):
        return None
    return _kept_and_partie(kept, after_exchange, by_hand[kept] if kept is not None else 0,
                            played, parties)


def dealt_usual(lines: DealtLines, seats: dict[str, int], dealer: int, played: int, by_seat: bytes,
           exchanges: Sequence[ExchangeRow]) -> tuple[Card, ...] | None:
    """:func:`dealt_plain`'s answer (the partie as written; nobody kept a card)
    for the usual deal written with its hands, from the walk at once; None when
    it is not that deal, or in doubt (:func:`dealt_plain` then asks, and the full
    walk says what is wrong).  The usual deal: four hand lines, one talon line
    of three cards, one partie line of four, an exchange row a player, each
    discarding one card and taking his talon card (said or not), or refusing
    it.  Then each seat played exactly the cards of his hand, less the one he
    discarded, with his talon card unless he refused it, and the partie is the
    four not played; with all 48 cards written once in the hands and the talon
    (their bits summed come to the pack: 48 words, so no carry, no card twice),
    that answers every question of the general checks: a card of a hand played
    by another would be his talon card, which is in no hand; a talon card
    played is its owner's; a refused one is nobody's; nothing is unexplained.
    It holds the exchange rows too, as ``plain._exchanges_plain`` would, which is
    then not asked: a row a seat, each of a player, none seeing twice, the
    dealer refusing nothing, no card discarded played (a card taken is his
    talon card, played by him: the seats' cards say so; a refused one is in
    no seat's, so not played)."""
    hand_rows, talons, parties = lines
    if len(hand_rows) != 4 or len(talons) != 1 or len(parties) != 1 or len(exchanges) != 4:
        return None
    (_, word_a, a, size_a, _, _, _), (_, word_b, b, size_b, _, _, _), \
        (_, word_c, c, size_c, _, _, _), (_, word_d, d, size_d, _, _, _) = hand_rows
    talon, partie = talons[0][4], parties[0][4]
    if talon is None or partie is None or len(talon) != 3 or len(partie) != 4 \
            or size_a + size_b + size_c + size_d != _HANDS_WRITTEN:
        return None
    bit = _BIT
    first, second, third = talon
    if a + b + c + d + bit[first] + bit[second] + bit[third] != _EVERY_CARD:
        return None  # a card twice, or one in no line (or a hand's size wrong)
    # each seat's cards as expected: his hand, less his discard, with his talon card
    expected = [0, 0, 0, 0]  # a seat whose hand is not written (another's twice): none
    try:  # a player's word that names none (or no word, None): KeyError
        expected[seats[word_a]] = a  # type: ignore[index]
        expected[seats[word_b]] = b  # type: ignore[index]
        expected[seats[word_c]] = c  # type: ignore[index]
        expected[seats[word_d]] = d  # type: ignore[index]
    except KeyError:
        return None
    own = _OWN_BY_SEAT[dealer]((first, second, third, None))
    seen = gone = 0  # the seats of the rows (a bit each), the cards discarded
    for player, refuses, discards, taken, sees, sees_count, _, _ in exchanges:
        seat = seats.get(player)
        if seat is None or sees_count > 1:
            return None  # a row of nobody's, or a card seen twice (RV305)
        his = own[seat]
        seen |= 1 << seat
        if sees and sees[0] != his:
            return None  # not his talon card (or the dealer's)
        if refuses:
            if discards or taken is not None or his is None:
                return None  # (the dealer has no talon card to refuse)
        elif len(discards) != 1 or taken is not None and (his is None or taken != (his,)):
            return None
        else:  # his talon card is in no hand; a discard not in his hand stays, unplayed
            discard = bit[discards[0]]
            gone |= discard
            expected[seat] ^= discard if his is None else discard | bit[his]
    e0, e1, e2, e3 = expected
    # a row a seat (four rows: each seat's), no card discarded played (RV305's); each card
    # played in a seat's cards, none other: the hands and the talon cards being each card
    # once, none is in two seats' (a discard not in his hand, added, is not played)
    if seen != _EVERY_SEAT or gone & played or e0 | e1 | e2 | e3 != played:
        return None
    # each card played by the seat expected: the two bits of its seat agree (the
    # pack's indexes, highest first, each replaced by its player's code)
    owners = _PACK_DOWN.translate(bytes.maketrans(by_seat, _SEAT_CODES))
    odd, high = _SEAT_BITS
    if int(owners.translate(odd), 2) != e1 | e3 or int(owners.translate(high), 2) != e2 | e3:
        return None
    one, two, three, four = partie
    if bit[one] + bit[two] + bit[three] + bit[four] + played != _EVERY_CARD:
        return None  # a card twice (RV202), played (RV306), or one missing (RV206)
    return PACK[one], PACK[two], PACK[three], PACK[four]


def _partie_alone(parties: Sequence[DealtRow], seats: dict[str, int], played: int,
                  exchanges: Sequence[ExchangeRow], kept: int | None, two: int | None
                  ) -> tuple[tuple[Card, ...], int] | None:
    """:func:`dealt_plain` of a deal without hand and talon lines: no hand to
    hold a discard or a card played to, no talon card to hold a take to; the
    exchanges' shape, the kept card from the partie line, and the partie."""
    for player, _, discards, taken, _, _, _, _ in exchanges:
        if len(discards) > 1 and seats[player] != two or taken is not None and len(taken) > 1:
            return None  # not the usual exchange (dealt_plain's first question)
    return _kept_and_partie(kept, None, 0, played, parties)


def _kept_and_partie(kept: int | None, after_exchange: int | None, his_played: int, played: int,
                     parties: Sequence[DealtRow]) -> tuple[tuple[Card, ...], int] | None:
    """:func:`dealt_plain`'s answer once the hands are held to the play: the
    partie as written and the kept card's index (-1: none; ``kept``, the
    keeper's seat, his hand after the exchange and the cards he played, as
    :func:`_kept_card` reads them); None when either is in doubt."""
    extra = 0
    if kept is not None:
        found = _kept_card(after_exchange, his_played, played, parties)
        if found is None:
            return None
        extra = found
    if not parties:
        return (), extra.bit_length() - 1
    partie = _partie(parties[0], played | extra)
    return None if partie is None else (partie, extra.bit_length() - 1)


def _masks_by_seat(by_seat: bytes) -> list[int]:
    """Each seat's cards played (``by_seat``: eleven bytes a seat, each a card's
    index or ``plain.NO_CARD``) as a mask, made at C speed, with no call a card:
    the pack's indexes, highest first, each replaced by the code of the seat that
    played it (one ``bytes.maketrans`` of the cards played to their seats' codes),
    then, for each seat, its code as the digit 1 and every other byte as 0: the
    mask written in binary, the card of index ``i`` at bit ``i``.  A byte that is
    no card is in no mask (no index of the pack is NO_CARD)."""
    owners = _PACK_DOWN.translate(bytes.maketrans(by_seat, _SEAT_CODES))
    first, second, third, fourth = _SEAT_DIGITS
    return [int(owners.translate(first), 2), int(owners.translate(second), 2),
            int(owners.translate(third), 2), int(owners.translate(fourth), 2)]


def _kept_card(after_exchange: int | None, his_played: int, played: int,
               parties: Sequence[DealtRow]) -> int | None:
    """The card (its bit) a player who kept a talon card never played (IRR-4),
    as the full walk finds it: the one card of his hand line, exchanged, he
    did not play, or else the one card neither played nor in the partie line;
    None when it is not one card (the full walk says why, or settles it its
    own way)."""
    if after_exchange is not None:
        extra = after_exchange & ~his_played
    elif parties:
        extra = _EVERY_CARD & ~played & ~sum(map(_BIT.__getitem__, parties[0][4] or ()))
    else:
        return None  # RV206: the card he never played is not written
    if extra.bit_count() != 1 or extra & played:
        return None
    return extra


def _hands(lines: Sequence[DealtRow], seats: dict[str, int], dealer: int, played: int,
           by_hand: list[int]) -> tuple[list[int | None], int] | None:
    """Each seat's hand as written, as a mask (None: not written), and the
    mask of every card written in a hand; None when a hand line is in doubt,
    or two share a card."""
    hands: list[int | None] = [None, None, None, None]
    held = 0
    for _, player, mask, size, _, _, _ in lines:  # (its player's word, mask, size)
        seat = seats.get(player) if player is not None else None
        if seat is None or hands[seat] is not None:
            return None  # no player's name (RV112), or his hand written twice (RV308)
        if size != (12 if seat == dealer else 11):
            return None  # RV204
        # its cards' bits summed: one written twice carries
        if (mask | held).bit_count() != held.bit_count() + size:
            return None  # a card twice in the hand (RV202), or in two hands
        if mask & played & ~by_hand[seat]:
            return None  # a card of his hand another player played (RV303)
        hands[seat] = mask
        held |= mask
    return hands, held


def _talon(line: DealtRow | None, dealer: int, played: int, by_hand: list[int],
           held: int) -> dict[int, int] | None:
    """Each owner's talon card (its index) by seat; None when the talon line
    (its row) is in doubt.  ``held``: the cards written in a hand."""
    if line is None:
        return {}
    cards = line[4]
    if cards is None or len(cards) != 3:
        return None  # RV304
    first, second, third = cards
    one, two, three = _BIT[first], _BIT[second], _BIT[third]
    mask = one | two | three
    if mask.bit_count() != 3 or mask & held:
        return None  # a card twice (RV202), or in a hand (RV304)
    owners = _TALON_OWNERS[dealer]  # DEAL-2: the players after the dealer, in turn
    # each card played by its owner (three cards, each its own bit: no other bit comes in)
    by_owner = by_hand[owners[0]] & one | by_hand[owners[1]] & two | by_hand[owners[2]] & three
    if played & mask & ~by_owner:
        return None  # played by another (RV304)
    return dict(zip(owners, cards, strict=True))


def _played_from_hands(hands: list[int | None], held: int, dealer: int, by_hand: list[int],
                       takes: dict[int, int]) -> bool:
    """Whether each player with a written hand played only its cards and the
    talon card he took: no card unexplained (RV303) beyond the one talon card
    a player other than the dealer may have taken unsaid (``held``: the
    cards written in a hand)."""
    for seat, hand in enumerate(hands):
        if hand is None:
            continue
        taken = takes.get(seat)
        # his cards played in no written hand (his own among them) nor taken
        unexplained = by_hand[seat] & ~held & ~(taken or 0)
        limit = 0 if seat == dealer or taken is not None else 1
        if unexplained.bit_count() > limit:
            return False
    return True


def _partie(line: DealtRow, played: int) -> tuple[Card, ...] | None:
    """The partie as written (its row), when it is the cards not played, each once."""
    cards = line[4] or ()
    mask = sum(map(_BIT.__getitem__, cards))
    if mask.bit_count() != len(cards) or mask & played or mask | played != _EVERY_CARD:
        return None  # a card twice (RV202), played (RV306), or one missing (RV206)
    return tuple(map(PACK.__getitem__, cards))
