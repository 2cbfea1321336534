"""Layers (``CALayer`` and its kinds), with every row of the property table as an attribute.

A layer belongs to one connection (the current one when it is made, or ``connection=``). Making it
and changing it record operations in the current transaction; nothing reaches the daemon before the
transaction commits. Reading an attribute reads the app's model — the value last set, committed or
not — and ``presentation()`` asks the daemon what is on screen.

Attributes are generated from the property table (``schema.PROPERTIES``, itself generated from
LaminaSchema): Python's snake_case names (``background_color``, ``corner_radius``), Core Animation's
defaults, and keyword properties as their names (``layer.fill_mode == "removed"``). Setting an
animatable property of a layer that has been committed runs its action: by default an implicit
``BasicAnimation`` from the value on screen to the new one, lasting the transaction's ``duration``
(0.25 s), as Core Animation does; for ``contents`` a ``fade`` transition.
"""

from __future__ import annotations

import weakref
from typing import Any, Callable, Iterable, Optional

from . import transaction as tx
from .animation import Animation, BasicAnimation, Transition, prepare
from .errors import InvalidOperation
from .schema import LAYER_KINDS, PROPERTIES, KeyPath, Property, parse_key_path, property_named
from .transaction import AnimationRecord, Transaction
from .types import Point, Rect, Size, TimingFunction
from .values import check_name, coerce, coerce_for_property

__all__ = [
    "Layer",
    "ShapeLayer",
    "GradientLayer",
    "TextLayer",
    "ReplicatorLayer",
    "ScrollLayer",
    "TransformLayer",
    "EmitterLayer",
    "Presentation",
    "LAYER_CLASSES",
]


def _current_connection() -> Any:
    from .connection import current_connection

    return current_connection()


#: Every property by Core Animation's and Python's names.
_PROPERTY_NAMES = {**{p.name: p for p in PROPERTIES}, **{p.python: p for p in PROPERTIES}}


class _PropertyAttribute:
    """A property of the table as a Python attribute: reads the model, writes through the
    transaction (and the action)."""

    __slots__ = ("prop", "__dict__")

    def __init__(self, prop: Property) -> None:
        self.prop = prop
        animatable = "animatable" if prop.animatable else "not animatable"
        self.__doc__ = f"{prop.doc} Core Animation's `{prop.name}`; {animatable}; default {prop.default!r}."

    def __get__(self, layer: Optional["Layer"], owner: type) -> Any:
        if layer is None:
            return self
        return layer._values.get(self.prop.python, self.prop.default)

    def __set__(self, layer: "Layer", value: Any) -> None:
        layer._set_property(self.prop, coerce_for_property(self.prop, value))


class Layer:
    """A layer (``CALayer``): geometry, background, border, corners, contents, shadow, opacity,
    transforms, filters and media timing, sublayers and a mask.

    ``Layer(name=..., connection=..., **properties)``: properties given here are set as if assigned
    one by one (a new layer runs no actions).
    """

    KIND = "layer"

    def __init__(self, *, name: Optional[str] = None, connection: Any = None, **properties: Any) -> None:
        if name is not None:
            check_name(name, "a layer's name")
        conn = connection if connection is not None else _current_connection()
        self._connection = conn
        self._values: dict[str, Any] = {}
        self._name = name
        self._superlayer_ref: Optional[weakref.ReferenceType] = None
        self._mask_owner_ref: Optional[weakref.ReferenceType] = None
        self._sublayers: list[Layer] = []
        self._mask: Optional[Layer] = None
        self._animations: dict[Any, Animation] = {}
        self._committed = False
        #: Actions by property name (Core Animation's or Python's): an ``Animation`` to run instead of
        #: the default, or None for no action (as ``NSNull`` does).
        self.actions: dict[str, Optional[Animation]] = {}
        #: Called with each ``InputEvent`` for this layer (or for a sublayer without a handler).
        self.on_input: Optional[Callable[[Any], Any]] = None
        self._handle = conn._register_layer(self)
        tx.record(conn, ("create", self._handle, name, LAYER_KINDS.index(self.KIND)))
        for key, value in properties.items():
            attribute = getattr(type(self), key, None)
            if not isinstance(attribute, (_PropertyAttribute, property)):
                raise TypeError(f"{type(self).__name__} has no property {key!r}")
            setattr(self, key, value)

    # MARK: Identity

    @property
    def connection(self) -> Any:
        return self._connection

    @property
    def handle(self) -> int:
        """The connection's number for the layer on the wire."""
        return self._handle

    @property
    def kind(self) -> str:
        return self.KIND

    @property
    def name(self) -> Optional[str]:
        """``CALayer.name``: shown by ``lamina tree``; changing it renames the layer on the daemon."""
        return self._name

    @name.setter
    def name(self, value: Optional[str]) -> None:
        if value is not None:
            check_name(value, "a layer's name")
        self._name = value
        self._record(("name", self._handle, value))

    def __repr__(self) -> str:
        name = f" {self._name!r}" if self._name else ""
        return f"<{type(self).__name__} #{self._handle}{name}>"

    def __setattr__(self, name: str, value: Any) -> None:
        # A property of another kind, or Core Animation's spelling of one, would otherwise become a
        # plain attribute that never reaches the daemon: refuse it, saying what was meant.
        if not name.startswith("_") and not hasattr(type(self), name):
            prop = _PROPERTY_NAMES.get(name)
            if prop is not None:
                if prop.python != name and prop.applies_to(self.KIND):
                    raise AttributeError(f"{type(self).__name__} spells {name!r} as {prop.python!r}")
                if not prop.applies_to(self.KIND):
                    raise AttributeError(
                        f"{prop.python} belongs to {', '.join(prop.kinds)} layers, not to {type(self).__name__}"
                    )
        object.__setattr__(self, name, value)

    def _record(self, op: tuple) -> None:
        self._connection._check_open()
        tx.record(self._connection, op)

    # MARK: Properties

    def _set_property(self, prop: Property, value: Any) -> None:
        self._values[prop.python] = value
        self._record(("set", self._handle, KeyPath(prop), value))
        if prop.animatable:
            self._run_action(prop.name)

    def _run_action(self, key: str) -> None:
        if not self._committed:
            return  # a layer the daemon has not seen yet appears with its values, as in Core Animation
        current = Transaction.current()
        if current.disable_actions:
            return
        action = self.action_for_key(key)
        if action is not None:
            self.add_animation(action, key)

    def action_for_key(self, key: str) -> Optional[Animation]:
        """The action for a change of ``key``: the layer's ``actions`` entry (under Core Animation's
        or Python's name; None there means none), else ``default_action(key)``."""
        prop = property_named(key)
        for name in (prop.name, prop.python):
            if name in self.actions:
                return self.actions[name]
        return self.default_action(key)

    def default_action(self, key: str) -> Optional[Animation]:
        """Core Animation's default: a ``BasicAnimation`` with no values (from the value on screen to
        the model value) lasting the transaction's ``duration`` on its ``timing`` (or
        ``TimingFunction.DEFAULT``); for ``contents``, a ``fade`` transition. Override to change it."""
        prop = property_named(key)
        current = Transaction.current()
        timing = current.timing or TimingFunction.DEFAULT  # type: ignore[attr-defined]
        if prop.type == "bitmap":
            return Transition("fade", duration=current.duration, timing_function=timing)
        return BasicAnimation(prop.name, duration=current.duration, timing_function=timing)

    def set_value(self, key_path: str, value: Any) -> None:
        """Sets a property, or a component of a point, size or rect property, by key path
        (``"position.x"``, ``"bounds.size.width"``, ``"opacity"``), running its action."""
        path = self._key_path(key_path)
        if path.component is None:
            setattr(self, path.prop.python, value)
            return
        if path.prop.type not in ("point", "size", "rect"):
            raise InvalidOperation(
                f"{key_path!r}: only whole properties and components of points, sizes and rects are set "
                "by key path (transform, filter and cell components are animated, not set)"
            )
        whole = getattr(self, path.prop.python)
        part = coerce(path.value_type, value, key_path)
        setattr(self, path.prop.python, _with_component(whole, path.component, part))

    def value_for_key_path(self, key_path: str) -> Any:
        """A property's model value, or a component of a point, size or rect property."""
        path = self._key_path(key_path)
        value = getattr(self, path.prop.python)
        if path.component is None:
            return value
        if path.prop.type not in ("point", "size", "rect"):
            raise InvalidOperation(f"{key_path!r}: read transform, filter and cell components from presentation()")
        return _component(value, path.component)

    def _key_path(self, key_path: str) -> KeyPath:
        try:
            return parse_key_path(key_path, self.KIND)
        except ValueError as e:
            raise InvalidOperation(str(e)) from None

    @classmethod
    def default_value(cls, key: str) -> Any:
        """Core Animation's default for a property (``Layer.default_value("anchorPoint")``)."""
        return property_named(key).default

    # MARK: Geometry

    @property
    def frame(self) -> Rect:
        """The bounds in the superlayer's space: from ``bounds``, ``position``, ``anchor_point`` and
        the affine part of ``transform``. Setting it sets ``position`` and ``bounds``' size."""
        b, p, a, t = self.bounds, self.position, self.anchor_point, self.transform
        corners = []
        for x, y in ((0, 0), (1, 0), (0, 1), (1, 1)):
            dx, dy = (x - a.x) * b.width, (y - a.y) * b.height
            corners.append((p.x + dx * t.m11 + dy * t.m21 + t.m41, p.y + dx * t.m12 + dy * t.m22 + t.m42))
        xs, ys = [c[0] for c in corners], [c[1] for c in corners]
        return Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))

    @frame.setter
    def frame(self, value: Any) -> None:
        r = coerce("rect", value, "frame")
        a = self.anchor_point
        self.position = Point(r.x + a.x * r.width, r.y + a.y * r.height)
        self.bounds = Rect(self.bounds.x, self.bounds.y, r.width, r.height)

    # MARK: Hierarchy

    @property
    def superlayer(self) -> Optional["Layer"]:
        return self._superlayer_ref() if self._superlayer_ref is not None else None

    @property
    def sublayers(self) -> tuple["Layer", ...]:
        """The sublayers, back to front. Assigning replaces them all."""
        return tuple(self._sublayers)

    @sublayers.setter
    def sublayers(self, layers: Iterable["Layer"]) -> None:
        new = list(layers)
        for layer in list(self._sublayers):
            if layer not in new:
                layer.remove_from_superlayer()
        for layer in new:
            self.add_sublayer(layer)

    def add_sublayer(self, layer: "Layer") -> None:
        """Adds ``layer`` on top of the sublayers (taking it from its old superlayer first)."""
        self.insert_sublayer(layer)

    def insert_sublayer(self, layer: "Layer", index: Optional[int] = None) -> None:
        """Inserts ``layer`` at ``index`` among the sublayers (counted without it), or on top."""
        self._connection._insert(layer, self, index)

    def insert_sublayer_above(self, layer: "Layer", sibling: Optional["Layer"]) -> None:
        """Inserts ``layer`` just above ``sibling`` (on top when ``sibling`` is None or not a sublayer)."""
        others = [s for s in self._sublayers if s is not layer]
        index = others.index(sibling) + 1 if sibling in others else None
        self.insert_sublayer(layer, index)

    def insert_sublayer_below(self, layer: "Layer", sibling: Optional["Layer"]) -> None:
        """Inserts ``layer`` just below ``sibling`` (at the bottom when ``sibling`` is None or not a sublayer)."""
        others = [s for s in self._sublayers if s is not layer]
        index = others.index(sibling) if sibling in others else 0
        self.insert_sublayer(layer, index)

    def replace_sublayer(self, old: "Layer", new: "Layer") -> None:
        if old not in self._sublayers:
            raise InvalidOperation(f"{old!r} is not a sublayer of {self!r}")
        index = self._sublayers.index(old)
        old.remove_from_superlayer()
        self.insert_sublayer(new, index)

    def remove_from_superlayer(self) -> None:
        """Takes the layer out of its superlayer (or off the output); it stays on the daemon, undrawn,
        while the app holds it."""
        self._connection._remove(self)

    @property
    def mask(self) -> Optional["Layer"]:
        """A layer whose alpha masks this one (``CALayer.mask``); it must have no superlayer."""
        return self._mask

    @mask.setter
    def mask(self, layer: Optional["Layer"]) -> None:
        self._connection._set_mask(self, layer)

    # MARK: Animations

    def add_animation(self, animation: Animation, key: Optional[str] = None) -> None:
        """Adds a copy of ``animation`` under ``key`` (replacing one already there). A property
        animation without a key path animates ``key``. Raises ``InvalidOperation`` for what the daemon
        would refuse: an unknown or non-animatable key path, a value of another type."""
        self._connection._check_open()
        if key is not None:
            check_name(key, "an animation key")
        added = prepare(animation, self.KIND, key)
        record = AnimationRecord(self._connection, self, key, added)
        slot: Any = key if key is not None else record
        self._animations[slot] = added
        tx.record_animation(self._connection, ("add_animation", self._handle, key, added, record), record)

    def animation(self, key: str) -> Optional[Animation]:
        """The copy the layer holds under ``key``, until the daemon reports it stopped (kept after
        that when ``removed_on_completion`` is False)."""
        return self._animations.get(key)

    def animation_keys(self) -> list[str]:
        return [k for k in self._animations if isinstance(k, str)]

    def remove_animation(self, key: str) -> None:
        self._animations.pop(key, None)
        self._record(("remove_animation", self._handle, key))

    def remove_all_animations(self) -> None:
        self._animations.clear()
        self._record(("remove_all_animations", self._handle))

    def _animation_stopped(self, record: AnimationRecord) -> None:
        slot: Any = record.key if record.key is not None else record
        if self._animations.get(slot) is record.animation and record.animation.removed_on_completion:
            del self._animations[slot]

    # MARK: The daemon's view

    def presentation(self, *, sync: bool = True) -> "Presentation":
        """The values on screen now, as the daemon evaluates them (a round trip). With ``sync`` (the
        default) the app's changes are committed and applied first, so they count."""
        return self._connection.presentation_of(self, sync=sync)

    def hit_test(self, x: float, y: float) -> Optional["Layer"]:
        """The deepest layer of this subtree drawn at (x, y) — a point in the superlayer's space —
        on the presentation tree, as ``CALayer.hitTest(_:)``, answered by the daemon (protocol
        version 7; ``UnsupportedFeature`` on a session of version 6)."""
        return self._connection.hit_test(self, x, y)


def _component(value: Any, component: str) -> Any:
    if component in ("x", "y", "width", "height"):
        return getattr(value, component)
    if component == "origin":
        return value.origin
    if component == "size":
        return value.size
    part, field = component.split(".")
    return getattr(getattr(value, part), field)


def _with_component(value: Any, component: str, part: Any) -> Any:
    if isinstance(value, (Point, Size)):
        return value._replace(**{component: part})
    r: Rect = value
    if component == "origin":
        return Rect(part.x, part.y, r.width, r.height)
    if component == "size":
        return Rect(r.x, r.y, part.width, part.height)
    field = {"origin.x": "x", "origin.y": "y", "size.width": "width", "size.height": "height"}[component]
    return r._replace(**{field: part})


class ShapeLayer(Layer):
    """A path filled and stroked by the daemon (``CAShapeLayer``)."""

    KIND = "shape"


class GradientLayer(Layer):
    """An axial, radial or conic gradient (``CAGradientLayer``; ``type`` is ``gradient_type``)."""

    KIND = "gradient"


class TextLayer(Layer):
    """Text laid out and drawn by the daemon (``CATextLayer``; ``font`` is a fontconfig family)."""

    KIND = "text"


class ReplicatorLayer(Layer):
    """Copies of its sublayers, each transformed, delayed and tinted a step further (``CAReplicatorLayer``)."""

    KIND = "replicator"


class ScrollLayer(Layer):
    """A layer whose bounds' origin scrolls its sublayers (``CAScrollLayer``)."""

    KIND = "scroll"

    def scroll_to(self, x: float, y: float) -> None:
        """Moves the bounds' origin to (x, y) on the axes ``scroll_mode`` allows (``scroll(to:)``)."""
        mode = self.scroll_mode  # type: ignore[attr-defined]
        b = self.bounds  # type: ignore[has-type]
        nx = x if mode in ("horizontally", "both") else b.x
        ny = y if mode in ("vertically", "both") else b.y
        self.bounds = Rect(nx, ny, b.width, b.height)


class TransformLayer(Layer):
    """A layer that draws nothing of its own and keeps its sublayers in 3D, hidden by depth
    (``CATransformLayer``)."""

    KIND = "transform"


class EmitterLayer(Layer):
    """Particles computed by the daemon from ``emitter_cells`` (``CAEmitterLayer``)."""

    KIND = "emitter"


#: The class of each layer kind.
LAYER_CLASSES: dict[str, type[Layer]] = {
    cls.KIND: cls
    for cls in (Layer, ShapeLayer, GradientLayer, TextLayer, ReplicatorLayer, ScrollLayer, TransformLayer, EmitterLayer)
}


def _install_properties() -> None:
    """Puts every row of the property table on the classes of the kinds that have it."""
    for prop in PROPERTIES:
        owners = [Layer] if not prop.kinds else [LAYER_CLASSES[k] for k in prop.kinds]
        for cls in owners:
            if prop.python in cls.__dict__ or (cls is not Layer and hasattr(Layer, prop.python)):
                raise AssertionError(f"{cls.__name__}.{prop.python} would hide another attribute")
            setattr(cls, prop.python, _PropertyAttribute(prop))


_install_properties()


class Presentation:
    """A layer's values on screen, as the daemon answered a presentation query at ``time`` (a
    media time): the layer's properties as attributes, in the same forms the layer's own attributes
    take (keywords as names, geometry as NamedTuples, bitmaps as the app's ``Bitmap`` objects).
    ``values`` holds every row of the table by Python name."""

    def __init__(self, layer: Layer, time: float, values: dict[str, Any]) -> None:
        self.layer = layer
        self.time = time
        self.values = values

    def __getattr__(self, name: str) -> Any:
        values = self.__dict__.get("values")
        if values is None or name not in values:
            raise AttributeError(name)
        prop = property_named(name)
        if not prop.applies_to(self.__dict__["layer"].KIND):
            raise AttributeError(f"a {self.__dict__['layer'].KIND} layer has no {name}")
        return values[name]

    @property
    def frame(self) -> Rect:
        """The presented frame, computed as ``Layer.frame`` is."""
        proxy = object.__new__(Layer)
        proxy.__dict__["_values"] = self.values
        return Layer.frame.fget(proxy)  # type: ignore[attr-defined]

    def value_for_key_path(self, key_path: str) -> Any:
        path = parse_key_path(key_path, self.layer.KIND)
        value = self.values[path.prop.python]
        if path.component is None:
            return value
        if path.prop.type not in ("point", "size", "rect"):
            raise InvalidOperation(f"{key_path!r}: components of a {path.prop.type} are not read here")
        return _component(value, path.component)

    def __repr__(self) -> str:
        return f"<Presentation of {self.layer!r} at {self.time:.6f}>"
