"""Rule profiles (docs/rules.md options): the built-in classic and modern, and house files."""

from .profile import (
    BUILTIN_PROFILES, OPTIONS, Option, Profile, RuleOptions, builtin_profile,
    format_option_value, load_profile, parse_option_value,
)

DEFAULT_PROFILE = "classic"  # a record without a rules line (docs/notation.md)

__all__ = [
    "DEFAULT_PROFILE", "BUILTIN_PROFILES", "OPTIONS", "Option", "Profile", "RuleOptions",
    "builtin_profile", "format_option_value", "load_profile", "parse_option_value",
]
