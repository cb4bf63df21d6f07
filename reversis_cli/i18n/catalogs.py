"""The compiled gettext catalogs, one per area of the tool.

Each area has its own catalog (domain) so that its messages are kept
together: ``reversis_cli/locale/ru/LC_MESSAGES/DOMAIN.po``, compiled to
``.mo`` when the package is built (hatch_build.py).  A catalog that cannot be
loaded leaves its messages in English rather than stopping a run at the
table; the tests load every catalog strictly (tests/test_i18n_catalogs.py).
"""

from __future__ import annotations

import gettext
from functools import cache
from pathlib import Path

from .message import Count, Msg

__all__ = ["DOMAINS", "LANGUAGES", "LOCALE_DIR", "Translator", "translator"]

LANGUAGES = ("en", "ru")
DOMAINS = ("cli", "diagnostics", "convert", "render", "settle", "rules")
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"


class Translator:
    """One language: looks messages up in every domain's catalog."""

    def __init__(self, language: str, catalogs: gettext.NullTranslations) -> None:
        self.language = language
        self._catalogs = catalogs
        # English looks nothing up: a Msg is already its English text.
        self._english = language == "en" and type(catalogs) is gettext.NullTranslations

    def gettext(self, message: str) -> str:
        return self._catalogs.gettext(message) if message else message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self._catalogs.ngettext(singular, plural, n)

    def text(self, message: Msg | Count | str) -> str:
        """A message in this language; a plain string is looked up as it is."""
        if isinstance(message, Msg):
            # In English the text the message was made with (filled from the
            # same templates, the same plural rule): not filled a second time,
            # unless it holds a fraction, which that text writes exactly (5/2)
            # and a reader's English as a whole part and a fraction (2 1/2).
            if self._english:
                english = str.__str__(message)
                if "/" not in english:
                    return english
            return message.written(self)
        if isinstance(message, Count):
            return message.written(self)
        return self.gettext(message)


@cache
def translator(language: str, strict: bool = False) -> Translator:
    """The translator for ``language`` ("en" or "ru"); ``strict`` raises when a
    catalog is missing (the tests), instead of falling back to English."""
    if language == "en":
        return Translator("en", gettext.NullTranslations())
    chain = gettext.NullTranslations()
    for domain in DOMAINS:
        try:
            catalog = gettext.translation(domain, LOCALE_DIR, languages=[language])
        except (OSError, ValueError):  # not compiled, unreadable, or corrupt
            if strict:
                raise
            continue
        catalog.add_fallback(chain)
        chain = catalog
    return Translator(language, chain)
