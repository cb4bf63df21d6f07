"""``reversis rules --infer``: the options a table played, and the evidence.

Renderables only; nothing here prints.  The sentences are in the run's
language; option names and values, and the house profile (TOML, data), are
written as a player types them.
"""

from __future__ import annotations

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..i18n import N_, Count, Msg, t, tr
from ..sheet.infer import MAX_CHANGES, Change, Inference
from ..rules import Profile
from ..rules.profile import format_option_value

__all__ = ["render_inference"]

_COLUMNS = (N_("Option"), N_("Record"), N_("Table"), N_("Deals only it explains"))


def _numbers(numbers: tuple[int, ...]) -> str:
    return ", ".join(str(n) for n in numbers)


def _changes_text(changes: tuple[Change, ...]) -> str:
    return ", ".join(f"{c.option} = {c.value}" for c in changes)


def _label(profile: Profile, held: tuple[str, ...]) -> Msg | str:
    """A profile as the summary names it: its name, and the options the
    record's set lines or --set give, with their values."""
    if not held:
        return profile.name
    values = dict(profile.options.items())
    given = ", ".join(f"{name} = {format_option_value(name, values[name])}" for name in held)
    return Msg("{profile} (with {options})", profile=profile.name, options=given)


def _departs(profile: Msg | str, numbers: tuple[int, ...]) -> Msg:
    return Msg("Under {profile} the table departs from the rules in these deals ({n}): "
               "{numbers}.", profile=profile, numbers=_numbers(numbers), n=len(numbers))


def _summary(inference: Inference) -> list[Msg]:
    base = _label(inference.base, inference.held)
    lines = [Msg("{name}: {deals}, with the table's figures: {recorded}", name=inference.name,
                 deals=Count(inference.deals, "{n} deal", "{n} deals"),
                 recorded=inference.recorded)]
    before = inference.disagreeing_before
    if inference.record_profile is not None:  # the table played another built-in profile
        numbers = inference.disagreeing_in_record
        lines.append(Msg("The record says {profile}: under it the table departs from the rules "
                         "in these deals ({n}): {numbers}.",
                         profile=_label(inference.record_profile, inference.held),
                         numbers=_numbers(numbers), n=len(numbers)))
        if not before:
            lines.append(Msg("The table played {profile}: every recorded figure agrees with it.",
                             profile=base))
            return lines
        lines.append(Msg("The figures are closer to {profile}: the search starts from it.",
                         profile=base))
    elif not before:
        lines.append(Msg("Every recorded figure agrees with {profile}: nothing to change.",
                         profile=base))
        return lines
    lines.append(_departs(base, before))
    if inference.agrees:
        lines.append(Msg("Every recorded figure agrees with these changes ({n}):",
                         n=len(inference.changes)))
    elif inference.changes:
        lines.append(Msg("No set of at most {most} changes makes every figure agree. The "
                         "closest reading found (changes: {n}) still departs from the rules "
                         "in these deals: {numbers}.", most=MAX_CHANGES, n=len(inference.changes),
                         numbers=_numbers(inference.disagreeing)))
    else:
        lines.append(Msg("No change of the options tried makes fewer deals depart from the "
                         "rules: their figures are the table's own mistakes, or follow a rule "
                         "no option describes."))
    return lines


def _evidence(inference: Inference) -> Table:
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    headings = [tr(heading) for heading in _COLUMNS]
    if inference.another_profile:  # the values changed are the other profile's, not the record's
        headings[1] = inference.base.name
    for heading in headings:
        table.add_column(heading)
    for change in inference.changes:
        table.add_row(change.option, change.was, change.value,
                      _numbers(inference.evidence.get(change.option, ())))
    return table


def _notes(inference: Inference) -> list[Msg]:
    notes = []
    for other in inference.alternatives:
        notes.append(Msg("These explain the figures as well: {changes}",
                         changes=_changes_text(other)))
    if inference.uninferable:
        notes.append(Msg("Cannot be inferred from this session (no value tried changes a "
                         "payment in it): {options}", options=", ".join(inference.uninferable)))
    if inference.held:
        notes.append(Msg("Kept as the record's set lines or --set give them: {options}",
                         options=", ".join(inference.held)))
    if inference.budget_spent:
        notes.append(Msg("The search stopped before it had tried every set of changes: "
                         "another set may explain more."))
    return notes


def render_inference(inference: Inference, written_to: str | None = None) -> RenderableType:
    """What the search found: the summary, the options changed with their
    evidence, what cannot be known, and the house profile (or where it was
    written: a file, or ``-`` for standard output)."""
    parts: list[RenderableType] = [Text(t(line)) for line in _summary(inference)]
    if inference.changes:
        parts.append(_evidence(inference))
    parts += [Text(t(note)) for note in _notes(inference)]
    parts.append(Text(""))
    if written_to == "-":
        parts.append(Text(tr("The house profile is written to standard output.")))
    elif written_to is not None:
        parts.append(Text(t(Msg("The house profile is written to {path}; score the record "
                                "with --rules {path}", path=written_to))))
    else:
        parts.append(Text(tr("The house profile (write it to a file with -o FILE):")))
        # never wrapped: a comment's tail on a line of its own would not be TOML
        parts.append(Text(inference.house_profile.rstrip("\n"), no_wrap=True,
                          overflow="ignore"))
    return Group(*parts)
