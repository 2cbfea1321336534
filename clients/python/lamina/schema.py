"""The protocol's vocabulary: the property table (generated from LaminaSchema into ``_properties``),
key paths, and the enumerations the wire numbers stand for.

Every layer attribute, every key path an animation names and every value a ``presentation`` event
carries is found through this module, so a property added to LaminaSchema (and ``make generate``)
reaches the Python client without an edit here. The enumerations below are the protocol's own
(``docs/protocol.md``), which the schema does not hold: layer kinds, contents gravity and filters,
key-path components, animation modes, transitions, input kinds and pixel formats.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

from . import _properties
from .types import CELL_FIELDS, Color, Path, Point, Rect, Size, Transform, corners_from_bits, snake_case

__all__ = [
    "Property",
    "PROPERTIES",
    "property_named",
    "KeyPath",
    "parse_key_path",
    "LAYER_KINDS",
    "GRAVITIES",
    "CONTENTS_FILTERS",
    "CALCULATION_MODES",
    "ROTATION_MODES",
    "TRANSITION_TYPES",
    "TRANSITION_SUBTYPES",
    "INPUT_KINDS",
    "PIXEL_FORMATS",
]

#: Layer kinds by their wire number (the ``create`` operation's ``kind``).
LAYER_KINDS = ("layer", "shape", "gradient", "text", "replicator", "scroll", "transform", "emitter")
#: ``contentsGravity`` values by wire number (``top`` is the top of the screen).
GRAVITIES = (
    "center", "top", "bottom", "left", "right", "topLeft", "topRight", "bottomLeft", "bottomRight",
    "resize", "resizeAspect", "resizeAspectFill",
)  # fmt: skip
#: ``minificationFilter`` / ``magnificationFilter`` values by wire number.
CONTENTS_FILTERS = ("linear", "nearest", "trilinear")
#: Keyframe calculation modes by wire number.
CALCULATION_MODES = ("linear", "discrete", "paced", "cubic", "cubicPaced")
#: Keyframe rotation modes by wire number (0: none).
ROTATION_MODES = (None, "rotateAuto", "rotateAutoReverse")
#: Transition types and subtypes by wire number.
TRANSITION_TYPES = ("fade", "moveIn", "push", "reveal")
TRANSITION_SUBTYPES = ("fromLeft", "fromRight", "fromTop", "fromBottom")
#: Input event kinds by wire number (0 is not used).
INPUT_KINDS = (
    None, "pointerDown", "pointerMoved", "pointerUp", "touchDown", "touchMoved", "touchUp",
    "touchCancelled", "keyDown", "keyUp", "pointerScrolled",
)  # fmt: skip
#: Bitmap pixel formats by wire number: byte order of a pixel; the ``x`` formats are opaque.
PIXEL_FORMATS = ("rgba8", "bgra8", "rgbx8", "bgrx8")


def _default(type_: str, raw: Any, nullable: bool) -> Any:
    """The table's plain default as the value the Python attribute returns."""
    if type_ == "point":
        return Point(*raw)
    if type_ == "size":
        return Size(*raw)
    if type_ == "rect":
        return Rect(*raw)
    if type_ == "color":
        color = Color(*raw)
        return None if nullable and color == Color.CLEAR else color  # type: ignore[attr-defined]
    if type_ == "transform":
        return Transform(*raw)
    if type_ == "corners":
        return corners_from_bits(raw)
    if type_ == "path":
        return None if nullable else Path()
    if type_ in ("numbers", "colors", "filters", "cells"):
        return None if nullable else ()
    return raw


@dataclass(frozen=True)
class Property:
    """One row of the property table (see ``_properties`` for the fields)."""

    name: str
    python: str
    wire: int
    type: str
    default: Any
    animatable: bool
    kinds: tuple[str, ...]
    domain: str
    nullable: bool
    keyword: Optional[tuple[str, ...]]
    doc: str

    def applies_to(self, kind: str) -> bool:
        """Whether a layer of ``kind`` (``shape``...) has the property."""
        return not self.kinds or kind in self.kinds


#: The version this client says ``hello`` with: its property table offers the keyword choices of this
#: version and older (a choice a later version added, such as version 9's ``hue`` blend mode, is not
#: one a session of this client can use).
PROTOCOL_VERSION = 7


def _choices(row: dict[str, Any]) -> Optional[tuple[str, ...]]:
    if row["keyword"] is None:
        return None
    since = row.get("keyword_since", {})
    return tuple(c for c in row["keyword"] if since.get(c, 0) <= PROTOCOL_VERSION)


#: The rows, in table order (the order of a presentation event's values).
PROPERTIES: tuple[Property, ...] = tuple(
    Property(
        name=row["name"],
        python=row["python"],
        wire=row["wire"],
        type=row["type"],
        default=_default(row["type"], row["default"], row["nullable"]),
        animatable=row["animatable"],
        kinds=tuple(row["kinds"]),
        domain=row["domain"],
        nullable=row["nullable"],
        keyword=_choices(row),
        doc=row["doc"],
    )
    for row in _properties.PROPERTIES
    # A property a later version added is not one a session of this client has, nor sent to it.
    if row.get("since", 0) <= PROTOCOL_VERSION
)
_BY_NAME = {p.name: p for p in PROPERTIES}
_BY_NAME.update({p.python: p for p in PROPERTIES})
BY_WIRE = {p.wire: p for p in PROPERTIES}


def property_named(name: str) -> Property:
    """The row for Core Animation's name (``backgroundColor``) or the Python one (``background_color``)."""
    try:
        return _BY_NAME[name]
    except KeyError:
        raise KeyError(f"{name!r} is not a layer property") from None


# Key-path components: wire number, and the value type each gives by the type of value it belongs to.
_COMPONENTS: dict[str, tuple[int, dict[str, str]]] = {
    "x": (1, {"point": "number"}),
    "y": (2, {"point": "number"}),
    "width": (3, {"size": "number"}),
    "height": (4, {"size": "number"}),
    "origin": (5, {"rect": "point"}),
    "size": (6, {"rect": "size"}),
    "origin.x": (7, {"rect": "number"}),
    "origin.y": (8, {"rect": "number"}),
    "size.width": (9, {"rect": "number"}),
    "size.height": (10, {"rect": "number"}),
    "rotation": (11, {"transform": "number"}),
    "rotation.x": (12, {"transform": "number"}),
    "rotation.y": (13, {"transform": "number"}),
    "rotation.z": (14, {"transform": "number"}),
    "scale": (15, {"transform": "number", "cells": "number"}),
    "scale.x": (16, {"transform": "number"}),
    "scale.y": (17, {"transform": "number"}),
    "scale.z": (18, {"transform": "number"}),
    "translation": (19, {"transform": "size"}),
    "translation.x": (20, {"transform": "number"}),
    "translation.y": (21, {"transform": "number"}),
    "translation.z": (22, {"transform": "number"}),
    "blur": (23, {"filters": "number"}),
    "saturation": (24, {"filters": "number"}),
    "brightness": (25, {"filters": "number"}),
    "contrast": (26, {"filters": "number"}),
    "colorMatrix": (27, {"filters": "numbers"}),
}
# The cell fields other than `scale` take 28...53 in their wire order, then `color` 54.
for _number, _name in enumerate((f for f in CELL_FIELDS if f != "scale"), start=28):
    _COMPONENTS[_name] = (_number, {"cells": "number"})
_COMPONENTS["color"] = (54, {"cells": "color"})
# Snake-case spellings of the element components (`birth_rate`, `color_matrix`).
_COMPONENT_ALIASES = {snake_case(n): n for n in _COMPONENTS if snake_case(n) != n}


@dataclass(frozen=True)
class KeyPath:
    """A parsed key path: a property, optionally one component of its value, and for a component of
    a filter or an emitter cell the element's name (``filters.frost.blur``)."""

    prop: Property
    component: Optional[str] = None
    element: Optional[str] = None

    @property
    def component_id(self) -> int:
        return 0 if self.component is None else _COMPONENTS[self.component][0]

    @property
    def value_type(self) -> str:
        """The type of the values the key path takes."""
        if self.component is None:
            return self.prop.type
        return _COMPONENTS[self.component][1][self.prop.type]

    def __str__(self) -> str:
        parts = [self.prop.name]
        if self.element is not None:
            parts.append(self.element)
        if self.component is not None:
            parts.append(self.component)
        return ".".join(parts)


def parse_key_path(text: str, kind: Optional[str] = None) -> KeyPath:
    """Parses Core Animation's key path (``position.x``, ``transform.rotation.z``,
    ``bounds.size.width``, ``filters.frost.blur``, ``emitterCells.spark.birthRate``); property names
    may be Python's too (``background_color``). With ``kind``, the property must belong to it."""
    if not isinstance(text, str) or not text:
        raise ValueError(f"a key path is a non-empty string, not {text!r}")
    head, _, rest = text.partition(".")
    try:
        prop = property_named(head)
    except KeyError:
        raise ValueError(f"{text!r}: {head!r} is not a layer property") from None
    if kind is not None and not prop.applies_to(kind):
        owners = ", ".join(prop.kinds)
        raise ValueError(f"{text!r}: {prop.name} belongs to {owners} layers, not {kind} layers")
    if not rest:
        return KeyPath(prop)
    element: Optional[str] = None
    if prop.type in ("filters", "cells"):
        element, _, rest = rest.partition(".")
        if not element or not rest:
            raise ValueError(f"{text!r}: a component of {prop.name} is {prop.name}.NAME.FIELD")
    component = _COMPONENT_ALIASES.get(rest, rest)
    entry = _COMPONENTS.get(component)
    if entry is None or prop.type not in entry[1]:
        raise ValueError(f"{text!r} is not a key path: a {prop.type} value has no component {rest!r}")
    return KeyPath(prop, component, element)
