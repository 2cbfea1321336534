"""Protocol versions: the client says hello with version 7, accepts a welcome of 6 or 7, can pin 6;
the daemon's hit test (version 7) and its refusal on a version-6 session; goodbye on shutdown."""

from __future__ import annotations

import unittest

import lamina
from lamina import BasicAnimation, Color
from support import Daemon, DaemonTestCase

daemon: Daemon


def setUpModule() -> None:
    global daemon
    daemon = Daemon(size="320x240")
    DaemonTestCase.daemon = daemon


def tearDownModule() -> None:
    daemon.stop()


class Negotiation(DaemonTestCase):
    def test_version_7_by_default(self) -> None:
        self.assertEqual(lamina.PROTOCOL_VERSION, 7)
        self.assertEqual(self.connection.version, 7)
        self.assertTrue(self.connection.supports("hitTest"))

    def test_an_app_may_ask_for_version_6(self) -> None:
        with self.daemon.connect(version=6) as old:
            self.assertEqual(old.version, 6)
            self.assertFalse(old.supports("hitTest"))
            layer = lamina.Layer(frame=(0, 0, 10, 10))
            old.add_layer(layer)
            old.sync()
            with self.assertRaises(lamina.UnsupportedFeature) as refused:
                layer.hit_test(5, 5)
            error = refused.exception
            self.assertEqual((error.feature, error.required_version, error.negotiated_version), ("hitTest", 7, 6))
            self.assertIn("hitTest needs protocol version 7", str(error))
            self.assertEqual(layer.presentation().bounds, lamina.Rect(0, 0, 10, 10))  # the rest works


class HitTesting(DaemonTestCase):
    def test_the_deepest_layer_under_a_point(self) -> None:
        root = lamina.Layer(name="root", frame=(10, 10, 200, 100), background_color=Color.WHITE)
        card = lamina.Layer(name="card", frame=(20, 20, 50, 50))
        badge = lamina.Layer(name="badge", frame=(5, 5, 10, 10))
        hidden = lamina.Layer(name="hidden", frame=(100, 20, 50, 50), hidden=True)
        root.add_sublayer(card)
        card.add_sublayer(badge)
        root.add_sublayer(hidden)
        self.show(root)
        # Points in the root's superlayer's space: the output.
        self.assertIs(root.hit_test(10 + 20 + 5 + 1, 10 + 20 + 5 + 1), badge)
        self.assertIs(root.hit_test(10 + 20 + 40, 10 + 20 + 40), card)
        self.assertIs(root.hit_test(10 + 120, 10 + 40), root)  # the hidden layer is skipped
        self.assertIsNone(root.hit_test(5, 5))
        # From the card, in the root's space.
        self.assertIs(card.hit_test(26, 26), badge)
        self.assertIsNone(card.hit_test(150, 90))

    def test_layers_are_hit_where_they_are_drawn(self) -> None:
        mover = lamina.Layer(name="mover", frame=(0, 0, 40, 40), background_color=Color.RED)
        self.show(mover)
        hold = BasicAnimation("position", from_value=(200, 200), to_value=(200, 200), duration=1000)
        mover.add_animation(hold, "hold")
        self.assertIs(mover.hit_test(200, 200), mover)
        self.assertIsNone(mover.hit_test(20, 20))  # its model place, where it is not drawn


class Goodbye(unittest.TestCase):
    def test_a_stopping_daemon_says_goodbye_to_version_7_sessions(self) -> None:
        own = Daemon()
        try:
            new = own.connect(name="seven")
            old = own.connect(name="six", version=6)
            lamina.Layer(connection=new)
            new.sync()
            self.assertEqual(own.terminate(), 0)
            with self.assertRaises(lamina.ConnectionClosed) as closed:
                new.run_until(lambda: False, timeout=30)
            self.assertTrue(closed.exception.reason)
            self.assertIn("goodbye", str(closed.exception))
            self.assertIn(closed.exception.reason, str(closed.exception))
            self.assertTrue(new.closed)
            with self.assertRaises(lamina.ConnectionClosed) as hung_up:
                old.run_until(lambda: False, timeout=30)
            self.assertIsNone(hung_up.exception.reason)  # version 6 hears no goodbye
            with self.assertRaises(lamina.ConnectionClosed):
                new.sync()
        finally:
            own.stop()


if __name__ == "__main__":
    unittest.main()
