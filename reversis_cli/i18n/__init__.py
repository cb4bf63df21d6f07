"""Messages in the reader's language: English or Russian.

The library never writes a sentence a person reads when it finds something:
it makes a :class:`Msg`, an English template (the gettext message id, with
``{name}`` placeholders) and its values.  Sentences are made when something
is shown, in the language chosen for the run (:func:`use`), with the
standard :mod:`gettext` catalogs compiled from ``reversis_cli/locale``
(docs/translating.md says how a message is added).  Machine output (JSON)
always uses the English template, so scripts never depend on the language.

Values in a message are written by type: a nested :class:`Msg` in the same
language, a :class:`Count` in the language's plural form (1 фишка, 2 фишки,
5 фишек), a card as players see it (A♠), an amount as the language writes
it (``5/2``, ``-30``; ``2½``, ``−30``: :mod:`.numbers`).
"""

from __future__ import annotations

from .catalogs import DOMAINS, LANGUAGES, Translator, translator
from .language import language_from_environment
from .message import Count, Figure, Msg, N_, english, fiches
from .state import amount_shown, average_shown, current, lang, money_shown, set_language, t, tr, use

__all__ = [
    "DOMAINS", "LANGUAGES", "Count", "Figure", "Msg", "N_", "Translator", "amount_shown",
    "average_shown", "current", "english",
    "fiches", "lang", "language_from_environment", "money_shown", "set_language", "t", "tr",
    "translator", "use",
]
