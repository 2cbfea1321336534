"""Animations as the daemon evaluates them: seen through presentation queries (exact values, or values
computed from the daemon's own times) and screenshots (pixels computed from geometry and colours);
implicit animations, completions, delegates and frame callbacks."""

from __future__ import annotations

import math
import unittest

import lamina
from lamina import BasicAnimation, Color, KeyframeAnimation, Point, Rect, Transaction, Transform
from support import Daemon, DaemonTestCase

daemon: Daemon


def setUpModule() -> None:
    global daemon
    daemon = Daemon(size="320x240")
    DaemonTestCase.daemon = daemon


def tearDownModule() -> None:
    daemon.stop()


def frozen(animation: lamina.Animation, at: float) -> lamina.Animation:
    """The animation held at local time ``at`` (speed 0: its time stands at its time offset)."""
    animation.speed = 0
    animation.time_offset = at
    return animation


class FrozenAnimations(DaemonTestCase):
    """Animations held still at a known time evaluate to values computed by hand."""

    def test_basic_animations_of_components(self) -> None:
        layer = lamina.Layer(bounds=(0, 0, 10, 10), position=(0, 0), background_color=Color.RED)
        self.show(layer)
        layer.add_animation(frozen(BasicAnimation("position.x", from_value=0, to_value=100, duration=1), 0.25), "x")
        layer.add_animation(frozen(BasicAnimation("bounds.size.width", from_value=10, to_value=50, duration=2), 1.0), "w")
        layer.add_animation(
            frozen(BasicAnimation("backgroundColor", from_value=Color.RED, to_value=Color.BLUE, duration=1), 0.5), "c"
        )
        layer.add_animation(frozen(BasicAnimation("transform.rotation.z", from_value=0, to_value=1, duration=1), 0.5), "r")
        shown = layer.presentation()
        self.assertEqual(shown.position, Point(25, 0))
        self.assertEqual(shown.bounds, Rect(0, 0, 30, 10))
        self.assertEqual(shown.background_color, Color(0.5, 0, 0.5, 1))
        for got, want in zip(shown.transform, Transform.rotation(0.5)):
            self.assertAlmostEqual(got, want, places=12)
        self.assertEqual(layer.position, Point(0, 0))  # the model is untouched
        self.assertEqual(sorted(layer.animation_keys()), ["c", "r", "w", "x"])

    def test_keyframes_groups_springs_and_paths(self) -> None:
        layer = lamina.Layer(bounds=(0, 0, 10, 10))
        self.show(layer)
        layer.add_animation(
            frozen(KeyframeAnimation("opacity", values=[0, 0.5, 0.25], key_times=[0, 0.5, 1], duration=1), 0.75), "fade"
        )
        layer.add_animation(
            frozen(
                KeyframeAnimation("zPosition", values=[1, 2, 3], calculation_mode="discrete", key_times=[0, 0.25, 0.5, 1], duration=1),
                0.3,
            ),
            "z",
        )
        layer.add_animation(
            frozen(KeyframeAnimation("position", path=lamina.Path().move_to(0, 10).line_to(100, 10), duration=1), 0.5), "path"
        )
        group = lamina.AnimationGroup(
            [
                BasicAnimation("cornerRadius", from_value=0, to_value=8, duration=2),
                BasicAnimation("borderWidth", from_value=2, to_value=4, duration=1, begin_time=1),
            ],
            duration=4,
        )
        layer.add_animation(frozen(group, 1.5), "group")
        layer.add_animation(frozen(lamina.SpringAnimation("shadowRadius", from_value=7, to_value=20), 0), "spring")
        shown = layer.presentation()
        self.assertEqual(shown.opacity, 0.375)
        self.assertEqual(shown.z_position, 2)
        self.assertAlmostEqual(shown.position.x, 50, places=9)
        self.assertAlmostEqual(shown.position.y, 10, places=9)
        self.assertEqual(shown.corner_radius, 6)
        self.assertEqual(shown.border_width, 3)
        self.assertEqual(shown.shadow_radius, 7)

    def test_filter_and_cell_key_paths(self) -> None:
        layer = lamina.Layer(bounds=(0, 0, 10, 10), filters=[lamina.Filter.blur(0, name="soft")])
        emitter = lamina.EmitterLayer(emitter_cells=[lamina.EmitterCell(name="spark", birth_rate=1, lifetime=1)])
        self.show(layer)
        self.show(emitter)
        layer.add_animation(frozen(BasicAnimation("filters.soft.blur", from_value=0, to_value=8, duration=1), 0.5), "blur")
        emitter.add_animation(
            frozen(BasicAnimation("emitterCells.spark.birthRate", from_value=1, to_value=3, duration=1), 0.5), "rate"
        )
        self.assertEqual(layer.presentation().filters, (lamina.Filter.blur(4, name="soft"),))
        self.assertEqual(emitter.presentation().emitter_cells[0].birth_rate, 2)

    def test_a_frozen_move_in_a_screenshot(self) -> None:
        square = lamina.Layer(bounds=(0, 0, 40, 40), position=(40, 120), background_color=Color.RED)
        self.show(square)
        square.add_animation(
            frozen(BasicAnimation("position", from_value=(40, 120), to_value=(280, 120), duration=1), 0.5), "move"
        )
        image = self.connection.screenshot()
        self.assertEqual((image.width, image.height), (320, 240))
        # Held halfway: the square covers x 140...180, y 100...140.
        for x, y in ((141, 101), (160, 120), (178, 138)):
            self.assertPixel(image, x, y, (255, 0, 0, 255))
        for x, y in ((40, 120), (138, 120), (182, 120), (160, 98), (160, 142)):
            self.assertPixel(image, x, y, (0, 0, 0, 0))

    def test_refused_animations_raise_when_added(self) -> None:
        layer = lamina.Layer()
        with self.assertRaisesRegex(lamina.InvalidOperation, "fillMode is not animatable"):
            layer.add_animation(BasicAnimation("fillMode"), "f")
        with self.assertRaisesRegex(lamina.InvalidOperation, "not a layer property"):
            layer.add_animation(BasicAnimation("positon.x"), "p")
        with self.assertRaisesRegex(lamina.InvalidOperation, "takes a number"):
            layer.add_animation(BasicAnimation("opacity", to_value="full"), "o")
        with self.assertRaisesRegex(lamina.InvalidOperation, "belongs to shape layers"):
            layer.add_animation(BasicAnimation("strokeEnd", to_value=1), "s")
        with self.assertRaisesRegex(lamina.InvalidOperation, "no key path"):
            layer.add_animation(BasicAnimation(to_value=1))
        self.assertEqual(layer.animation_keys(), [])


class ImplicitAnimations(DaemonTestCase):
    def test_a_change_to_a_committed_layer_animates_from_what_is_shown(self) -> None:
        layer = self.show(lamina.Layer(bounds=(0, 0, 10, 10), position=(0, 0)))
        with Transaction(duration=10, timing="linear"):
            layer.position = (100, 0)
        self.connection.sync()
        begin = self.connection.last_commit_time
        shown = layer.presentation()
        # Linear over 10 s from the commit's time: the value follows from the daemon's own times.
        self.assertGreaterEqual(shown.time, begin)
        self.assertAlmostEqual(shown.position.x, 100 * (shown.time - begin) / 10, places=6)
        self.assertLess(shown.position.x, 100)
        self.assertEqual(layer.position, Point(100, 0))
        self.assertEqual(layer.animation("position").duration, 10)  # type: ignore[union-attr]

    def test_core_animations_defaults(self) -> None:
        layer = self.show(lamina.Layer())
        layer.opacity = 0.5
        action = layer.animation("opacity")
        assert isinstance(action, BasicAnimation)
        self.assertEqual((action.key_path, action.duration), ("opacity", 0.25))
        self.assertEqual(action.timing_function, lamina.TimingFunction.DEFAULT)
        self.assertIsNone(action.from_value)
        bitmap = lamina.Bitmap.from_bytes(bytes(4), 1, 1)
        layer.contents = bitmap
        self.assertIsInstance(layer.animation("contents"), lamina.Transition)
        self.connection.sync()

    def test_no_action_for_new_layers_disabled_actions_or_null_actions(self) -> None:
        fresh = lamina.Layer()
        fresh.opacity = 0.5
        self.assertEqual(fresh.animation_keys(), [])
        layer = self.show(lamina.Layer())
        with Transaction(disable_actions=True):
            layer.opacity = 0.25
            with Transaction():  # inherits disable_actions
                layer.position = (3, 4)
        layer.actions = {"corner_radius": None}
        layer.corner_radius = 5
        self.assertEqual(layer.animation_keys(), [])
        shown = layer.presentation()
        self.assertEqual((shown.opacity, shown.position, shown.corner_radius), (0.25, Point(3, 4), 5))

    def test_custom_actions(self) -> None:
        layer = self.show(lamina.Layer())
        layer.actions = {"opacity": frozen(BasicAnimation(from_value=0.125, to_value=0.125, duration=1), 0)}
        layer.opacity = 1
        self.assertEqual(layer.presentation().opacity, 0.125)


class Completions(DaemonTestCase):
    def test_a_transaction_without_animations_completes_inside_its_commit(self) -> None:
        self.connection.flush()
        calls: list[str] = []
        layer = lamina.Layer()
        self.connection.flush()
        with Transaction(completion=lambda: calls.append("done")):
            layer.allows_group_opacity = False  # not animatable: no action, no animation
            self.assertEqual(calls, [])
        self.assertEqual(calls, ["done"])
        # The implicit transaction's, at the flush that commits it.
        layer.name = "renamed"
        Transaction.current().completion = lambda: calls.append("implicit")
        self.connection.flush()
        self.assertEqual(calls, ["done", "implicit"])

    def test_completions_wait_for_their_animations_innermost_first(self) -> None:
        layer = self.show(lamina.Layer())
        calls: list[str] = []
        with Transaction(duration=0.3, completion=lambda: calls.append("outer")):
            layer.opacity = 0.5
            with Transaction(duration=0.05, completion=lambda: calls.append("inner")):
                layer.corner_radius = 4
            with Transaction(completion=lambda: calls.append("empty")):
                pass
        self.assertEqual(calls, ["empty"])
        self.connection.run_until(lambda: "outer" in calls, timeout=10)
        self.assertEqual(calls, ["empty", "inner", "outer"])

    def test_due_together_runs_innermost_first(self) -> None:
        layer = self.show(lamina.Layer())
        calls: list[str] = []
        with Transaction(completion=lambda: calls.append("outer")):
            with Transaction(duration=0.05, completion=lambda: calls.append("inner")):
                layer.position = (9, 9)
        self.connection.run_until(lambda: len(calls) == 2, timeout=10)
        self.assertEqual(calls, ["inner", "outer"])

    def test_delegates_and_callables_hear_starts_and_stops(self) -> None:
        layer = self.show(lamina.Layer())
        heard: list[tuple] = []

        class Delegate:
            def animation_did_start(self, animation: lamina.Animation) -> None:
                heard.append(("start", animation.key_path))  # type: ignore[attr-defined]

            def animation_did_stop(self, animation: lamina.Animation, finished: bool) -> None:
                heard.append(("stop", animation.key_path, finished))  # type: ignore[attr-defined]

        short = BasicAnimation("opacity", from_value=1, to_value=0, duration=0.05, delegate=Delegate())
        endless = BasicAnimation(
            "cornerRadius", from_value=0, to_value=9, duration=1, repeat_count=math.inf,
            on_stop=lambda animation, finished: heard.append(("endless", finished)),
        )  # fmt: skip
        layer.add_animation(short, "short")
        layer.add_animation(endless, "endless")
        self.connection.run_until(lambda: ("stop", "opacity", True) in heard, timeout=10)
        self.assertEqual(heard[:2], [("start", "opacity"), ("stop", "opacity", True)])
        self.assertEqual(layer.animation_keys(), ["endless"])
        layer.remove_animation("endless")
        self.connection.run_until(lambda: ("endless", False) in heard, timeout=10)
        self.assertEqual(layer.animation_keys(), [])

    def test_transitions_run_and_stop(self) -> None:
        layer = self.show(lamina.Layer(bounds=(0, 0, 20, 20), background_color=Color.GREEN))
        stopped: list[bool] = []
        layer.add_animation(lamina.Transition("push", "fromRight", duration=0.05, on_stop=lambda a, f: stopped.append(f)), "t")
        self.connection.run_until(lambda: stopped, timeout=10)
        self.assertEqual(stopped, [True])


class Frames(DaemonTestCase):
    def test_request_frame(self) -> None:
        frames: list[lamina.Frame] = []
        self.connection.request_frame(frames.append)
        self.connection.run_until(lambda: frames, timeout=10)
        (frame,) = frames
        refresh = self.connection.welcome.outputs[0].refresh_rate
        self.assertAlmostEqual(frame.target_time - frame.time, 1 / refresh, places=9)
        self.assertLessEqual(frame.time, lamina.media_time() + 1 / refresh)

    def test_display_link_runs_every_frame_until_invalidated(self) -> None:
        times: list[float] = []
        link = self.connection.on_frame(lambda link: times.append(link.timestamp))
        self.connection.run_until(lambda: len(times) >= 6, timeout=10)
        link.invalidate()
        self.assertEqual(link.frames, 6)
        refresh = self.connection.welcome.outputs[0].refresh_rate
        for a, b in zip(times, times[1:]):
            self.assertGreater(b, a)
            frames_apart = (b - a) * refresh
            self.assertAlmostEqual(frames_apart, round(frames_apart), places=6)  # on the tick grid
        self.assertAlmostEqual(link.duration, 1 / refresh)
        self.connection.process_events(0.1)
        self.assertEqual(len(times), 6)

    def test_a_display_link_drives_changes(self) -> None:
        layer = self.show(lamina.Layer(bounds=(0, 0, 10, 10)))

        def tick(link: lamina.DisplayLink) -> None:
            with Transaction(disable_actions=True):
                layer.position = (link.frames, 0)
            if link.frames == 5:
                link.invalidate()

        link = self.connection.on_frame(tick, interval=2)
        self.connection.run_until(lambda: link.frames == 5, timeout=10)
        self.assertEqual(layer.presentation().position, Point(5, 0))


if __name__ == "__main__":
    unittest.main()
