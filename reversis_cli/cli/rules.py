"""``reversis rules``: show a rule profile, or where two profiles differ.

Like the other commands it parses its arguments, loads the profiles (the one
library call) and prints renderables; as in every command module, the
renderers (and rich) are imported inside the command function, for start-up
time.
"""

from __future__ import annotations

import click

from .common import Msg, command, console, load_rules_option, option, usage_error

__all__ = ["rules_command"]


@command("rules")
@click.argument("profile", metavar="[PROFILE|FILE]", required=False)
@option("--diff", nargs=2, metavar="A B", default=None,
        help="Show only the options on which profiles A and B differ.")
@option("--quote", is_flag=True,
        help="Quote under each option the Russian paragraphs it cites.")
def rules_command(profile: str | None, diff: tuple[str, str] | None, quote: bool) -> None:
    """List the rule options of a profile (default: classic), or compare two.

    PROFILE is classic, modern or the path of a TOML house profile.
    """
    if diff and profile is not None:
        raise usage_error(Msg("give either a PROFILE or --diff A B, not both"))
    if diff:
        from ..render.rules import render_diff  # start-up time

        a, b = (load_rules_option(name, option="--diff") for name in diff)
        console().print(render_diff(a, b, quote=quote, given=diff))
    else:
        from ..render.rules import render_profile  # start-up time

        chosen = load_rules_option(profile or "classic", option="'[PROFILE|FILE]'")
        console().print(render_profile(chosen, quote=quote))
