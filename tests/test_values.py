"""The plain-class values of ``reversis_cli/values.py``: what a dataclass gave them."""

import copy
import pickle

import pytest

from reversis_cli.values import FrozenError, MutableValue, Value, replace, setattr_frozen


class Point(Value):
    __slots__ = ("x", "y", "cache")
    _fields = ("x", "y")
    x: int
    y: int
    cache: None

    def __init__(self, x: int, y: int = 0):
        setattr_frozen(self, "x", x)
        setattr_frozen(self, "y", y)
        setattr_frozen(self, "cache", None)  # not a field: neither compared nor shown


class Other(Point):
    __slots__ = ()


def test_equal_by_fields_and_class():
    assert Point(1, 2) == Point(1, 2)
    assert Point(1, 2) != Point(2, 1)
    assert Point(1, 2) != Other(1, 2)  # another class is never equal, as with a dataclass
    assert hash(Point(1, 2)) == hash(Point(1, 2))
    assert repr(Point(1, 2)) == "Point(x=1, y=2)"


def test_frozen():
    point = Point(1)
    with pytest.raises(FrozenError):
        point.x = 3  # type: ignore[misc]
    with pytest.raises(AttributeError):  # as dataclasses.FrozenInstanceError is one
        del point.y
    assert point.x == 1


def test_replace():
    point = Point(1, 2)
    assert replace(point, y=5) == Point(1, 5)
    assert point == Point(1, 2)
    with pytest.raises(TypeError, match="no field 'z'"):
        replace(point, z=1)


class Setting(Value):
    __slots__ = _fields = ("value", "changes")
    value: str
    changes: int

    def __init__(self, value: str, changes: int):
        setattr_frozen(self, "value", value)
        setattr_frozen(self, "changes", changes)


def test_replace_any_field_name():
    """A field may be called ``value`` (a header line's is) or ``changes``: replace()'s own
    parameters are positional-only, as dataclasses.replace's."""
    assert replace(Setting("a", 1), value="b", changes=2) == Setting("b", 2)


class Tally(MutableValue):
    __slots__ = ("name", "count")
    _fields = ("name", "count")
    name: str
    count: int

    def __init__(self, name: str, count: int = 0):
        self.name = name
        self.count = count


def test_a_mutable_value_is_assigned_compared_and_unhashable():
    tally = Tally("a")
    tally.count += 2
    assert tally == Tally("a", 2) and tally != Tally("a")
    assert repr(tally) == "Tally(name='a', count=2)"
    with pytest.raises(TypeError):
        hash(tally)


@pytest.mark.parametrize("value", [Point(1, 2), Other(3), Tally("b", 4)])
def test_pickled_and_copied(value):
    """Values cross to worker processes (pickle) and are copied as they were."""
    for again in (pickle.loads(pickle.dumps(value)), copy.copy(value), copy.deepcopy(value)):
        assert again == value and again is not value and type(again) is type(value)
    assert pickle.loads(pickle.dumps(Point(1))).cache is None  # every slot, not only the fields
