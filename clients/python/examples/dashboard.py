#!/usr/bin/env python3
"""A dashboard of live numbers: the daemon's own counters and the clock, in text layers, with bars
that slide to each new value through implicit animations.

    laminad --socket /tmp/lamina.sock --size 480x300 &
    python3 dashboard.py --socket /tmp/lamina.sock                 # until Ctrl-C
    python3 dashboard.py --socket /tmp/lamina.sock --frames 120 --screenshot dashboard.png

A display link (``connection.on_frame``) calls ``tick`` at every frame the daemon draws; twice a
second it asks for ``stats()`` and sets the labels and the bars' widths. Setting a bar's ``bounds``
on a committed layer runs its implicit animation (a ``Transaction`` sets how long it lasts); the
daemon runs it, the script does nothing per frame but read the numbers.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Callable, Optional

import lamina
from lamina import Color, Transaction

ROWS: list[tuple[str, Callable[[lamina.Stats], float], float]] = [
    # label, the number, the value a full bar stands for
    ("frame ms p50", lambda s: s.frame_ms_p50, 20.0),
    ("frame ms p90", lambda s: s.frame_ms_p90, 20.0),
    ("frames drawn", lambda s: float(s.frames_drawn % 1000), 1000.0),
    ("commits applied", lambda s: float(s.transactions_applied % 1000), 1000.0),
    ("layers", lambda s: float(s.layers), 64.0),
    ("animations", lambda s: float(s.animations), 16.0),
]
ACCENT = [Color.from_hex("#4cc9f0"), Color.from_hex("#4895ef"), Color.from_hex("#7209b7"),
          Color.from_hex("#f72585"), Color.from_hex("#f8961e"), Color.from_hex("#90be6d")]  # fmt: skip


class Dashboard:
    def __init__(self, connection: lamina.Connection) -> None:
        self.connection = connection
        output = connection.welcome.outputs[0]
        width, height = output.width, output.height
        self.root = lamina.GradientLayer(
            name="dashboard",
            frame=(0, 0, width, height),
            colors=[Color.from_hex("#10142a"), Color.from_hex("#23294d")],
        )
        self.clock = lamina.TextLayer(
            name="clock", frame=(16, 10, width - 32, 34), font_size=24, foreground_color=Color.WHITE
        )
        self.subtitle = lamina.TextLayer(
            name="subtitle", frame=(16, 40, width - 32, 20), font_size=12,
            foreground_color=Color(1, 1, 1, 0.6),
            string=f"laminad {connection.welcome.server_version}, protocol {connection.version}",
        )  # fmt: skip
        self.root.add_sublayer(self.clock)
        self.root.add_sublayer(self.subtitle)
        self.track_width = max(40.0, width - 32 - 140 - 70)
        self.bars: list[lamina.Layer] = []
        self.values: list[lamina.TextLayer] = []
        row_height = max(18.0, (height - 76) / len(ROWS))
        for i, (label, _, _) in enumerate(ROWS):
            y = 70 + i * row_height
            name = lamina.TextLayer(frame=(16, y, 140, 18), string=label, font_size=13, foreground_color=Color.WHITE)
            track = lamina.Layer(frame=(156, y + 3, self.track_width, 12), background_color=Color(1, 1, 1, 0.12), corner_radius=6)
            bar = lamina.Layer(bounds=(0, 0, 0, 12), anchor_point=(0, 0.5), position=(0, 6),
                               background_color=ACCENT[i % len(ACCENT)], corner_radius=6)  # fmt: skip
            value = lamina.TextLayer(frame=(156 + self.track_width + 8, y, 62, 18), font_size=13,
                                     foreground_color=Color.WHITE, alignment_mode="right")  # fmt: skip
            track.add_sublayer(bar)
            for layer in (name, track, value):
                self.root.add_sublayer(layer)
            self.bars.append(bar)
            self.values.append(value)
        connection.add_layer(self.root)
        self.last_update = 0.0

    def update(self) -> None:
        stats = self.connection.stats()
        with Transaction(disable_actions=True):
            self.clock.string = time.strftime("%H:%M:%S")
            for (_, number, full), value in zip(ROWS, self.values):
                shown = number(stats)
                value.string = f"{shown:.2f}" if shown != int(shown) else f"{int(shown)}"
        # The bars slide to their new lengths: implicit animations of `bounds`, 0.4 s each.
        with Transaction(duration=0.4, timing="easeInEaseOut"):
            for (_, number, full), bar in zip(ROWS, self.bars):
                fraction = min(1.0, max(0.0, number(stats) / full))
                bar.bounds = (0, 0, self.track_width * fraction, 12)

    def tick(self, link: lamina.DisplayLink) -> None:
        if link.timestamp - self.last_update >= 0.5:
            self.last_update = link.timestamp
            self.update()


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--socket", help="laminad's socket (default: $LAMINA_SOCKET, $XDG_RUNTIME_DIR/lamina-0, ...)")
    parser.add_argument("--frames", type=int, help="stop after this many frames (default: run until interrupted)")
    parser.add_argument("--screenshot", help="save what the output shows at the end to this PNG file")
    args = parser.parse_args(argv)
    with lamina.Connection(args.socket, name="dashboard") as connection:
        dashboard = Dashboard(connection)
        dashboard.update()
        connection.sync()
        link = connection.on_frame(dashboard.tick)
        try:
            if args.frames is None:
                connection.run()
            else:
                connection.run_until(lambda: link.frames >= args.frames, timeout=max(30.0, args.frames))
        except KeyboardInterrupt:
            pass
        link.invalidate()
        if args.screenshot:
            with open(args.screenshot, "wb") as f:
                f.write(connection.screenshot_png())
        print(f"dashboard: {link.frames} frames")
    return 0


if __name__ == "__main__":
    sys.exit(main())
