"""Former home of the session service and the score JSON, kept as a name for
the modules that still import from it (``check``, ``convert``, ``cli_common``).

Settling a record deal by deal is :mod:`reversis_cli.session`; the JSON of
``score --json`` is :mod:`reversis_cli.jsonout`.  Nothing is defined here.
"""

from __future__ import annotations

from .jsonout import deal_json, internal_error_json, internal_error_text
from .session import (
    DEFAULT_PROFILE, JETON, ScoredDeal, header_profile_problems, pool_start_of, resolve_profile,
    score_deals,
)

__all__ = ["DEFAULT_PROFILE", "ScoredDeal", "resolve_profile", "header_profile_problems",
           "score_deals", "deal_json", "pool_start_of", "JETON", "internal_error_text",
           "internal_error_json"]
