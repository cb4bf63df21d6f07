"""The spreadsheet round trip keeps the money: export says what the CSV left out,
import takes it back (--rules, --set, --pot); and the README's example is real."""

import json
import re
import shlex
import shutil

import pytest
from click.testing import CliRunner

from reversis_cli.cli import cli
from reversis_cli.notation.statements import STATEMENTS, Csv

from conftest import ROOT, SAMPLES

ENV = {"COLUMNS": "120", "NO_COLOR": "1", "TERM": "dumb"}


def run(*args):
    return CliRunner().invoke(cli, list(args), env=ENV)


def payments(path) -> list:
    result = run("score", "--json", str(path))
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    return [[(p["payer"], p["payee"], p["amount"], p["rule"]) for p in deal["payments"]]
            for deal in data["deals"]] + [data["totals"], data["pool_end"]]


def read_back_options(warning: str) -> list[str]:
    """The import options the export warning advises."""
    advice = re.search(r"read it back with (.*?)(;|$)", warning)
    return shlex.split(advice.group(1)) if advice else []


HEADERS = {
    "modern rules and a pot": ("rules modern", "rules modern\npot 30", "--pot 30"),
    "a set line and a fraction pot": ("rules modern", "rules modern\nset partie_ties = seat\n"
                                      "pot 11/2", "--set partie_ties=seat --pot 11/2"),
    "a pot in jetons": ("rules modern", "rules modern\nunit jeton\npot 6", "--pot 30"),
}


# Modern rules and a pot are in the second case too: the first is slow.
@pytest.mark.parametrize("case", [pytest.param("modern rules and a pot", marks=pytest.mark.slow),
                                  "a set line and a fraction pot", "a pot in jetons"])
def test_export_then_import_with_the_advised_options_settles_the_same(tmp_path, case):
    old, new, expected_advice = HEADERS[case]
    record = tmp_path / "game.rvs"
    record.write_text((SAMPLES / "salon.rvs").read_text(encoding="utf-8").replace(old, new),
                      encoding="utf-8")
    sheet, back = tmp_path / "game.csv", tmp_path / "back.rvs"
    exported = run("convert", str(record), "--to", "csv-tricks", "-o", str(sheet))
    assert exported.exit_code == 0
    assert "warning[RV524]" in exported.stderr
    options = read_back_options(exported.stderr)
    assert " ".join(options).endswith(expected_advice)
    assert "--rules" in options and "modern" in options
    imported = run("convert", str(sheet), "--to", "rvs", *options, "-o", str(back))
    assert imported.exit_code == 0, imported.output
    assert payments(back) == payments(record)
    plain = tmp_path / "plain.rvs"
    run("convert", str(sheet), "--to", "rvs", "-o", str(plain))
    assert payments(plain) != payments(record)  # what the warning is for


def test_export_names_each_kind_of_event_it_drops():
    result = run("convert", str(SAMPLES / "irregular.rvs"), "--to", "csv-tricks")
    assert result.exit_code == 0
    warning = result.stderr
    # every event (the statement table's rows that change the money), which the sample holds
    events = [row.keyword for row in STATEMENTS if row.csv is Csv.MONEY]
    assert len(events) >= 8
    for kind in events:
        assert f"'{kind}' line" in warning, kind
    assert "must be written again" in warning


def test_a_record_the_csv_holds_whole_exports_without_a_warning(tmp_path):
    record = tmp_path / "bare.rvs"
    text = (SAMPLES / "evening.rvs").read_text(encoding="utf-8")
    body = text[text.index("players"):]
    record.write_text("".join(line.split("#")[0].rstrip() + "\n"
                              for line in body.splitlines()), encoding="utf-8")
    result = run("convert", str(record), "--to", "csv-tricks")
    assert result.exit_code == 0 and result.stderr == ""


@pytest.fixture(scope="module")
def salon_csv(tmp_path_factory):
    """The salon exported to csv-tricks, once: the tests below only read it."""
    sheet = tmp_path_factory.mktemp("salon") / "s.csv"
    run("convert", str(SAMPLES / "salon.rvs"), "--to", "csv-tricks", "-o", str(sheet))
    return sheet


@pytest.mark.parametrize("args, hint", [
    (["--pot", "lots"], "--pot"), (["--rules", "modrn"], "--rules"),
    (["--set", "partie_ties=maybe"], "--set"),
])
def test_bad_import_options_are_usage_errors(salon_csv, args, hint):
    result = run("convert", str(salon_csv), "--to", "rvs", *args)
    assert result.exit_code == 2 and hint in result.stderr


def test_import_options_are_for_csv_input_only():
    result = run("convert", str(SAMPLES / "salon.rvs"), "--to", "json", "--pot", "3")
    assert result.exit_code == 2 and "csv-tricks input only" in result.stderr


def test_a_rules_file_is_read_from_the_current_folder_and_named_from_the_records(
        tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    run("convert", str(SAMPLES / "salon.rvs"), "--to", "csv-tricks", "-o", "s.csv")
    shutil.copy(SAMPLES / "house-rules.toml", tmp_path / "house.toml")
    (tmp_path / "out").mkdir()
    result = run("convert", "s.csv", "--to", "rvs", "--rules", "house.toml",
                 "-o", "out/back.rvs")
    assert result.exit_code == 0, result.output
    assert "rules ../house.toml" in (tmp_path / "out" / "back.rvs").read_text(encoding="utf-8")
    assert run("check", "out/back.rvs").exit_code == 0


def test_a_missing_rules_file_says_where_it_was_looked_for(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    run("convert", str(SAMPLES / "salon.rvs"), "--to", "csv-tricks", "-o", "s.csv")
    (tmp_path / "out").mkdir()
    result = run("convert", "s.csv", "--to", "rvs", "--rules", "house.toml",
                 "-o", "out/back.rvs")
    assert result.exit_code == 2
    assert f"no profile file at {tmp_path / 'house.toml'}" in " ".join(result.stderr.split())


@pytest.mark.slow
def test_the_export_advice_names_the_rules_file_from_the_current_folder(tmp_path, monkeypatch):
    (tmp_path / "games").mkdir()
    shutil.copy(SAMPLES / "house-rules.toml", tmp_path / "games" / "house.toml")
    text = (SAMPLES / "salon.rvs").read_text(encoding="utf-8")
    (tmp_path / "games" / "g.rvs").write_text(text.replace("rules modern", "rules house.toml"),
                                              encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    exported = run("convert", "games/g.rvs", "--to", "csv-tricks", "-o", "g.csv")
    options = read_back_options(exported.stderr)
    assert options[:2] == ["--rules", "games/house.toml"]
    imported = run("convert", "g.csv", "--to", "rvs", *options, "-o", "back.rvs")
    assert imported.exit_code == 0, imported.output
    assert payments(tmp_path / "back.rvs") == payments(tmp_path / "games" / "g.rvs")


def _readme_round_trip() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```sh\n(.*?)```", text, re.S)
    return next(b for b in blocks if "--to csv-tricks" in b and "$ " in b).splitlines()


def test_the_readme_round_trip_is_real_output(tmp_path, monkeypatch):
    shutil.copytree(SAMPLES, tmp_path / "samples")
    monkeypatch.chdir(tmp_path)
    lines = _readme_round_trip()
    commands = [i for i, line in enumerate(lines) if line.startswith("$ ")]
    for here, after in zip(commands, commands[1:] + [len(lines)], strict=True):
        words = shlex.split(lines[here][2:], comments=True)
        shown = "\n".join(lines[here + 1:after])
        if not words:
            continue
        if words[0] == "head":
            got = "\n".join(open(words[-1], encoding="utf-8").read().splitlines()[:3])
        else:
            assert words[0] == "reversis"
            result = run(*words[1:])
            assert result.exit_code == 0, result.output
            got = (result.stderr + result.stdout).rstrip("\n")
        assert got == shown
    assert payments("salon-from-sheet.rvs") == payments("samples/salon.rvs")


# --- --players that do not fit the rows ------------------------------------------------


@pytest.fixture
def evening_csv(tmp_path):
    sheet = tmp_path / "evening.csv"
    run("convert", str(SAMPLES / "evening.rvs"), "--to", "csv-tricks", "-o", str(sheet))
    return sheet


def test_players_in_the_wrong_order_is_one_error_naming_the_order_that_fits(evening_csv):
    result = run("convert", str(evening_csv), "--to", "rvs", "--players", "Anna,Vera,Boris,Gleb")
    assert result.exit_code == 1
    errors = [line for line in result.stderr.splitlines() if "error[" in line]
    assert len(errors) == 1 and "error[RV515]" in errors[0]
    assert errors[0].startswith(f"{evening_csv}:2:")
    assert "--players Anna,Boris,Vera,Gleb" in errors[0]


def test_the_wrong_order_error_reads_as_a_sentence(evening_csv):
    # QA finding 14: it read "...contradict it (the first here), none the order Anna, ...".
    result = run("convert", str(evening_csv), "--to", "rvs", "--players", "Anna,Vera,Boris,Gleb")
    error = next(line for line in result.stderr.splitlines() if "error[RV515]" in line)
    assert "leaders and takers written in the rows contradict it (the first is here), " \
           "while none contradicts the order Anna, Boris, Vera, Gleb; " \
           "give --players Anna,Boris,Vera,Gleb" in error


def test_the_right_order_from_any_seat_is_accepted(evening_csv, tmp_path):
    back = tmp_path / "back.rvs"
    result = run("convert", str(evening_csv), "--to", "rvs", "--players", "Vera,Gleb,Anna,Boris",
                 "-o", str(back))
    assert result.exit_code == 0, result.output
    assert run("check", str(back)).exit_code == 0


def test_a_player_the_rows_do_not_name(evening_csv):
    result = run("convert", str(evening_csv), "--to", "rvs", "--players", "Anna,Boris,Vera,Glen")
    assert result.exit_code == 1
    assert "the rows name Gleb" in result.stderr and "--players Anna,Boris,Vera,Gleb" in \
        result.stderr


def test_one_wrong_taker_in_the_rows_still_takes_the_right_order(evening_csv, tmp_path):
    text = evening_csv.read_text(encoding="utf-8")
    first_row = text.splitlines()[1]
    wrong = first_row.rsplit(",", 1)[0] + ",Boris"  # Vera took trick 1
    evening_csv.write_text(text.replace(first_row, wrong, 1), encoding="utf-8")
    assert run("convert", str(evening_csv), "--to", "rvs").exit_code == 1  # cannot tell
    back = tmp_path / "back.rvs"
    result = run("convert", str(evening_csv), "--to", "rvs", "--players", "Anna,Boris,Vera,Gleb",
                 "-o", str(back))
    # The order is taken; the record is then refused (convert writes no record with
    # errors) for the wrong taker, and only it: no RV515, no cascade.
    assert result.exit_code == 1 and not back.exists()
    assert [line.split("[")[1].split("]")[0] for line in result.output.splitlines()
            if "error[" in line] == ["RV207"]
    assert run("convert", str(evening_csv), "--to", "rvs",
               "--players", "Anna,Vera,Boris,Gleb").exit_code == 1


def test_rows_that_cannot_tell_the_order_take_any_order(tmp_path):
    sheet = tmp_path / "one.csv"
    run("convert", str(SAMPLES / "evening.rvs"), "--to", "csv-tricks", "-o", str(sheet))
    rows = sheet.read_text(encoding="utf-8").splitlines()[:12]
    bare = [rows[0]] + [",".join(r.split(",")[:3] + [r.split(",")[3] if r.split(",")[2] == "1"
                                                     else ""] + r.split(",")[4:8] + [""])
                        for r in rows[1:]]
    sheet.write_text("\n".join(bare) + "\n", encoding="utf-8")
    for order in ("Anna,Boris,Vera,Gleb", "Anna,Vera,Boris,Gleb"):
        assert run("convert", str(sheet), "--to", "rvs", "--players", order).exit_code == 0
