"""Small records used by several tests, built from one legal deal
(the classic-late-quinola worked example) with everything written."""

TRICKS = """\
  1 Anna 5H AH 9H KH
  2 Boris 3S 7S AS KS
  3 Gleb 4D KD 6D 3D
  4 Anna 9S 4S JS 5S
  5 Vera 2C QC KC JC
  6 Anna QS QH 2S AD
  7 Anna 8S 8C 5C 2D
  8 Anna QD 9D 7D 5D
  9 Anna 6S 9C 7H 7C
  10 Anna 4H 6H JH JD
  11 Vera 4C 6C 2H 3C
"""

FULL_DEAL = """\
deal 1 dealer Gleb
  hand Anna KS QS 9S 8S 6S 8H 4H 2H KD QD KC
  hand Boris 4S 3S AH QH 6H 9D 6D JC 9C 8C 3C
  hand Vera JS 7S 2S JH 9H 7H 8D 3D 5C 4C 2C
  hand Gleb AS 5S KH AD JD 5D 4D 2D QC 7C 6C AC
  talon 5H 3H 7D
  exchange Anna discards 8H takes 5H
  exchange Boris refuses sees 3H
  exchange Vera discards 8D takes 7D
  exchange Gleb discards AC
  partie 8H 3H 8D AC
""" + TRICKS

HEADER = "players Anna Boris Vera Gleb\n"

# Line 1 is the players line; the deal line is line 2, trick 1 is line 13.
FULL = HEADER + FULL_DEAL
MINIMAL = HEADER + "deal 1 dealer Gleb\n" + TRICKS


def mutate(text: str, line: int, old: str, new: str) -> str:
    """Replace ``old`` by ``new`` in line ``line`` (1-based) only."""
    lines = text.split("\n")
    assert old in lines[line - 1], (old, lines[line - 1])
    lines[line - 1] = lines[line - 1].replace(old, new, 1)
    return "\n".join(lines)


def codes_of(text: str) -> list[tuple[str, int | None, int | None]]:
    from reversis_cli.reader import record_from_text

    with record_from_text(text, "t.rvs") as record:
        found = [(d.code, d.line, d.column) for d in record.header_diagnostics]
        for deal in record.deals():
            found += [(d.code, d.line, d.column) for d in deal.diagnostics]
    return found


# A deal in which Boris holds the espagnolette (every ace and the quinola) and
# renounces in tricks 1-9 as ESP-2 lets him (simulated: seed 1, forced
# espagnolette).  Line 1 is the players line, trick 1 is line 3, trick N line N + 2.
ESPAGNOLETTE = HEADER + """deal 1 dealer Gleb
  1 Anna 3H AD 2H 9H
  2 Gleb 2C 6C JH 4C
  3 Anna 2D AS 3D QD
  4 Gleb 3C 7C AH KC
  5 Vera 2S 6S 4S AC
  6 Gleb 5H 6H JS 4H
  7 Anna 4D 9C QH JD
  8 Gleb 5C QC 8S JC
  9 Anna 7S 3S 5S QS
  10 Gleb 7D 8D 5D 9S
  11 Anna 8H 7H 8C 9D
"""
# Boris plays 7H on trick 10's diamond lead while holding 5D, which he plays in
# trick 11: past the privilege (tricks 1-9), a revoke (RV201 at 12:17).
ESPAGNOLETTE_REVOKES_IN_TRICK_10 = mutate(mutate(ESPAGNOLETTE, 12, "8D 5D 9S", "8D 7H 9S"),
                                          13, "8H 7H 8C", "8H 5D 8C")
# Boris plays 5D on trick 9's spade lead while holding 3S, which he plays in the
# very next trick: the last renounce the privilege allows.
ESPAGNOLETTE_RENOUNCES_IN_TRICK_9 = mutate(mutate(ESPAGNOLETTE, 11, "7S 3S 5S", "7S 5D 5S"),
                                           12, "8D 5D 9S", "8D 3S 9S")
# Vera plays 5C on trick 6's spade lead while holding 2S, which she plays in the
# very next trick (RV201 at 8:16).
REVOKE_HELD_CARD_PLAYED_NEXT = mutate(mutate(MINIMAL, 8, "QS QH 2S AD", "QS QH 5C AD"),
                                      9, "8S 8C 5C 2D", "8S 8C 2S 2D")
