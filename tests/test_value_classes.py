"""Every hand-written value class of the package agrees with itself.

A value class (``reversis_cli/values.py``) names each field in four places: ``_fields``
(what is compared, hashed, shown and given to ``replace``), ``__slots__`` with its type as an
annotation, a parameter of ``__init__``, and the line of ``__init__`` that sets it.  Nothing
else holds them together: a field left out of ``_fields`` silently drops out of equality,
hashing, ``repr`` and ``replace``; a parameter set into the wrong slot is a wrong value with no
error.  The rules here, for every subclass of ``Value`` in the package:

- the class writes its own ``__slots__`` (no instance ``__dict__`` by accident) and names
  each field once in ``_fields``;
- every field is annotated and is a slot, or is a property (its getter's type) over the
  slot ``_NAME``;
- every slot is annotated, and every annotation is a field or a slot kept apart from the
  fields (a cache): such a slot starts with ``_`` or is listed in ``NOT_FIELDS`` with why;
- ``__init__`` takes the fields, in the order of ``_fields`` (``INIT_TAKES`` lists the
  classes whose ``__init__`` takes something else, with why);
- ``__init__`` sets each field to its own parameter and every slot to something; ``replace``
  gives back an equal value, and changes the field it is told to and no other.

Real values read from a sample record pass through ``replace`` and pickle unchanged.
"""

from __future__ import annotations

import importlib
import inspect
import pickle
import pkgutil
from pathlib import Path
from typing import Any

import pytest

import reversis_cli
from reversis_cli.values import Value, replace

ROOT = Path(__file__).resolve().parent.parent

# Slots kept apart from the fields that do not start with "_": cheap, public and not compared.
NOT_FIELDS = {
    "reversis_cli.model.statements.ExchangeLine": (
        {"player_text", "discard_indexes", "take_indexes", "sees_indexes"},
        "the lean line's interface (the fast path's, read on every line): made from the "
        "fields, so not compared"),
    "reversis_cli.model.statements.TrickLine": (
        {"indexes", "leader_text", "taker_text"},
        "the lean line's interface (the fast path's, read on every line): made from the "
        "fields, so not compared"),
    "reversis_cli.model.dealt.HandLine": (
        {"indexes", "player_text", "mask", "size"},
        "the lean line's interface (the plain replay's, read on every line): made from the "
        "fields, so not compared"),
    "reversis_cli.model.dealt.TalonLine": (
        {"indexes"},
        "the lean line's interface (the plain replay's, read on every line): made from the "
        "fields, so not compared"),
    "reversis_cli.model.dealt.PartieLine": (
        {"indexes"},
        "the lean line's interface (the plain replay's, read on every line): made from the "
        "fields, so not compared"),
    "reversis_cli.replay.result.ReplayedDeal": (
        {"rows"},
        "a plain deal's tricks as rows: what the tricks say, so two replays of one deal "
        "are equal whichever path made them"),
    "reversis_cli.rules.profile.Profile": (
        {"description", "base", "source", "overridden", "money"},
        "two profiles are equal when their names and options are; the rest is shown "
        "(its own __repr__) but not compared"),
}

# The classes whose __init__ does not take exactly the fields in order: its parameters, why.
INIT_TAKES = {
    "reversis_cli.analyse.table.DealTable": (
        ("replayed", "profile", "settlement"),
        "made once per analysis: it computes every field from the deal, the profile and "
        "the settlement (the real one is checked below, on a sample)"),
    "reversis_cli.rules.profile.Profile": (
        ("name", "options", "description", "base", "source", "overridden", "money"),
        "the fields, then what is shown but not compared; replace() would reset those to "
        "their defaults, so profiles are copied with with_overrides, never replace()"),
}

# The instance's fields kept in its __dict__ rather than in slots: why.
DICT_CLASSES = {
    "reversis_cli.rules.options.RuleOptions":
        "23 fields read whole as a dict (as_dict, equality and hashing read __dict__)",
    "reversis_cli.club.watch._Watched":
        "RuleOptions that note each option read (stats --compare's watch): its __dict__",
}


def _import_every_module() -> None:
    for module in pkgutil.walk_packages(reversis_cli.__path__, "reversis_cli."):
        if not module.name.endswith(".__main__"):  # the command itself: it would run
            importlib.import_module(module.name)


def _value_classes() -> list[type[Value]]:
    _import_every_module()
    found: set[type[Value]] = set()
    todo = [Value]
    while todo:
        for sub in todo.pop().__subclasses__():
            if sub not in found:
                found.add(sub)
                todo.append(sub)
    return sorted((c for c in found if c.__module__.startswith("reversis_cli.")),
                  key=_name)


def _name(cls: type) -> str:
    return f"{cls.__module__}.{cls.__qualname__}"


CLASSES = _value_classes()


def _own_slots(klass: type) -> tuple[str, ...]:
    slots = klass.__dict__.get("__slots__", ())
    return (slots,) if isinstance(slots, str) else tuple(slots)


def _slots(cls: type) -> list[str]:
    """Every slot of ``cls`` and its bases, in order from the base down."""
    return [name for klass in reversed(cls.__mro__) for name in _own_slots(klass)]


def _annotations(cls: type) -> dict[str, str]:
    """The annotations of ``cls`` and its bases that are not ``ClassVar``s."""
    found: dict[str, str] = {}
    for klass in reversed(cls.__mro__):
        found.update(klass.__dict__.get("__annotations__", {}))
    return {name: str(kind) for name, kind in found.items()
            if not str(kind).startswith(("ClassVar", "typing.ClassVar"))}


def _stored_as(cls: type, field: str) -> str:
    """The slot that holds ``field``: itself, or ``_field`` behind a property."""
    if isinstance(inspect.getattr_static(cls, field, None), property):
        return f"_{field}"
    return field


def _typed_property(cls: type, field: str) -> bool:
    """Whether ``field`` is a property whose getter says its type."""
    found = inspect.getattr_static(cls, field, None)
    return isinstance(found, property) and "return" in getattr(found.fget, "__annotations__", {})


def _parameters(cls: type) -> tuple[str, ...] | None:
    """The names ``__init__`` takes (None: object's own, which takes nothing)."""
    init = vars(cls).get("__init__") or inspect.getattr_static(cls, "__init__")
    if init is object.__init__:
        return None
    params = list(inspect.signature(init).parameters.values())[1:]
    return tuple(f"*{p.name}" if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD) else p.name
                 for p in params)  # *args or **kwargs: never a field's name


def test_the_walk_finds_the_value_classes_and_every_exception_is_one():
    names = {_name(c) for c in CLASSES}
    assert len(CLASSES) >= 50, "the walk over the package lost the value classes"
    assert {"reversis_cli.model.statements.TrickLine",
            "reversis_cli.settle.settlement.DealSettlement",
            "reversis_cli.session.service.SessionOutcome"} <= names  # frozen, mutable
    for listed in (NOT_FIELDS, INIT_TAKES, DICT_CLASSES):
        assert listed.keys() <= names, f"an exception names no value class: {listed.keys() - names}"
    for cls in CLASSES:  # an exception that no longer is one goes
        if _name(cls) in INIT_TAKES:
            assert _parameters(cls) != cls._fields, f"{_name(cls)} needs no INIT_TAKES entry"
        if _name(cls) in NOT_FIELDS:
            assert NOT_FIELDS[_name(cls)][0] <= set(_slots(cls)) - set(cls._fields), \
                f"{_name(cls)}: NOT_FIELDS names a field or no slot"


@pytest.mark.parametrize("cls", CLASSES, ids=_name)
def test_each_field_is_named_once_annotated_and_stored(cls):
    fields, slots, annotations = cls._fields, _slots(cls), _annotations(cls)
    assert len(set(fields)) == len(fields), f"a field named twice in _fields: {fields}"
    if _name(cls) in DICT_CLASSES:
        assert cls.__dictoffset__, "listed in DICT_CLASSES but without a __dict__"
    else:
        assert "__slots__" in cls.__dict__, "no __slots__ of its own: instances get a __dict__"
        assert not cls.__dictoffset__, "instances have a __dict__ (a base without __slots__)"
    not_annotated = [f for f in fields if f not in annotations and not _typed_property(cls, f)]
    assert not not_annotated, f"fields without an annotation: {not_annotated}"
    if _name(cls) not in DICT_CLASSES:
        not_stored = [f for f in fields if _stored_as(cls, f) not in slots]
        assert not not_stored, f"fields in no slot (nor a property over _NAME): {not_stored}"


@pytest.mark.parametrize("cls", CLASSES, ids=_name)
def test_each_slot_and_annotation_is_a_field_or_a_cache(cls):
    fields, slots, annotations = set(cls._fields), _slots(cls), _annotations(cls)
    assert not [s for s in slots if s not in annotations], "slots without an annotation"
    behind = {f"_{f}" for f in fields if _stored_as(cls, f) != f}
    apart = [a for a in annotations if a not in fields and a not in behind]
    if _name(cls) not in DICT_CLASSES:
        assert not [a for a in apart if a not in slots], "annotations of no field and no slot"
    allowed = NOT_FIELDS.get(_name(cls), (set(), ""))[0]
    unlisted = [a for a in apart if not a.startswith("_") and a not in allowed]
    assert not unlisted, (
        f"annotated but not in _fields: {unlisted}; a field goes into _fields, a cache "
        "starts with '_' or is listed in NOT_FIELDS with why")


@pytest.mark.parametrize("cls", CLASSES, ids=_name)
def test_init_takes_the_fields_in_order(cls):
    params = _parameters(cls)
    if params is None:
        assert cls._fields == (), "fields but no __init__ to take them"
    elif _name(cls) in INIT_TAKES:
        assert params == INIT_TAKES[_name(cls)][0]
    else:
        assert params == cls._fields, "__init__'s parameters are not _fields, in order"


class Probe:
    """A value no code makes: found in a field only if its parameter put it there."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return f"<{self.name}>"


def _arguments(cls: type) -> tuple[dict[str, Any], set[str]]:
    """A probe for each parameter, and real objects where ``__init__`` reads its
    arguments (their names the second item)."""
    from reversis_cli.cards import PACK
    from reversis_cli.model import CardAt, Name, Pos

    at = Pos(1, 1)
    args: dict[str, Any] = {name: Probe(name) for name in _parameters(cls) or ()}
    cards = (CardAt(PACK[0], at, "AS"), CardAt(PACK[1], at, "KS"))
    real: dict[str, dict[str, Any]] = {  # each a new object, so ``is`` tells where it went
        "reversis_cli.model.deal.Deal": {"statements": (Probe("statement"),)},
        "reversis_cli.model.statements.ExchangeLine": {
            "player": Name("Ann", at), "discards": cards, "takes": cards[:1],
            "sees": CardAt(PACK[2], at, "QS")},
        "reversis_cli.model.statements.TrickLine": {
            "leader": Name("Ann", at), "cards": cards, "taker": Name("Bob", at)},
        "reversis_cli.model.dealt.HandLine": {"player": Name("Ann", at), "cards": cards},
        "reversis_cli.model.dealt.TalonLine": {"cards": cards},
        "reversis_cli.model.dealt.PartieLine": {"cards": cards},
    }
    args.update(real.get(_name(cls), {}))
    return args, set(real.get(_name(cls), {}))


def _slot_values(made: Value) -> dict[str, Any]:
    """Each slot's value, read from the slot itself (never a lean line's __getattr__)."""
    out = {}
    for klass in type(made).__mro__:
        for name in _own_slots(klass):
            try:
                out[name] = klass.__dict__[name].__get__(made, type(made))
            except AttributeError:
                pytest.fail(f"__init__ leaves the slot {name!r} unset")
    return out


# The classes whose __init__ takes every field (all but the abstract ones and DealTable).
TAKING_FIELDS = [c for c in CLASSES if set(c._fields) <= set(_parameters(c) or ())
                 and _parameters(c) is not None]


@pytest.mark.parametrize("cls", TAKING_FIELDS, ids=_name)
def test_init_sets_each_field_from_its_parameter_and_replace_keeps_it(cls):
    args, real = _arguments(cls)
    made = cls(**args)
    for field in cls._fields:
        assert getattr(made, field) is args[field], f"field {field!r} not set from its parameter"
    stored = _slot_values(made)
    wrong = [name for name in args if name in stored and stored[name] is not args[name]]
    assert not wrong, f"slots not set from the parameter of their name: {wrong}"  # Profile's
    again = replace(made)
    assert again == made and type(again) is cls
    for field in set(cls._fields) - real:  # replace() changes that field and no other
        changed = replace(made, **{field: Probe(f"new {field}")})
        assert [f for f in cls._fields if getattr(changed, f) is not getattr(made, f)] == [field]


def _values_in(root: object) -> list[Value]:
    """Every value reachable from ``root`` through fields and containers."""
    seen: set[int] = set()
    found: list[Value] = []
    todo = [root]
    while todo:
        item = todo.pop()
        if id(item) in seen or isinstance(item, (str, int, bytes)):
            continue
        seen.add(id(item))
        if isinstance(item, Value):
            found.append(item)
            todo.extend(getattr(item, f) for f in item._fields)
        elif isinstance(item, (tuple, list, frozenset, set)):
            todo.extend(item)
        elif isinstance(item, dict):
            todo.extend(item.values())
    return found


def test_real_values_of_a_sample_pass_through_replace_and_pickle():
    """The values the tool makes of a record (lean lines, a plain deal's replay, a
    settlement, the analysis's table of a deal) as replace() and --jobs copy them."""
    from reversis_cli.analyse.table import DealTable
    from reversis_cli.reader import record_from_text
    from reversis_cli.session.service import Session

    text = (ROOT / "samples" / "irregular.rvs").read_text(encoding="utf-8")
    session = Session.of(record_from_text(text, "irregular.rvs"))
    scored = list(session.deals())
    values = _values_in((scored, session.reading.profile))
    tables = [DealTable(s.checked.replayed, session.reading.profile, s.settlement)
              for s in scored if s.settlement is not None and s.checked.replayed is not None]
    assert tables and len({type(v) for v in values}) >= 15
    for table in tables:  # DealTable computes its fields: every one set
        assert _slot_values(table).keys() == set(DealTable._fields)
    for value in values:
        if _name(type(value)) not in INIT_TAKES:
            assert replace(value) == value, _name(type(value))
        assert pickle.loads(pickle.dumps(value)) == value, _name(type(value))
