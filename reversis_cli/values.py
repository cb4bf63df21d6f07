"""The base of the package's small immutable values, written as plain classes.

A ``@dataclass`` writes the source of its methods and compiles it with
``exec`` when its module is imported: some 4 M instructions a class, 1.5 M
even with the compiled methods kept (issue 24), and a command's start-up
defines dozens.  The values on a command's way are plain classes instead:
each writes its ``__slots__``, its fields' types as annotations (for mypy)
and its ``__init__`` (which sets its fields with :data:`setattr_frozen`),
names its fields in ``_fields``, and takes its
equality, hash, ``repr``, immutability and :func:`replace` from
:class:`Value`, which are compiled once, with the module's byte code.

A field left out of ``_fields`` (a cache, a table made from the others) is
neither compared nor shown, as a dataclass's ``field(compare=False,
repr=False)``.  tests/test_value_classes.py holds every subclass to these
four places (``_fields``, the slots and their annotations, ``__init__``'s
parameters, the slot each sets) and lists the exceptions with their reasons.
"""

from __future__ import annotations

from typing import Any, ClassVar, TypeVar

__all__ = ["FrozenError", "MutableValue", "Value", "replace", "setattr_frozen"]

V = TypeVar("V", bound="Value")

# How an ``__init__`` sets a field of a frozen value (its own __setattr__ refuses).
setattr_frozen = object.__setattr__


class FrozenError(AttributeError):
    """A field of an immutable value was assigned or deleted."""


class Value:
    """An immutable value with ``__slots__``: equal when of the same class with
    equal fields (``_fields``, in order), hashable when its fields are."""

    __slots__ = ()
    _fields: ClassVar[tuple[str, ...]] = ()

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenError(f"cannot assign to field {name!r} of {type(self).__name__}")

    def __delattr__(self, name: str) -> None:
        raise FrozenError(f"cannot delete field {name!r} of {type(self).__name__}")

    def _values(self) -> tuple[Any, ...]:
        return tuple([getattr(self, name) for name in self._fields])

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Value)
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields)
        return f"{type(self).__name__}({shown})"

    def __setstate__(self, state: Any) -> None:
        """Unpickling and ``copy``: the slots set as ``__init__`` sets them
        (pickle's own way assigns them, which the value refuses).  A value
        crosses to a worker process and back (``--jobs``)."""
        if isinstance(state, tuple):  # (the __dict__ or None, the slots): object.__getstate__
            instance_dict, slots = state
            state = {**(instance_dict or {}), **(slots or {})}
        for name, value in (state or {}).items():
            setattr_frozen(self, name, value)


class MutableValue(Value):
    """A value whose fields may be assigned, as a dataclass that is not
    frozen: equal by its fields, and so unhashable."""

    __slots__ = ()
    __setattr__ = object.__setattr__  # type: ignore[assignment]  # object's, in C
    __delattr__ = object.__delattr__
    __hash__ = None  # type: ignore[assignment]


def replace(value: V, /, **changes: Any) -> V:
    """A copy of ``value`` with ``changes`` (as ``dataclasses.replace``): its
    class's ``__init__`` takes every field of ``_fields`` by keyword."""
    unknown = changes.keys() - set(value._fields)
    if unknown:
        raise TypeError(f"{type(value).__name__} has no field {sorted(unknown)[0]!r}")
    return type(value)(**{name: changes.get(name, getattr(value, name))
                          for name in value._fields})
