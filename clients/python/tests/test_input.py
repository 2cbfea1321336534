"""Input: a real ``laminad --output wayland`` in a window of the repository's Wayland test host
(``lamina-wayland-test-host``, which drives the seat line by line), its pointer, touch and keys
delivered to ``Layer.on_input`` — to the layer hit, or passed up to a superlayer with a handler."""

from __future__ import annotations

import os
import select
import shutil
import subprocess
import tempfile
import time
import unittest

import lamina
from lamina import Color
from support import LAMINAD, REPO, Daemon

HOST = os.environ.get("LAMINA_WAYLAND_TEST_HOST") or next(
    (
        path
        for path in (
            os.path.join(os.path.dirname(LAMINAD), "lamina-wayland-test-host"),
            os.path.join(REPO, ".build", "debug", "lamina-wayland-test-host"),
        )
        if os.access(path, os.X_OK)
    ),
    "",
)


class WaylandTestHost:
    """The test host: a Wayland compositor with one seat, answering each command line with ``ok``."""

    def __init__(self, width: int, height: int) -> None:
        self.runtime = tempfile.mkdtemp(prefix="lamina-py-wl-")
        os.chmod(self.runtime, 0o700)
        self.process = subprocess.Popen(
            [HOST, "wayland-test", str(width), str(height)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=dict(os.environ, XDG_RUNTIME_DIR=self.runtime),
        )
        self._buffer = b""
        first = self._line()
        if first != "ready":
            raise RuntimeError(f"the test host said {first!r}")

    @property
    def environment(self) -> dict[str, str]:
        return {"XDG_RUNTIME_DIR": self.runtime, "WAYLAND_DISPLAY": "wayland-test"}

    def _line(self, timeout: float = 30) -> str:
        assert self.process.stdout is not None
        deadline = time.monotonic() + timeout
        while b"\n" not in self._buffer:
            remaining = deadline - time.monotonic()
            readable, _, _ = select.select([self.process.stdout], [], [], max(0.0, remaining))
            if not readable:
                raise TimeoutError("the test host did not answer")
            chunk = os.read(self.process.stdout.fileno(), 4096)
            if not chunk:
                raise RuntimeError("the test host exited")
            self._buffer += chunk
        line, _, self._buffer = self._buffer.partition(b"\n")
        return line.decode()

    def send(self, command: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write((command + "\n").encode())
        self.process.stdin.flush()
        answer = self._line()
        if not answer.startswith("ok"):
            raise RuntimeError(f"the test host answered {answer!r} to {command!r}")

    def stop(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        if self.process.stdout is not None:
            self.process.stdout.close()
        shutil.rmtree(self.runtime, ignore_errors=True)


@unittest.skipUnless(HOST, "no lamina-wayland-test-host: swift build --product lamina-wayland-test-host")
class Input(unittest.TestCase):
    def setUp(self) -> None:
        self.host = WaylandTestHost(400, 300)
        self.addCleanup(self.host.stop)
        self.daemon = Daemon("--output", "wayland", size="400x300", env=self.host.environment)
        self.addCleanup(self.daemon.stop)
        self.connection = self.daemon.connect(name="input")
        self.addCleanup(self.connection.close)

    def wait_for(self, events: list, count: int) -> None:
        self.connection.run_until(lambda: len(events) >= count, timeout=30)

    def test_pointer_touch_and_keys_reach_the_layer_under_them(self) -> None:
        self.assertEqual(self.connection.welcome.outputs[0].name, "wayland-0")
        card = lamina.Layer(name="card", frame=(20, 20, 100, 80), background_color=Color.RED)
        badge = lamina.Layer(name="badge", frame=(60, 40, 30, 30), background_color=Color.BLUE)
        card.add_sublayer(badge)
        self.connection.add_layer(card)
        events: list[lamina.InputEvent] = []
        card.on_input = events.append  # the badge has none: its events come up to the card
        unhandled: list[lamina.InputEvent] = []
        self.connection.on_input = unhandled.append
        self.connection.sync()

        self.host.send("motion 50 40")
        self.host.send("button 272 1")
        self.host.send("button 272 0")
        self.wait_for(events, 3)
        moved, down, up = events[:3]
        self.assertEqual((moved.kind, down.kind, up.kind), ("pointerMoved", "pointerDown", "pointerUp"))
        self.assertIs(down.layer, card)
        self.assertEqual((down.x, down.y, down.canvas_x, down.canvas_y, down.code), (30, 20, 50, 40, 0x110))

        self.host.send("touch-down 7 85 65")  # on the badge: (85 - 20 - 60, 65 - 20 - 40) in its space
        self.host.send("touch-up 7")
        self.wait_for(events, 5)
        touch = events[3]
        self.assertEqual((touch.kind, touch.code), ("touchDown", 7))
        self.assertIs(touch.layer, badge)
        self.assertEqual((touch.x, touch.y), (5, 5))
        self.assertEqual(events[4].kind, "touchUp")

        self.host.send("key 30 1")  # keys go to the layer last pressed on: the badge, so to the card
        self.host.send("key 30 0")
        self.wait_for(events, 7)
        key_down, key_up = events[5:7]
        self.assertEqual((key_down.kind, key_down.text, key_down.keysym, key_down.code), ("keyDown", "a", 0x61, 30))
        self.assertEqual(key_up.kind, "keyUp")
        self.assertEqual(unhandled, [])


if __name__ == "__main__":
    unittest.main()
