"""The options and arguments several commands take, defined once: the rule
profile (--rules, --set) and its problems as usage errors pinned on the option,
--cards, --jobs, --json, and the record files read."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from ..i18n import Msg, lang, tr
from ..i18n.language import language_cards
from .common import FilePath, Option, argument, bad_parameter, option, problem_text

if TYPE_CHECKING:
    from ..session.service import Session

__all__ = [
    "CARD_STYLES", "CardsOption", "apply_sets", "card_style_option", "cards_option",
    "check_profile_options", "file_argument", "files_argument", "input_files", "jobs_option",
    "json_option", "load_rules_option", "open_session", "profile_options",
    "profile_usage_error", "record_files_argument", "rules_option", "serial_if_stdin",
    "set_option", "shown_cards",
]

CARD_STYLES = click.Choice(["ascii", "unicode", "ru"], case_sensitive=False)


def parse_sets(ctx, param, values) -> dict[str, str]:
    sets = {}
    for item in values:
        name, sep, value = item.partition("=")
        if not sep or not name.strip() or not value.strip():
            raise bad_parameter(Msg("{item}: write option=value, e.g. partie_ties=split",
                                    item=repr(item)))
        sets[name.strip()] = value.strip()
    return sets


def rules_option(help: str = "Rule profile: classic, modern or a TOML file; replaces the "
                                  "record's own.", **kwargs):
    return option("--rules", metavar="PROFILE|FILE", help=help, **kwargs)


def set_option(help: str = "Override one option of the rule profile (repeatable)."):
    return option("--set", "sets", multiple=True, callback=parse_sets,
            metavar="OPTION=VALUE", help=help)


def profile_options(func):
    """--rules and --set, as score and explain take them."""
    return rules_option()(set_option()(func))


def card_style_option(default: str | None = "unicode", help: str = "How to write cards."):
    return option("--cards", "style", type=CARD_STYLES, default=default,
                  show_default=default is not None, help=help, cls=CardsOption)


class CardsOption(Option):
    """``--cards`` of the commands that show cards: its default, ``unicode``
    (A♠), is ``ru`` (Т♠) when the run speaks Russian, in the help as in the
    value the command gets; a ``--cards`` given still chooses."""

    def get_default(self, ctx: click.Context, call: bool = True):
        default = super().get_default(ctx, call=call)
        return shown_cards(None) if default == "unicode" else default


def shown_cards(style: str | None) -> str:
    """How cards are shown: as ``--cards`` says, else as a reader of the run's
    language writes them (Т♠ in Russian, A♠ in English)."""
    return style.lower() if style else language_cards(lang())


cards_option = card_style_option()


def jobs_option(func):
    return option("--jobs", "-j", type=click.IntRange(min=1), default=1, show_default=True,
                  help="Files to work on at once, each in its own process.")(func)


def json_option(help: str):
    return option("--json", "as_json", is_flag=True, help=help)


# Commands that read many records: files, folders, patterns or '-'.
files_argument = argument("inputs", metavar="FILES...", nargs=-1, required=True)
# Commands that read one record ('-': standard input).
file_argument = argument("file", type=FilePath(exists=True, dir_okay=False,
                                                       allow_dash=True))
# Commands that rewrite records in place.
record_files_argument = argument("files", nargs=-1, required=True,
                                       type=FilePath(exists=True, dir_okay=False,
                                                       allow_dash=True))


# Which option a profile problem from the command line is about, by its code:
# an unknown or unreadable profile is --rules, a bad option or value is --set.
PROFILE_OPTION_BY_CODE = {"RV401": "--rules", "RV402": "--set"}


def profile_usage_error(exc, option: str | None = None) -> click.BadParameter:
    """A ProfileError from the command line as a usage error pinned on its option:
    ``option`` when the caller knows it, else the one its code points at."""
    diagnostic = exc.diagnostic
    return bad_parameter(diagnostic.message,
                         param_hint=option or PROFILE_OPTION_BY_CODE[diagnostic.code])


def load_rules_option(rules: str, base_dir: Path | None = None, option: str = "--rules"):
    """The profile named on the command line; any problem with it (the file
    named too, whatever its code) is a usage error pinned on ``option``."""
    from ..diagnostics import ProfileError  # the library: start-up time
    from ..rules import load_profile  # the library: start-up time

    try:
        return load_profile(rules, base_dir=Path.cwd() if base_dir is None else base_dir)
    except ProfileError as exc:
        raise profile_usage_error(exc, option) from None


def apply_sets(profile, sets: dict[str, str], option: str = "--set"):
    """``profile`` with the command line's --set overrides; a bad one is a usage error."""
    from ..diagnostics import ProfileError  # the library: start-up time

    try:
        return profile.with_overrides(sets) if sets else profile
    except ProfileError as exc:
        raise profile_usage_error(exc, option) from None


def check_profile_options(rules: str | None, sets: dict[str, str]) -> None:
    """A bad --rules or --set is a usage error, said before any file is read."""
    apply_sets(load_rules_option(rules or "classic"), sets)


def open_session(file: str, rules: str | None, sets: dict[str, str]) -> Session:
    """The record opened as a session; a bad --rules or --set is a usage error."""
    from ..diagnostics import ProfileError  # the library: start-up time
    from ..session.service import Session  # the library: start-up time

    try:
        return Session.open(file, rules, sets)
    except ProfileError as exc:
        raise profile_usage_error(exc) from None


def serial_if_stdin(files: list[Path], jobs: int) -> int:
    """The number of processes to use: one when standard input is among the
    files, which only this process can read."""
    return 1 if any(str(path) == "-" for path in files) else jobs


def input_files(inputs: tuple[str, ...]) -> list[Path]:
    from ..session.inputs import InputError, expand_inputs  # the library: start-up time

    try:
        return expand_inputs(inputs)
    except InputError as exc:
        raise bad_parameter(problem_text(exc), param_hint=tr("FILES")) from None
