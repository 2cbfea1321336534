"""The examples run against a real daemon for a bounded number of frames and exit 0."""

from __future__ import annotations

import os
import subprocess
import tempfile
import unittest

import lamina
from support import EXAMPLES, Daemon, python

daemon: Daemon


def setUpModule() -> None:
    global daemon
    daemon = Daemon(size="480x320")


def tearDownModule() -> None:
    daemon.stop()


class Examples(unittest.TestCase):
    def run_example(self, name: str, *args: str) -> str:
        with tempfile.TemporaryDirectory() as folder:
            shot = os.path.join(folder, "shot.png")
            result = subprocess.run(
                [python(), os.path.join(EXAMPLES, name), "--socket", daemon.socket_path, "--frames", "40", "--screenshot", shot, *args],
                capture_output=True,
                text=True,
                timeout=300,
            )
            self.assertEqual(result.returncode, 0, f"{name} failed:\n{result.stdout}\n{result.stderr}")
            with open(shot, "rb") as f:
                image = lamina.Image.from_png(f.read())
            self.assertEqual((image.width, image.height), (480, 320))
            return result.stdout

    def test_dashboard(self) -> None:
        out = self.run_example("dashboard.py")
        self.assertIn("dashboard: 40 frames", out)

    def test_tap_reactor_demo(self) -> None:
        out = self.run_example("tap_reactor.py", "--demo")
        self.assertIn("tap_reactor: 40 frames, 4 taps, hit label-0, label-1, label-2, label-3", out)


if __name__ == "__main__":
    unittest.main()
