"""Errors: the daemon's refusals as typed exceptions carrying its code, serial, operation index and
message; values refused before sending; closed connections; no daemon."""

from __future__ import annotations

import gc
import os
import unittest

import lamina
from lamina import KeyframeAnimation, Transaction
from support import Daemon, DaemonTestCase

daemon: Daemon


def setUpModule() -> None:
    global daemon
    daemon = Daemon("--max-layers", "3", "--max-message-bytes", "65536")
    DaemonTestCase.daemon = daemon


def tearDownModule() -> None:
    daemon.stop()


class Refusals(DaemonTestCase):
    def test_a_refused_commit_and_one_naming_its_layer_raise_with_the_daemons_messages(self) -> None:
        layers = [lamina.Layer() for _ in range(4)]
        for layer in layers:
            self.connection.add_layer(layer)
        self.connection.flush()  # commit 1: four layers, one over the limit of 3
        layers[3].name = "late"
        self.connection.flush()  # commit 2, sent before the refusal of commit 1 arrives: names layer 4
        with self.assertRaises(lamina.LimitExceeded) as refused:
            self.connection.sync()
        error = refused.exception
        self.assertEqual((error.code, error.code_name, error.operation_index), (5, "limitExceeded", None))
        self.assertIn("4 layers is over the limit of 3", error.message)
        self.assertIn("limitExceeded", str(error))
        first = error.serial
        # The app gives up one layer; the next commit sends the others again, whole.
        dropped = layers.pop(0)
        dropped.remove_from_superlayer()
        del dropped
        gc.collect()
        with self.assertRaises(lamina.UnknownLayer) as unknown:
            self.connection.sync()
        error = unknown.exception
        self.assertEqual((error.code, error.serial, error.operation_index), (6, first + 1, 0))
        self.assertRegex(error.message, r"^operation 0 \(.*layer@4.*\): unknown layer layer@4$")
        self.connection.sync()  # the layers, and the name, sent again: applied
        nodes = self.connection.tree()
        self.assertEqual([(n.handle, n.name, n.is_attached) for n in nodes], [(2, None, True), (3, None, True), (4, "late", True)])
        self.assertEqual([n.layer for n in nodes], layers)

    def test_a_value_the_daemon_refuses(self) -> None:
        layer = self.show(lamina.Layer())
        rejected = self.connection.stats().transactions_rejected
        layer.add_animation(KeyframeAnimation("opacity", values=[0, 1], key_times=[0, 0.5, 1]), "fade")
        with self.assertRaises(lamina.InvalidTree) as refused:
            self.connection.sync()
        self.assertEqual(refused.exception.operation_index, 0)
        self.assertIn("keyTimes", refused.exception.message)
        self.assertEqual(layer.animation_keys(), [])  # it never ran
        self.assertEqual(self.connection.stats().transactions_rejected, rejected + 1)

    def test_values_refused_before_sending(self) -> None:
        layer = lamina.Layer()
        with self.assertRaises(ValueError):
            layer.contents_scale = -1
        with self.assertRaises(TypeError):
            layer.hidden = "no"
        self.connection.sync()

    def test_on_error_receives_refusals_instead(self) -> None:
        errors: list[lamina.LaminaError] = []
        completions: list[str] = []
        self.connection.on_error = errors.append
        layer = self.show(lamina.Layer())
        with Transaction(completion=lambda: completions.append("done")):
            layer.add_animation(KeyframeAnimation("opacity", values=[0, 1], key_times=[1, 0], duration=5), "bad")
        self.assertEqual(completions, [])
        self.connection.sync()  # no raise: the refusal went to on_error
        self.assertEqual([type(e) for e in errors], [lamina.InvalidTree])
        self.assertEqual(completions, ["done"])  # its animation will never run: completed at once

    def test_a_commit_too_large_for_the_daemon_is_not_sent(self) -> None:
        text = lamina.TextLayer()
        self.connection.sync()
        with self.assertRaisesRegex(lamina.LaminaError, "over the daemon's limit of 65536 bytes"):
            with Transaction():
                text.string = "x" * 70000

    def test_a_closed_connection_raises(self) -> None:
        layer = lamina.Layer()
        self.connection.close()
        with self.assertRaisesRegex(lamina.ConnectionClosed, "closed by the app"):
            layer.opacity = 0.5
        with self.assertRaises(lamina.ConnectionClosed):
            self.connection.sync()
        self.assertTrue(self.connection.closed)
        with self.assertRaises(lamina.LaminaError):
            lamina.current_connection()  # no connection is open on this thread any more


class Connecting(unittest.TestCase):
    def test_no_daemon(self) -> None:
        with self.assertRaises(lamina.NoDaemon) as missing:
            lamina.Connection("/nonexistent/lamina.sock")
        self.assertEqual(missing.exception.tried, ["/nonexistent/lamina.sock"])
        self.assertIsInstance(missing.exception, ConnectionError)

    def test_the_standard_paths(self) -> None:
        saved = {k: os.environ.get(k) for k in ("LAMINA_SOCKET", "XDG_RUNTIME_DIR")}
        try:
            os.environ["LAMINA_SOCKET"] = daemon.socket_path
            os.environ["XDG_RUNTIME_DIR"] = "/run/user/12345"
            self.assertEqual(
                lamina.standard_socket_paths(),
                [daemon.socket_path, "/run/user/12345/lamina-0", "/run/lamina/laminad.sock"],
            )
            with lamina.Connection() as connection:
                self.assertEqual(connection.path, daemon.socket_path)
            del os.environ["LAMINA_SOCKET"]
            del os.environ["XDG_RUNTIME_DIR"]
            self.assertEqual(lamina.standard_socket_paths(), ["/run/lamina/laminad.sock"])
        finally:
            for key, value in saved.items():
                if value is None:
                    os.environ.pop(key, None)
                else:
                    os.environ[key] = value

    def test_versions_this_client_cannot_speak(self) -> None:
        with self.assertRaisesRegex(ValueError, r"\(6, 7\)"):
            lamina.Connection(daemon.socket_path, version=5)


if __name__ == "__main__":
    unittest.main()
