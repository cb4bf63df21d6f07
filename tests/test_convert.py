"""``reversis convert``: JSON record format, csv-tricks both ways, csv-payments."""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings, strategies as st

from reversis_cli.cli import cli
from reversis_cli.cli.convert import convert_command
from reversis_cli.score.csv import rvs_to_payments_csv
from reversis_cli.convert import CODES, convert
from reversis_cli.convert.csvtricks import COLUMNS, csv_to_rvs, rvs_to_csv
from reversis_cli.convert.jsonrec import json_to_rvs, rvs_to_json, schema, validate
from reversis_cli.convert.fmt import canonical_text, read_source
from reversis_cli.model import EVENT_KINDS
from reversis_cli.notation.statements import STATEMENTS
from reversis_cli.convert.canonical import canonical_record, write_record

from conftest import SAMPLES, good_samples, samples_by_default
from records import FULL, MINIMAL
from test_fmt import readable_samples, same_meaning, semantics

COMMENTED = ("# top\n" + FULL.replace("  talon 5H 3H 7D", "  # the talon\n  talon 5H 3H 7D  # seen")
             + "  # after the last trick\n")


def fmt(text: str | bytes) -> str:
    """What ``reversis fmt`` writes: cards in the spelling most of them have."""
    result = canonical_text(text, "t.rvs", None)
    assert result.ok and result.text is not None, result.diagnostics
    return result.text


def to_json(text: str | bytes) -> str:
    out, problems = rvs_to_json(text if isinstance(text, str) else text.decode("utf-8"), "t")
    assert out is not None, problems
    return out


def from_json(text: str) -> str:
    out, problems = json_to_rvs(text, "t.json")
    assert out is not None, problems
    return out


# --- JSON round trips -------------------------------------------------------------------


# A quarter of a second a sample: by default the irregularities (the sample with
# the most kinds of line), every sample under -m ''.
@pytest.mark.parametrize("path", samples_by_default(
    readable_samples(), ["irregular.rvs"]), ids=lambda p: p.name)
def test_every_sample_survives_rvs_json_rvs_and_json_rvs_json(path):
    data = path.read_bytes()
    doc = to_json(data)
    assert from_json(doc) == fmt(data)
    assert to_json(from_json(doc)) == doc
    assert list(validate(json.loads(doc))) == []


@pytest.mark.slow
def test_the_russian_sample_through_json_is_fmts_output_at_the_command_line(tmp_path):
    runner = CliRunner()
    sample = str(SAMPLES / "tver-ru.rvs")
    doc = runner.invoke(cli, ["convert", sample, "--to", "json", "-o", str(tmp_path / "r.json")])
    assert doc.exit_code == 0, doc.output
    assert json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))["cards"] == "ru"
    back = runner.invoke(cli, ["convert", str(tmp_path / "r.json"), "--to", "rvs"])
    formatted = runner.invoke(cli, ["fmt", "-"], input=(SAMPLES / "tver-ru.rvs").read_bytes())
    assert back.exit_code == 0 and back.stdout == formatted.stdout
    assert "В♥" in back.stdout
    ascii_doc = runner.invoke(cli, ["convert", sample, "--to", "json", "--cards", "ascii"])
    assert "\"cards\": \"ru\"" not in ascii_doc.stdout
    assert "JH" in runner.invoke(cli, ["convert", sample, "--to", "rvs", "--cards", "ascii"]).stdout


def _generated(seed: int, events: float = 0.0, forces=None) -> str:
    from reversis_cli.simulate import SimulationOptions, simulate_session

    options = SimulationOptions(2, seed, events=events, write_hands=True, forces=forces or {})
    return "".join(simulate_session(options))


@pytest.mark.slow
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=10**6))
def test_generated_sessions_survive_every_round_trip(seed):
    text = _generated(seed, events=0.5)
    doc = to_json(text)
    assert from_json(doc) == fmt(text)
    assert to_json(from_json(doc)) == doc
    rows, _ = rvs_to_csv(text, "g")
    assert rows is not None
    # two deals may not name all four players (one never leads or takes)
    back, problems = csv_to_rvs(rows, "g.csv", ("Anna", "Boris", "Vera", "Gleb"))
    assert back is not None, problems
    _same_tricks(text, back)


@pytest.mark.slow
def test_irregular_generated_deals_survive_the_json_round_trip():
    from reversis_cli.simulate import IRREGULAR_MODES, SimulationOptions, simulate_session

    modes = IRREGULAR_MODES
    assert modes, "the simulator forces irregular deals"
    text = "".join(simulate_session(SimulationOptions(
        len(modes), 5, events=0.0, write_hands=True,
        forces={i + 1: m for i, m in enumerate(modes)})))
    doc = to_json(text)
    assert from_json(doc) == fmt(text)
    assert to_json(from_json(doc)) == doc


def test_json_keeps_every_comment_with_its_statement(golden):
    doc = to_json(COMMENTED)
    golden("convert-commented.json", doc)
    data = json.loads(doc)
    assert data["header"]["statements"][0]["comments_before"] == [" top"]
    talon = data["deals"][0]["statements"][4]
    assert talon == {"type": "talon", "cards": ["5H", "3H", "7D"],
                     "comments_before": [" the talon"], "comment_after": " seen"}
    assert data["deals"][0]["trailing_comments"] == [" after the last trick"]
    same_meaning(semantics(COMMENTED), semantics(from_json(doc)))


def test_json_carries_every_header_statement_and_every_event():
    """A void deal holds every event; the rows of the statement table go one by one
    through JSON in tests/test_statements.py."""
    text = ('reversis 1\ntitle "T"\ndate 2026-01-01\nplace "P"\nnote "N"\nrules classic\n'
            'set partie_ties = split\nunit jeton\nplayers Anna Boris Vera Gleb\npot 5/2\n'
            "deal 1 dealer Gleb\n  misdeal Gleb late\n  redeal paid\n  exposed\n"
            "  out-of-turn Vera\n  peeked Anna\n  kept Boris\n  discarded-two Gleb\n"
            "  unclaimed 3 Anna\n  espagnolette Vera waives\n  note \"n\"\n"
            "  exchange Anna takes 5H\n  exchange Boris refuses sees 3H\n"
            "  exchange Vera refuses\n")
    doc = json.loads(to_json(text))
    kinds = [s["type"] for s in doc["header"]["statements"]]
    assert kinds == ["reversis", "title", "date", "place", "note", "rules", "set", "unit",
                     "players", "pot"]
    types = {s["type"] for s in doc["deals"][0]["statements"]}
    assert set(EVENT_KINDS) <= types and {"espagnolette", "note", "exchange"} <= types
    assert from_json(json.dumps(doc)) == fmt(text)


def test_the_schema_ships_in_the_package_and_names_every_statement():
    from importlib.resources import files

    path = files("reversis_cli.convert").joinpath("schema", "record-1.schema.json")
    assert json.loads(path.read_text("utf-8")) == schema()
    defs = schema()["$defs"]
    types = {row.json_type for row in STATEMENTS}  # the statement table, not a list of ours
    assert len(types) == len(STATEMENTS) >= 17
    for kind in types:
        assert defs[kind]["properties"]["type"] == {"const": kind}, kind
    chosen, rest = _statement_choices(defs["deal_statement"])
    assert sorted(chosen) == sorted(types) == sorted(rest)
    assert schema()["properties"]["format"] == {"const": "reversis-record/1"}


def _statement_choices(node: dict) -> tuple[list[str], list[str]]:
    """The types ``deal_statement``'s if/then/else chain sends to their definition, and
    the types its last ``else`` names (the words of the message for an unknown type)."""
    chosen = []
    while "if" in node:
        kind = node["if"]["properties"]["type"]["const"]
        assert node["then"] == {"$ref": f"#/$defs/{kind}"}, kind
        chosen.append(kind)
        node = node["else"]
    return chosen, node["properties"]["type"]["enum"]


# --- JSON input errors ----------------------------------------------------------------------


def _problems(text: str):
    out, problems = json_to_rvs(text, "in.json")
    assert out is None
    return [(d.code, d.line, d.column, d.message) for d in problems]


def test_json_syntax_error_is_located():
    [(code, line, column, message)] = _problems('{\n  "format": "reversis-record/1",\n  x\n}')
    assert (code, line, column) == ("RV501", 3, 3)
    assert "property name" in message


def test_json_of_another_format():
    [(code, line, column, message)] = _problems('{"format": "reversis-score/1"}')
    assert code == "RV502" and "reversis-score/1" in message and line == 1
    assert _problems("[1, 2]")[0][0] == "RV502"


def test_json_shape_errors_name_the_pointer_and_the_line():
    doc = json.loads(to_json(MINIMAL))
    doc["deals"][0]["statements"][2]["cards"][1] = "10S"
    doc["deals"][0]["statements"][3]["leader"] = 7
    del doc["deals"][0]["statements"][4]["cards"]
    doc["deals"][0]["statements"][5]["colour"] = "red"
    doc["deals"][0]["statements"][6]["type"] = "trik"
    text = json.dumps(doc, indent=2)
    found = _problems(text)
    codes = [(c, m.split(":")[0]) for c, _, _, m in found]
    assert codes == [
        ("RV504", "/deals/0/statements/2/cards/1"),
        ("RV503", "/deals/0/statements/3/leader"),
        ("RV503", "/deals/0/statements/4"),
        ("RV503", "/deals/0/statements/5/colour"),
        ("RV503", "/deals/0/statements/6/type"),
    ]
    ten = found[0]
    assert "ten" in ten[3]
    lines = text.split("\n")
    assert lines[ten[1] - 1][ten[2] - 1:].startswith('"10S"')
    assert lines[found[3][1] - 1].strip().startswith('"colour"')


def test_json_values_the_notation_cannot_hold():
    doc = json.loads(to_json(MINIMAL))
    doc["header"]["statements"][0]["comments_before"] = ["two\nlines"]
    doc["deals"][0]["dealer"] = "9lives"
    found = _problems(json.dumps(doc))
    assert [c for c, *_ in found] == ["RV504", "RV504"]
    assert "line break" in found[0][3] and "9lives" in found[1][3]
    doc["header"]["statements"][0]["comments_before"] = ["one line"]
    doc["deals"][0]["dealer"] = "Gleb"
    doc["deals"][0]["statements"][0]["leader"] = "AS"
    doc["deals"][0]["statements"].append({"type": "exchange", "player": "Anna"})
    found = _problems(json.dumps(doc))
    assert [c for c, *_ in found] == ["RV504", "RV504"]
    assert "read as a card" in found[0][3]


def test_every_problem_is_told_in_words_in_the_order_of_the_file():
    doc = json.loads(to_json(MINIMAL))
    doc["header"]["statements"].append({"type": "pot", "value": "a b"})
    doc["header"]["statements"].append({"type": "reversis", "value": "x"})
    doc["deals"][0]["number"] = 1.0
    doc["deals"][0]["statements"][0] = {"cards": ["AS"]}
    doc["deals"][0]["statements"][1]["cards"] = []
    doc["deals"][0]["statements"].append({"type": "misdeal", "player": "Anna", "late": False})
    doc["extra"] = 1  # a member of the top object, written last: reported last
    found = [(c, m) for c, _, _, m in _problems(json.dumps(doc, indent=1))]
    assert found == [
        ("RV504", "/header/statements/1/value: 'a b' cannot be written here: one word, "
                  "without # \" or ="),
        ("RV504", "/header/statements/2/value: 'x' must be written in digits"),
        ("RV503", "/deals/0/number: must be a whole number, not a number with a fraction "
                  "or an exponent"),
        ("RV503", "/deals/0/statements/0: the member \"type\" is missing (one of: hand, "
                  "talon, exchange, partie, espagnolette, unclaimed, misdeal, redeal, exposed, "
                  "peeked, kept, discarded-two, out-of-turn, note, trick, paid, tally)"),
        ("RV503", "/deals/0/statements/1/cards: must not be empty"),
        ("RV503", "/deals/0/statements/11/late: must be true (leave the member out when it "
                  "is false)"),
        ("RV503", "/extra: unknown member \"extra\" (allowed here: format, cards, header, deals)"),
    ]


def test_a_number_too_long_to_read_is_a_located_problem(tmp_path):
    digits = "7" * 5000  # more than Python reads as an int (4,300 digits)
    text = ('{"format": "reversis-record/1", "header": {"statements": []},\n'
            f' "deals": [{{"number": {digits}, "dealer": "Anna", "statements": []}}]}}')
    [(code, line, column, message)] = _problems(text)
    assert (code, line, column) == ("RV504", 2, 23)
    assert message.startswith("a number of 5,000 digits; a number in a record has at most 30")
    path = tmp_path / "huge.json"
    path.write_text(text)
    result = CliRunner().invoke(convert_command, [str(path), "--to", "rvs"])
    assert result.exit_code == 1 and "huge.json:2:23: error[RV504]" in result.output


def test_the_shipped_schema_is_valid_json_schema_and_ours_reads_it_the_same():
    from jsonschema import Draft202012Validator

    from reversis_cli.convert.jsonrec import _validator

    Draft202012Validator.check_schema(schema())
    doc = json.loads(to_json(FULL))
    doc["deals"][0]["statements"][2]["cards"][1] = "10S"
    doc["deals"][0]["statements"][3]["leader"] = 7
    doc["deals"][0]["statements"][4]["type"] = "trik"
    doc["deals"][0]["statements"][5] = {"type": "exchange"}
    doc["header"]["statements"].append({"type": "title"})

    def errors(validator):
        return sorted((list(e.path), e.validator) for e in validator.iter_errors(doc))

    # the references are followed once, ahead of time; nothing else changes
    assert errors(_validator()) == errors(Draft202012Validator(schema())) != []


def _keywords(node, found: set) -> set:
    if isinstance(node, dict):
        for key, value in node.items():
            found.add(key)
            members = value.values() if key in ("properties", "$defs") else [value]
            for member in members:
                _keywords(member, found)
    elif isinstance(node, list):
        for item in node:
            _keywords(item, found)
    return found


def test_every_schema_keyword_has_words_of_ours():
    described = {"$schema", "$id", "$defs", "$ref", "title", "description", "properties",
                 "items", "if", "then", "else"}
    explained = {"required", "additionalProperties", "type", "enum", "const", "minItems",
                 "minimum", "pattern"}
    assert _keywords(schema(), set()) <= described | explained


def test_json_trailing_comments_of_a_deal_stay_under_it_and_read_back_as_its_own():
    doc = json.loads(to_json(MINIMAL + MINIMAL.split("\n", 1)[1].replace("deal 1", "deal 2")))
    doc["deals"][0]["trailing_comments"] = ["between"]
    text = from_json(json.dumps(doc))
    assert "\n  #between\n\ndeal 2 dealer Gleb\n" in text
    assert json.loads(to_json(text)) == doc
    doc["header"]["trailing_comments"] = ["under the header"]  # read above deal 1, as ever
    assert "\n#under the header\ndeal 1 dealer" in from_json(json.dumps(doc))


# --- csv-tricks -----------------------------------------------------------------------------


def _minimal(text: str | bytes) -> list:
    """Per deal: number, dealer and the tricks (number, leader, cards) of the
    canonical record."""
    source = read_source(text, "t")
    _, deals = canonical_record(source.header, source.deals)
    return [(d.number, d.dealer.text,
             [(t.number, t.leader.text if t.leader else None, tuple(c.card for c in t.cards))
              for t in d.tricks]) for d in deals]


def _same_tricks(original: str | bytes, imported: str) -> None:
    assert _minimal(imported) == _minimal(original)
    # canonical as written (a void deal comes back without its misdeal line,
    # so the import may fail check: compare with the writer, not fmt)
    source = read_source(imported, "t")
    assert write_record(source.header, source.deals) == imported
    players = read_source(original, "t").header.players
    assert read_source(imported, "t").header.players == players


# The CSV keeps the tricks only: by default the irregular deals and the Russian
# spellings, every sample under -m ''.
@pytest.mark.parametrize("path", samples_by_default(good_samples(),
                                                    ["irregular.rvs", "tver-ru.rvs"]),
                         ids=lambda p: p.name)
def test_every_sample_survives_rvs_csv_rvs(path):
    data = path.read_bytes()
    rows, problems = rvs_to_csv(data.decode("utf-8"), str(path))
    assert rows is not None, problems
    back, problems = csv_to_rvs(rows, "t.csv")
    assert back is not None, problems
    _same_tricks(data, back)
    # the imported record is the minimal form: a players line, dealers, tricks
    assert {line.split()[0] for line in back.split("\n") if line} <= {
        "players", "deal", *map(str, range(1, 12))}
    # and exporting it again gives the same rows, except takers the record wrote
    again, _ = rvs_to_csv(back, "t")
    assert again == rows


def test_csv_tricks_of_the_full_record(golden):
    rows, _ = rvs_to_csv(FULL, "t")
    assert rows is not None
    golden("convert-full-tricks.csv", rows)
    lines = rows.split("\n")
    assert lines[0] == ",".join(COLUMNS)
    assert lines[1] == "1,Gleb,1,Anna,5H,AH,9H,KH,Boris"


SPREADSHEET = (
    "\ufeff\"Deal\";\"Dealer\";\"Trick\";\"Leader\";\"Card1\";\"Card2\";\"Card3\";\"Card4\";"
    "\"Taker\"\r\n"
)


def _spreadsheet(rows: str) -> bytes:
    """csv-tricks rows as a spreadsheet saves them: BOM, ';', quotes, CRLF, blanks."""
    out = io.StringIO()
    writer = csv.writer(out, delimiter=";", quoting=csv.QUOTE_ALL, lineterminator="\r\n")
    for row in list(csv.reader(io.StringIO(rows)))[1:]:
        writer.writerow([f" {field} " if field else "" for field in row])
    out.write(";;;;;;;;\r\n")  # the empty row a spreadsheet leaves at the end
    return (SPREADSHEET + out.getvalue()).encode("utf-8")


def test_csv_written_by_a_spreadsheet_is_read():
    rows, _ = rvs_to_csv(FULL, "t")
    assert rows is not None
    data = _spreadsheet(rows)
    assert data.startswith(b"\xef\xbb\xbf") and b"\r\n" in data and b'" Anna "' in data
    back, problems = csv_to_rvs(data, "sheet.csv")
    assert problems == [] and back is not None and back == csv_to_rvs(rows, "t.csv")[0]
    _same_tricks(FULL, back)


def test_csv_quoted_field_with_a_line_break_in_an_unknown_column():
    data = ("deal,dealer,trick,leader,card1,card2,card3,card4,taker,remark\r\n"
            + '1,Gleb,1,Anna,5H,AH,9H,KH,,"two\r\nlines"\r\n')
    back, problems = csv_to_rvs(data, "t.csv", ("Anna", "Boris", "Vera", "Gleb"))
    assert back is not None
    assert [(d.code, d.severity, d.line, d.column) for d in problems] == [
        ("RV512", "warning", 1, 10)]


def test_csv_with_leaders_only_on_trick_one_and_no_takers():
    from reversis_cli.simulate import SimulationOptions, simulate_session

    # four deals: each player deals once
    text = "".join(simulate_session(SimulationOptions(4, 3, events=0.0)))
    rows, _ = rvs_to_csv(text, "t")
    reader = list(csv.reader(io.StringIO(rows)))
    for row in reader[1:]:
        row[8] = ""
        if row[2] != "1":
            row[3] = ""
    bare = "\n".join(",".join(r) for r in reader)
    back, problems = csv_to_rvs(bare, "t.csv")
    assert back is not None, problems
    _same_tricks(text, back)
    one_deal = "\n".join(bare.split("\n")[:12])
    out, problems = csv_to_rvs(one_deal, "t.csv")
    assert out is None and problems[0].code == "RV515" and "--players" in problems[0].message


def test_csv_players_cannot_be_told_without_rows_naming_them():
    data = "deal,dealer,trick,leader,card1,card2,card3,card4,taker\n1,Gleb,1,,5H,AH,9H,KH,\n"
    out, problems = csv_to_rvs(data, "t.csv")
    assert out is None
    assert problems[0].code == "RV515" and "--players" in problems[0].message
    out, problems = csv_to_rvs(data, "t.csv", ("Anna", "Boris", "Vera", "Gleb"))
    assert out == "players Anna Boris Vera Gleb\n\ndeal 1 dealer Gleb\n  1 Anna 5H AH 9H KH\n"


def test_csv_taker_that_disagrees_is_kept_for_check_to_report():
    rows, _ = rvs_to_csv(MINIMAL, "t")
    assert rows is not None
    rows = rows.replace("1,Gleb,4,Anna,9S,4S,JS,5S,Vera", "1,Gleb,4,Anna,9S,4S,JS,5S,Gleb")
    back, problems = csv_to_rvs(rows, "t.csv", ("Anna", "Boris", "Vera", "Gleb"))
    assert back is not None
    assert "   4 Anna  9S 4S JS 5S > Gleb\n" in back
    assert back.count(">") == 1


@pytest.mark.parametrize("edit, code, line, column", [
    (lambda t: t.replace("1,Gleb,3,Gleb,4D", "1,Gleb,3,Gleb,4X"), "RV514", 4, 5),
    (lambda t: t.replace("1,Gleb,3,Gleb,4D", "1,Gleb,3,Gleb,10D"), "RV514", 4, 5),
    (lambda t: t.replace("1,Gleb,3,", "1,Gleb,three,"), "RV514", 4, 3),
    (lambda t: t.replace("1,Gleb,5,Vera,2C,QC,KC,JC,Anna", "1,Gleb,5,Vera,2C,QC,KC,JC,Anna,x"),
     "RV513", 6, 10),
    (lambda t: t.replace("card3,", ""), "RV512", 1, 1),
    (lambda t: t.replace("1,Gleb,3,Gleb", "1,Vera,3,Gleb"), "RV515", 4, 2),
    (lambda t: t.replace("1,Gleb,3,Gleb", "1,Gleb,3,Vera"), "RV515", 5, 9),
    (lambda t: t.replace("1,Gleb,3,Gleb,4D,KD,6D,3D", '1,Gleb,3,Gleb,4D,"KD'), "RV511", 4, 1),
    (lambda t: "", "RV511", 1, 1),
])
def test_csv_problems_are_located_by_row_and_field(edit, code, line, column):
    rows, _ = rvs_to_csv(MINIMAL, "t")
    out, problems = csv_to_rvs(edit(rows), "in.csv")
    assert out is None
    errors = [(d.code, d.line, d.column) for d in problems if d.is_error]
    assert errors[0] == (code, line, column), problems
    assert problems[0].file == "in.csv"


def test_csv_not_utf8():
    out, problems = csv_to_rvs("deal,dealer\n1,Глеб\n".encode("cp1251"), "t.csv")
    assert out is None and problems[0].code == "RV511" and problems[0].line == 2


# --- csv-payments -----------------------------------------------------------------------------


# By default the cancelled payments (irregular) and the rare events' (big-night).
@pytest.mark.parametrize("path", samples_by_default(good_samples(),
                                                    ["irregular.rvs", "big-night.rvs"]),
                         ids=lambda p: p.name)
def test_payments_rows_are_the_scored_payments(path):
    from reversis_cli.score.json import deal_json
    from reversis_cli.reader import open_record
    from reversis_cli.session.service import resolve_profile, score_deals

    result = convert(path.read_bytes(), str(path), "rvs", "csv-payments",
                     payments=rvs_to_payments_csv)
    assert result.ok, result.diagnostics
    rows = list(csv.DictReader(io.StringIO(result.text)))
    with open_record(path) as record:
        profile, _ = resolve_profile(record)
        assert profile is not None
        deals = [deal_json(s, record.players) for s in score_deals(record, profile)]
    paid = [r for r in rows if r["status"] == "paid"]
    assert len(paid) == sum(len(d["payments"]) for d in deals)
    assert len(rows) - len(paid) == sum(len(d["cancelled"]) for d in deals)
    for deal in deals:
        net = {name: Fraction(0) for name in deal["net"]}
        for r in paid:
            if int(r["deal"]) == deal["number"]:
                amount = Fraction(r["amount"])
                net[r["payer"]] = net.get(r["payer"], 0) - amount
                net[r["payee"]] = net.get(r["payee"], 0) + amount
        assert {k: v for k, v in net.items() if k != "pool"} == {
            k: Fraction(v) for k, v in deal["net"].items()}


def test_payments_of_a_record_with_errors_are_not_exported():
    result = convert(MINIMAL.replace("  11 Vera 4C", "  11 Vera 5C").encode(), "t.rvs", "rvs",
                     "csv-payments", payments=rvs_to_payments_csv)
    assert result.text is None
    assert any(d.is_error for d in result.diagnostics)


# --- the command -------------------------------------------------------------------------------


def test_convert_command_round_trip_through_files(tmp_path):
    source = tmp_path / "r.rvs"
    source.write_text(COMMENTED)
    runner = CliRunner()
    result = runner.invoke(convert_command, [str(source), "--to", "json", "-o",
                                             str(tmp_path / "r.json")])
    assert result.exit_code == 0, result.output
    result = runner.invoke(convert_command, [str(tmp_path / "r.json"), "--to", "rvs"])
    assert result.exit_code == 0
    assert result.stdout == fmt(COMMENTED)
    result = runner.invoke(convert_command, [str(source), "--to", "csv-tricks", "-o",
                                             str(tmp_path / "t.csv")])
    assert result.exit_code == 0
    result = runner.invoke(convert_command, [str(tmp_path / "t.csv"), "--to", "rvs",
                                             "--cards", "unicode"])
    assert result.exit_code == 0 and "   1 Anna  5♥ A♥ 9♥ K♥\n" in result.stdout
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.json", "r.rvs", "t.csv"]


def test_convert_command_usage_errors(tmp_path):
    odd = tmp_path / "r.txt"
    odd.write_text(MINIMAL)
    runner = CliRunner()
    result = runner.invoke(convert_command, [str(odd), "--to", "json"])
    assert result.exit_code == 2 and "--from" in result.output
    assert runner.invoke(convert_command, [str(odd), "--from", "rvs", "--to", "json"]
                         ).exit_code == 0
    assert runner.invoke(convert_command, [str(odd), "--from", "rvs", "--to", "json",
                                           "--players", "A,B,C,D"]).exit_code == 2
    assert runner.invoke(convert_command, [str(odd), "--from", "csv-tricks", "--to", "rvs",
                                           "--players", "A,B"]).exit_code == 2
    assert runner.invoke(convert_command, [str(odd), "--to", "xml"]).exit_code == 2


def test_convert_command_bad_input_exits_1_and_writes_nothing(tmp_path):
    bad = tmp_path / "r.json"
    bad.write_text('{"format": "reversis-record/1", "header": {"statements": []}}')
    out = tmp_path / "out.rvs"
    result = CliRunner().invoke(convert_command, [str(bad), "--to", "rvs", "-o", str(out)])
    assert result.exit_code == 1
    assert "RV503" in result.output and "/: the member \"deals\" is missing" not in result.output
    assert not out.exists()


def test_convert_command_stdin_needs_from():
    runner = CliRunner()
    assert runner.invoke(convert_command, ["-", "--to", "json"], input=MINIMAL).exit_code == 2
    result = runner.invoke(convert_command, ["-", "--from", "rvs", "--to", "json"],
                           input=MINIMAL)
    assert result.exit_code == 0 and json.loads(result.stdout)["format"] == "reversis-record/1"


def test_codes_are_in_the_rv5xx_range_with_a_severity():
    assert all(code.startswith("RV5") and sev in ("error", "warning")
               for code, (sev, _) in CODES.items())


def test_write_record_of_json_model_equals_fmt():
    from reversis_cli.convert.jsonrec import json_to_model

    header, deals, problems = json_to_model(to_json(FULL))
    assert problems == [] and header is not None
    assert write_record(header, deals) == fmt(FULL)


def test_a_trick_of_five_cards_cannot_go_into_csv_tricks():
    five = MINIMAL.replace("  1 Anna 5H AH 9H KH", "  1 Anna 5H AH 9H KH 8H")
    rows, problems = rvs_to_csv(five, "five.rvs")
    assert [(d.code, d.deal, d.trick) for d in problems] == [("RV523", 1, 1)]
