"""``reversis rules``: the options of a rule profile, or where two profiles differ.

Renderables only; nothing here prints.  The table of options adapts to the
width it is given (see :class:`_Listing`).  With ``quote`` each option is
followed by the Russian paragraphs it cites, dim.

Everything is written in the run's language: headings, meanings, allowed
values and the descriptions of the built-in profiles.  What a player types
(option names, their values, profile names, rule ids, source references)
stays as it is typed; a house profile's own description is shown as written.
"""

from __future__ import annotations

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from ..i18n import Msg, t, tr
from ..rules.profile import BUILTIN_PROFILES, OPTIONS, Option, Profile, format_option_value
from ..rules.sources import expand_ref, paragraph, sources_for_option

__all__ = ["allowed_text", "differing_options", "profile_line", "render_profile",
           "render_diff", "render_quotes"]


def differing_options(a: Profile, b: Profile) -> list[str]:
    """The options, in registry order, on which two profiles give different values."""
    pairs = zip(a.options.items(), b.options.items(), strict=True)
    return [name for (name, ours), (_, theirs) in pairs if ours != theirs]


def _value(profile: Profile, name: str) -> str:
    return str(format_option_value(name, profile.options.as_dict()[name]))


def _is_built_in(profile: Profile) -> bool:
    return (profile.name in BUILTIN_PROFILES and profile.source == profile.name
            and profile.base == profile.name)


def _description(profile: Profile) -> str:
    """A built-in profile's description is a message of the rules catalog; a house
    profile's is the file's own text, shown as written."""
    return tr(profile.description) if _is_built_in(profile) else profile.description


def _where(profile: Profile) -> str:
    if _is_built_in(profile):
        return tr("built in")
    if profile.source:
        return t(Msg("file {path}", path=profile.source))
    return tr("given")


def profile_line(profile: Profile, label: str | None = None) -> Text:
    """One line: name, description, base and where the values came from.
    ``label`` is written as given (A, B); the default is the word "Rules"."""
    line = Text(f"{tr('Rules') if label is None else label}: ")
    line.append(profile.name, style="bold")
    if profile.description:
        line.append(f" — {_description(profile)}")
    base = t(Msg("base {base}; {where}", base=profile.base or profile.name,
                 where=_where(profile)))
    line.append(f" ({base})", style="dim")
    return line


def allowed_text(option: Option) -> str:
    """The values ``option`` takes, in the run's language."""
    return t(option.allowed())


def render_quotes(name: str) -> RenderableType:
    """The Russian paragraphs option ``name`` cites, each after its reference, dim."""
    quotes = Text(style="dim")
    for ref, _ in sources_for_option(name):
        for single in expand_ref(ref):
            if quotes:
                quotes.append("\n")
            quotes.append(f"{single}  ", style="bold")
            quotes.append(f"«{paragraph(single)}»")
    return Padding(quotes, (0, 0, 1, 4))


_VALUE_MAX = 16  # a longer value (diamond_ace_and_quinola) folds
_FLEX_MIN = (24, 40)  # the least room Meaning (and Allowed) need for the wide layout
_OVERHEAD = 3  # padding and separator per column


class _Listing:
    """Options as a table; the columns adapt to the width the console offers.

    Wide: Option | value(s) | Allowed | Meaning | Rules | Sources.  Narrow
    (an 80-column terminal, a pipe): Option | value(s) | one column holding
    the meaning, the allowed values, the rule ids and the sources.  With
    ``quote`` each option is its own table (same fixed widths, so the columns
    line up) followed by its quotes.
    """

    def __init__(self, names: list[str], profiles: list[Profile], headers: list[str],
                 allowed: bool, quote: bool, marked: set[str]):
        self.names, self.profiles, self.headers = names, profiles, headers
        self.allowed, self.quote, self.marked = allowed, quote, marked

    def _value(self, profile: Profile, name: str) -> str:
        return _value(profile, name) + (" *" if name in self.marked else "")

    def _fixed(self) -> dict[str, object]:
        names = self.names
        return {
            "option": max(len(n) for n in names),
            "values": [max(min(max(len(self._value(p, n)) for n in names), _VALUE_MAX),
                           min(len(h), _VALUE_MAX))
                       for p, h in zip(self.profiles, self.headers, strict=True)],
            "rules": max(len(r) for n in names for r in OPTIONS[n].rules),
            "sources": min(max(len(OPTIONS[n].sources) for n in names), 12),
        }

    def _layout(self, width: int, fixed: dict) -> str:
        """``wide``, ``narrow`` (details in one column) or ``stacked`` (no table)."""
        columns = 4 + len(self.profiles) + self.allowed
        used = fixed["option"] + sum(fixed["values"]) + fixed["rules"] + fixed["sources"]
        if width - used - _OVERHEAD * columns >= _FLEX_MIN[self.allowed]:
            return "wide"
        used = fixed["option"] + sum(fixed["values"])
        if width - used - _OVERHEAD * (2 + len(self.profiles)) >= _FLEX_MIN[0]:
            return "narrow"
        return "stacked"

    def _details(self, name: str) -> Text:
        option = OPTIONS[name]
        details = Text(tr(option.meaning))
        if self.allowed:
            allowed = t(Msg("allowed: {values}", values=allowed_text(option)))
            details.append(f"\n{allowed}", style="dim")
        cited = t(Msg("rules: {rules}; sources: {sources}", rules=" ".join(option.rules),
                      sources=option.sources))
        details.append(f"\n{cited}", style="dim")
        return details

    def _stacked(self, name: str) -> RenderableType:
        head = Text(name, style="bold")
        values = [(h, self._value(p, name)) for h, p in
                  zip(self.headers, self.profiles, strict=True)]
        if len(values) == 1:
            head.append(f" = {values[0][1]}")
        else:
            head.append(" — " + "; ".join(f"{h}: {v}" for h, v in values))
        return Group(head, Padding(self._details(name), (0, 0, 0 if self.quote else 1, 4)))

    def _table(self, fixed: dict, wide: bool, header: bool) -> Table:
        table = Table(box=box.SIMPLE_HEAD, show_header=header, show_edge=False, expand=True,
                      pad_edge=False, header_style="bold")
        table.add_column(tr("Option"), width=fixed["option"], overflow="fold")
        for title, width in zip(self.headers, fixed["values"], strict=True):
            table.add_column(title, width=width, overflow="fold")
        if not wide:
            table.add_column(tr("Meaning"), ratio=1, overflow="fold")
            return table
        if self.allowed:
            table.add_column(tr("Allowed"), ratio=2, overflow="fold")
        table.add_column(tr("Meaning"), ratio=3, overflow="fold")
        table.add_column(tr("Rules"), width=fixed["rules"])
        table.add_column(tr("Sources"), width=fixed["sources"])
        return table

    def _cells(self, name: str, wide: bool) -> list[RenderableType]:
        option = OPTIONS[name]
        cells: list[RenderableType] = [name, *(self._value(p, name) for p in self.profiles)]
        if wide:
            cells += [allowed_text(option)] if self.allowed else []
            return cells + [tr(option.meaning), " ".join(option.rules), option.sources]
        return cells + [self._details(name)]

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        fixed = self._fixed()
        layout = self._layout(options.max_width, fixed)
        if layout == "stacked":
            for name in self.names:
                yield self._stacked(name)
                if self.quote:
                    yield render_quotes(name)
            return
        wide = layout == "wide"
        table = self._table(fixed, wide, header=True)
        for name in self.names:
            table.add_row(*self._cells(name, wide))
            if self.quote:
                yield table
                yield render_quotes(name)
                table = self._table(fixed, wide, header=False)
        if not self.quote:
            yield table


def render_profile(profile: Profile, quote: bool = False) -> Group:
    """Every option of ``profile``: value, allowed values, meaning, rules, sources."""
    marked = set(profile.overridden)
    parts: list[RenderableType] = [profile_line(profile), Text()]
    parts.append(_Listing(list(OPTIONS), [profile], [tr("Value")], allowed=True, quote=quote,
                          marked=marked))
    if marked:
        parts.append(Text(t(Msg("* changed from the {base} profile ({n} of {total} options)",
                                base=profile.base, n=len(marked), total=len(OPTIONS))),
                          style="dim"))
    return Group(*parts)


def _labels(a: Profile, b: Profile, given: tuple[str, str] | None) -> tuple[str, str]:
    if a.name != b.name:
        return a.name, b.name
    if given and given[0] != given[1]:
        return given
    return f"{a.name} (A)", f"{b.name} (B)"


def render_diff(a: Profile, b: Profile, quote: bool = False,
                given: tuple[str, str] | None = None) -> Group:
    """The options on which ``a`` and ``b`` differ, with both values.

    ``given`` is what the user typed for each profile, to tell two profiles
    with the same name apart in the column headings.
    """
    label_a, label_b = _labels(a, b, given)
    parts: list[RenderableType] = [profile_line(a, "A"), profile_line(b, "B"), Text()]
    names = differing_options(a, b)
    if not names:
        parts.append(Text(t(Msg("{a} and {b} agree on every option", a=label_a, b=label_b))))
        return Group(*parts)
    parts.append(_Listing(names, [a, b], [label_a, label_b], allowed=False, quote=quote,
                          marked=set()))
    parts.append(Text(t(Msg("{a} and {b} differ on {n} of {total} options", a=label_a,
                            b=label_b, n=len(names), total=len(OPTIONS))), style="dim"))
    return Group(*parts)
