"""Issue 21's "Done when", as a test: the Cyrillic session (samples/every-event-ru.rvs:
Анна, Борис, Вера, Глеб; every irregularity, a reversis made and one broken, two
espagnolettes, ordinary deals) read in Russian through ``check``, ``score``, ``show``,
``explain`` and ``arbitrate`` of every deal, ``analyse``, ``rules`` and ``rules --quote``, the
``--help`` of the group and of every command, and the report's visible text has

- no name behind an oblique case of «игрок» («игрока Вера», «игроку Анна», «у игрока
  Борис», «игроком», «игроке»), nor right after a preposition («у Анна», «для Вера»):
  names are never declined, so they must stand where Russian needs no case ending;
- no masculine participle, pronoun, short adjective or past tense glued to a woman's
  name («сдающий Вера», «Вера … проигравший», «выигравшему» next to Вера,
  «ему» for Vera), and no «получил(а)»-style form anywhere;
- no English word in a sentence, beyond the allowlist below;
- none of the rejected variants of the glossary of docs/translating.md;
- no English card letters: A K Q J before a suit sign, or AS / KH / 7C spellings.

What may stay Latin (``english_words``), each as narrow as the output allows:
rule ids (ACE-1, PARTIE-4) and their families as explain tags its steps ([PLAY]),
diagnostic codes (RV201), source references (C¶8, M¶17), the built-in profiles' ids
(classic, modern), textual-serve (a program record runs under), the rule options' ids
(forced_means; they are the TOML keys too), their
values (any_follow, yes, none) only on a line that names their option (the ``rules``
table, ``option = value``), file names and paths, ``reversis`` and the format ids made
from it (reversis-score/1), the commands' names and the words typed at the recorder's
prompt (undo, change, end, reopen, explain, quit), options (--deal, -o), the values
an option chooses from (en, ru; ascii, unicode; json, rvs, csv-tricks, csv-payments),
the notation's keywords and the JSON formats' keys inside «» or `` (shown as what
to type: «late», «cards»), the locale variables (LC_ALL, LC_MESSAGES, LANG), the names
JSON, CSV, HTML, TOML, BOM, UTF-8, SQLite, and single letters (a range's x, the metavars A B;
card letters have their own check).  Nothing else: click's metavars (FILE, OPTIONS,
INTEGER RANGE), a keyword outside «» («строки paid и tally»), an event word in a
sentence («(misdeal Анна late)») are English words.

Not checked: the record's line a diagnostic quotes under its message (what the player
typed) and the seeds as quoted («…» after C¶n or M¶n, or a line that starts with the
reference: the sources' own words, their archaic spellings and masculine pronouns).  The
sample's own notes, which ``show`` and the report print, are written in the glossary's
words and pass like the rest.

The runs are in-process (click's runner), one test per run so that a failure names
the run; each failure lists the line and the offending words.
"""

from __future__ import annotations

import os
import re
import typing
from dataclasses import dataclass
from pathlib import Path

import click
from click.testing import CliRunner
import pytest

from reversis_cli.session.settleup import MINOR_DIGITS
from reversis_cli.session.settleup_words import CURRENCY_SIGNS
from reversis_cli.cli import COMMANDS, cli
from reversis_cli.record.tui.problems import LINE_MODE_WORDS
from reversis_cli.rules.options import RuleOptions
from reversis_cli.rules.profile import BUILTIN_PROFILES
from reversis_cli.vocabulary import DEAL_KEYWORDS, HEADER_KEYWORDS

from conftest import some_by_default
from glossary import VARIANTS
from russian_session import (
    ROOT, _VisibleText, by_default, other_runs, report_text, run_ru, session_runs,
)

# Wide enough that no table cell wraps: a name and the word before it stay on one line.
COLUMNS = 1000

PLAYERS = ("Анна", "Борис", "Вера", "Глеб")
WOMEN = ("Анна", "Вера")
NAME = "(?:" + "|".join(PLAYERS) + ")"


# --------------------------------------------------------------------------- the rules

# An oblique case of «игрок» (singular or plural) before a name, or a preposition
# (which always asks for an oblique case) right before it.
OBLIQUE_IGROK = re.compile(rf"\bигрок(?:а|у|ом|е|ов|ам|ами|ах)\s+{NAME}\b")
PREPOSITION_NAME = re.compile(
    rf"(?<![\w-])(?:у|для|от|к|ко|с|со|без|при|о|об|обо|по|про|через|перед|между|над|под|"
    rf"за|на|в|во|из|до|после|около|кроме|против|вместо)\s+{NAME}\b", re.I)

# Masculine forms: the participles' masculine nominative, genitive and dative
# (-вший, -щий, -ший; their instrumental -вшим is also a plural dative, so it is left
# out), the pronouns, the short adjectives a sentence about a player uses, and the past
# tense (-л, -лся).  Nouns that end like a past tense are not verbs, and a participle
# before a masculine noun («следующему игроку», «текущий счёт») is that noun's.  «его»
# and «нём» are left out: they are as often a payment's or an ace's.
MASCULINE_NOUN = r"(?:игрок|сдающ|сч[её]т|ход|раз|профил|параметр|туз|валет|корол|платёж|ремиз)"
MASCULINE = re.compile(
    rf"\b\w+(?:вш|щ|ш)(?:ий|его|ему)\b(?!\s+{MASCULINE_NOUN})"
    r"|\b(?:он|ему|нему|сам|самого|самому|должен|обязан|виноват|виновен)\b"
    r"|\b\w+[аяеиыуё]л(?:ся)?\b", re.I)
NOT_MASCULINE = {
    # adjectives in -ший that are no participles
    "лучший", "лучшего", "лучшему", "больший", "меньший", "старший", "младший", "высший",
    "хороший",
    # nouns that end like a past tense
    "правил", "предел", "раздел", "пробел", "сигнал", "журнал", "оригинал", "материал",
    "финал", "интервал", "капитал", "канал", "начал", "дел", "тел", "сил", "чисел",
    "масел", "целых",
}
# «получил(а)», «сдал(а)»: a form to fill in, whoever it names.
GENDER_SLASH = re.compile(r"\b\w+\((?:а|ла|ая|на|ён|ена)\)", re.I)

LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_]*(?:['’-][A-Za-z0-9_]+)*")

# English card letters: A K Q J before a suit sign, or a card in the ascii spelling.
SUITS = "♠♥♦♣♤♡♢♧"
CARD_LETTERS = re.compile(
    rf"(?<![A-Za-z0-9])[AKQJ](?=[{SUITS}])|(?<![A-Za-z0-9])(?:10|[2-9AKQJT])[SHDC](?![A-Za-z0-9])")

# The glossary's rejected variants, read from docs/translating.md (tests/glossary.py),
# and the one rule it states in words only: the session is «игра», never «партия» (the
# four cards of the partie), caught here by the phrases that would say it.
SESSION_AS_PARTIE = re.compile(
    r"\bвсе\s+партии\b|\bпарти\w*\s+в\s+реверси\b|\bигрок\w*\s+(?:этой\s+)?партии\b|"
    r"\bпартию\s+за\s+столом\b|\bзапис\w*\s+партий\b", re.I)
REJECTED_PATTERNS = [(f"{concept}: «{variant}»", pattern)
                     for concept, variant, pattern in VARIANTS]
REJECTED_PATTERNS.append(("the session is «игра», never «партия»", SESSION_AS_PARTIE))


# --------------------------------------------------------------------------- what may stay Latin


def _option_values() -> dict[str, set[str]]:
    """Each rule option's id and the words its values are written with."""
    hints = typing.get_type_hints(RuleOptions)
    values: dict[str, set[str]] = {}
    for name in RuleOptions.names():
        kind = hints[name]
        if typing.get_origin(kind) is typing.Literal:
            values[name] = set(typing.get_args(kind))
        elif kind is bool:
            values[name] = {"yes", "no"}
        elif typing.get_origin(kind) is frozenset:
            values[name] = {"none"}
        else:
            values[name] = set()
    return values


OPTION_VALUES = _option_values()
OPTION_NAMED = re.compile(r"\b(" + "|".join(OPTION_VALUES) + r")\b")
NOTATION_KEYWORDS = set(HEADER_KEYWORDS) | set(DEAL_KEYWORDS) | {
    "dealer", "discards", "takes", "refuses", "sees", "waives", "late", "paid"}
# The keys of the JSON formats (docs/formats.md), named in «» by the help of convert.
JSON_KEYS = set(re.findall(r'"([a-z_]+)":', (ROOT / "docs/formats.md").read_text("utf-8")))
# The families of the rule ids (PLAY for PLAY-1 to PLAY-4), which explain tags steps with.
RULE_FAMILIES = set(re.findall(r"^### ([A-Z]+)-\d+", (ROOT / "docs/rules.md").read_text(
    "utf-8"), re.M))
# The words typed at the recorder's prompt (record --plain), as commands are.
RECORDER_WORDS = set(LINE_MODE_WORDS) | {"change"}
LOCALE_VARIABLES = {"LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"}
TECHNICAL_NAMES = {"JSON", "CSV", "HTML", "TOML", "BOM", "UTF-8", "SQLite"}
# A currency's ISO 4217 code is typed as it is (--currency RUB), in any language.
CURRENCY_CODES = set(CURRENCY_SIGNS) | set(MINOR_DIGITS)

ALLOWED_SPANS = [
    re.compile(r"(?<![\w-])--?[A-Za-z][A-Za-z0-9-]*"),          # options
    re.compile(r"\b[A-Z]+-\d+\b"),                              # rule ids
    re.compile(r"\bRV\d{3}\b"),                                 # diagnostic codes
    re.compile(r"\[(?:" + "|".join(sorted(RULE_FAMILIES)) + r")\]"),  # a rule family, tagged
    re.compile(r"\b[CM]\s*¶\s*\d*"),                            # source references
    re.compile(r"\breversis(?:-[a-z]+/\d+)?\b"),                # the program, its formats
    re.compile(r"\btextual-serve\b"),                           # the program record runs under
    re.compile(r"[\w.~-]*/[\w./~-]*|[\w~-]*\.(?:rvs|toml|html|json|csv|md|txt|sqlite)\b"),  # files
]


def _choice_values() -> set[str]:
    """The values the options of the group and of every command choose from (en, ru;
    ascii, unicode; json, csv-tricks): what a player types after the option."""
    found = [cli.get_command(click.Context(cli), name) for name in COMMANDS]
    commands = [cli, *(command for command in found if command is not None)]
    assert len(commands) == len(COMMANDS) + 1
    return {str(value) for command in commands for param in command.params
            if isinstance(param.type, click.Choice) for value in param.type.choices}


CHOICE_VALUES = _choice_values()


def _typed_words_quoted(line: str) -> set[str]:
    """The notation's keywords and the JSON formats' keys where they are shown as what
    to type: inside «» or backquotes."""
    inside = " ".join(a or b for a, b in re.findall(r"«([^«»]*)»|`([^`]*)`", line))
    return {w for w in LATIN_WORD.findall(inside) if w in NOTATION_KEYWORDS | JSON_KEYS}


def english_words(line: str) -> list[str]:
    """The Latin-script words of ``line`` that are not on the allowlist."""
    quoted = _typed_words_quoted(line)
    for span in ALLOWED_SPANS:
        line = span.sub(" ", line)
    line = CARD_LETTERS.sub(" ", line)  # the card check's business
    allowed = (set(BUILTIN_PROFILES) | set(OPTION_VALUES) | set(COMMANDS) | RECORDER_WORDS
               | LOCALE_VARIABLES | TECHNICAL_NAMES | CHOICE_VALUES | CURRENCY_CODES | quoted)
    for option in OPTION_NAMED.findall(line):
        allowed |= OPTION_VALUES[option]
    return [w for w in LATIN_WORD.findall(line)
            if len(w) > 1 and w not in allowed and not re.fullmatch(r"[\d_]+", w)]


# --------------------------------------------------------------------------- a line's problems

# The line a diagnostic quotes from the record (`  141 |   1 Глеб ...`) and its caret.
SOURCE_LINE = re.compile(r"^\s*\d*\s+\|")
# A quoted source: «…» after C¶n / M¶n, to the last » of the line; or a line that
# starts with its reference (the report's list of sources: «C¶7 Партия образуется…»).
QUOTED_SOURCE = re.compile(r"\b[CM]¶\d+[^«\n]{0,30}«.*»|^\s*[CM]¶\d+\s.*")
# The help of --cards names the card styles with their examples: AS and A♠ on purpose.
CARD_STYLES_SHOWN = re.compile(r"\bascii\b")


@dataclass(frozen=True)
class Violation:
    run: str
    line: str
    rule: str
    words: str

    def __str__(self) -> str:
        return f"{self.run}: {self.rule}: {self.words!r} in: {self.excerpt()}"

    def excerpt(self, width: int = 240) -> str:
        """The line with a table's padding squeezed, cut to ``width`` around the words."""
        line = re.sub(r" {3,}", "  ", self.line.strip())
        if len(line) <= width:
            return line
        at = max(line.find(self.words), 0)
        start = max(0, min(at - width // 3, len(line) - width))
        return ("…" if start else "") + line[start:start + width] + "…"


def _nearest_name(line: str, start: int, end: int) -> str | None:
    best = None
    for found in re.finditer(NAME, line):
        distance = max(found.start() - end, start - found.end(), 0)
        if best is None or distance < best[0]:
            best = (distance, found.group())
    return best[1] if best else None


# «сдающий», the dealer, is also the name of a role: the column «Сдающий» and
# «ставка сдающего» may stay; only «сдающий Вера», «сдающий — Вера» glue it to a name.
DEALER_ROLE = re.compile(r"сдающ\w*", re.I)
# (one space, a dash or a colon between: two spaces part a table's columns)
NEXT_TO_A_NAME = re.compile(rf"^(?: | ?[—:–-] ?){NAME}\b|\b{NAME}(?: | ?[—:–-] ?)$")


def masculine_next_to_a_woman(line: str) -> list[str]:
    """The masculine forms whose nearest name on the line is a woman's."""
    found = []
    for match in MASCULINE.finditer(line):
        word = match.group()
        if word.lower() in NOT_MASCULINE:
            continue
        if DEALER_ROLE.fullmatch(word) and not (
                NEXT_TO_A_NAME.search(line[match.end():match.end() + 12])
                or NEXT_TO_A_NAME.search(line[max(0, match.start() - 12):match.start()])):
            continue
        if _nearest_name(line, match.start(), match.end()) in WOMEN:
            found.append(word)
    return found


def line_problems(line: str) -> list[tuple[str, str]]:
    """(rule, offending words) of one line of Russian output."""
    if SOURCE_LINE.match(line):
        return []
    line = QUOTED_SOURCE.sub(" ", line)
    problems: list[tuple[str, str]] = []
    for match in (*OBLIQUE_IGROK.finditer(line), *PREPOSITION_NAME.finditer(line)):
        problems.append(("a name in an oblique case", match.group()))
    for words in masculine_next_to_a_woman(line):
        problems.append(("a masculine form next to a woman's name", words))
    for match in GENDER_SLASH.finditer(line):
        problems.append(("a form to fill in", match.group()))
    for word in english_words(line):
        problems.append(("an English word", word))
    for concept, pattern in REJECTED_PATTERNS:
        for match in pattern.finditer(line):
            problems.append((f"rejected ({concept})", match.group()))
    if not CARD_STYLES_SHOWN.search(line):
        for match in CARD_LETTERS.finditer(line):
            problems.append(("an English card letter", match.group()))
    return problems


def violations(run: str, text: str) -> list[Violation]:
    return [Violation(run, line, rule, words)
            for line in text.splitlines() for rule, words in line_problems(line)]


# --------------------------------------------------------------------------- the sweep

# issue 32: the analysis of every deal (the decisions too, and the out-of-reach lines of
# the irregular deals), and one player's from trick 9
ANALYSE_RUNS = {"analyse": ("analyse", "samples/every-event-ru.rvs", "--decisions"),
                "analyse --player": ("analyse", "samples/every-event-ru.rvs", "--player", "Вера",
                                     "--from-trick", "9")}
RUNS = {**session_runs(), **other_runs(), **ANALYSE_RUNS}


def _assert_clean(run: str, text: str) -> None:
    found = violations(run, text)
    if found:
        pytest.fail(f"{len(found)} problems in the Russian of {run}:\n"
                    + "\n".join(map(str, found)), pytrace=False)


# One deal of each kind by default (russian_session.DEFAULT_DEALS), every deal in CI.
@pytest.mark.parametrize("run", some_by_default(list(RUNS), by_default))
def test_russian_output_reads_as_russian(run):
    text = run_ru(RUNS[run], COLUMNS)
    assert re.search("[А-Яа-яЁё]", text), text  # it did speak Russian
    _assert_clean(run, text)


def test_russian_report_reads_as_russian():
    text = report_text(COLUMNS)
    assert all(name in text for name in PLAYERS)
    _assert_clean("report", text)


def test_the_sweep_covers_every_deal_and_every_command():
    for command in ("explain", "arbitrate"):
        assert [r for r in RUNS if re.fullmatch(rf"{command} \d+", r)] == [
            f"{command} {n}" for n in range(1, 20)]
    assert {r.split()[0] for r in RUNS if r.endswith(" --help")} == set(COMMANDS)


# --------------------------------------------------------------------------- the checks themselves

# Lines the sweep must refuse (each for the rule named) and lines it must let
# through: what the review found and what it proposed instead.
MUST_FAIL = [
    ("Анна сносит A♠ в ренонс на взятку игрока Борис", "a name in an oblique case"),
    ("Анна проигрывает партию и платит игроку Вера", "a name in an oblique case"),
    ("После прикупа у игрока Анна на руках 9♠ 8♠", "a name in an oblique case"),
    ("эспаньолетта у Вера не удалась", "a name in an oblique case"),
    ("Сдача 2 — сдающий Вера", "a masculine form next to a woman's name"),
    ("• Сдача 2: сдающий — Анна.  (строка 32)", "a masculine form next to a woman's name"),
    (" Вера         2      3   проигравший    -71 ", "a masculine form next to a woman's name"),
    ("Глеб платит, Вера, выигравшему партию", "a masculine form next to a woman's name"),
    ("взятку 10 взял игрок Вера, ему и ходить", "a masculine form next to a woman's name"),
    ("Анна засдался", "a masculine form next to a woman's name"),
    ("Глеб его не получил(а)", "a form to fill in"),
    ("[IRR-4] не выплачивается: pool → Анна 45 (QUIN-1)", "an English word"),
    ("Сдача не состоялась (misdeal Анна late)", "an English word"),
    ("Использование: reversis score [OPTIONS] FILES...", "an English word"),
    ("  --deal INTEGER RANGE        Только эту сдачу.  [x>=1; required]", "an English word"),
    ("Анна ставит ремиз 45 (POOL-3)  # The rules this table played", "an English word"),
    ("Сдача 5 — сдача недействительна", "rejected (void deal: «сдача недействительна»)"),
    ("Вера: ошибка в сдаче, замеченная до прикупа.", "rejected (misdeal: «ошиб… в сдач…»)"),
    ("Сдача недействительна (открытая карта)", "rejected (exposed card: «открыт… карт…»)"),
    ("Записать сессии одной страницей HTML",
     "rejected (the session (all the deals of one evening): «сесси…»)"),
    ("Записывать партию за столом в файл", "rejected (the session is «игра», never «партия»)"),
    ("Партия A♦ J♥ K♥ A♠: стоит 19 фишек", "an English card letter"),
    ("Анна: 7C на ход в черви, хотя на руке есть 9H", "an English card letter"),
]
MUST_PASS = [
    "Анна → Глеб: 18 фишек, проигрыш партии",
    "Анна сносит Т♠ в ренонс; взятку берёт Борис",
    "Сдача 2 — сдаёт Вера — сдача не в счёт",
    " Вера         2      3   проигрыш, эспаньолетта (не удалась)    −71 ",
    "Сдача 1 — сдающий Глеб, первая рука Анна",  # the man's form is his
    "▸ ход   * взявший взятку",  # no name: the legend of a column
    "Сдача  Сдающий  Анна  Борис  Вера  Глеб  корзина",  # a column's name
    "Вера → корзина       15   POOL-1     ставка сдающего в корзину",  # the role's
    "Вера засдаётся: право сдачи переходит к следующему игроку",
    "Вера засдаётся, и сдаёт следующий сдающий",
    "  --deal N                  Рассчитать только эту сдачу.  [N≥1]",
    "Использование: reversis score [ПАРАМЕТРЫ] ФАЙЛЫ…",
    "  --lang [en|ru]  Язык таблиц, сообщений и справки: en или ru",
    "  --cards [ascii|unicode|ru]  Как писать карты: ascii (AS), unicode (A♠) или ru (Т♠).",
    "  score      Рассчитать каждую сдачу: кто кому платит (reversis score samples/a.rvs)",
    "forced_means = any_follow — форсированной считается любая карта (здесь: compelled)",
    "Правила: classic (без изменений); ACE-1, RV201, C¶8, M¶17",
    "Кто засдался? (допишите «late», если это заметили после прикупа)",
    "    C¶49: «Если кто засдастся и не уведомит до сноса, то он совершенно теряет право сдачи; "
    "вынужденный, талон, Reversis»",
    "  141 |   1 Глеб  2♥ 7♣ В♥ 5♥  # AS KH misdeal Анна late",
    "Формат JSON (reversis-score/1, описан в docs/output.md); LC_ALL, LC_MESSAGES или LANG",
]


@pytest.mark.parametrize("line, rule", MUST_FAIL)
def test_the_sweep_finds_what_the_review_found(line, rule):
    assert rule in [found for found, _ in line_problems(line)], line_problems(line)


@pytest.mark.parametrize("line", MUST_PASS)
def test_the_sweep_lets_through_what_the_review_proposed(line):
    assert line_problems(line) == []


# ------------------------------------------------------------------ the recorder (issue 31)
# The recorder's prompts in Russian (review russian-4, the recorder's items): a new
# record, lead and follow, a misdeal, an espagnolette, the revoke question, a deal
# reopened, a damaged draft; from the screen's own functions (no Textual loop) and
# from `record --plain` as a marker types.  Beside the sweep's rules, the old
# wording of each item is refused by name.

RECORDER_OLD_WORDINGS = [
    (re.compile(r"Засдался сдающий"), "G2: a masculine verb before the dealer's name"),
    (re.compile(r"допишите «late»(?! \(или «поздно»\))"), "E6: «late» with no Russian word"),
    (re.compile(r"Первый сдающий"), "T7: the form's label is not the question"),
    (re.compile(rf"{NAME}: {NAME}:"), "A2: the name twice"),
    (re.compile(r"это решают правила"), "A3: the rules decide whether it happened"),
    (re.compile(r"Сдача сыграна"), "A1: «сыграна» for a deal closed"),
    (re.compile(r"один раз, Escape"), "K9: «запишет её один раз»"),
    (re.compile(r"Enter — взять"), "K10: «взять», a game word"),
    (re.compile(r"ожидалось: [^;]*; а строка кончилась"), "K11: «; а строка кончилась»"),
    (re.compile(r"остановилась, после:"), "K12: «…, после: 1 строка?»"),
    (re.compile(r"Не приняты и следующие"), "K13: «Не приняты и следующие за ней»"),
    (re.compile(r"слишком мало для"), "K23: «Окно слишком мало»"),
    (re.compile(r"^\s*— не из числа игроков"), "A13: an empty name"),
    (re.compile(r"(?:^|\] |: )[^«\s]\S* — не карта"), "N4: an echoed word not in «»"),
    (re.compile(r"может быть, [a-z]+\?"), "N4: an echoed word not in «»"),
    (re.compile(r"не принята: [^«]"), "N4: an echoed line not in «»"),
    (re.compile(r"A K Q J 9-2 или Т К Д В"), "N9: Latin letters first, a hyphen"),
]


# The keys, named as the keyboard names them (the sweep's allowlist has no keys:
# the game's commands name none).
KEY_NAMES = re.compile(r"\b(?:Enter|Escape|Tab|Ctrl\+[A-Z]|F\d+)\b")


def recorder_problems(line: str) -> list[tuple[str, str]]:
    return line_problems(KEY_NAMES.sub("", line)) + [(item, pattern.pattern) for pattern, item
                                  in RECORDER_OLD_WORDINGS if pattern.search(line)]


def _screen_texts(tmp_path) -> dict[str, str]:
    """What the full screen says, in Russian, at each step of the review's run."""
    from reversis_cli.i18n import Msg, t, tr, use
    from reversis_cli.record import Recorder, Setup
    from reversis_cli.record.tui.app import EVENTS
    from reversis_cli.record.tui.view import lines_view, status_line

    def shown(renderable) -> str:
        return renderable.plain if hasattr(renderable, "plain") else str(renderable)

    recorder = Recorder.open(tmp_path / "n.rvs", Setup(PLAYERS, "classic", "Глеб"))
    texts = {}
    with use("ru"):
        texts["lead"] = shown(status_line(recorder.begin(), None))
        assert recorder.play("2♥").accepted
        texts["follow"] = shown(status_line(recorder.begin(), None))
        recorder.undo()
        assert recorder.add_line("espagnolette Вера").accepted
        assert recorder.add_line("misdeal Глеб поздно").accepted
        texts["misdeal"] = shown(status_line(recorder.begin(), None))
        texts["also in this deal"] = shown(lines_view(recorder.begin(), "ru"))
        # the questions (the other asks show a line of the notation to type)
        texts["F-keys"] = "\n".join(tr(ask) for key, _, ask, _ in EVENTS if key in ("f5", "f6"))
        texts["the form"] = "\n".join([tr("First dealer"), t(Msg("Who deals first? ({players})",
                                                                  players=", ".join(PLAYERS)))])
        texts["revoke question"] = "\n".join([_revoke_warning(tmp_path), tr(
            "Did it happen so at the table? (the rules settle it)")])
        texts["events list"] = tr("Which event? Type to narrow the list, ↑ ↓ to choose, Enter "
                                  "to take it, Escape to go back.")
        texts["reopen"] = t(Msg(
            "Deal {number} reopened: ↑ or Tab picks a card to change, Ctrl+Z takes back its "
            "last lines; change as much as needed, then Enter writes it back once, Escape "
            "drops the changes.", number=1))
        texts["settle keys"] = t(Msg("Enter: back to deal {number} · e: explain this deal",
                                     number=3))
        texts["too small"] = t(Msg(
            "The window is too small for the recorder: make it at least {width}×{height} "
            "(now {now_width}×{now_height}).", width=80, height=24, now_width=60, now_height=20))
    return texts


def _revoke_warning(tmp_path) -> str:
    """The warning the revoke question shows (irregular.rvs deal 7, Cyrillic names):
    the place names the player, the message once more it must not (A2)."""
    from reversis_cli.record import Recorder, Setup
    from reversis_cli.record.tui.problems import problem_view

    from record_helpers import sample_deal

    (tmp_path / "revoke").mkdir()
    recorder = Recorder.open(tmp_path / "revoke" / "r.rvs", Setup(PLAYERS, "classic", "Глеб"))
    for trick in sample_deal("irregular.rvs", 7).tricks:
        for card in trick.cards:
            outcome = recorder.play(card.card.format("ru"))
            if outcome.waiting:
                return problem_view(outcome.problems, recorder.begin(), "ru").plain
    raise AssertionError("no revoke asked")


def _plain_texts(tmp_path) -> dict[str, str]:
    """`record --plain` in Russian: a new record (an empty and a wrong dealer), a
    word that is no card, a deal with a revoke (confirmed), a misdeal found late
    («поздно»), a deal reopened; then a damaged draft offered."""
    import json

    from click.testing import CliRunner

    from reversis_cli.record import Recorder, Setup, draft_path

    from record_helpers import sample_deal

    tricks = [" ".join(c.card.format("ru") for c in trick.cards)
              for trick in sample_deal("irregular.rvs", 7).tricks]  # dealt by the 4th player
    (tmp_path / "rehearsal").mkdir()  # apart: its pool would be offered to the new record
    revoke, rehearsal = [], Recorder.open(tmp_path / "rehearsal" / "r.rvs",
                                          Setup(PLAYERS, "classic", "Глеб"))
    for trick in tricks:  # the revoke question comes after its trick: answered there
        revoke.append(trick)
        if rehearsal.add_line(trick).waiting:
            revoke.append("y")
            rehearsal.confirm()
    path = tmp_path / "plain.rvs"
    typed = ["", "Гле", "Глеб", "", "", "", "", "Гле", *revoke,
             "misdeal Анна поздно", "end", "reopen 1", "end", "quit"]
    runner = CliRunner()
    new = runner.invoke(cli, ["--lang", "ru", "record", "--plain", str(path), "--players",
                              ",".join(PLAYERS), "--rules", "classic"],
                        input="\n".join(typed) + "\n")
    assert new.exit_code == 0, new.output
    draft_path(path).write_text(json.dumps({"version": 1, "deal": 3, "dealer": "Борис",
                                            "lines": ["1 Вера Ж 3♣ 5♥ Д♥"],
                                            "trick": ["2♥"], "confirmed": []}),
                                encoding="utf-8")
    damaged = runner.invoke(cli, ["--lang", "ru", "record", "--plain", str(path)],
                            input="y\nquit\n")
    assert damaged.exit_code == 0, damaged.output
    def unechoed(text: str) -> str:  # what the marker typed is his, not the tool's words
        return "\n".join(line[:-len(word)] if word and line.endswith(word) else line
                         for line in text.splitlines() for word in [_typed(line, typed)])

    return {"record --plain (new)": unechoed(new.stdout + new.stderr),
            "record --plain (damaged draft)": damaged.stdout + damaged.stderr,
            "the file": path.read_text(encoding="utf-8")}


def _typed(line: str, typed: list[str]) -> str:
    return next((word for word in typed if word and line.endswith(": " + word)), "")


def test_the_recorders_prompts_read_as_russian(tmp_path):
    texts = _screen_texts(tmp_path) | _plain_texts(tmp_path)
    the_file = texts.pop("the file")
    found = [f"{run}: {line!r}: {problems}" for run, text in texts.items()
             for line in text.splitlines() if (problems := recorder_problems(line))]
    assert not found, "\n".join(found)
    # T1: «ходит» for the lead only; a follow «кладёт карту»
    assert "Взятка 1: ходит Анна." in texts["lead"], texts["lead"]
    assert "Взятка 1: кладёт карту Борис." in texts["follow"], texts["follow"]
    assert "предупреждение[RV201] Взятка 1, Глеб: 8♠ на ход в бубны" in texts["revoke question"]
    # A1: a void deal is closed, not «сыграна»
    assert "Сдача закончена: нажмите Enter, чтобы её рассчитать." in texts["misdeal"]
    # E1: the screen's words, never the record's keywords
    also = texts["also in this deal"]
    assert "эспаньолетта — Вера" in also and "засдача — Глеб поздно" in also, also
    # E6, T9: «поздно» is written `late`, and the new record's cards in Т К Д В
    assert "misdeal Анна late" in the_file, the_file
    assert re.search(r"\b[ТКДВ][♠♥♦♣]", the_file) and not re.search(r"\b[AKQJ][SHDC♠♥♦♣]",
                                                                   the_file), the_file
    # A13, N4: an empty dealer answer asks for the name; echoed words are in «»
    plain = texts["record --plain (new)"]
    assert "Нужно имя одного из игроков: Анна, Борис, Вера или Глеб" in plain, plain
    assert "«Гле»" in plain, plain
    damaged = texts["record --plain (damaged draft)"]
    assert "не принята: «1 Вера Ж 3♣ 5♥ Д♥»" in damaged, damaged


def test_record_under_textual_serve_speaks_russian(tmp_path, monkeypatch):
    """Issue 33: ``--plain`` refused under textual-serve's web driver, and a full
    screen that cannot start there (Textual missing: no line mode to fall back on)."""
    import importlib

    from click.testing import CliRunner

    from reversis_cli.cli import record as record_module

    monkeypatch.setenv("TEXTUAL_DRIVER", "textual.drivers.web_driver:WebDriver")
    path = str(tmp_path / "s.rvs")
    refused = CliRunner().invoke(cli, ["--lang", "ru", "record", path, "--plain"],
                                 prog_name="reversis")
    real_import = importlib.import_module

    def without_textual(name, *args):
        if name == "reversis_cli.record.tui.app":
            raise ImportError("No module named 'textual'")
        return real_import(name, *args)

    monkeypatch.setattr(record_module.importlib, "import_module", without_textual)
    missing = CliRunner().invoke(cli, ["--lang", "ru", "record", path, "--players",
                                       ",".join(PLAYERS), "--rules", "classic", "--dealer",
                                       "Глеб"])
    assert refused.exit_code == 2 and missing.exit_code == 1, missing.output
    assert "на весь экран, без --plain" in refused.output, refused.output
    assert "Полноэкранный режим не запускается" in missing.output
    assert "построчно" not in missing.output  # no line mode under the web driver
    # (the other names a command to type, python -m pip install, as its line-mode twin does)
    found = [f"{line!r}: {problems}" for line in refused.output.splitlines()
             if (problems := recorder_problems(line))]
    assert not found, "\n".join(found)


RECORDER_MUST_FAIL = [
    "Засдался сдающий: Enter; допишите «late», если это заметили после прикупа",
    "Первый сдающий",
    "предупреждение[RV201] Взятка 3, Анна: Анна: 2♠ на ход в бубны, хотя на руке есть 9♦",
    "Так и было за столом? (это решают правила)",
    "Сдача 2, сдаёт Анна. Сдача сыграна: нажмите Enter, чтобы её рассчитать.",
    "исправьте всё, что нужно, затем Enter запишет её один раз, Escape отменит изменения.",
    "Печатайте, чтобы сузить список; ↑ ↓ — выбрать, Enter — взять, Escape — назад.",
    "ошибка[RV100] Строка «exchange Вера discards Т♠ takes»: ожидалось: карта; а строка кончилась",
    "Продолжить сдачу 1 (сдаёт Глеб) с того места, где она остановилась, после: 1 строка? [Y/n]",
    "Не приняты и следующие за ней (2): они идут после того, что не принято.",
    "Окно слишком мало для записи: сделайте его не меньше 80×24 (сейчас 60×20).",
    " — не из числа игроков (Анна, Борис, Вера, Глеб)",
    "Гле — не карта: напишите достоинство (A K Q J 9-2 или Т К Д В) и масть",
    "«nte» — не карта; может быть, note?",
    "Строка черновика сдачи 3 не принята: 2 Глеб 3♣ 5♥ Д♥ 2♥",
    "Ещё в этой сдаче: espagnolette Вера · misdeal Анна",
]


@pytest.mark.parametrize("line", RECORDER_MUST_FAIL)
def test_the_recorder_sweep_finds_the_old_wordings(line):
    assert recorder_problems(line), line


# ============================================================ issue 31: the game's texts
# (check's RV317–RV322, arbitrate, explain's steps, the settle-up in money, rules --infer,
# click's range in help, convert --to csv-payments).  What the fourth Russian review found there, as
# patterns: each is in today's output of one of the runs below, and in none after the fix.

GAME_TEXT_PATTERNS = [
    ("«выплата» beside «платёж» (T2)", re.compile(r"(?<![А-Яа-яЁё])выплат[а-яё]*", re.I)),
    ("the transfers' heading that says there are never fewer (K1)",
     re.compile(r"меньше платежей не бывает")),
    ("«Расчёт» for the money, the heading of a deal's payments too (T8)",
     re.compile(r"^Расчёт: 1 фишка")),
    ("«за эту карту» with no card named (A7)", re.compile(r"за эту карту")),
    ("«туза Т♣»: the ace said twice (K7)", re.compile(r"туза [ТA][♠♥♦♣]")),
    ("a masculine participle for the dealer who pays to redeal (G3)",
     re.compile(r"Засдавшийся сдающий")),
    ("«затем взяток»: tricks compared without a tie (A10)", re.compile(r"очков, затем взяток")),
    ("«корзина переносит» (K6)", re.compile(r"корзина переносит")),
    ("the cancelled payment said three times (K19)", re.compile(r"в списке он один раз")),
    ("«перестали пополнять» (K20)", re.compile(r"перестали пополнять")),
    ("«мелкой единицы: копейки, цента» (K21)", re.compile(r"мелкой единицы: копейки")),
    ("«которыми он сводится» (K4)", re.compile(r"которыми он сводится")),
    ("«платятся ей или из неё» (K5)", re.compile(r"платятся ей или из неё|В строке корзины")),
    ("«первый ход в первой взятке» (W5)", re.compile(r"первый ход в первой взятке")),
    ("the correction that reads as the wrong payment again (A8)",
     re.compile(r"Чтобы исправить расчёт стола$")),
    ("«ставит ремиз» twice in a remise step (K8)", re.compile(r"\), ставит ремиз")),
    ("two spaces before a fact's line (N6)", re.compile(r"\S  \(строка \d+\)")),
    ("a comma between two players' sheet figures (N5)",
     re.compile(r"\([−+]\d+[^()]*\), \w+: в листе")),
    ("click's formula «x>=1» (E5)", re.compile(r"\bx>=\d")),
]

# The Russian plural of «платёж» after a number: 1, 21 платёж; 2–4, 22 платежа; 5–20 платежей.
TRANSFERS_COUNT = re.compile(r"Кто кому платит — (\d+) (платёж|платежа|платежей)\b")


def russian_payments(n: int) -> str:
    if n % 10 == 1 and n % 100 != 11:
        return "платёж"
    if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14):
        return "платежа"
    return "платежей"


def game_text_problems(text: str) -> list[str]:
    """The patterns above in ``text``, a line each; an empty section «Стол и правила»
    (A12); a count of transfers with the wrong plural (K1)."""
    lines = [QUOTED_SOURCE.sub(" ", line) for line in text.splitlines()
             if not SOURCE_LINE.match(line)]  # the seeds' own words are not checked
    found = [f"{name}: {line.strip()}" for line in lines
             for name, pattern in GAME_TEXT_PATTERNS if pattern.search(line)]
    if re.search(r"^Стол и правила\n\s*\n", text, re.M):
        found.append("an empty section «Стол и правила» (A12)")
    for match in TRANSFERS_COUNT.finditer(text):
        if match.group(2) != russian_payments(int(match.group(1))):
            found.append(f"a wrong plural (K1): {match.group()}")
    return found


MONEY = ("--fiche-value", "0,5", "--currency", "RUB")
GAME_TEXT_RUNS: dict[str, tuple[str, ...]] = {
    "score --fiche-value 0,5 (A11, N2)": ("score", "samples/every-event-ru.rvs", *MONEY),
    "score --fiche-value 0.5, no currency": ("score", "samples/every-event-ru.rvs",
                                             "--fiche-value", "0.5"),
    "convert --to csv-payments (N3)": ("convert", "samples/every-event-ru.rvs",
                                       "--to", "csv-payments"),
    "score --format csv-payments (N3)": ("score", "samples/every-event-ru.rvs",
                                         "--format", "csv-payments"),
    "check disputed-sheet (RV317, RV318)": ("check", "samples/disputed-sheet.rvs"),
    "check house-reading (RV319–RV322)": ("check", "samples/house-reading.rvs"),
    "arbitrate disputed-sheet 5 (A8)": ("arbitrate", "samples/disputed-sheet.rvs", "--deal", "5"),
    "arbitrate house-reading 2 (A12)": ("arbitrate", "samples/house-reading.rvs", "--deal", "2"),
    "rules --infer house-reading": ("rules", "--infer", "samples/house-reading.rvs"),
    "arbitrate 11 (G3, W5, N6)": ("arbitrate", "samples/every-event-ru.rvs", "--deal", "11"),
    "explain 3 (A7, K7)": ("explain", "samples/every-event-ru.rvs", "--deal", "3"),
    "explain 9 (K8)": ("explain", "samples/every-event-ru.rvs", "--deal", "9"),
    "explain 10 (K8, K19)": ("explain", "samples/every-event-ru.rvs", "--deal", "10"),
    "explain 2 (A10, K6)": ("explain", "samples/every-event-ru.rvs", "--deal", "2"),
    "arbitrate --help (E5)": ("arbitrate", "--help"),
    "simulate --help (E5)": ("simulate", "--help"),
    "score --help (K4, K21)": ("score", "--help"),
    "report --help (K4)": ("report", "--help"),
    "stats --help (K4)": ("stats", "--help"),
}


@pytest.mark.parametrize("run", list(GAME_TEXT_RUNS))
def test_the_game_texts_read_as_russian(run):
    text = run_ru(GAME_TEXT_RUNS[run], COLUMNS)
    found = game_text_problems(text)
    assert found == [], "\n".join(found)


def test_the_settle_up_reads_as_russian_and_takes_a_decimal_comma():
    """`--fiche-value 0,5` under --lang ru is the 0.5 the output writes «0,5 ₽»;
    the money section is «Расчёт в деньгах», the transfers a counted plural."""
    text = run_ru(GAME_TEXT_RUNS["score --fiche-value 0,5 (A11, N2)"], COLUMNS)
    assert "Расчёт в деньгах: 1 фишка = 0,5\u00a0₽" in text
    assert "Кто кому платит — 4 платежа (меньше не обойтись)" in text
    assert "В корзине до следующей игры остаётся 660 фишек." in text
    _assert_clean("score --fiche-value 0,5", text)


def test_csv_payments_writes_its_reasons_cards_in_the_runs_language():
    text = run_ru(GAME_TEXT_RUNS["convert --to csv-payments (N3)"], COLUMNS)
    assert "Анна ходит и форсирует Т♣ (его кладёт Борис)" in text
    assert not CARD_LETTERS.search(text), CARD_LETTERS.search(text)
    # score's writer of the same format writes the same rows, in Russian too (issue 34)
    rows = [CliRunner().invoke(cli, ["--lang", "ru", *GAME_TEXT_RUNS[run]]).stdout
            for run in ("convert --to csv-payments (N3)", "score --format csv-payments (N3)")]
    assert "Анна ходит и форсирует Т♣ (его кладёт Борис)" in rows[0] and rows[0] == rows[1]


def test_the_score_formats_usage_error_reads_as_russian():
    result = CliRunner().invoke(cli, ["--lang", "ru", "score", "samples/every-event-ru.rvs",
                                      "--json", "--format", "csv-payments"])
    assert result.exit_code == 2 and not result.stdout
    assert "--json — это --format json; укажите что-то одно" in result.stderr

@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 11, 12, 21, 22, 25, 101, 112])
def test_the_transfers_heading_counts_in_russian_plurals(n):
    from types import SimpleNamespace

    from reversis_cli.session.settleup_words import transfers_heading
    from reversis_cli.i18n import use

    # only what the heading reads of a settle-up: whether it is the fewest, and the count
    minimal: typing.Any = SimpleNamespace(minimal=True, transfers=[None] * n)
    searched_for: typing.Any = SimpleNamespace(minimal=False, transfers=[None] * n)
    with use("ru"):
        fewest = transfers_heading(minimal)
        searched = transfers_heading(searched_for)
    assert fewest == f"Кто кому платит — {n} {russian_payments(n)} (меньше не обойтись)"
    assert searched.startswith(f"Кто кому платит — {n} {russian_payments(n)} (не больше")
    assert game_text_problems(fewest + "\n" + searched) == []


def test_the_report_session_page_settles_up_in_russian():
    from html.parser import HTMLParser

    from click.testing import CliRunner

    class Text(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.parts: list[str] = []

        def handle_starttag(self, tag, attrs):
            self.parts.append("\n")

        def handle_data(self, data):
            self.parts.append(data)

    from russian_session import at_root
    with at_root():
        result = CliRunner().invoke(cli, ["--lang", "ru", "report", "samples/every-event-ru.rvs",
                                          "-o", "-", *MONEY], prog_name="reversis")
    assert result.exit_code == 0, result.output
    page = Text()
    page.feed(result.stdout)
    text = "\n".join(" ".join(line.split()) for line in "".join(page.parts).splitlines())
    assert "Расчёт в деньгах: 1 фишка = 0,5 ₽" in text  # the no-break space made one
    assert "Кто кому платит — 4 платежа (меньше не обойтись)" in text
    assert game_text_problems(text) == []


GAME_TEXT_MUST_FAIL = [
    "по правилам за эту выплату причитается 2 фишки, а не 1: …",
    "Кто кому платит (меньше платежей не бывает: 3)",
    "Расчёт: 1 фишка = 0,5 ₽",
    "[ACE-3] После сдачи Вера платит за эту карту тому, кто выигрывает партию: 1 фишка",
    "Анна ходит и форсирует туза Т♣ — его кладёт Вера",
    "• Засдавшийся сдающий платит и сдаёт заново.",
    "• Сдача 2: сдаёт Anna.  (строка 23)",
    "Boris: в листе −27, по правилам −39 (+12), Gleb: в листе +29, по правилам +51 (−22)",
    "  --deal N  Номер сдачи для решения.  [x>=1; обязательно]",
    "Кто кому платит — 21 платежей (меньше не обойтись)",
    "Стол и правила\n\nЛист счёта после сдачи",
]


@pytest.mark.parametrize("text", GAME_TEXT_MUST_FAIL)
def test_the_game_text_patterns_find_what_the_review_found(text):
    assert game_text_problems(text) != []


def test_the_ace_owed_to_the_partie_winner_names_its_card_in_english_too():
    """russian-4, A7: "for it" named no card in either language."""
    from click.testing import CliRunner

    from russian_session import at_root
    with at_root():
        english = CliRunner().invoke(cli, ["--lang", "en", "explain", "samples/every-event-ru.rvs",
                                           "--deal", "3"], env={"COLUMNS": "1000"}).stdout
    assert "Вера will owe the partie winner 1 for A♣ (trick 1) after the deal" in english
    assert "for it after" not in english
    russian = run_ru(("explain", "samples/every-event-ru.rvs", "--deal", "3"), COLUMNS)
    assert "После сдачи Вера платит тому, кто выигрывает партию, за Т♣ (взятка 1): 1 фишка" \
        in russian


# =========================================================================== issue 31: compare
# `stats --compare` against both built-in profiles and a house TOML, the league file's
# errors (RV606-RV609) and the archive's refusals (RV601-RV605) in Russian, with the
# patterns of review russian-4's E2, E3, E4, G1, G4, K2, K16, A6, P2 on top of the rules above.
# The seasons here are the samples' Latin-named ones: their players' names and the house
# profile's title are what the record and the TOML wrote, not English words.

import sqlite3  # noqa: E402


from reversis_cli.club import database as club_database  # noqa: E402
from reversis_cli.club import schema as club_schema  # noqa: E402
from reversis_cli.club.league import ABSENCE_RULES, RANKINGS, TIE_BREAKS  # noqa: E402
from reversis_cli.club.league_file import ATTENDANCE_KEYS, TOP_KEYS  # noqa: E402
from reversis_cli.i18n import Msg, t, use  # noqa: E402
from reversis_cli.rules.profile import OPTIONS  # noqa: E402
from reversis_cli.rules.values import VALUE_MEANINGS  # noqa: E402
from russian_session import at_root  # noqa: E402

SEASON_NAMES = {"Anna", "Boris", "Vera", "Gleb", "Dima", "Elena", "Nevsky", "club"}
# The league file's keys and the values they take, typed as they are (docs/league.md), and
# the program's name as a version names it.
LEAGUE_WORDS = {*TOP_KEYS, *ATTENDANCE_KEYS, *RANKINGS, *TIE_BREAKS, *ABSENCE_RULES}
PROGRAM = re.compile(r"\breversis-cli\b")

# A value that has a meaning (yes, none, any_follow), written without it in brackets
# after it: «yes → no» instead of «yes (да)», «→ no (нет)».  An option's own name
# that is also a value (remise) is left out: a list of options names it.
GLOSSED_VALUES = {value for _, value in VALUE_MEANINGS} - set(OPTIONS)
# (``option=value`` as typed after --set, which names the reading, is the user's own)
BARE_VALUE = re.compile(r"(?<![\w=-])(" + "|".join(sorted(GLOSSED_VALUES)) + r")(?![\w-])"
                        r"(?! \([^()]*[А-Яа-яЁё])")
GLOSSED = re.compile(r"(?<![\w-])(?:" + "|".join(sorted(GLOSSED_VALUES)) + r") (?=\([^()]*"
                     r"[А-Яа-яЁё])")
COMPARE_PATTERNS = [
    ("money «moved» (перемещать деньги, a calque: «переходит из рук в руки»)",
     re.compile(r"перемеща\w*|\bперемещено\b", re.I)),
    ("«должно быть» after a key name, agreeing with nothing",
     re.compile(r"\b[a-z_]+\]?\s+должн\w*\s+быть")),
    ("SQLite's English", re.compile(
        r"file is not a database|disk image is malformed|constraint failed|UNIQUE constraint|"
        r"unable to open database|database is locked|readonly database|disk I/O error", re.I)),
    ("a Russian reader sent to an English design document", re.compile(r"docs/decisions\.md")),
]
# The file a diagnostic is about, named again inside its message.
NAMED_TWICE = re.compile(r"^(\S+?):(?:\d+:\d+:)? ошибка\[RV6\d\d\]: .*?(?<!\S)(\1)(?=[\s:;,)]|$)")
# An archive diagnostic that asks for -o, from a command whose -o is not the archive.
O_HINT = re.compile(r"ошибка\[RV6\d\d\].*(?<![\w-])-o(?![\w-])")


def compare_line_problems(line: str, archive_command: bool = False,
                          typed: frozenset[str] = frozenset()) -> list[tuple[str, str]]:
    """The sweep's problems of a line of these runs, and this area's own; ``typed``: the
    words of the file the user wrote (a league file's unknown key, a value it cannot be)."""
    allowed = SEASON_NAMES | LEAGUE_WORDS | typed
    found = [(rule, words) for rule, words in line_problems(PROGRAM.sub(" ", GLOSSED.sub("", line)))
             if not (rule == "an English word" and words in allowed)]
    if not SOURCE_LINE.match(line):
        found += [("a bare option value", m.group()) for m in BARE_VALUE.finditer(line)]
        found += [(rule, m.group()) for rule, pattern in COMPARE_PATTERNS
                  for m in pattern.finditer(line)]
        found += [("the file named twice", m.group(2)) for m in NAMED_TWICE.finditer(line)]
        if not archive_command:
            found += [("an -o hint from a command without the archive's -o", m.group())
                      for m in O_HINT.finditer(line)]
    return found


def _assert_compare_clean(run: str, text: str, archive_command: bool = False,
                          typed: str = "") -> None:
    written = frozenset(LATIN_WORD.findall(typed))
    found = [Violation(run, line, rule, words) for line in text.splitlines()
             for rule, words in compare_line_problems(line, archive_command, written)]
    if found:
        pytest.fail(f"{len(found)} problems in the Russian of {run}:\n"
                    + "\n".join(map(str, found)), pytrace=False)


def _run_ru_any(args: tuple[str, ...], cwd: Path | None = None) -> tuple[int, str]:
    """``reversis --lang ru ARGS``'s exit code and output, whatever the exit."""
    env = {"COLUMNS": str(COLUMNS), "NO_COLOR": "1", "TERM": "dumb"}
    runner = CliRunner()
    if cwd is None:
        with at_root():
            result = runner.invoke(cli, ["--lang", "ru", *args], env=env, prog_name="reversis")
    else:
        old = Path.cwd()
        os.chdir(cwd)
        try:
            result = runner.invoke(cli, ["--lang", "ru", *args], env=env, prog_name="reversis")
        finally:
            os.chdir(old)
    assert "Traceback" not in result.output, result.output
    return result.exit_code, result.stdout + result.stderr


COMPARE_RUNS = {
    "stats --compare modern": ("stats", "samples/club", "--compare", "modern"),
    "stats --compare classic": ("stats", "samples/club", "--compare", "classic"),
    "stats --compare house": ("stats", "samples/house-reading.rvs", "--compare",
                              "samples/house-rules.toml"),
    "stats --set": ("stats", "samples/club", "--set", "late_tricks_double=none",
                    "--set", "forced_means=any_follow"),
}


@pytest.mark.parametrize("run", list(COMPARE_RUNS))
def test_russian_compare_reads_as_russian(run):
    status, text = _run_ru_any(COMPARE_RUNS[run])
    assert status == 0, text
    assert "Сезон по другому толкованию правил" in text and "фиш" in text  # options moved
    _assert_compare_clean(run, text)


# The league files of tests/test_league.py's problems, one of each code.
BAD_LEAGUES = {
    "RV606 not TOML": 'title = "Club"\nranking "total"\n',
    "RV607 unknown key": 'records = ["."]\n\n[attendance]\n  min_evenings = 3\n',
    "RV608 ranking": 'records = ["."]\nranking = "average"\n',
    "RV608 whole number": 'records = ["."]\n[attendance]\nmin_sessions = -1\n',
    "RV608 date": 'records = ["."]\nfrom = "14.01.2027"\n',
    "RV608 text": 'records = ["."]\ntitle = 3\n',
    "RV608 tie_breaks": 'records = ["."]\ntie_breaks = ["name", "luck"]\n',
    "RV608 exclude": 'records = ["."]\nexclude = "Anna"\n',
    "RV608 records": 'records = 3\n',
    "RV608 attendance": 'records = ["."]\nattendance = 3\n',
    "RV608 penalty": 'records = ["."]\n[attendance]\npenalty_per_session = 5\n',
    "RV609 missing file": 'records = [\n  ".",\n  "2026/spring.rvs",\n]\n',
    "RV609 missing archive": 'archive = "club.sqlite"\n',
    "RV609 record with errors": 'records = ["bad.rvs"]\n',
    "RV602 foreign archive": 'archive = "photos.sqlite"\n',
}


def _foreign(path: Path) -> Path:
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE photos (id INTEGER, name TEXT)")
    conn.commit()
    conn.close()
    return path


@pytest.mark.parametrize("case", list(BAD_LEAGUES))
def test_russian_league_file_errors_read_as_russian(case, tmp_path):
    (tmp_path / "bad.rvs").write_text("reversis 1\nplayers Anna Boris Vera\n", encoding="utf-8")
    _foreign(tmp_path / "photos.sqlite")
    (tmp_path / "league.toml").write_text(BAD_LEAGUES[case], encoding="utf-8")
    status, text = _run_ru_any(("league", "league.toml"), cwd=tmp_path)
    assert status == 1 and f"ошибка[{case.split()[0]}]" in text, text
    _assert_compare_clean(f"league ({case})", text, typed=BAD_LEAGUES[case])


@pytest.fixture(scope="module")
def refused_archives(tmp_path_factory) -> dict[str, Path]:
    """A corrupt file, a text file, another program's database, a newer archive and a
    read-only one, beside a good archive of samples/club."""
    folder = tmp_path_factory.mktemp("refused")
    good = folder / "good.sqlite"
    status, text = _run_ru_any(("archive", "samples/club", "-o", str(good)))
    assert status == 0, text
    made = {"text": folder / "notes.txt", "corrupt": folder / "corrupt.sqlite",
            "foreign": _foreign(folder / "photos.sqlite"), "newer": folder / "newer.sqlite",
            "read-only": folder / "ro.sqlite"}
    made["text"].write_text("not a database\n" * 100, encoding="utf-8")
    data = good.read_bytes()
    made["corrupt"].write_bytes(data[:100] + b"\xff" * 4000 + data[4100:])
    made["newer"].write_bytes(data)
    conn = sqlite3.connect(made["newer"])
    conn.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'",
                 (str(club_schema.SCHEMA_VERSION + 1),))
    conn.commit()
    conn.close()
    made["read-only"].write_bytes(data)
    os.chmod(made["read-only"], 0o444)
    made["good"] = good
    return made


# (the database, the command, the code it is refused with); stats and report read a text
# file as a record (RV100), so only archive is asked to take one.
REFUSALS = [
    ("text", "archive", "RV601"), ("corrupt", "archive", "RV601"),
    ("corrupt", "stats", "RV601"), ("corrupt", "report", "RV601"),
    ("corrupt", "compare", "RV601"),
    ("foreign", "archive", "RV602"), ("foreign", "stats", "RV602"),
    ("foreign", "report", "RV602"), ("foreign", "compare", "RV602"),
    ("newer", "archive", "RV603"), ("newer", "stats", "RV603"), ("newer", "report", "RV603"),
    ("read-only", "archive", "RV605"),
]


def _command(command: str, db: Path, out: Path) -> tuple[str, ...]:
    return {"archive": ("archive", "samples/club/2027-01-14.rvs", "-o", str(db)),
            "stats": ("stats", str(db)),
            "compare": ("stats", str(db), "--compare", "modern"),
            "report": ("report", str(db), "-o", str(out))}[command]


@pytest.mark.parametrize("kind, command, code", REFUSALS)
def test_russian_archive_refusals_read_as_russian(kind, command, code, refused_archives,
                                                  tmp_path):
    db = refused_archives[kind]
    before = db.read_bytes()
    status, text = _run_ru_any(_command(command, db, tmp_path / "club.html"))
    assert status == 1 and f"ошибка[{code}]" in text, text
    assert db.read_bytes() == before  # refused, never written
    _assert_compare_clean(f"{command} ({kind} database)", text, command == "archive")


@pytest.mark.parametrize("command", ["archive", "stats", "report"])
def test_russian_locked_archive_reads_as_russian(command, refused_archives, tmp_path,
                                                 monkeypatch):
    db = tmp_path / "club.sqlite"
    db.write_bytes(refused_archives["good"].read_bytes())
    monkeypatch.setattr(club_database, "LOCK_WAIT", 0.1)
    monkeypatch.setattr("reversis_cli.club.archive.LOCK_WAIT", 0.1)
    holder = sqlite3.connect(db, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        status, text = _run_ru_any(_command(command, db, tmp_path / "club.html"))
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert status == 1 and "ошибка[RV604]" in text, text
    _assert_compare_clean(f"{command} (locked database)", text, command == "archive")


@pytest.mark.parametrize("command", ["stats", "report"])
def test_russian_archive_left_ahead_in_a_read_only_folder_reads_as_russian(
        command, refused_archives, tmp_path, monkeypatch):
    """RV617 (issue 35): SQLite's refusal to open, read-only, an archive left in
    WAL mode without its log (tests/test_archive_wal.py makes the folder
    read-only for real; here SQLite's answer is given to the reader)."""
    db = tmp_path / "club.sqlite"
    db.write_bytes(refused_archives["good"].read_bytes())
    conn = sqlite3.connect(db, isolation_level=None)
    conn.execute("PRAGMA journal_mode = WAL")
    conn.close()

    def cannot_open(conn, name):
        refusal = sqlite3.OperationalError("unable to open database file")
        refusal.sqlite_errorcode = 14  # SQLITE_CANTOPEN
        raise refusal

    monkeypatch.setattr(club_database, "check_readable", cannot_open)
    monkeypatch.setattr(club_database, "_writable", lambda folder: False)
    status, text = _run_ru_any(_command(command, db, tmp_path / "club.html"))
    assert status == 1 and "ошибка[RV617]" in text, text
    assert "только для чтения" in text
    _assert_compare_clean(f"{command} (archive left in WAL, read-only folder)", text)


def test_sqlites_reason_is_never_english_in_russian():
    from reversis_cli.club.database import SqliteReason

    message = Msg("SQLite could not complete the change ({reason}); nothing of the file it was "
                  "storing is kept",
                  reason=SqliteReason(19, "UNIQUE constraint failed: sessions.path"))
    assert "UNIQUE constraint failed: sessions.path" in t(message)  # English: SQLite's words
    with use("ru"):
        russian = t(message)
    assert "нарушено ограничение архива" in russian
    assert compare_line_problems(f"club.sqlite: ошибка[RV612]: {russian}") == []


# What review russian-4 found in this area, and what it proposed.
COMPARE_MUST_FAIL = [
    (" partie_vis_a_vis_double   22   4   Dima 17   Anna 18", None),
    ("   yes                          Gleb 4    Boris 4", "a bare option value"),
    ("   10,11 → none", "a bare option value"),
    ("forced_means = any_follow: за сезон перемещает 3 фишки, из них 2 платит Vera.",
     "money «moved» (перемещать деньги, a calque: «переходит из рук в руки»)"),
    ("Сколько денег перемещает каждый параметр",
     "money «moved» (перемещать деньги, a calque: «переходит из рук в руки»)"),
    ("league.toml:2:1: ошибка[RV608]: tie_breaks должно быть списком разных значений",
     "«должно быть» after a key name, agreeing with nothing"),
    ("bad.sqlite: ошибка[RV601]: bad.sqlite не читается как база данных SQLite (файл другого "
     "рода или повреждённый): file is not a database", "SQLite's English"),
    ("bad.sqlite: ошибка[RV601]: bad.sqlite не читается как база данных SQLite",
     "the file named twice"),
    ("вместе: то, что параметры перемещают только в сочетании (docs/decisions.md).",
     "a Russian reader sent to an English design document"),
    ("other.sqlite: ошибка[RV602]: база данных другой программы: укажите другой файл в -o",
     "an -o hint from a command without the archive's -o"),
]
COMPARE_MUST_PASS = [
    "   yes (да)                          Gleb 4    Boris 4",
    "   → none (ни одной)",
    "forced_means = any_follow (форсированной считается любая карта в масть на чужой ход): за "
    "сезон из рук в руки переходит 3 фишки; больше всех теряет Vera: 2.",
    "league.toml:2:1: ошибка[RV608]: tie_breaks: нужен список разных значений из name; "
    "порядок важен: сначала решает первое",
    "bad.sqlite: ошибка[RV601]: файл не читается как база данных SQLite — это файл другого "
    "рода или он повреждён",
]


@pytest.mark.parametrize("line, rule", [c for c in COMPARE_MUST_FAIL if c[1]])
def test_the_compare_sweep_finds_what_the_review_found(line, rule):
    assert rule in [found for found, _ in compare_line_problems(line)], \
        compare_line_problems(line)


@pytest.mark.parametrize("line", COMPARE_MUST_PASS)
def test_the_compare_sweep_lets_through_what_the_review_proposed(line):
    assert compare_line_problems(line) == []


def test_every_value_meaning_is_cut_from_the_rules_catalog():
    """`--compare` glosses a value with the catalog's «value — meaning» cut after the
    dash: every value that has a meaning must be written that way, or it shows bare."""
    from reversis_cli.rules.values import value_meaning

    assert value_meaning("partie_ties", "split") is None  # English: the value is the word
    with use("ru"):
        for option, value in VALUE_MEANINGS:
            meaning = value_meaning(option or "late_tricks_double", value)
            assert meaning and re.search("[А-Яа-яЁё]", meaning), (option, value)
        assert value_meaning("late_tricks_double", "10,11") is None  # a list: no meaning


def test_report_refuses_rules_on_a_club_page_in_plain_russian(refused_archives, tmp_path):
    """K17: the refusal says when --rules and --set act, not «применяются к странице
    записей, названных по одной»."""
    status, text = _run_ru_any(("report", str(refused_archives["good"]), "--rules", "modern",
                                "-o", str(tmp_path / "club.html")))
    assert status == 2, text
    assert ("--rules и --set действуют, только когда записи названы по одной"
            in " ".join(text.split())), text
    _assert_compare_clean("report --rules (club page)", text)


# --------------------------------------------------------------------------- the club's words
# Issue 31 (the fourth Russian review: §1, W1 W2 W4 T3-T6 P1 K14 K15 N1): the season
# read through `stats` (with --show-deals), `league` (ranked with a penalty and an
# exclusion; and a period where nobody is ranked) and the club page's visible text,
# over the two Cyrillic sessions.  Each is held to the sweep's rules above and to the
# club's own vocabulary: the labels of counted rows are plural nouns, a figure is not
# «Зачёт», a net is signed wherever another is.

CLUB_SAMPLES = ("samples/every-event-ru.rvs", "samples/tver-ru.rvs")

# What a Russian club's table never writes (the review's §1, T3-T5, W1, W4, P1).
CLUB_WORDS = [
    ("«звание» is a rank, not a leader (T4)", re.compile(r"\bЗвани\w*", re.I)),
    ("«Зачёт» is the idiom «в зачёт», not a figure (T5)", re.compile(r"\bЗачёт\b")),
    ("«Итог за сдачу» reads as a deal's net (T3)", re.compile(r"\bитог за (?:сдачу|игру)\b", re.I)),
    ("«в целом» is a calque of «in total» (W4)", re.compile(r"\bв целом\b", re.I)),
    # a singular clause as the label of a count: «Партия выиграна 10», «· Корзина взята (5)»
    ("a singular clause labels a count (W1, P1)", re.compile(
        r"\b(?:парти[яи] (?:вы|про)играна|реверси (?:предпринят|сделан)|корзина взята|"
        r"эспаньолетта (?:не )?удалась|кинола (?:снесена|падает)|тузы снесены|"
        r"форсирует чуж\w+ \w+|перебивает чужой \w+)(?=\s{2,}|\s*\(\d|\s+[−+]?\d)", re.I)),
]
# A net's row label (stats, the club page) or column heading (league, the standings).
NET_LABELS = {"Итог", "итог", "Итог за сдачу", "В среднем за сдачу", "Результат",
              "Результат за сдачу",
              "Результат за игру", "Лучший итог"}
SIGNED = re.compile(r"[+−]\d[\d\s,/½⅓⅔¼¾⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞]*|0(?:,0+)?")
IMPROPER_FRACTION = re.compile(r"(?<![\w/.])(\d+)/(\d+)(?![\w/])")


def _cells(line: str) -> list[str]:
    return [cell for cell in re.split(r"\s{2,}", line.strip()) if cell]


def unsigned_nets(text: str) -> list[str]:
    """The nets written without a sign: in a row a net's label starts (stats, the club
    page's figures, whose cells the page's text gives a line each), a title «Лучший
    итог», or under a net's column heading (league, the standings: rows that start
    with a rank)."""
    found: list[str] = []
    columns: list[int] = []
    label_alone = False
    for line in text.splitlines():
        cells = _cells(line)
        if not cells or set(line.strip()) <= set("─ "):
            continue
        numbers = [c for c in cells[1:] if re.fullmatch(r"[\d−+,.½-]+", c)]
        if label_alone and len(cells) == 1 and re.fullmatch(r"[\d−+,.½/ -]+", cells[0]):
            found += [] if SIGNED.fullmatch(cells[0]) else [cells[0]]
            continue
        label_alone = cells == [cells[0]] and cells[0] in NET_LABELS
        if cells[0].split(":")[-1].strip() in NET_LABELS:
            found += [c for c in numbers if not SIGNED.fullmatch(c)]
        elif "Лучший итог" in cells:
            found += [] if SIGNED.fullmatch(cells[-1]) else [cells[-1]]
        elif any(c in NET_LABELS for c in cells[1:]):
            columns = [i for i, c in enumerate(cells) if c in NET_LABELS]
        elif columns and cells[0].isdigit():
            found += [cells[i] for i in columns if i < len(cells)
                      and re.fullmatch(r"[\d−+,.½-]+", cells[i]) and not SIGNED.fullmatch(cells[i])]
        else:
            columns = []
    return found


def club_problems(line: str) -> list[tuple[str, str]]:
    problems = [(rule, m.group()) for rule, pattern in CLUB_WORDS for m in pattern.finditer(line)]
    problems += [("an improper fraction", m.group()) for m in IMPROPER_FRACTION.finditer(line)
                 if int(m.group(1)) >= int(m.group(2)) > 0]
    return problems


def _assert_club_clean(run: str, text: str) -> None:
    found = violations(run, text) + [Violation(run, line, rule, words)
                                     for line in text.splitlines()
                                     for rule, words in club_problems(line)]
    found += [Violation(run, "", "an unsigned net beside signed ones", net)
              for net in unsigned_nets(text)]
    if found:
        pytest.fail(f"{len(found)} problems in the Russian of {run}:\n"
                    + "\n".join(map(str, found)), pytrace=False)


@pytest.fixture
def club_season(tmp_path):
    """The two Cyrillic sessions in a folder, with two league files: the year ranked on
    the total with a penalty for a missed evening and Глеб excluded; and 1786's one
    evening, where nobody has the two sessions the league asks for."""
    folder = tmp_path / "club"
    folder.mkdir()
    for sample in CLUB_SAMPLES:
        (folder / Path(sample).name).write_text((ROOT / sample).read_text("utf-8"), "utf-8")
    (tmp_path / "year.toml").write_text(
        'title = "Клуб по четвергам: весь сезон"\nrecords = ["club"]\nranking = "total"\n'
        'tie_breaks = ["per-deal", "sessions", "name"]\nexclude = ["Глеб"]\n'
        '[attendance]\nmin_sessions = 3\nabsence = "penalty"\npenalty_per_session = 10\n',
        "utf-8")
    (tmp_path / "winter.toml").write_text(
        'title = "Клуб по четвергам: зима"\nrecords = ["club"]\nranking = "per-deal"\n'
        'from = 1786-01-01\nto = 1786-03-31\nexclude = ["Глеб"]\n'
        '[attendance]\nmin_sessions = 2\n', "utf-8")
    return tmp_path


CLUB_RUNS = {
    "stats": lambda d: ("stats", str(d / "club")),
    "stats --show-deals": lambda d: ("stats", str(d / "club"), "--show-deals"),
    "stats --player": lambda d: ("stats", str(d / "club"), "--player", "Вера"),
    "league (ranked, penalty, excluded)": lambda d: ("league", str(d / "year.toml")),
    "league (nobody ranked)": lambda d: ("league", str(d / "winter.toml")),
    "stats of the archive": lambda d: ("stats", _archived(d)),
}


def _archived(season: Path) -> str:
    """The season's archive, made by ``archive`` (in Russian too: its lines are read)."""
    database = season / "club.sqlite"
    if not database.exists():
        _assert_club_clean("archive", run_ru(("archive", str(season / "club"), "-o",
                                              str(database)), COLUMNS))
    return str(database)


@pytest.mark.parametrize("run", list(CLUB_RUNS))
def test_the_club_commands_read_as_a_russian_club_writes(run, club_season):
    text = run_ru(CLUB_RUNS[run](club_season), COLUMNS)
    assert all(name in text for name in ("Анна", "Вера")), text
    _assert_club_clean(run, text)


def _club_page_text(source: str, out: Path, *options: str) -> str:
    """The visible text of the club page ``report SOURCE -o OUT/`` writes."""
    run_ru(("report", source, "-o", f"{out}/", *options), COLUMNS)
    page = _VisibleText()
    page.feed((out / "index.html").read_text("utf-8"))
    page.close()
    return "\n".join(page.lines)


@pytest.mark.parametrize("kind", ["folder", "folder --league", "archive"])
def test_the_club_page_reads_as_a_russian_club_writes(kind, club_season):
    source = _archived(club_season) if kind == "archive" else str(club_season / "club")
    options = ("--league", str(club_season / "year.toml")) if "--league" in kind else ()
    text = _club_page_text(source, club_season / "page", *options)
    assert all(name in text for name in PLAYERS), text
    _assert_club_clean(f"the club page of a {kind}", text)


CLUB_MUST_FAIL = [
    ("Звания сезона", "«звание» is a rank, not a leader (T4)"),
    (" Место   Игрок   Игры   Сдачи   Зачёт   Итог   Штраф",
     "«Зачёт» is the idiom «в зачёт», not a figure (T5)"),
    (" Итог за сдачу              −9,15   +5,35", "«Итог за сдачу» reads as a deal's net (T3)"),
    ("при равенстве решают: итог за сдачу, больше игр, имя",
     "«Итог за сдачу» reads as a deal's net (T3)"),
    ("места по итогу в целом", "«в целом» is a calque of «in total» (W4)"),
    (" Партия выиграна                3        4", "a singular clause labels a count (W1, P1)"),
    ("   партия проиграна             2       1", "a singular clause labels a count (W1, P1)"),
    (" Реверси предпринят             0        0", "a singular clause labels a count (W1, P1)"),
    (" Корзина взята                  1        0", "a singular clause labels a count (W1, P1)"),
    ("  Anna · Эспаньолетта удалась (1): a.rvs:3", "a singular clause labels a count (W1, P1)"),
    (" Форсирует чужих тузов          5        2", "a singular clause labels a count (W1, P1)"),
    ("Итог за сезон: 5/2 фишки", "an improper fraction"),
]
CLUB_MUST_PASS = [
    "Вне зачёта",
    "  Anna: не участвует в зачёте (правила лиги)",
    "места — по среднему итогу за сдачу",
    " Выигранные партии                   3        4",
    "Вера: эспаньолетта (удалась), кинола упала на черви",
    "Итог за сезон: 2½ фишки; samples/club/2027-01-14.rvs:9, 1/3 ставки",
]


@pytest.mark.parametrize("line, rule", CLUB_MUST_FAIL)
def test_the_club_sweep_finds_what_the_review_found(line, rule):
    assert rule in [found for found, _ in club_problems(line)], club_problems(line)


@pytest.mark.parametrize("line", CLUB_MUST_PASS)
def test_the_club_sweep_lets_through_what_the_review_proposed(line):
    assert club_problems(line) == []


def test_the_club_sweep_finds_an_unsigned_net_beside_signed_ones():
    league_table = (" Место   Игрок   Игры   Сдачи   Результат   Итог   Штраф\n"
                    " ───────────────────────────────────────────────────────\n"
                    "     1   Elena      2      20          97    107     −10\n"
                    "     2   Dima       3      30        −177   −177\n")
    assert unsigned_nets(league_table) == ["97", "107"]
    assert unsigned_nets(league_table.replace("    97    107", "   +97   +107")) == []
    assert unsigned_nets(" Итог за сдачу   −9,15   5,35   0,00\n") == ["5,35"]
    assert unsigned_nets(" Лучший итог      Elena     107\n") == ["107"]
    assert unsigned_nets("   итог   −77   +51   0\n") == []


def _page_text(html: str) -> str:
    """The text a reader sees on a page, a line per piece of text."""
    from html.parser import HTMLParser

    pieces: list[str] = []

    class Text(HTMLParser):
        hidden = 0

        def handle_starttag(self, tag, attrs):
            self.hidden += tag in ("script", "style")

        def handle_endtag(self, tag):
            self.hidden -= tag in ("script", "style")

        def handle_data(self, data):
            if not self.hidden and data.strip():
                pieces.append(data.strip())

    Text().feed(html)
    return "\n".join(pieces)


def test_russian_phone_page_reads_as_russian(tmp_path):
    """reversis serve's pages in Russian: the join form, the new deal, the exchanges, a
    trick with its cards, a refused card, a revoke asked, the deal's statements, the
    balance after a deal."""
    import warnings

    from reversis_cli.record import Recorder
    from reversis_cli.serve import Access, Table, build_app
    from serve_helpers import cut

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    record = tmp_path / "вечер.rvs"
    record.write_text(cut((ROOT / "samples" / "every-event-ru.rvs").read_text("utf-8"), 0),
                      encoding="utf-8")
    recorder = Recorder.open(record)
    client = TestClient(build_app(Table(recorder), Access("123456", str(record)), "ru"))
    pages = [client.get("/").text, client.get("/?code=123456").text]
    dealer = recorder.players[-1]
    pages.append(client.post("/new-deal", data={"dealer": dealer}).text)
    pages.append(client.get("/?panel=exchange").text)
    pages.append(client.post("/exchange", data={"card": "KC"}).text)
    pages.append(client.post("/exchange", data={"done": "yes"}).text)
    for card in ("3H", "3H", "2S", "AH", "6H", "AC", "2C", "3C", "4C", "5H", "7H", "8H", "4H"):
        pages.append(client.post("/card", data={"card": card}).text)
    assert "Так и было за столом?" in pages[-1]
    pages.append(client.post("/answer", data={"happened": "no"}).text)
    pages.append(client.get("/?panel=fix-1-1").text)
    pages.append(client.post("/replace", data={"trick": "1", "index": "1", "card": "5S"}).text)
    pages.append(client.post("/replace", data={"trick": "1", "index": "1", "card": "AH"}).text)
    recorder.close()
    text = "\n".join(_page_text(page) for page in pages)
    assert all(name in text for name in recorder.players) and "Т♥" in text
    _assert_clean("serve", text)

# --- stats --analyse (issue 32): the fiches lost to provable mistakes, in Russian ------

from reversis_cli.analyse.result import DealAnalysis  # noqa: E402
from reversis_cli.club import analysis as club_analysis  # noqa: E402

from test_stats_analyse import handmade  # noqa: E402


def _every_reason(scored, profile, from_trick: int = 8) -> DealAnalysis:
    """Findings by hand (tests/test_stats_analyse.py), and each reason a deal
    is out of reach among the deals."""
    n = scored.checked.number
    reasons = {2: ("not-settled", None), 4: ("irregular", "IRR-4"), 6: ("too-late", None)}
    if n in reasons:
        return DealAnalysis(n, tuple(scored.settlement.net), None, *reasons[n])
    return handmade(scored, profile, from_trick=from_trick)


STATS_ANALYSE_RUNS = ("records", "archive", "archive again", "--player")


def test_stats_analyse_by_the_search_reads_as_a_russian_club_writes(club_season):
    text = run_ru(("stats", str(club_season / "club"), "--analyse", "--from-trick", "9",
                   "--show-deals"), COLUMNS)
    assert "Фишки, потерянные на доказуемых ошибках" in text and "вне разбора" in text, text
    _assert_club_clean("stats --analyse", text)


@pytest.mark.parametrize("run", STATS_ANALYSE_RUNS)
def test_stats_analyse_reads_as_a_russian_club_writes(run, club_season, monkeypatch):
    monkeypatch.setattr(club_analysis, "default_analyser", lambda: _every_reason)
    source = str(club_season / "club") if run in ("records", "--player") else \
        _archived(club_season)
    args: tuple[str, ...] = ("stats", source, "--analyse", "--from-trick", "10",
                             "--show-deals")
    args += ("--player", "Вера") if run == "--player" else ()
    text = run_ru(args, COLUMNS)
    if run == "archive again":  # read from the archive: its line too
        text = run_ru(args, COLUMNS)
        assert "взято из архива" in text
    for words in ("Фишки, потерянные на доказуемых ошибках", "Доказуемые ошибки (разбор со "
                  "взятки 10)", "вне разбора: нарушение (IRR-4)", "вне разбора: слишком поздно",
                  "вне разбора: не рассчитана", "Со взятки"):
        assert words in text, text
    _assert_club_clean(run, text)


def test_stats_analyse_of_a_changed_record_says_so_in_russian(club_season, monkeypatch):
    monkeypatch.setattr(club_analysis, "default_analyser", lambda: _every_reason)
    database = _archived(club_season)
    record = club_season / "club" / "tver-ru.rvs"
    record.write_text(record.read_text("utf-8") + "\n", "utf-8")
    status, text = _run_ru_any(("stats", database, "--analyse", "--from-trick", "10"))
    assert status == 1 and "ошибка[RV616]" in text, text
    assert "Не разобраны:" in text
    _assert_club_clean("stats --analyse of a changed record", text)
