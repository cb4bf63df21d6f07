"""Rule profiles: the named options of docs/rules.md and their values.

Where the sources disagree, docs/rules.md names an *option*; a profile gives each
option a value.  The two built-in profiles live beside this module as data
(``classic.toml``, ``modern.toml``, each line citing its source paragraph).
A house profile is a TOML file that names a built-in base and overrides
some options::

    base = "classic"
    name = "Lvov house"                 # optional
    description = "quinola worth 4"     # optional
    partie_quinola = 4                  # overrides, at top level ...
    [options]                           # ... or in an [options] table
    late_tricks_double = "none"

Option kinds and their typed values (``Profile.options``, one
:class:`~.options.RuleOptions` with a typed field per option):

* ``choice`` -- one of named words, a ``Literal`` of them;
* ``int``    -- a non-negative ``int``;
* ``bool``   -- ``True``/``False``; written ``yes``/``no`` (also ``true``/``false``);
* ``tricks`` -- a ``frozenset`` of trick numbers 1..11; written ``10,11`` or ``none``.

JSON convention (``Profile.to_json_options``): choices as their word, ints as
JSON integers, bools as ``"yes"``/``"no"``, trick sets as ``"10,11"`` (sorted)
or ``"none"`` -- the same words a ``set`` line of a record accepts, so the
JSON round-trips through :func:`parse_option_value`.

Errors raise :class:`ProfileError` carrying an RV401 (unknown or unreadable
profile) or RV402 (unknown option, bad value) diagnostic without a position;
the reader adds file and line.  Nothing falls back silently to a default.
Their messages are :class:`~reversis_cli.i18n.Msg`: English as text, written in
the run's language where they are shown.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any

from ..amounts import MAX_DIGITS, WHOLE, shown, too_many_digits
from ..diagnostics import ProfileError, diagnostic
from ..files import FileKindError, read_regular_file, reading_problem
from ..i18n import N_
from ..invisible import describe, first_forbidden, visible
from ..i18n import Msg
from ..values import Value, setattr_frozen
from .money import MONEY_OPTIONS, NO_MONEY, MoneyOptions, WrittenFloat
from .options import RuleOptions
from .values import values_list

__all__ = [
    "Option", "OPTIONS", "BUILTIN_PROFILES", "Profile", "RuleOptions", "load_profile",
    "parse_option_value", "format_option_value", "builtin_profile",
]

BUILTIN_PROFILES = ("classic", "modern")
TRICK_NUMBERS = range(1, 12)
_META_KEYS = ("base", "name", "description")
# A house profile is a few dozen lines; anything this big is not one.
MAX_PROFILE_BYTES = 1 << 20


class Option(Value):
    """One named option of docs/rules.md: its kind, allowed values and meaning."""

    __slots__ = _fields = ("name", "kind", "meaning", "rules", "sources", "values")
    name: str
    kind: str  # "choice" | "int" | "bool" | "tricks"
    meaning: str
    rules: tuple[str, ...]
    sources: str
    values: tuple[str, ...]  # the words of a choice

    def __init__(self, name: str, kind: str, meaning: str, rules: tuple[str, ...], sources: str,
                 values: tuple[str, ...] = ()):
        setattr_frozen(self, "name", name)
        setattr_frozen(self, "kind", kind)
        setattr_frozen(self, "meaning", meaning)
        setattr_frozen(self, "rules", rules)
        setattr_frozen(self, "sources", sources)
        setattr_frozen(self, "values", values)

    def allowed(self) -> Msg:
        """The allowed values, in words a player reads in an error message."""
        if self.kind == "choice":
            # English "pool, stake"; Russian each value with its meaning
            return Msg("one of {values}", values=values_list(self.name, self.values))
        if self.kind == "int":
            return Msg("a whole number, 0 or more, of at most {digits} digits",
                       digits=MAX_DIGITS)
        if self.kind == "bool":
            return Msg("yes or no")
        return Msg("trick numbers 1-11 separated by commas (such as 10,11), or none")


def _choice(name: str, values: str, meaning: str, rules: str, sources: str) -> Option:
    return Option(name, "choice", meaning, tuple(rules.split()), sources, tuple(values.split()))


def _opt(name: str, kind: str, meaning: str, rules: str, sources: str) -> Option:
    return Option(name, kind, meaning, tuple(rules.split()), sources)


_OPTION_LIST = (
    _choice("direction", "counterclockwise clockwise",
            N_("Which way play goes round the table; shown in reports, never used in scoring."),
            "SEAT-1", "C¶10; C¶50; M¶8"),
    _choice("forced_means", "compelled any_follow",
            N_("Whether an ace or the quinola following suit counts as forced only when it was "
               "its holder's last card of the suit, or whenever it follows another's lead."),
            "ACE-2 ACE-3 QUIN-2 QUIN-3", "C¶21; M¶12"),
    _opt("partie_diamond_ace", "int",
         N_("What the ace of diamonds counts when it lies in the partie."),
         "PARTIE-1", "C¶7; M¶17"),
    _opt("partie_quinola", "int",
         N_("What the jack of hearts counts when it lies in the partie."), "PARTIE-1", "C¶7; M¶17"),
    _opt("partie_bonus", "int",
         N_("The fixed amount added to the partie's card points."), "PARTIE-1", "C¶7; M¶17"),
    _choice("partie_ties", "seat split",
            N_("How a tie in points and tricks for winner or loser is settled: by seat priority, "
               "or by sharing the partie equally."), "PARTIE-2 PARTIE-3 PARTIE-4", "C¶9-10; M¶16"),
    _opt("partie_vis_a_vis_double", "bool",
         N_("Whether the partie is paid double when winner and loser sit opposite."),
         "PARTIE-5", "C¶26; M¶16-17"),
    _opt("stake_player", "int",
         N_("What each player other than the dealer puts in when the pool is staked."),
         "POOL-1 POOL-3", "C¶14; M¶5"),
    _opt("stake_dealer", "int",
         N_("What the dealer puts in when the pool is staked."), "POOL-1 POOL-3", "C¶14; M¶5"),
    _choice("restake", "below_initial taken_or_quiet",
            N_("When the pool is staked again before a later deal: when it is below one full "
               "staking, or when the last deal took it or added nothing to it."),
            "POOL-2", "C¶14; M¶5"),
    _choice("remise", "pool stake",
            N_("How much a remise puts into the pool: what the pool held at the start of the deal, "
               "or one full staking."), "POOL-3", "C¶13; M¶22"),
    _opt("led_aces_pay_winner", "bool",
         N_("Whether aces and the quinola led or played pay the partie winner after the deal."),
         "ACE-3 QUIN-3 DOUBLE-3", "C¶23; M¶9-15"),
    _choice("quinola_forcer", "leader taker",
            N_("Who collects for a forced quinola: the player who led the heart trick, or the "
               "player who took it."), "QUIN-2 ESP-9", "C¶22; M¶13"),
    _opt("vis_a_vis_double", "bool",
         N_("Whether in-play payments between players sitting opposite are doubled."),
         "DOUBLE-1 DOUBLE-3", "C¶24; M¶9-15"),
    _opt("late_tricks_double", "tricks",
         N_("The tricks whose in-play payments are doubled."), "DOUBLE-2 DOUBLE-3", "C¶25; M¶9-15"),
    _choice("reversis_cancels", "made_or_broken made",
            N_("Whether the in-play payments are undone by a reversis made or broken, or only by "
               "one made."), "REV-4", "C¶27; M¶22"),
    _choice("espagnolette_fails_on", "last_two any_trick",
            N_("What makes the espagnolette fail: taking trick 10 or 11, or taking any trick."),
            "ESP-4 ESP-5", "C¶29; M¶18"),
    _opt("espagnolette_takes_pool", "bool",
         N_("Whether a successful espagnolette also takes the pool."), "ESP-4 POOL-4",
         "C¶29; M¶18"),
    _choice("espagnolette_refunds", "aces_and_quinola diamond_ace_and_quinola",
            N_("Which placed cards a failed espagnolette pays back double."), "ESP-5",
            "C¶32; M¶18"),
    _opt("espagnolette_pays_broken", "tricks",
         N_("In which tricks a reversis broken by a third player is paid by the espagnolette."),
         "ESP-7", "C¶39; M¶24"),
    _choice("peek_forfeits", "everything quinola_and_reversis",
            N_("What a player who peeked at or kept their talon card forfeits: every gain of the "
               "deal, or only the quinola and reversis gains."), "IRR-4", "C¶50"),
    _choice("revoke_penalty", "remise none",
            N_("Whether a revoke costs the revoker a remise."), "IRR-7", ""),
    _choice("claims_required", "led_and_played in_play",
            N_("Which payments are lost when not claimed in time: only those to the partie "
               "winner, or every in-play payment."), "CLAIM-1", "C¶23; M¶15"),
)

OPTIONS: Mapping[str, Option] = MappingProxyType({o.name: o for o in _OPTION_LIST})


# --- values -------------------------------------------------------------------------


def _bad_value(name: str, text: Any, item: str | None = None) -> ProfileError:
    """RV402 for a value option ``name`` does not take; ``item`` is the word of
    a trick list that is not a trick number."""
    allowed = OPTIONS[name].allowed()
    if _too_big(text):  # repr() fails beyond 4,300 digits
        return ProfileError(diagnostic("RV402", Msg(
            "option {name} cannot be 'a number of more than {digits} digits': it takes "
            "{allowed}", name=name, digits=MAX_DIGITS, allowed=allowed)))
    value = _quoted(shown(text if isinstance(text, str) else repr(text)))
    if item is None:
        return ProfileError(diagnostic("RV402", Msg(
            "option {name} cannot be {value}: it takes {allowed}",
            name=name, value=value, allowed=allowed)))
    return ProfileError(diagnostic("RV402", Msg(
        "option {name} cannot be {value} ({item} is not a trick number): it takes {allowed}",
        name=name, value=value, item=shown(item) or Msg("an empty item"), allowed=allowed)))


def _too_big(value: Any) -> bool:
    return (isinstance(value, int) and not isinstance(value, bool)
            and abs(value) >= 10 ** MAX_DIGITS)


def _unknown_option(name: str) -> ProfileError:
    return ProfileError(diagnostic("RV402", Msg(
        "there is no rule option called {name}; the options are: {options}",
        name=_quoted(name), options=", ".join(OPTIONS))))


def _quoted(text: str) -> str:
    """``repr(text)``, as the messages have always quoted what the user wrote
    (escapes included); between single quotes it is a message, so that the
    Russian can quote it «so»."""
    written = repr(text)
    if written.startswith("'"):
        return Msg("'{text}'", text=written[1:-1])
    return written


def _parse_tricks(name: str, text: str) -> frozenset[int]:
    words = text.replace(" ", "").lower()
    if words in ("none", ""):
        if words == "":
            raise _bad_value(name, text)
        return frozenset()
    numbers = set()
    for word in words.split(","):
        if not WHOLE.fullmatch(word) or len(word) > 2 or int(word) not in TRICK_NUMBERS:
            raise _bad_value(name, text, word)
        numbers.add(int(word))
    return frozenset(numbers)


_YES = ("yes", "true", "on")
_NO = ("no", "false", "off")


def parse_option_value(name: str, text: str) -> Any:
    """The typed value of option ``name`` written as ``text`` (a ``set`` line).

    Raises :class:`ProfileError` (RV402) for an unknown option or a value the
    option does not take, naming the allowed values.
    """
    option = OPTIONS.get(name)
    if option is None:
        raise _unknown_option(name)
    word = text.strip()
    if option.kind == "choice":
        if word not in option.values:
            raise _bad_value(name, text)
        return word
    if option.kind == "int":
        if not WHOLE.fullmatch(word) or too_many_digits(word):
            raise _bad_value(name, text)
        return int(word)
    if option.kind == "bool":
        if word.lower() in _YES:
            return True
        if word.lower() in _NO:
            return False
        raise _bad_value(name, text)
    return _parse_tricks(name, word)


def coerce_option_value(name: str, value: Any) -> Any:
    """A value from TOML or Python (str, int, bool, list of ints, set) as typed value."""
    option = OPTIONS.get(name)
    if option is None:
        raise _unknown_option(name)
    if isinstance(value, str):
        return parse_option_value(name, value)
    if option.kind == "bool" and isinstance(value, bool):
        return value
    if option.kind == "int" and isinstance(value, int) and not isinstance(value, bool):
        if value < 0 or value >= 10 ** MAX_DIGITS:
            raise _bad_value(name, value)
        return value
    if option.kind == "tricks" and isinstance(value, (list, tuple, set, frozenset)):
        if all(isinstance(v, int) and not isinstance(v, bool) and v in TRICK_NUMBERS
               for v in value):
            return frozenset(value)
    raise _bad_value(name, value)


def format_option_value(name: str, value: Any) -> str | int:
    """The JSON-friendly form of a typed value (see the module docstring)."""
    kind = OPTIONS[name].kind
    if kind == "bool":
        return "yes" if value else "no"
    if kind == "tricks":
        return ",".join(str(n) for n in sorted(value)) if value else "none"
    return value


# --- profiles -----------------------------------------------------------------------


def rule_options(values: Mapping[str, Any], profile: str) -> RuleOptions:
    """The typed options of ``profile`` from its values by name (text or typed),
    each validated; every option must have one."""
    typed = {n: coerce_option_value(n, v) for n, v in values.items()}
    missing = [n for n in OPTIONS if n not in values]
    if missing:
        raise ProfileError(diagnostic("RV402", Msg(
            "profile {profile} gives no value for {options}",
            profile=profile, options=", ".join(missing))))
    return RuleOptions(**typed)


class Profile(Value):
    """A complete set of option values, immutable.

    ``profile.options.partie_ties`` reads a typed value (:class:`RuleOptions`);
    ``with_overrides`` makes a changed copy.  ``source`` says where the
    values came from (a built-in name or a file path); ``overridden`` names
    the options changed from the base.  Two profiles are equal when their
    names and their options are.
    """

    __slots__ = ("name", "options", "description", "base", "source", "overridden", "money")
    _fields = ("name", "options")  # compared and hashed; all are shown (__repr__)
    name: str
    options: RuleOptions
    description: str
    base: str
    source: str
    overridden: tuple[str, ...]
    # Settling up in money (rules/money.py): no rule of play, so not an option.
    money: MoneyOptions

    def __init__(self, name: str, options: RuleOptions, description: str = "", base: str = "",
                 source: str = "", overridden: tuple[str, ...] = (),
                 money: MoneyOptions = NO_MONEY):
        setattr_frozen(self, "name", name)
        setattr_frozen(self, "options", options)
        setattr_frozen(self, "description", description)
        setattr_frozen(self, "base", base)
        setattr_frozen(self, "source", source)
        setattr_frozen(self, "overridden", overridden)
        setattr_frozen(self, "money", money)

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"Profile({shown})"

    def with_overrides(self, overrides: Mapping[str, Any], source: str = "") -> Profile:
        """A copy with some options changed; values may be text or typed.
        The money settings (``fiche_value``...) are set too, apart from the
        rule options: they are not counted as changed rules."""
        values = self.options.as_dict()
        changed = list(self.overridden)
        money = self.money
        for name, value in overrides.items():
            if name in MONEY_OPTIONS:
                money = money.with_value(name, value)
                continue
            values[name] = coerce_option_value(name, value)
            if name not in changed:
                changed.append(name)
        return Profile(name=self.name, options=RuleOptions(**values),
                       description=self.description, base=self.base or self.name,
                       source=source or self.source, overridden=tuple(changed), money=money)

    def to_json_options(self) -> dict[str, str | int]:
        """All options, in registry order, in the JSON convention of the module docstring."""
        return {name: format_option_value(name, value) for name, value in self.options.items()}

    @property
    def full_staking(self) -> int:
        """POOL-1: one full staking, three players' stakes and the dealer's."""
        return 3 * self.options.stake_player + self.options.stake_dealer


def _read_toml_text(text: str, where: str) -> dict:
    try:
        # A float is kept as written: fiche_value = 0.1 is a tenth, exactly.
        return tomllib.loads(text, parse_float=WrittenFloat)
    except tomllib.TOMLDecodeError as exc:
        raise ProfileError(diagnostic("RV401", Msg(
            "the rule profile {where} is not valid TOML ({error})",
            where=where, error=str(exc)))) from None
    except ValueError:  # a number too long for Python to read
        raise ProfileError(diagnostic("RV402", Msg(
            "the rule profile {where} holds a number of thousands of digits; an option's "
            "number has at most {digits}", where=where, digits=MAX_DIGITS))) from None


def _options_of(data: dict, where: str) -> dict[str, Any]:
    """Option entries of a profile file: top-level keys and an [options] table."""
    table = data.get("options", {})
    if not isinstance(table, dict):
        raise ProfileError(diagnostic("RV402", Msg(
            "in {where}, options must be a table", where=where)))
    entries = {k: v for k, v in data.items() if k not in _META_KEYS and k != "options"}
    for name in table:
        if name in entries:
            raise ProfileError(diagnostic("RV402", Msg(
                "in {where}, option {name} is given twice", where=where, name=name)))
    entries.update(table)
    return entries


_BUILTIN_CACHE: dict[str, Profile] = {}


def builtin_profile(name: str) -> Profile:
    """One of :data:`BUILTIN_PROFILES`, read from the package data."""
    if name not in BUILTIN_PROFILES:
        raise _unknown_profile(name)
    if name not in _BUILTIN_CACHE:
        data = _read_toml_text(_builtin_text(name), f"{name}.toml")
        options = rule_options(_options_of(data, name), name)
        _BUILTIN_CACHE[name] = Profile(name=name, options=options,
                                       description=data.get("description", ""),
                                       base=name, source=name)
    return _BUILTIN_CACHE[name]


def _builtin_text(name: str) -> str:
    """The text of the built-in profile ``name``: a file beside this module, as
    every install but a zipped one has it (read as a file: importlib.resources
    loads zipfile, ~10 M instructions at each start), else read as a resource."""
    path = Path(__file__).with_name(f"{name}.toml")
    if path.is_file():
        return path.read_text("utf-8")
    # start-up time: only a zipped install reads its profiles so
    from importlib import resources

    return resources.files(__package__).joinpath(f"{name}.toml").read_text("utf-8")


def _unknown_profile(name: str, path: Path | None = None, why: str | None = None
                     ) -> ProfileError:
    """RV401: ``name`` is no built-in profile, nor a file (at ``path``), nor a
    readable one (``why`` not)."""
    said = {"name": _quoted(name), "profiles": _names(BUILTIN_PROFILES, "and")}
    if path is None:
        message = Msg("there is no rule profile {name}; the built-in profiles are {profiles}, "
                      "or give the path of a TOML profile file", **said)
    elif why is None:
        message = Msg("there is no rule profile {name} and no profile file at {path}; the "
                      "built-in profiles are {profiles}, or give the path of a TOML profile "
                      "file", path=str(path.absolute()), **said)
    else:
        message = Msg("there is no rule profile {name} and no readable profile file at {path} "
                      "({why}); the built-in profiles are {profiles}, or give the path of a "
                      "TOML profile file", path=str(path.absolute()), why=why, **said)
    return ProfileError(diagnostic("RV401", message))


def _names(words: tuple[str, ...], conjunction: str) -> Msg:
    """``classic and modern``, ``base = "classic" or base = "modern"``."""
    some, last = ", ".join(words[:-1]), words[-1]
    if conjunction == "and":
        return Msg("{some} and {last}", some=some, last=last)
    return Msg("{some} or {last}", some=some, last=last)


def load_profile(name_or_path: str, base_dir: Path | None = None) -> Profile:
    """A built-in profile by name, or a house profile read from a TOML file.

    A relative path is taken relative to ``base_dir`` (the record's folder)
    when given.  A house file must say ``base = "classic"`` or ``"modern"``.
    """
    if name_or_path in BUILTIN_PROFILES:
        return builtin_profile(name_or_path)
    path = Path(name_or_path)
    if base_dir is not None and not path.is_absolute():
        path = Path(base_dir) / path
    data = _read_toml_text(_profile_text(path, name_or_path), str(path))
    _refuse_hidden_characters(data, str(path))
    return _house_profile(data, str(path))


def _refuse_hidden_characters(data: Any, where: str, place: str = "") -> None:
    """RV402 for a control character or a bidi override in any text of a profile
    file (a key, a name, a value): shown later by ``rules``, ``explain`` or
    ``arbitrate``, an escape sequence would act on the terminal, and a bidi
    override would make the text read otherwise than it is."""
    if isinstance(data, str):
        _refuse_in_text(data, where, place)
    elif isinstance(data, dict):
        for key, value in data.items():
            _refuse_in_text(key, where, place, key=True)
            _refuse_hidden_characters(
                value, where, Msg("{place}.{key}", place=place, key=key) if place else key)
    elif isinstance(data, list):
        for index, item in enumerate(data, 1):
            _refuse_hidden_characters(
                item, where, Msg("item {index} of {place}", index=index, place=place))


def _refuse_in_text(text: str, where: str, place: str, key: bool = False) -> None:
    """RV402 when ``text`` (the value at ``place``, or a key) holds a hidden character."""
    index = first_forbidden(text)
    if index is None:
        return
    char = describe(text[index])
    if key:
        message = Msg("in {where}, the key '{key}' holds {char}: a profile's texts may hold no "
                      "control character or direction override; remove it",
                      where=where, key=visible(text), char=char)
    elif place:
        message = Msg("in {where}, the value of {place} holds {char}: a profile's texts may "
                      "hold no control character or direction override; remove it",
                      where=where, place=place, char=char)
    else:
        message = Msg("in {where}, a text holds {char}: a profile's texts may hold no control "
                      "character or direction override; remove it", where=where, char=char)
    raise ProfileError(diagnostic("RV402", message))


def _profile_text(path: Path, given: str) -> str:
    """The text of a house profile file.  Only a regular file is read, and at
    most :data:`MAX_PROFILE_BYTES`: a device, a pipe or a huge file would
    otherwise hang the run or fill the memory."""
    try:
        data = read_regular_file(path, MAX_PROFILE_BYTES)
    except FileNotFoundError:
        raise _unknown_profile(given, path) from None
    except FileKindError as exc:
        raise ProfileError(diagnostic("RV401", Msg(
            "the rule profile {given} cannot be read: {problem}; a profile is a TOML file",
            given=given, problem=reading_problem(exc)))) from None
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the path
        why = exc.strerror if isinstance(exc, OSError) and exc.strerror else Msg("unreadable")
        raise _unknown_profile(given, path, why) from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise ProfileError(diagnostic("RV401", Msg(
            "the rule profile {given} is not UTF-8 text", given=given))) from None


def _house_profile(data: dict, where: str) -> Profile:
    base = data.get("base")
    if base not in BUILTIN_PROFILES:
        bases = _names(tuple(f'base = "{b}"' for b in BUILTIN_PROFILES), "or")
        if base is None:
            message = Msg("the rule profile {where} names no base; a house profile starts "
                          "from {bases}", where=where, bases=bases)
        else:
            said = _quoted(base) if isinstance(base, str) else repr(base)
            message = Msg("the rule profile {where} names base {base}; a house profile "
                          "starts from {bases}", where=where, base=said, bases=bases)
        raise ProfileError(diagnostic("RV401", message))
    profile = builtin_profile(base).with_overrides(_options_of(data, where), source=where)
    name = data.get("name", Path(where).stem)
    description = data.get("description", "")
    if not isinstance(name, str) or not isinstance(description, str):
        raise ProfileError(diagnostic("RV402", Msg(
            "in {where}, name and description are text", where=where)))
    return Profile(name=name, options=profile.options, description=description, base=base,
                   source=where, overridden=profile.overridden, money=profile.money)
