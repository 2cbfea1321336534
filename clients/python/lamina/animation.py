"""The animation family (``CAAnimation`` and its subclasses), run by the daemon.

An animation is a description: ``layer.add_animation(anim, "key")`` adds a *copy* of it, as Core
Animation does, so changing the object afterwards changes nothing on screen. The daemon runs it
against its own clock and reports when it starts and stops; the connection then calls the
animation's ``on_start`` / ``on_stop`` callables or its ``delegate``'s ``animation_did_start`` /
``animation_did_stop`` methods with the copy. Key paths are Core Animation's strings
(``position.x``, ``transform.rotation.z``, ``bounds.size.width``, ``filters.NAME.blur``).
"""

from __future__ import annotations

import copy
from typing import Any, Callable, Optional, Sequence, Union

from .errors import InvalidOperation
from .schema import CALCULATION_MODES, ROTATION_MODES, TRANSITION_SUBTYPES, TRANSITION_TYPES, KeyPath, parse_key_path
from .types import Path, TimingFunction
from .values import coerce_for_key_path
from .wire import Writer

__all__ = [
    "Animation",
    "PropertyAnimation",
    "BasicAnimation",
    "SpringAnimation",
    "KeyframeAnimation",
    "AnimationGroup",
    "Transition",
    "timing_function",
]

TimingLike = Union[TimingFunction, str, Sequence[float], None]
_FILL_MODES = ("removed", "forwards", "backwards", "both")
_ROTATION_ALIASES = {"auto": "rotateAuto", "autoReverse": "rotateAutoReverse"}


def timing_function(value: TimingLike) -> Optional[TimingFunction]:
    """A curve from a ``TimingFunction``, one of Core Animation's names, or four control numbers."""
    if value is None or isinstance(value, TimingFunction):
        return value
    if isinstance(value, str):
        return TimingFunction.named(value)
    if len(value) != 4:
        raise ValueError(f"a timing function is 4 control numbers (c1x, c1y, c2x, c2y), not {value!r}")
    return TimingFunction(*(float(v) for v in value))


class Animation:
    """What every animation has (``CAAnimation`` with ``CAMediaTiming``).

    ``duration`` 0 means 0.25 s. ``begin_time`` 0 means the commit's time (use ``media_time()`` plus
    an offset, converted to the layer's time, to start later). ``repeat_count`` and
    ``repeat_duration`` may be ``math.inf``. ``timing_function`` None is linear. ``fill_mode`` is
    ``removed``, ``forwards``, ``backwards`` or ``both``."""

    def __init__(
        self,
        *,
        duration: float = 0.0,
        begin_time: float = 0.0,
        speed: float = 1.0,
        time_offset: float = 0.0,
        repeat_count: float = 0.0,
        repeat_duration: float = 0.0,
        autoreverses: bool = False,
        fill_mode: str = "removed",
        timing_function: TimingLike = None,
        removed_on_completion: bool = True,
        delegate: Any = None,
        on_start: Optional[Callable[["Animation"], None]] = None,
        on_stop: Optional[Callable[["Animation", bool], None]] = None,
    ) -> None:
        self.duration = duration
        self.begin_time = begin_time
        self.speed = speed
        self.time_offset = time_offset
        self.repeat_count = repeat_count
        self.repeat_duration = repeat_duration
        self.autoreverses = autoreverses
        self.fill_mode = fill_mode
        self.timing_function = timing_function
        self.removed_on_completion = removed_on_completion
        self.delegate = delegate
        self.on_start = on_start
        self.on_stop = on_stop

    # The curve is kept normalised so that reading it back gives a TimingFunction.
    @property
    def timing_function(self) -> Optional[TimingFunction]:
        return self._timing_function

    @timing_function.setter
    def timing_function(self, value: TimingLike) -> None:
        self._timing_function = timing_function(value)

    def copy(self) -> "Animation":
        """A copy with the same values and callbacks (a group's children copied too)."""
        return copy.copy(self)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} duration={self.duration}>"

    # MARK: Sending

    def _prepare(self, kind: str, key: Optional[str]) -> None:
        """Resolves and checks what the daemon needs (key paths, values) for a layer of ``kind``,
        raising ``InvalidOperation`` for what it would refuse anyway."""
        if self.fill_mode not in _FILL_MODES:
            raise InvalidOperation(f"fill_mode is one of {', '.join(_FILL_MODES)}, not {self.fill_mode!r}")

    def _encode(self, w: Writer, bitmap_ids: Callable[[Any], int]) -> None:
        w.finite(float(self.begin_time))
        w.finite(float(self.duration))
        w.finite(float(self.speed))
        w.finite(float(self.time_offset))
        w.f64(float(self.repeat_count))
        w.f64(float(self.repeat_duration))
        w.bool(self.autoreverses)
        w.u8(_FILL_MODES.index(self.fill_mode))
        for c in self.timing_function or TimingFunction.LINEAR:  # type: ignore[attr-defined]
            w.finite(c)
        w.bool(self.removed_on_completion)
        self._encode_kind(w, bitmap_ids)

    def _encode_kind(self, w: Writer, bitmap_ids: Callable[[Any], int]) -> None:
        raise InvalidOperation(f"{type(self).__name__} is abstract: add a BasicAnimation, KeyframeAnimation, ...")

    def _bitmaps(self) -> list[Any]:
        """The bitmaps the animation's values show (for `contents`)."""
        return []


class PropertyAnimation(Animation):
    """An animation of one key path (``CAPropertyAnimation``). With ``key_path`` None it animates the
    key it is added under, as Core Animation does."""

    def __init__(self, key_path: Optional[str] = None, *, additive: bool = False, cumulative: bool = False, **timing: Any) -> None:
        super().__init__(**timing)
        self.key_path = key_path
        self.additive = additive
        self.cumulative = cumulative
        self._path: Optional[KeyPath] = None

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.key_path!r} duration={self.duration}>"

    def _prepare(self, kind: str, key: Optional[str]) -> None:
        super()._prepare(kind, key)
        text = self.key_path if self.key_path is not None else key
        if text is None:
            raise InvalidOperation(f"{type(self).__name__} has no key path and was added under no key")
        try:
            self._path = parse_key_path(text, kind)
        except ValueError as e:
            raise InvalidOperation(str(e)) from None
        if not self._path.prop.animatable:
            raise InvalidOperation(f"{self._path.prop.name} is not animatable (key path {text!r})")

    def _value(self, value: Any) -> Any:
        assert self._path is not None
        try:
            return coerce_for_key_path(self._path, value)
        except (TypeError, ValueError) as e:
            raise InvalidOperation(f"a value of an animation of {self._path}: {e}") from None

    def _write_value(self, w: Writer, value: Any, bitmap_ids: Callable[[Any], int]) -> None:
        assert self._path is not None
        prop = self._path.prop
        if self._path.component is None:
            w.value(prop.type, value, bitmap_ids, keyword=prop.keyword)
        else:
            w.value(self._path.value_type, value, bitmap_ids)


class BasicAnimation(PropertyAnimation):
    """From one value to another (``CABasicAnimation``). With no ``from_value``, ``to_value`` or
    ``by_value`` it runs from the value on screen at the commit to the model value."""

    def __init__(
        self,
        key_path: Optional[str] = None,
        *,
        from_value: Any = None,
        to_value: Any = None,
        by_value: Any = None,
        **options: Any,
    ) -> None:
        super().__init__(key_path, **options)
        self.from_value = from_value
        self.to_value = to_value
        self.by_value = by_value

    _kind = 0

    def _prepare(self, kind: str, key: Optional[str]) -> None:
        super()._prepare(kind, key)
        self._values = tuple(None if v is None else self._value(v) for v in (self.from_value, self.to_value, self.by_value))

    def _encode_basic(self, w: Writer, bitmap_ids: Callable[[Any], int]) -> None:
        assert self._path is not None
        w.key_path(self._path)
        for value in self._values:
            if value is None:
                w.bool(False)
            else:
                w.bool(True)
                self._write_value(w, value, bitmap_ids)
        w.bool(self.additive)
        w.bool(self.cumulative)

    def _encode_kind(self, w: Writer, bitmap_ids: Callable[[Any], int]) -> None:
        w.u8(self._kind)
        self._encode_basic(w, bitmap_ids)

    def _bitmaps(self) -> list[Any]:
        from .bitmap import Bitmap

        return [v for v in (self.from_value, self.to_value, self.by_value) if isinstance(v, Bitmap)]


class SpringAnimation(BasicAnimation):
    """A damped spring (``CASpringAnimation``): ``duration`` 0 lasts the spring's settling time."""

    def __init__(
        self,
        key_path: Optional[str] = None,
        *,
        mass: float = 1.0,
        stiffness: float = 100.0,
        damping: float = 10.0,
        initial_velocity: float = 0.0,
        **options: Any,
    ) -> None:
        super().__init__(key_path, **options)
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.initial_velocity = initial_velocity

    _kind = 2

    def _encode_kind(self, w: Writer, bitmap_ids: Callable[[Any], int]) -> None:
        super()._encode_kind(w, bitmap_ids)
        for x in (self.mass, self.stiffness, self.damping, self.initial_velocity):
            w.finite(float(x))


class KeyframeAnimation(PropertyAnimation):
    """Through a list of values, or along a path for a point (``CAKeyframeAnimation``).

    ``key_times`` (0...1, rising, one per value; one more for ``discrete``), ``timing_functions``
    (one per segment), ``calculation_mode`` (``linear``, ``discrete``, ``paced``, ``cubic``,
    ``cubicPaced``), ``tension_values``/``continuity_values``/``bias_values`` for the cubic modes,
    and for a path ``rotation_mode`` (None, ``"auto"`` / ``"rotateAuto"``, ``"autoReverse"`` /
    ``"rotateAutoReverse"``)."""

    def __init__(
        self,
        key_path: Optional[str] = None,
        *,
        values: Sequence[Any] = (),
        path: Optional[Path] = None,
        key_times: Optional[Sequence[float]] = None,
        timing_functions: Optional[Sequence[TimingLike]] = None,
        calculation_mode: str = "linear",
        tension_values: Sequence[float] = (),
        continuity_values: Sequence[float] = (),
        bias_values: Sequence[float] = (),
        rotation_mode: Optional[str] = None,
        **options: Any,
    ) -> None:
        super().__init__(key_path, **options)
        self.values = list(values)
        self.path = path
        self.key_times = key_times
        self.timing_functions = timing_functions
        self.calculation_mode = calculation_mode
        self.tension_values = tension_values
        self.continuity_values = continuity_values
        self.bias_values = bias_values
        self.rotation_mode = rotation_mode

    def copy(self) -> "KeyframeAnimation":
        other = copy.copy(self)
        other.values = list(self.values)
        return other

    def _prepare(self, kind: str, key: Optional[str]) -> None:
        super()._prepare(kind, key)
        assert self._path is not None
        if self.calculation_mode not in CALCULATION_MODES:
            raise InvalidOperation(
                f"calculation_mode is one of {', '.join(CALCULATION_MODES)}, not {self.calculation_mode!r}"
            )
        rotation = _ROTATION_ALIASES.get(self.rotation_mode, self.rotation_mode) if self.rotation_mode else None
        if rotation not in ROTATION_MODES:
            raise InvalidOperation(f"rotation_mode is None, 'auto' or 'autoReverse', not {self.rotation_mode!r}")
        self._rotation = rotation
        if self.path is not None:
            if not isinstance(self.path, Path):
                raise InvalidOperation(f"a keyframe path is a Path, not {type(self.path).__name__}")
            if self._path.value_type != "point":
                raise InvalidOperation(f"a keyframe path animates points, but {self._path} holds a {self._path.value_type}")
        self._values = [self._value(v) for v in self.values]
        try:
            self._functions = None if self.timing_functions is None else [timing_function(f) for f in self.timing_functions]
        except ValueError as e:
            raise InvalidOperation(str(e)) from None

    def _encode_kind(self, w: Writer, bitmap_ids: Callable[[Any], int]) -> None:
        assert self._path is not None
        w.u8(1)
        w.key_path(self._path)
        w.u32(len(self._values))
        for value in self._values:
            self._write_value(w, value, bitmap_ids)
        if self.path is None:
            w.bool(False)
        else:
            w.bool(True)
            w.path(self.path)
        _optional_numbers(w, self.key_times)
        if self._functions is None:
            w.bool(False)
        else:
            w.bool(True)
            w.u32(len(self._functions))
            for f in self._functions:
                for c in f or TimingFunction.LINEAR:  # type: ignore[attr-defined]
                    w.finite(c)
        w.u8(CALCULATION_MODES.index(self.calculation_mode))
        for numbers in (self.tension_values, self.continuity_values, self.bias_values):
            w.u32(len(numbers))
            for x in numbers:
                w.finite(float(x))
        w.u8(ROTATION_MODES.index(self._rotation))
        w.bool(self.additive)
        w.bool(self.cumulative)

    def _bitmaps(self) -> list[Any]:
        from .bitmap import Bitmap

        return [v for v in self.values if isinstance(v, Bitmap)]


def _optional_numbers(w: Writer, numbers: Optional[Sequence[float]]) -> None:
    if numbers is None:
        w.bool(False)
        return
    w.bool(True)
    w.u32(len(numbers))
    for x in numbers:
        w.finite(float(x))


class AnimationGroup(Animation):
    """Animations run together in the group's time (``CAAnimationGroup``); children keep their own
    ``begin_time`` and are cut off at the group's duration. Groups nest at most 8 deep."""

    def __init__(self, animations: Sequence[Animation] = (), **timing: Any) -> None:
        super().__init__(**timing)
        self.animations = list(animations)

    def copy(self) -> "AnimationGroup":
        other = copy.copy(self)
        other.animations = [a.copy() for a in self.animations]
        return other

    def _prepare(self, kind: str, key: Optional[str]) -> None:
        super()._prepare(kind, key)
        for child in self.animations:
            if not isinstance(child, Animation):
                raise InvalidOperation(f"an animation group holds animations, not {type(child).__name__}")
            child._prepare(kind, None)

    def _encode_kind(self, w: Writer, bitmap_ids: Callable[[Any], int]) -> None:
        w.u8(3)
        w.u32(len(self.animations))
        for child in self.animations:
            child._encode(w, bitmap_ids)

    def _bitmaps(self) -> list[Any]:
        return [b for child in self.animations for b in child._bitmaps()]


class Transition(Animation):
    """A transition of the layer's whole appearance (``CATransition``): ``type`` ``fade``,
    ``moveIn``, ``push`` or ``reveal``; ``subtype`` ``fromLeft``, ``fromRight``, ``fromTop`` or
    ``fromBottom``; progress from ``start_progress`` to ``end_progress``."""

    def __init__(
        self,
        type: str = "fade",
        subtype: str = "fromLeft",
        *,
        start_progress: float = 0.0,
        end_progress: float = 1.0,
        **timing: Any,
    ) -> None:
        super().__init__(**timing)
        self.type = type
        self.subtype = subtype
        self.start_progress = start_progress
        self.end_progress = end_progress

    def _prepare(self, kind: str, key: Optional[str]) -> None:
        super()._prepare(kind, key)
        if self.type not in TRANSITION_TYPES:
            raise InvalidOperation(f"a transition type is one of {', '.join(TRANSITION_TYPES)}, not {self.type!r}")
        if self.subtype not in TRANSITION_SUBTYPES:
            raise InvalidOperation(
                f"a transition subtype is one of {', '.join(TRANSITION_SUBTYPES)}, not {self.subtype!r}"
            )

    def _encode_kind(self, w: Writer, bitmap_ids: Callable[[Any], int]) -> None:
        w.u8(4)
        w.u8(TRANSITION_TYPES.index(self.type))
        w.u8(TRANSITION_SUBTYPES.index(self.subtype))
        w.finite(float(self.start_progress))
        w.finite(float(self.end_progress))


def prepare(animation: Animation, kind: str, key: Optional[str]) -> Animation:
    """The copy a layer adds: checked, its key paths resolved, and trial-encoded so that a value the
    wire cannot carry (NaN, an infinite duration) raises here, at the call that added it."""
    if not isinstance(animation, Animation):
        raise TypeError(f"add_animation takes an Animation, not {type(animation).__name__}")
    added = animation.copy()
    added._prepare(kind, key)
    try:
        added._encode(Writer(), lambda bitmap: 0)
    except ValueError as e:
        raise InvalidOperation(f"{added!r}: {e}") from None
    return added

