"""``reversis rules``: show a rule profile, or where two profiles differ.

Registered on the main group in :mod:`reversis_cli.cli` with
``cli.add_command(rules_command)``.  Like the other commands it parses its
arguments, loads the profiles (the one library call) and prints renderables;
rich and the renderers are imported only when the command runs.
"""

from __future__ import annotations

import click

__all__ = ["rules_command"]


def _console():
    from rich.console import Console

    return Console(highlight=False, soft_wrap=False)


def _load(name_or_path: str, hint: str):
    """The profile, or a usage error (exit 2) with the profile's diagnostic message."""
    from .diagnostics import ProfileError
    from .rules.profile import load_profile

    try:
        return load_profile(name_or_path)
    except ProfileError as exc:
        raise click.BadParameter(exc.diagnostic.message, param_hint=hint) from None


@click.command("rules")
@click.argument("profile", metavar="[PROFILE|FILE]", required=False)
@click.option("--diff", nargs=2, metavar="A B", default=None,
              help="Show only the options on which profiles A and B differ.")
@click.option("--quote", is_flag=True,
              help="Quote under each option the Russian paragraphs it cites.")
def rules_command(profile: str | None, diff: tuple[str, str] | None, quote: bool) -> None:
    """List the rule options of a profile (default: classic), or compare two.

    PROFILE is classic, modern or the path of a TOML house profile.
    """
    if diff and profile is not None:
        raise click.UsageError("give either a PROFILE or --diff A B, not both")
    if diff:
        from .render.rules import render_diff

        a, b = (_load(name, "--diff") for name in diff)
        _console().print(render_diff(a, b, quote=quote, given=tuple(diff)))
    else:
        from .render.rules import render_profile

        chosen = _load(profile or "classic", "'[PROFILE|FILE]'")
        _console().print(render_profile(chosen, quote=quote))
