"""Which language a run speaks when ``--lang`` is not given: the locale's."""

from __future__ import annotations

from collections.abc import Mapping

__all__ = ["language_cards", "language_from_environment"]

# The POSIX order of precedence for the language of messages.
_LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")


def language_cards(language: str) -> str:
    """How a reader of ``language`` sees cards when no ``--cards`` says otherwise
    (a card style of :mod:`reversis_cli.cards`): with Russian letters in Russian
    (Т♠ К♥ Д♦ В♣), as A♠ otherwise.  Only what is shown: a record, a file written
    or JSON never follows the language."""
    return "ru" if language == "ru" else "unicode"


def language_from_environment(environ: Mapping[str, str], known: tuple[str, ...]) -> str:
    """``ru_RU.UTF-8`` -> ``ru``; the first variable set decides; a language the
    tool does not know, ``C`` or ``POSIX`` gives English, silently."""
    for variable in _LOCALE_VARIABLES:
        value = environ.get(variable, "")
        if value:
            code = value.split(".", 1)[0].split("@", 1)[0].split("_", 1)[0].lower()
            return code if code in known else "en"
    return "en"
