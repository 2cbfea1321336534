#!/usr/bin/env python3
"""An app that reacts to taps: a grid of tiles, each of which bounces, changes colour and sends out a
ripple where it is tapped; ``r`` puts the colours back.

On a desktop, the daemon in a window routes the pointer, touch and keys to the tile under them
(``Layer.on_input``; a tile's label has no handler, so its taps reach the tile, as UIKit's responder
chain would)::

    laminad --socket /tmp/lamina-wl.sock --output wayland --size 480x320 &
    python3 tap_reactor.py --socket /tmp/lamina-wl.sock

Headless, ``--demo`` taps by itself: every few frames it picks a point, asks the daemon which layer is
drawn there (``Layer.hit_test``, protocol version 7) and reacts as to a tap::

    laminad --socket /tmp/lamina.sock --size 480x320 &
    python3 tap_reactor.py --socket /tmp/lamina.sock --demo --frames 120 --screenshot taps.png
"""

from __future__ import annotations

import argparse
import math
import sys
from typing import Optional

import lamina
from lamina import AnimationGroup, BasicAnimation, Color, Path, SpringAnimation, Transaction

PALETTE = [Color.from_hex(h) for h in ("#ef476f", "#ffd166", "#06d6a0", "#118ab2", "#8338ec", "#fb5607")]
RESTING = Color.from_hex("#2b2d42")


class TapReactor:
    def __init__(self, connection: lamina.Connection, columns: int = 4, rows: int = 3) -> None:
        self.connection = connection
        output = connection.welcome.outputs[0]
        self.root = lamina.Layer(name="board", frame=(0, 0, output.width, output.height),
                                 background_color=Color.from_hex("#edf2f4"))  # fmt: skip
        gap = 12.0
        width = (output.width - gap * (columns + 1)) / columns
        height = (output.height - gap * (rows + 1)) / rows
        self.tiles: list[lamina.Layer] = []
        self.taps = 0
        for i in range(columns * rows):
            x = gap + (i % columns) * (width + gap)
            y = gap + (i // columns) * (height + gap)
            tile = lamina.Layer(name=f"tile-{i}", frame=(x, y, width, height), background_color=RESTING,
                                corner_radius=10, masks_to_bounds=True)  # fmt: skip
            label = lamina.TextLayer(name=f"label-{i}", frame=(0, height / 2 - 12, width, 24), string=str(i + 1),
                                     font_size=18, alignment_mode="center", foreground_color=Color.WHITE)  # fmt: skip
            tile.add_sublayer(label)
            tile.on_input = lambda event, tile=tile: self.on_input(tile, event)
            self.root.add_sublayer(tile)
            self.tiles.append(tile)
        connection.add_layer(self.root)
        connection.on_input = self.on_unhandled

    def on_input(self, tile: lamina.Layer, event: lamina.InputEvent) -> None:
        if event.kind in ("pointerUp", "touchUp"):
            # The event's point is in the layer hit; a tap on the label lands in the label's space.
            hit = event.layer if isinstance(event.layer, lamina.Layer) else tile
            x, y = event.x, event.y
            if hit is not tile:
                x, y = x + hit.frame.x, y + hit.frame.y
            self.react(tile, x, y)
        elif event.kind == "keyDown" and event.text == "r":
            self.reset()

    def on_unhandled(self, event: lamina.InputEvent) -> None:
        if event.kind == "keyDown" and event.text == "r":
            self.reset()

    def react(self, tile: lamina.Layer, x: float, y: float) -> None:
        """A tap at (x, y) in the tile's space: bounce, a new colour, a ripple from the point."""
        self.taps += 1
        bounce = SpringAnimation("transform.scale", from_value=0.85, to_value=1.0, damping=8, stiffness=260)
        tile.add_animation(bounce, "bounce")
        with Transaction(duration=0.35):
            tile.background_color = PALETTE[self.taps % len(PALETTE)]  # an implicit animation
        radius = math.hypot(tile.bounds.width, tile.bounds.height)
        ripple = lamina.ShapeLayer(bounds=(0, 0, 2 * radius, 2 * radius), position=(x, y),
                                   path=Path.ellipse(0, 0, 2 * radius, 2 * radius),
                                   fill_color=Color(1, 1, 1, 0.35), opacity=0)  # fmt: skip
        tile.add_sublayer(ripple)
        grow = AnimationGroup(
            [BasicAnimation("transform.scale", from_value=0.05, to_value=1.0),
             BasicAnimation("opacity", from_value=1.0, to_value=0.0)],
            duration=0.5, timing_function="easeOut",
            on_stop=lambda animation, finished: ripple.remove_from_superlayer(),
        )  # fmt: skip
        ripple.add_animation(grow, "ripple")

    def reset(self) -> None:
        with Transaction(duration=0.5):
            for tile in self.tiles:
                tile.background_color = RESTING

    def demo_tap(self, step: int) -> Optional[lamina.Layer]:
        """Taps a synthetic point: the centre of the next tile (and now and then a gap between
        tiles), found by the daemon's hit test on what is drawn."""
        target = self.tiles[step % len(self.tiles)]
        if step % 5 == 4:
            x, y = target.frame.x - 6, target.frame.y - 6  # the gap: the board, no tile
        else:
            x, y = target.frame.mid_x, target.frame.mid_y
        hit = self.root.hit_test(x, y)
        tile = hit
        while tile is not None and tile not in self.tiles:
            tile = tile.superlayer
        if tile is not None:
            self.react(tile, x - tile.frame.x, y - tile.frame.y)
        return hit


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--socket", help="laminad's socket (default: $LAMINA_SOCKET, $XDG_RUNTIME_DIR/lamina-0, ...)")
    parser.add_argument("--demo", action="store_true", help="tap by itself, through the daemon's hit test")
    parser.add_argument("--frames", type=int, help="stop after this many frames (default: run until interrupted)")
    parser.add_argument("--screenshot", help="save what the output shows at the end to this PNG file")
    args = parser.parse_args(argv)
    with lamina.Connection(args.socket, name="tap-reactor") as connection:
        if args.demo and not connection.supports("hitTest"):
            print(f"tap_reactor: --demo needs protocol version 7; the daemon speaks {connection.version}", file=sys.stderr)
            return 2
        app = TapReactor(connection)
        connection.sync()
        hits: list[str] = []

        def tick(link: lamina.DisplayLink) -> None:
            if args.demo and link.frames % 12 == 1:
                hit = app.demo_tap(len(hits))
                hits.append(hit.name if hit is not None and hit.name else "nothing")

        link = connection.on_frame(tick)
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
        print(f"tap_reactor: {link.frames} frames, {app.taps} taps" + (f", hit {', '.join(hits)}" if hits else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
