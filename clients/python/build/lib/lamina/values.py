"""Checking and normalising the values an app hands to a property or an animation.

A value is checked when it is set, not when it is sent: a wrong type or a number outside the
property's domain raises ``TypeError`` or ``ValueError`` at the assignment that made it, naming the
property, instead of rejecting a whole commit later. What the daemon alone can judge (a filter's
parameters, an emitter cell's fields, keyframe timing) is left to it and comes back as a ``DaemonError``.

Values are stored in one canonical form per type: NamedTuples for geometry, tuples for lists, names
for keywords, a frozenset of names for ``maskedCorners``, and None for the empty value of a property
Core Animation lets be nil.
"""

from __future__ import annotations

import math
from numbers import Real
from typing import Any, Optional

from .schema import CONTENTS_FILTERS, GRAVITIES, KeyPath, Property
from .types import ALL_CORNERS, CORNERS, Color, EmitterCell, Filter, Path, Point, Rect, Size, Transform, corners_from_bits

__all__ = ["coerce", "coerce_for_property", "coerce_for_key_path", "check_name", "STRING_VALUE_BYTES", "NAME_BYTES"]

#: The protocol's limits on strings: a string value (`string`, `font`), and a name or an animation key.
STRING_VALUE_BYTES = 262144
NAME_BYTES = 4096


def check_name(name: object, what: str, limit: int = NAME_BYTES) -> None:
    """Refuses a name the protocol cannot carry: not a str, or longer than ``limit`` bytes of UTF-8."""
    if not isinstance(name, str):
        raise TypeError(f"{what} is a str, not {type(name).__name__}")
    size = len(name.encode("utf-8"))
    if size > limit:
        raise ValueError(f"{what} is at most {limit} bytes of UTF-8, not {size}")


def _number(value: Any, what: str, infinity: bool = False) -> float:
    if isinstance(value, bool) or not isinstance(value, Real):
        raise TypeError(f"{what} takes a number, not {type(value).__name__} {value!r}")
    x = float(value)
    if math.isnan(x) or (math.isinf(x) and not (infinity and x > 0)):
        raise ValueError(f"{what} takes a finite number{' or +infinity' if infinity else ''}, not {x}")
    return x


def _numbers(value: Any, count: int, what: str) -> tuple[float, ...]:
    if isinstance(value, (str, bytes)) or not hasattr(value, "__len__"):
        raise TypeError(f"{what} takes {count} numbers, not {type(value).__name__} {value!r}")
    if len(value) != count:
        raise ValueError(f"{what} takes {count} numbers, not {len(value)}")
    return tuple(_number(v, what) for v in value)


def _color(value: Any, what: str) -> Color:
    if isinstance(value, str):
        try:
            return Color.from_hex(value)
        except ValueError as e:
            raise ValueError(f"{what}: {e}") from None
    if isinstance(value, (str, bytes)) or not hasattr(value, "__len__") or len(value) not in (3, 4):
        raise TypeError(f"{what} takes a Color, (r, g, b[, a]) or '#rrggbb', not {value!r}")
    return Color(*(_number(v, what) for v in value))


def _rect(value: Any, what: str) -> Rect:
    if hasattr(value, "__len__") and len(value) == 2 and all(hasattr(v, "__len__") for v in value):
        return Rect(*_numbers(tuple(value[0]) + tuple(value[1]), 4, what))
    return Rect(*_numbers(value, 4, what))


def _keyword(value: Any, choices: tuple[str, ...], what: str) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{what} takes one of the names {', '.join(choices)}, not {value!r}")
    if value not in choices:
        raise ValueError(f"{what} takes one of {', '.join(choices)}, not {value!r}")
    return value


def _check_domain(x: float, domain: str, what: str) -> None:
    ok = {
        "finite": True,
        "positive": x > 0,
        "nonNegative": x >= 0,
        "unitInterval": 0 <= x <= 1,
        "nonNegativeOrInfinite": x >= 0,
    }[domain]
    if not ok:
        words = {
            "positive": "greater than 0",
            "nonNegative": "0 or more",
            "unitInterval": "in 0...1",
            "nonNegativeOrInfinite": "0 or more (or infinity)",
        }[domain]
        raise ValueError(f"{what} must be {words}, not {x}")


def coerce(
    type_: str,
    value: Any,
    what: str,
    *,
    domain: str = "finite",
    nullable: bool = False,
    keyword: Optional[tuple[str, ...]] = None,
) -> Any:
    """``value`` checked and normalised for a value of ``type_`` (see the module's docstring)."""
    if type_ == "number":
        x = _number(value, what, infinity=domain == "nonNegativeOrInfinite")
        _check_domain(x, domain, what)
        return x
    if type_ == "point":
        return Point(*_numbers(value, 2, what))
    if type_ == "size":
        return Size(*_numbers(value, 2, what))
    if type_ == "rect":
        return _rect(value, what)
    if type_ == "color":
        if value is None and nullable:
            return None
        color = _color(value, what)
        return None if nullable and color == Color.CLEAR else color  # type: ignore[attr-defined]
    if type_ == "transform":
        return Transform(*_numbers(value, 16, what))
    if type_ == "bool":
        if not isinstance(value, bool) and value not in (0, 1):
            raise TypeError(f"{what} takes True or False, not {value!r}")
        return bool(value)
    if type_ == "gravity":
        return _keyword(value, GRAVITIES, what)
    if type_ == "filter":
        return _keyword(value, CONTENTS_FILTERS, what)
    if type_ == "keyword":
        assert keyword is not None
        return _keyword(value, keyword, what)
    if type_ == "bitmap":
        from .bitmap import Bitmap

        if value is not None and not isinstance(value, Bitmap):
            raise TypeError(f"{what} takes a Bitmap or None, not {type(value).__name__}")
        return value
    if type_ == "path":
        if value is None:
            return None if nullable else Path()
        if not isinstance(value, Path):
            raise TypeError(f"{what} takes a Path{' or None' if nullable else ''}, not {type(value).__name__}")
        return None if nullable and value.is_empty else value
    if type_ == "numbers":
        if value is None:
            return None if nullable else ()
        if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
            raise TypeError(f"{what} takes a list of numbers, not {value!r}")
        numbers = tuple(_number(v, what) for v in value)
        for x in numbers:
            _check_domain(x, domain, what)
        return None if nullable and not numbers else numbers
    if type_ == "colors":
        if value is None:
            return None if nullable else ()
        if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
            raise TypeError(f"{what} takes a list of colours, not {value!r}")
        colors = tuple(_color(v, what) for v in value)
        return None if nullable and not colors else colors
    if type_ == "string":
        if not isinstance(value, str):
            raise TypeError(f"{what} takes a str, not {type(value).__name__}")
        size = len(value.encode("utf-8"))
        if size > STRING_VALUE_BYTES:
            raise ValueError(f"{what} is at most {STRING_VALUE_BYTES} bytes of UTF-8, not {size}")
        return value
    if type_ == "corners":
        if isinstance(value, int) and not isinstance(value, bool):
            if not 0 <= value <= 15:
                raise ValueError(f"{what} is a 4-bit corner set, not {value}")
            return corners_from_bits(value)
        if isinstance(value, str) or not hasattr(value, "__iter__"):
            raise TypeError(f"{what} takes corner names ({', '.join(CORNERS)}), not {value!r}")
        names = frozenset(value)
        unknown = names - ALL_CORNERS
        if unknown:
            raise ValueError(f"{what}: {', '.join(sorted(unknown))} are not corners ({', '.join(CORNERS)})")
        return names
    if type_ == "filters":
        if value is None:
            return None if nullable else ()
        filters = tuple(value)
        for f in filters:
            if not isinstance(f, Filter):
                raise TypeError(f"{what} takes Filter values, not {type(f).__name__}")
        return None if nullable and not filters else filters
    if type_ == "cells":
        if value is None:
            return None if nullable else ()
        cells = tuple(value)
        for c in cells:
            if not isinstance(c, EmitterCell):
                raise TypeError(f"{what} takes EmitterCell values, not {type(c).__name__}")
        return None if nullable and not cells else cells
    raise AssertionError(f"unknown value type {type_}")


def coerce_for_property(prop: Property, value: Any) -> Any:
    """A value for the whole property ``prop``."""
    return coerce(
        prop.type, value, prop.python, domain=prop.domain, nullable=prop.nullable, keyword=prop.keyword
    )


def coerce_for_key_path(path: KeyPath, value: Any) -> Any:
    """A value for an animation of ``path`` (a component's values are plain numbers, points, sizes...;
    only whole-property values keep the property's domain)."""
    if path.component is None:
        return coerce_for_property(path.prop, value)
    return coerce(path.value_type, value, str(path))
