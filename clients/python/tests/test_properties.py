"""Every property of the table, on every kind of layer, round-trips through the daemon exactly; the
hierarchy, names and key paths reach it as the app's model says."""

from __future__ import annotations

import math
import unittest

import lamina
from lamina import Color, EmitterCell, Filter, Path, Point, Rect, Size, Transform
from support import Daemon, DaemonTestCase

daemon: Daemon


def setUpModule() -> None:
    global daemon
    daemon = Daemon()
    DaemonTestCase.daemon = daemon


def tearDownModule() -> None:
    daemon.stop()


KINDS = {
    "layer": lamina.Layer,
    "shape": lamina.ShapeLayer,
    "gradient": lamina.GradientLayer,
    "text": lamina.TextLayer,
    "replicator": lamina.ReplicatorLayer,
    "scroll": lamina.ScrollLayer,
    "transform": lamina.TransformLayer,
    "emitter": lamina.EmitterLayer,
}


def sample(prop: lamina.Property, bitmap: lamina.Bitmap) -> object:
    """A value of ``prop`` other than its default, inside its domain, with exact binary fractions."""
    t = prop.type
    if t == "number":
        if prop.python in ("instance_count", "seed"):
            return 3.0
        return {"positive": 2.5, "nonNegative": 3.25, "nonNegativeOrInfinite": 4.5}.get(prop.domain, 0.375)
    if t == "point":
        return Point(12.5, -7.25)
    if t == "size":
        return Size(33.5, 44.25)
    if t == "rect":
        return Rect(1.5, 2.5, 30.25, 40.75)
    if t == "color":
        return Color(0.25, 0.5, 0.75, 0.625)
    if t == "transform":
        return Transform.rotation(0.3, 1, 2, 3).concat(Transform.translation(5, 6, 7)).concat(Transform.perspective(500))
    if t == "bool":
        return not prop.default
    if t == "gravity":
        return "topLeft"
    if t == "filter":
        return "nearest"
    if t == "bitmap":
        return bitmap
    if t == "path":
        return Path().move_to(1, 2).line_to(30, 4).quad_to(40, 40, 35, 10).cubic_to(5, 30, 20, 45, 10, 40).close()
    if t == "numbers":
        return (0.0, 0.25, 1.0) if prop.domain == "unitInterval" else (2.0, 3.0, 4.5)
    if t == "colors":
        return (Color(1, 0, 0, 1), Color(0, 0, 1, 0.5), Color(0.25, 0.75, 0, 1))
    if t == "string":
        return "Hello, 你好" if prop.python == "string" else "DejaVu Serif"
    if t == "keyword":
        assert prop.keyword is not None
        return prop.keyword[-1] if prop.keyword[-1] != prop.default else prop.keyword[0]
    if t == "corners":
        return frozenset({"minXMinY", "maxXMaxY"})
    if t == "filters":
        matrix = [i / 8 for i in range(20)]
        return (Filter.blur(2.5, name="soft"), Filter.saturation(1.5, name="sat"), Filter.color_matrix(matrix, name="cm"))
    if t == "cells":
        child = EmitterCell(name="ember", birth_rate=1, lifetime=0.5, velocity=4, scale=0.25)
        return (
            EmitterCell(
                name="spark", birth_rate=2, lifetime=1.5, velocity=10, emission_range=math.pi, color=Color(1, 0.5, 0, 1),
                contents=bitmap, contents_rect=Rect(0, 0, 0.5, 0.5), spin=0.75, alpha_speed=-0.5, emitter_cells=(child,),
            ),
        )  # fmt: skip
    raise AssertionError(t)


class PropertyRoundTrip(DaemonTestCase):
    def test_defaults_of_every_kind_are_the_tables(self) -> None:
        for kind, cls in KINDS.items():
            with self.subTest(kind=kind):
                layer = self.show(cls(name=f"default-{kind}"))
                shown = layer.presentation()
                for prop in lamina.PROPERTIES:
                    self.assertEqual(shown.values[prop.python], prop.default, f"{kind} {prop.name}")
                    if prop.applies_to(kind):
                        self.assertEqual(getattr(layer, prop.python), prop.default, f"{kind}.{prop.python} model default")

    def test_every_property_of_every_kind_round_trips_exactly(self) -> None:
        bitmap = lamina.Bitmap.from_bytes(bytes([255, 0, 0, 255] * 4), 2, 2)
        for kind, cls in KINDS.items():
            with self.subTest(kind=kind):
                layer = cls(name=f"every-{kind}")
                expected = {}
                for prop in lamina.PROPERTIES:
                    if prop.applies_to(kind):
                        value = sample(prop, bitmap)
                        setattr(layer, prop.python, value)
                        expected[prop.python] = getattr(layer, prop.python)
                self.show(layer)
                shown = layer.presentation()
                for name, value in expected.items():
                    self.assertEqual(getattr(shown, name), value, f"{kind}.{name}")
                    self.assertEqual(getattr(layer, name), value, f"{kind}.{name} (model)")
                self.assertGreaterEqual(shown.time, self.connection.last_commit_time - 1)

    def test_keywords_are_names(self) -> None:
        layer = lamina.Layer()
        self.assertEqual(layer.fill_mode, "removed")
        self.assertEqual(layer.contents_gravity, "resize")
        shape = lamina.ShapeLayer()
        shape.line_cap = "round"
        shape.line_join = "bevel"
        shape.fill_rule = "evenOdd"
        text = lamina.TextLayer(alignment_mode="center", truncation_mode="end")
        gradient = lamina.GradientLayer(gradient_type="conic")
        for l in (layer, shape, text, gradient):
            self.connection.add_layer(l)
        shown = shape.presentation()
        self.assertEqual((shown.line_cap, shown.line_join, shown.fill_rule), ("round", "bevel", "evenOdd"))
        self.assertEqual((text.presentation().alignment_mode, text.presentation().truncation_mode), ("center", "end"))
        self.assertEqual(gradient.presentation().gradient_type, "conic")
        with self.assertRaisesRegex(ValueError, "butt, round, square"):
            shape.line_cap = "rounded"
        with self.assertRaises(TypeError):
            shape.line_cap = 1
        # Choices a later protocol version added (version 9's hue blend mode) are not this client's.
        layer.compositing_filter = "plusDarker"
        with self.assertRaisesRegex(ValueError, "exclusion, plusLighter, plusDarker, not 'hue'"):
            layer.compositing_filter = "hue"

    def test_nullable_properties_read_none_for_empty(self) -> None:
        shape = lamina.ShapeLayer()
        self.assertIsNone(shape.path)
        self.assertIsNone(shape.stroke_color)
        self.assertEqual(shape.fill_color, Color(0, 0, 0, 1))
        shape.fill_color = None
        shape.line_dash_pattern = [4, 2]
        self.show(shape)
        shown = shape.presentation()
        self.assertIsNone(shown.fill_color)
        self.assertEqual(shown.line_dash_pattern, (4.0, 2.0))
        shape.fill_color = Color.CLEAR
        self.assertIsNone(shape.fill_color)

    def test_values_are_checked_when_set(self) -> None:
        layer = lamina.Layer()
        with self.assertRaisesRegex(TypeError, "opacity takes a number"):
            layer.opacity = "half"
        with self.assertRaisesRegex(ValueError, "contents_scale must be greater than 0"):
            layer.contents_scale = 0
        with self.assertRaisesRegex(ValueError, "finite"):
            layer.opacity = math.nan
        with self.assertRaisesRegex(ValueError, "position takes 2 numbers"):
            layer.position = (1, 2, 3)
        with self.assertRaisesRegex(AttributeError, "line_width belongs to shape layers"):
            layer.line_width = 3
        with self.assertRaisesRegex(AttributeError, "background_color"):
            layer.backgroundColor = Color.RED  # Core Animation's spelling
        with self.assertRaisesRegex(TypeError, "no property 'colour'"):
            lamina.Layer(colour=Color.RED)
        gradient = lamina.GradientLayer()
        with self.assertRaisesRegex(ValueError, r"locations must be in 0\.\.\.1"):
            gradient.locations = [0, 1.5]
        layer.duration = math.inf  # duration, repeatCount and repeatDuration may be infinite
        layer.repeat_count = math.inf
        self.show(layer)
        self.assertEqual(layer.presentation().repeat_count, math.inf)

    def test_colours_from_hex_and_tuples(self) -> None:
        layer = lamina.Layer(background_color="#ff8000", border_color=(0, 0.5, 1))
        self.assertEqual(layer.background_color, Color(1.0, 128 / 255, 0.0, 1.0))
        self.assertEqual(layer.border_color, Color(0, 0.5, 1, 1))

    def test_key_paths_set_and_read_components(self) -> None:
        layer = lamina.Layer(bounds=(0, 0, 10, 20), position=(5, 6))
        layer.set_value("position.x", 40)
        layer.set_value("bounds.size.width", 64)
        layer.set_value("backgroundColor", Color.BLUE)
        self.assertEqual(layer.position, Point(40, 6))
        self.assertEqual(layer.value_for_key_path("bounds.size"), Size(64, 20))
        self.assertEqual(layer.value_for_key_path("background_color"), Color.BLUE)
        self.show(layer)
        shown = layer.presentation()
        self.assertEqual(shown.value_for_key_path("position.x"), 40)
        self.assertEqual(shown.value_for_key_path("bounds.size.width"), 64)
        with self.assertRaises(lamina.InvalidOperation):
            layer.set_value("transform.rotation.z", 1.0)
        with self.assertRaises(lamina.InvalidOperation):
            layer.set_value("position.z", 1.0)

    def test_frame(self) -> None:
        layer = lamina.Layer()
        layer.frame = Rect(10, 20, 100, 50)
        self.assertEqual(layer.position, Point(60, 45))
        self.assertEqual(layer.bounds, Rect(0, 0, 100, 50))
        self.assertEqual(layer.frame, Rect(10, 20, 100, 50))
        layer.transform = Transform.scale(2)
        self.assertEqual(layer.frame, Rect(-40, -5, 200, 100))
        self.show(layer)
        (node,) = self.connection.tree()
        self.assertEqual(node.frame, Rect(-40, -5, 200, 100))


class Hierarchy(DaemonTestCase):
    def test_sublayers_masks_and_names_reach_the_daemon(self) -> None:
        root = lamina.Layer(name="root", frame=(0, 0, 200, 100))
        a = lamina.Layer(name="a", frame=(0, 0, 10, 10))
        b = lamina.Layer(name="b", frame=(20, 0, 10, 10))
        c = lamina.Layer(name="c", frame=(40, 0, 10, 10))
        mask = lamina.Layer(name="mask", frame=(0, 0, 200, 100))
        root.add_sublayer(a)
        root.add_sublayer(c)
        root.insert_sublayer(b, 1)
        root.mask = mask
        self.show(root)
        self.assertEqual(root.sublayers, (a, b, c))
        self.assertIs(b.superlayer, root)
        nodes = self.connection.tree()
        self.assertEqual([(n.name, n.depth, n.is_mask) for n in nodes],
                         [("root", 0, False), ("mask", 1, True), ("a", 1, False), ("b", 1, False), ("c", 1, False)])
        self.assertEqual([n.layer for n in nodes], [root, mask, a, b, c])
        c.name = "see"
        root.insert_sublayer_below(c, a)
        b.remove_from_superlayer()
        root.mask = None
        nodes = self.connection.tree()
        attached = [(n.name, n.depth) for n in nodes if n.is_attached]
        self.assertEqual(attached, [("root", 0), ("see", 1), ("a", 1)])
        self.assertEqual({n.name for n in nodes if not n.is_attached}, {"b", "mask"})

    def test_refused_edits_raise_and_change_nothing(self) -> None:
        a, b = lamina.Layer(name="a"), lamina.Layer(name="b")
        a.add_sublayer(b)
        with self.assertRaisesRegex(lamina.InvalidOperation, "cycle"):
            b.add_sublayer(a)
        with self.assertRaisesRegex(lamina.InvalidOperation, "index 3 is outside 0...0"):
            b.insert_sublayer(lamina.Layer(), 3)
        with self.assertRaisesRegex(lamina.InvalidOperation, "has a superlayer"):
            a.mask = b
        other = self.daemon.connect(name="other")
        try:
            foreign = lamina.Layer(connection=other)
            with self.assertRaisesRegex(lamina.InvalidOperation, "another connection"):
                a.add_sublayer(foreign)
        finally:
            other.close()
        self.assertEqual(a.sublayers, (b,))
        self.connection.add_layer(a)
        self.connection.sync()
        self.assertEqual([n.name for n in self.connection.tree()], ["a", "b"])

    def test_layers_the_app_drops_are_destroyed(self) -> None:
        keep = lamina.Layer(name="keep")
        lamina.Layer(name="dropped")  # no reference kept: gone at the next commit
        self.connection.sync()
        self.connection.flush()
        self.connection.sync()
        self.assertEqual([n.name for n in self.connection.tree()], ["keep"])
        self.assertEqual(self.connection.stats().layers, 1)
        del keep


class ValueTypes(unittest.TestCase):
    def test_transform_helpers(self) -> None:
        turn = Transform.rotation(math.pi / 2, 0, 0, 1)
        p = turn.apply(1, 0)
        self.assertAlmostEqual(p.x, 0, places=12)
        self.assertAlmostEqual(p.y, 1, places=12)
        moved = Transform.scale(2).concat(Transform.translation(10, 0))
        self.assertEqual(moved.apply(1, 1), Point(12, 2))
        self.assertEqual(Transform.translation(10, 0).scaled(2).apply(1, 1), Point(12, 2))
        self.assertTrue(Transform.identity().is_identity)
        self.assertEqual(Transform.perspective(500).m34, -1 / 500)
        self.assertEqual(Transform.rotation(1, 0, 0, 0), Transform())

    def test_paths(self) -> None:
        path = Path.rect(0, 0, 10, 20)
        self.assertEqual([e.kind for e in path], ["move", "line", "line", "line", "close"])
        self.assertEqual(len(Path.ellipse(0, 0, 10, 10)), 6)
        self.assertTrue(Path().is_empty)
        with self.assertRaises(AttributeError):
            path.elements = ()  # type: ignore[misc]

    def test_key_path_parsing(self) -> None:
        self.assertEqual(lamina.parse_key_path("transform.rotation.z").component_id, 14)
        self.assertEqual(lamina.parse_key_path("bounds.size.width").component_id, 9)
        self.assertEqual(lamina.parse_key_path("shadowOffset.height").value_type, "number")
        path = lamina.parse_key_path("filters.frost.blur")
        self.assertEqual((path.prop.wire, path.component_id, path.element), (69, 23, "frost"))
        self.assertEqual(lamina.parse_key_path("emitter_cells.spark.birth_rate").component_id, 28)
        self.assertEqual(lamina.parse_key_path("emitterCells.spark.color").value_type, "color")
        with self.assertRaises(ValueError):
            lamina.parse_key_path("opacity.x")


if __name__ == "__main__":
    unittest.main()
