"""Diagnostics in Russian: every code's meaning, every message of reading,
replay and the record's structure, the terminal in the locale's language, and
JSON that stays English whatever the language."""

from __future__ import annotations

import ast
import json
import os
import pickle
import re
import subprocess
import sys

import pytest
from click.testing import CliRunner

from reversis_cli.cli import cli
from reversis_cli.diagnostics import CODES
from reversis_cli.i18n import Count, Msg, set_language, t, tr, use
from reversis_cli.reader import record_from_text

from conftest import ROOT, bad_samples, files_in, parsed
from i18n_catalog import PACKAGE, placeholders, russian_entries
from records import FULL, FULL_DEAL, HEADER, MINIMAL, TRICKS, mutate
from test_diagnostics import CASES

ENTRIES = russian_entries()
WIDTH = {"COLUMNS": "100", "NO_COLOR": "1", "TERM": "dumb"}
CYRILLIC = re.compile("[а-яё]", re.IGNORECASE)


@pytest.fixture(autouse=True)
def english_after():
    """``--lang ru`` through CliRunner sets the language of the whole process:
    the tests after these must not inherit it."""
    yield
    set_language("en")


def run(*args):
    return CliRunner().invoke(cli, list(args), env=WIDTH)


# -- the codes ------------------------------------------------------------------


def test_every_code_means_something_in_russian_with_the_same_placeholders():
    """Enumerated from the registry in the code, not from the catalog; one
    assertion that lists every code without its Russian."""
    wrong = []
    for code in sorted(CODES):
        meaning = CODES[code][1]
        if meaning not in ENTRIES:
            wrong.append(f"{code}: no Russian for {meaning!r}")
            continue
        wrong += [f"{code}: other placeholders in {entry.strings[0]!r}"
                  for entry in ENTRIES[meaning]
                  if placeholders(entry.strings[0]) != placeholders(meaning)]
        with use("ru"):
            shown = tr(meaning)
        if shown == meaning or not CYRILLIC.search(shown):
            wrong.append(f"{code}: shown in Russian as {shown!r}")
    assert not wrong, "\n".join(wrong)


# -- every diagnostic is a message -------------------------------------------------

# Calls that make a diagnostic, and where their message is: (position, keyword).
_MAKERS = {"diagnostic": 1, "Diagnostic": 1, "problem": 1, "_problem": 1}
_METHODS = {"error": 1}  # the replay's self.error(code, message, ...)
_MAKER_WORD = re.compile(r"\b({})\b".format("|".join(sorted({*_MAKERS, *_METHODS}))))


def _message_argument(call: ast.Call) -> ast.expr | None:
    func = call.func
    if isinstance(func, ast.Name) and func.id in _MAKERS:
        index = _MAKERS[func.id]
    elif isinstance(func, ast.Attribute) and func.attr in _MAKERS:
        index = _MAKERS[func.attr]
    elif isinstance(func, ast.Attribute) and func.attr in _METHODS \
            and isinstance(func.value, ast.Name) and func.value.id == "self":
        index = _METHODS[func.attr]
    else:
        return None
    for keyword in call.keywords:
        if keyword.arg == "message":
            return keyword.value
    if len(call.args) > index and isinstance(call.args[0], ast.Constant | ast.Name):
        return call.args[index]
    return None


def _plain_text(node: ast.expr, assigned: dict[str, list[ast.expr]], seen: set[str]) -> bool:
    """Whether ``node`` may be a sentence that is not a message: an f-string, a
    literal, text joined with + or %, str(...), "...".format(...) -- or a name
    given one of those in the same function."""
    if isinstance(node, ast.JoinedStr | ast.BinOp):
        return True
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, ast.IfExp):
        return _plain_text(node.body, assigned, seen) or _plain_text(node.orelse, assigned, seen)
    if isinstance(node, ast.Call):
        func = node.func
        return (isinstance(func, ast.Name) and func.id == "str") or (
            isinstance(func, ast.Attribute) and func.attr in ("format", "join"))
    if isinstance(node, ast.Name) and node.id not in seen:
        return any(_plain_text(value, assigned, seen | {node.id})
                   for value in assigned.get(node.id, ()))
    return False


def _assignments(function: ast.AST) -> dict[str, list[ast.expr]]:
    out: dict[str, list[ast.expr]] = {}
    for node in ast.walk(function):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    out.setdefault(target.id, []).append(node.value)
        elif isinstance(node, ast.AnnAssign | ast.AugAssign) and node.value is not None \
                and isinstance(node.target, ast.Name):
            out.setdefault(node.target.id, []).append(node.value)
    return out


def _calls_and_scopes(tree: ast.AST):
    """Every call in ``tree``, with the innermost function whose subtree holds
    it (a function holds its decorators and defaults too; the module holds
    the calls outside any): one walk of the tree, not one per function."""
    stack: list[tuple[ast.AST, ast.AST]] = [(tree, tree)]
    while stack:
        node, scope = stack.pop()
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            scope = node
        if isinstance(node, ast.Call):
            yield node, scope
        stack.extend((child, scope) for child in ast.iter_child_nodes(node))


def plain_text_diagnostics() -> dict[str, list[int]]:
    """For each file of the package, the lines where a diagnostic is made
    with a sentence that is not a message."""
    found: dict[str, list[int]] = {}
    for path in files_in(PACKAGE, "**/*.py", 100):
        if not _MAKER_WORD.search(path.read_text(encoding="utf-8")):
            continue  # no call of a maker: a name is in the source as written
        for node, scope in _calls_and_scopes(parsed(path)):
            message = _message_argument(node)
            if message is not None and _plain_text(message, _assignments(scope), set()):
                found.setdefault(str(path.relative_to(ROOT)), []).append(node.lineno)
    return {path: sorted(lines) for path, lines in found.items()}


def test_every_diagnostic_is_made_with_a_message_not_a_sentence():
    """A diagnostic's message is a Msg (a template and its values), never an
    f-string or a literal: only a message can be shown in Russian."""
    assert plain_text_diagnostics() == {}


def test_the_static_check_sees_an_f_string_diagnostic():
    tree = ast.parse('def f(x):\n    why = f"no {x}"\n    return diagnostic("RV100", why)\n')
    function = tree.body[0]
    call = next(n for n in ast.walk(tree) if isinstance(n, ast.Call)
                and isinstance(n.func, ast.Name) and n.func.id == "diagnostic")
    message = _message_argument(call)
    assert message is not None and _plain_text(message, _assignments(function), set())
    statement = ast.parse('diagnostic("RV100", Msg("no {x}", x=x))').body[0]
    assert isinstance(statement, ast.Expr)
    ok = statement.value
    assert isinstance(ok, ast.Call)
    message = _message_argument(ok)
    assert message is not None and not _plain_text(message, {}, set())


def _untranslated(message: object) -> list[str]:
    """The templates inside ``message`` (nested ones too) with no Russian."""
    if isinstance(message, Msg):
        missing = [] if message.template in ENTRIES or not re.search("[A-Za-z]", message.template) \
            else [message.template]
        for value in message.params.values():
            missing += _untranslated(value)
        return missing
    if isinstance(message, Count):
        return [] if message.singular in ENTRIES else [message.singular]
    return []


def _diagnostics(text: str | bytes, name: str = "t.rvs"):
    with record_from_text(text, name) as record:
        found = list(record.header_diagnostics)
        for deal in record.deals():
            found += deal.diagnostics
    return found


V1 = HEADER + "deal 1 dealer Gleb\n"
# Faults of every other kind: each message of reading and replay, and each
# branch of the ones with variants, is shown in Russian by the test below.
EXTRA = [
    ("card-cyrillic-letter", mutate(FULL, 13, "9H", "9Н")),
    ("card-two-cyrillic-letters", mutate(FULL, 13, "AH", "АН")),
    ("card-fullwidth-letter", mutate(FULL, 13, "AH", "ＡH")),
    ("card-letters-of-two-alphabets", mutate(FULL, 13, "AH", "АΗ")),
    ("card-cyrillic-ze-for-three", mutate(FULL, 14, "3S", "ЗS")),
    ("no-break-space", mutate(FULL, 13, " 5H", "\u00a05H")),
    ("combining-mark", mutate(FULL, 13, " 5H", " \u03015H")),
    ("keyword-in-capitals", mutate(FULL, 3, "hand", "Hand")),
    ("header-keyword-in-capitals", "Players Anna Boris Vera Gleb\n" + FULL_DEAL),
    ("deal-line-in-header-position", "hand Anna AS\n" + FULL),
    ("unknown-header-line", "frobnicate 1\n" + FULL),
    ("taker-missing", mutate(FULL, 13, "9H KH", "9H KH >")),
    ("pot-empty", "pot\n" + FULL),
    ("pot-with-a-point", "pot 4.5\n" + FULL),
    ("pot-too-long", "pot " + "9" * 50 + "\n" + FULL),
    ("player-named-pool", MINIMAL.replace("Boris", "Pool")),
    ("player-named-twice", MINIMAL.replace("Boris", "Anna", 1)),
    ("player-named-like-a-cyrillic-card", MINIMAL.replace("Boris", "АS", 1)),
    ("player-named-like-a-keyword-in-capitals", MINIMAL.replace("Boris", "Deal", 1)),
    ("too-many-errors", HEADER + "".join(f"deal {n} dealer Xyz\n" for n in range(1, 260))),
    ("a-csv-file", "deal,dealer,trick,leader,cards\n1,Gleb,1,Anna,5H AH 9H KH\n"),
    ("header-too-long", "# c\n" * 2001 + FULL),
    ("line-too-long", FULL + '  note "' + "x" * 4001 + '"\n'),
    ("trick-number-too-long", mutate(FULL, 13, "  1 Anna", "  " + "1" * 40 + " Anna")),
    ("deal-number-too-long", mutate(FULL, 2, "deal 1", "deal " + "1" * 40)),
    ("carriage-return", mutate(FULL, 13, "9H", "9H\r")),
    ("twelfth-trick", MINIMAL + "  12 Vera 4C 6C 2H 3C\n"),
    ("kept-talon-card-unaccounted", MINIMAL + "  kept Anna\n"),
    ("first-trick-led-by-the-wrong-player", mutate(FULL, 13, "1 Anna", "1 Vera")),
    ("hand-holds-another-players-card", mutate(FULL, 3, "KS", "3C")),
    ("talon-of-two", mutate(FULL, 7, "5H 3H 7D", "5H 3H")),
    ("talon-card-in-a-hand", mutate(FULL, 7, "7D", "KS")),
    ("card-twice-in-talon", mutate(FULL, 7, "7D", "5H")),
    ("card-twice-in-partie", mutate(FULL, 12, "AC", "8H")),
    ("card-twice-in-hand", mutate(FULL, 3, "KC", "KS")),
    ("card-twice-in-one-trick", mutate(FULL, 13, "5H AH 9H KH", "5H AH 9H 9H")),
    ("dealer-takes", mutate(FULL, 11, "discards AC", "discards AC takes 7D")),
    ("discards-two", mutate(FULL, 8, "discards 8H", "discards 8H 2H")),
    ("takes-the-wrong-card", mutate(FULL, 8, "takes 5H", "takes 3H")),
    ("sees-the-wrong-card", mutate(FULL, 9, "sees 3H", "sees 5H")),
    ("discards-a-card-not-held", mutate(FULL, 10, "discards 8D", "discards 2D")),
    ("exposed-card-deals-again", V1 + "  exposed\n" + "deal 2 dealer Anna\n" + TRICKS),
    ("misdeal-paid-deals-again",
     V1 + "  misdeal Gleb\n  redeal paid\n" + "deal 2 dealer Anna\n" + TRICKS),
    ("misdeal-passes-on", V1 + "  misdeal Gleb\n" + "deal 2 dealer Gleb\n" + TRICKS),
    ("name-with-accents-composed-otherwise",
     MINIMAL.replace("Vera", "Ve\u0301ra", 1).replace("  5 Vera", "  5 V\u00e9ra")),
]


def _samples():
    cases: list[tuple[str, str | bytes]] = [(c[0], c[1]) for c in CASES]
    cases += EXTRA
    cases += [(p.stem, p.read_bytes()) for p in bad_samples()]
    return cases


@pytest.mark.parametrize("text", [c[1] for c in _samples()], ids=[c[0] for c in _samples()])
def test_each_diagnostic_reads_in_russian_to_its_last_word(text):
    diagnostics = _diagnostics(text)
    assert diagnostics
    for d in diagnostics:
        assert isinstance(d.message, Msg), (d.code, d.message)
        assert _untranslated(d.message) == [], d.code
        for _, related in d.related:
            assert isinstance(related, Msg) and _untranslated(related) == []
        with use("ru"):
            shown = t(d.message)
        assert shown != d.message and CYRILLIC.search(shown), (d.code, shown)


def test_a_message_crosses_to_a_worker_process_and_back_whole():
    """check --jobs N sends diagnostics between processes: the template and
    its values travel with the English text."""
    d = _diagnostics((ROOT / "samples" / "bad" / "ten.rvs").read_bytes())[0]
    back = pickle.loads(pickle.dumps(d))
    assert back == d
    with use("ru"):
        assert t(back.message) == t(d.message) != d.message


# -- pieces of messages ------------------------------------------------------------


def test_a_card_from_another_alphabet_is_explained_in_russian():
    from reversis_cli.cards import not_a_card_message
    message = not_a_card_message("АS")  # a Cyrillic А
    with use("ru"):
        assert t(message) == ("«АS» — не карта: А в АS — буква из кириллицы; может быть, "
                              "имелось в виду AS, с A из латиницы (туз пик)?")


def test_an_invisible_character_is_named_in_russian():
    from reversis_cli.invisible import describe
    with use("ru"):
        assert t(describe("\u00a0")) == "неразрывный пробел (\\u00a0)"
        assert t(describe("\u202e")) == "невидимый символ RIGHT-TO-LEFT OVERRIDE (\\u202e)"


def test_russian_groups_the_thousands_with_a_space_english_with_a_comma():
    """A comma is the decimal point in Russian: 1,048,576 would read as a fraction."""
    from reversis_cli.words import grouped
    assert grouped(1_048_576) == "1,048,576" and grouped(999) == "999"
    with use("ru"):
        assert t(grouped(1_048_576)) == "1 048 576"
        assert t(grouped(2000)) == "2 000"


def test_a_file_that_cannot_be_read_says_why_in_russian(tmp_path):
    from reversis_cli.reader import open_record
    missing = tmp_path / "gone.rvs"
    with open_record(missing) as record:
        d = record.header_diagnostics[0]
    assert d.message == f"cannot read {missing}: No such file or directory"
    with use("ru"):
        assert t(d.message) == f"не удаётся прочитать {missing}: нет такого файла или папки"
    with open_record(tmp_path) as record:
        d = record.header_diagnostics[0]
    with use("ru"):
        assert t(d.message) == f"не удаётся прочитать {tmp_path}: это папка, а не обычный файл"


# -- the command line ---------------------------------------------------------------


def _check_ru(path) -> tuple[int, str]:
    result = run("--lang", "ru", "check", str(path.relative_to(ROOT)))
    return result.exit_code, result.output


@pytest.mark.parametrize("path", bad_samples(), ids=lambda p: p.stem)
def test_check_golden_in_russian(path, golden, monkeypatch):
    """The diagnostics of each bad sample as a Russian reader sees them.  The
    summary line under them is the command line's own (its golden is elsewhere)."""
    monkeypatch.chdir(ROOT)
    code, output = _check_ru(path)
    assert code == (0 if path.stem == "revoke" else 1), output
    lines = output.splitlines(keepends=True)
    assert lines[-1].startswith(("checked", "провер")), lines[-1]
    golden(f"ru/check-{path.stem}.txt", "".join(lines[:-1]))


@pytest.mark.slow
def test_the_locale_alone_makes_check_speak_russian():
    """LANG=ru_RU.UTF-8 reversis check samples/bad/ten.rvs, with no --lang."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("LC_ALL", "LC_MESSAGES", "LANGUAGE", "LANG")}
    env.update(LANG="ru_RU.UTF-8", NO_COLOR="1", COLUMNS="100", TERM="dumb")
    result = subprocess.run([sys.executable, "-m", "reversis_cli", "check",
                             "samples/bad/ten.rvs"], cwd=ROOT, env=env, capture_output=True,
                            text=True, encoding="utf-8", timeout=60)
    output = result.stdout + result.stderr
    assert result.returncode == 1, output
    assert "ошибка[RV101]: 10H — десятка, а в колоде для реверси десяток нет" in output


def test_check_json_stays_english_under_lang_ru(monkeypatch):
    monkeypatch.chdir(ROOT)
    paths = [str(p.relative_to(ROOT)) for p in bad_samples()]
    english = run("check", "--json", *paths)
    russian = run("--lang", "ru", "check", "--json", *paths)
    assert russian.output == english.output
    messages = [d["message"] for d in json.loads(russian.output)["diagnostics"]]
    assert "10H is a ten, and the Reversis pack has no tens" in messages
    assert not any(CYRILLIC.search(m.replace("Т К Д В", "").replace("Д♦", ""))
                   for m in messages)
