"""Display links (``CADisplayLink``), driven by the daemon's frame clock.

The daemon draws only when something needs a frame, so a display link keeps one frame request
outstanding while it runs: each ``frame`` event calls the link's callback, the changes the callback
made are committed, and the next frame is asked for. The callback runs inside the connection's run
loop (``run()``, ``run_until()``, ``process_events()``), never on another thread.
"""

from __future__ import annotations

from typing import Any, Callable, Optional

__all__ = ["DisplayLink"]


class DisplayLink:
    """Calls ``callback(link)`` once every ``interval`` frames the daemon draws.

    ``timestamp`` is the media time the frame is shown at, ``target_timestamp`` the next blank (where
    a commit sent from the callback lands), ``duration`` one frame interval; ``frames`` counts the
    calls. ``paused`` suspends the calls; ``invalidate()`` ends them for good."""

    def __init__(self, connection: Any, callback: Callable[["DisplayLink"], Any], interval: int = 1) -> None:
        if interval < 1:
            raise ValueError(f"a display link's interval is a whole number of frames, at least 1, not {interval}")
        self.connection = connection
        self.callback = callback
        self.interval = interval
        self.timestamp = 0.0
        self.target_timestamp = 0.0
        self.frames = 0
        self._skipped = 0
        self._paused = False
        self._valid = True

    @property
    def duration(self) -> float:
        outputs = self.connection.welcome.outputs
        rate = outputs[0].refresh_rate if outputs else 60.0
        return 1.0 / rate

    @property
    def paused(self) -> bool:
        return self._paused

    @paused.setter
    def paused(self, value: bool) -> None:
        self._paused = bool(value)
        if not self._paused:
            self.connection._request_link_frame()

    @property
    def is_active(self) -> bool:
        return self._valid and not self._paused

    def invalidate(self) -> None:
        """Stops the link; the connection lets go of it."""
        self._valid = False
        self.connection._remove_link(self)

    def _fire(self, time: float, target_time: float) -> Optional[Any]:
        self._skipped += 1
        if self._skipped < self.interval:
            return None
        self._skipped = 0
        self.timestamp = time
        self.target_timestamp = target_time
        self.frames += 1
        return self.callback(self)

    def __repr__(self) -> str:
        state = "invalid" if not self._valid else "paused" if self._paused else "running"
        return f"<DisplayLink {state} frames={self.frames}>"
