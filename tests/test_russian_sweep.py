"""Issue 21's "Done when", as a test: the Cyrillic session (samples/every-event-ru.rvs:
Анна, Борис, Вера, Глеб; every irregularity, a reversis made and one broken, two
espagnolettes, ordinary deals) read in Russian through ``check``, ``score``, ``show``,
``explain`` and ``arbitrate`` of every deal, ``rules`` and ``rules --quote``, the
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
(classic, modern), the rule options' ids (forced_means; they are the TOML keys too), their
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

import re
import typing
from dataclasses import dataclass

import click
import pytest

from reversis_cli.club.settleup import MINOR_DIGITS
from reversis_cli.club.settleup_words import CURRENCY_SIGNS
from reversis_cli.cli import COMMANDS, cli
from reversis_cli.record.tui_problems import LINE_MODE_WORDS
from reversis_cli.rules.options import RuleOptions
from reversis_cli.rules.profile import BUILTIN_PROFILES
from reversis_cli.vocabulary import DEAL_KEYWORDS, HEADER_KEYWORDS

from conftest import some_by_default
from glossary import VARIANTS
from russian_session import ROOT, by_default, other_runs, report_text, run_ru, session_runs

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

RUNS = {**session_runs(), **other_runs()}


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
    from reversis_cli.record.tui import EVENTS
    from reversis_cli.record.tui_view import lines_view, status_line

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
    from reversis_cli.record.tui_problems import problem_view

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
