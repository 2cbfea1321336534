"""What the tests share: a real ``laminad`` on a temporary socket, started by each test module.

The daemon is ``$LAMINAD`` (default: the repository's ``.build/debug/laminad``). It says when it
serves as it says so to systemd: ``READY=1`` on the datagram socket named by ``NOTIFY_SOCKET``, which
the test binds and waits on, so no sleep or polling stands in for that.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import unittest
from typing import Optional

import lamina

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
LAMINAD = os.environ.get("LAMINAD") or os.path.join(REPO, ".build", "debug", "laminad")
EXAMPLES = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "examples"))
#: How long a daemon may take to start serving (a debug build on a busy two-core machine is slow).
START_DEADLINE = 60.0


class Daemon:
    """A ``laminad`` process serving a socket in a temporary folder."""

    def __init__(self, *args: str, size: str = "320x240", env: Optional[dict[str, str]] = None) -> None:
        if not os.access(LAMINAD, os.X_OK):
            raise unittest.SkipTest(f"no laminad at {LAMINAD}: build it (swift build --product laminad) or set LAMINAD")
        self.folder = tempfile.mkdtemp(prefix="lamina-py-")
        self.socket_path = os.path.join(self.folder, "laminad.sock")
        self.log_path = os.path.join(self.folder, "laminad.log")
        self._log = open(self.log_path, "wb")
        self._notify = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self._notify.bind(os.path.join(self.folder, "notify.sock"))
        environment = dict(os.environ, **(env or {}), NOTIFY_SOCKET=os.path.join(self.folder, "notify.sock"))
        self.process = subprocess.Popen(
            [LAMINAD, "--socket", self.socket_path, "--size", size, *args],
            stdout=self._log,
            stderr=subprocess.STDOUT,
            env=environment,
        )
        self._wait_until_serving()

    def _wait_until_serving(self) -> None:
        """Reads the daemon's notifications until READY=1, or fails at the deadline or its exit."""
        deadline = time.monotonic() + START_DEADLINE
        while (left := deadline - time.monotonic()) > 0:
            self._notify.settimeout(min(left, 1.0))
            try:
                message = self._notify.recv(4096).decode("utf-8", "replace")
            except socket.timeout:
                if self.process.poll() is not None:
                    raise RuntimeError(f"laminad exited with {self.process.returncode} before serving:\n{self.log()}")
                continue
            if "READY=1" in message.split("\n"):
                return
        self.stop()
        raise RuntimeError(f"laminad did not report READY=1 within {START_DEADLINE} s:\n{self.log()}")

    def connect(self, **options: object) -> lamina.Connection:
        return lamina.Connection(self.socket_path, **options)  # type: ignore[arg-type]

    def log(self) -> str:
        self._log.flush()
        with open(self.log_path, "rb") as f:
            return f.read().decode("utf-8", "replace")[-4000:]

    def terminate(self) -> int:
        """SIGTERM, as systemd stops it; returns the exit status."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        try:
            return self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            return self.process.wait()

    def stop(self) -> None:
        self.terminate()
        self._log.close()
        self._notify.close()
        shutil.rmtree(self.folder, ignore_errors=True)


class DaemonTestCase(unittest.TestCase):
    """A test case with a fresh connection per test to the module's daemon (``daemon``)."""

    daemon: Daemon

    def setUp(self) -> None:
        self.connection = self.daemon.connect(name=self.id().rsplit(".", 1)[-1])
        self.addCleanup(self.connection.close)

    def show(self, layer: lamina.Layer) -> lamina.Layer:
        """Adds ``layer`` to the output and waits until the daemon has applied it."""
        self.connection.add_layer(layer)
        self.connection.sync()
        return layer

    def assertPixel(self, image: lamina.Image, x: int, y: int, rgba: tuple[int, int, int, int]) -> None:
        self.assertEqual(image.pixel(x, y), rgba, f"pixel ({x}, {y})")


def python() -> str:
    """The interpreter running the tests (the venv's, under make test-python)."""
    return sys.executable
