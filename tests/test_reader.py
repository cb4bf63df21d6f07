"""The reader: chunks, comments, encodings, and the whole-file grammar."""

from reversis_cli.model import HandLine, TrickLine
from reversis_cli.notation.grammar_file import tree_parser
from reversis_cli.reader import record_from_text

from records import FULL, MINIMAL


def read(text):
    with record_from_text(text) as record:
        return record, list(record.deals())


def test_comments_are_kept_with_their_statements():
    text = ("# the header comment\nplayers Anna Boris Vera Gleb  # seating\n\n"
            "# before deal 1\n" + MINIMAL.split("\n", 1)[1].replace(
                "  2 Boris", "  # Boris leads spades\n  2 Boris", 1) + "# at the end\n")
    record, deals = read(text)
    players = record.header.get("players")
    assert [c.text for c in players.comments_before] == [" the header comment"]
    assert players.comment_after.text == " seating"
    deal = deals[0].deal
    assert [c.text for c in deal.line.comments_before] == [" before deal 1"]
    trick2 = deal.tricks[1]
    assert [c.text for c in trick2.comments_before] == [" Boris leads spades"]
    assert [c.text for c in deal.trailing_comments] == [" at the end"]
    assert deals[0].diagnostics == ()


def test_bom_and_crlf_are_accepted():
    data = ("\ufeff" + FULL).replace("\n", "\r\n").encode("utf-8")
    record, deals = read(data)
    assert record.players == ("Anna", "Boris", "Vera", "Gleb")
    assert deals[0].settleable and deals[0].diagnostics == ()


def test_cyrillic_names_and_russian_cards():
    text = (MINIMAL.replace("Anna", "Анна").replace("Boris", "Борис")
            .replace("Vera", "Вера").replace("Gleb", "Глеб")
            .replace("AH", "Т♥").replace("KD", "к♦").replace("QC", "Д♣").replace("JS", "в♤"))
    record, deals = read(text)
    assert record.players == ("Анна", "Борис", "Вера", "Глеб")
    assert deals[0].settleable, deals[0].diagnostics
    assert deals[0].replayed.tricks[0].plays[1].card.format("ru") == "Т♥"


def test_a_bad_deal_does_not_hide_the_next():
    broken = MINIMAL.replace("  3 Gleb 4D KD 6D 3D", "  3 Gleb 4D KD 6D")
    second = "\ndeal 2 dealer Anna\n" + "\n".join(MINIMAL.split("\n")[2:]).replace(
        "5H AH 9H KH", "5H AH 9H 10H")
    record, deals = read(broken + second)
    assert [d.number for d in deals] == [1, 2]
    assert [d.code for d in deals[0].diagnostics] == ["RV203"]
    assert "RV101" in [d.code for d in deals[1].diagnostics]


def test_chunked_reading_equals_the_whole_file_grammar():
    lark = tree_parser()
    text = FULL + "\n" + FULL.split("\n", 1)[1].replace("deal 1 dealer Gleb", "deal 2 dealer Anna")
    tree = lark.parse(text, start="session")
    whole = []
    for t in tree.iter_subtrees_topdown():
        if t.data in ("trick", "hand"):
            whole.append(t.data)
    record, deals = read(text)
    chunked = [("trick" if isinstance(s, TrickLine) else "hand")
               for d in deals for s in d.deal.statements if isinstance(s, (TrickLine, HandLine))]
    assert whole == chunked


def test_positions_are_absolute_in_the_file():
    record, deals = read(FULL + "\n" + FULL.split("\n", 1)[1].replace(
        "deal 1 dealer Gleb", "deal 2 dealer Anna"))
    assert deals[1].deal.pos.line == 25
    assert deals[1].deal.tricks[0].cards[0].pos.line == 36


def test_replay_establishes_leaders_takers_and_partie():
    record, deals = read(MINIMAL)
    replayed = deals[0].replayed
    assert [replayed.name(t.taker) for t in replayed.tricks][:3] == ["Boris", "Gleb", "Anna"]
    assert [str(c) for c in replayed.partie] == ["8H", "3H", "8D", "AC"]
    assert replayed.tricks_won() == [6, 1, 2, 2]
    assert sum(replayed.points_won()) + sum(c.points for c in replayed.partie) == 40
