"""Draw the app icons (a crowned heart on a card, on felt): web/game/icons/icon-192.png and
-512.png.

Pure standard library (a tiny rasterizer and PNG writer), so it runs anywhere; the PNGs are
committed, and this script is only needed to change them: ``python3 -m tools.site.make_icons``.
The drawing keeps inside the central 80% circle, so the same image serves as a maskable icon.
"""

from __future__ import annotations

import math
import struct
import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SIZES = (192, 512)
SAMPLES = 3  # supersampling per axis, for smooth edges

Colour = tuple[int, int, int]
"""Red, green, blue, 0 to 255."""
Point = tuple[float, float]
"""A point of the unit square (y downwards), or a width and height in it."""

FELT_CENTRE = (0x16, 0x7A, 0x4E)
FELT_EDGE = (0x09, 0x45, 0x2B)
PAPER = (0xFB, 0xFA, 0xF5)
BORDER = (0xB9, 0xB3, 0xA2)
HEART = (0xC0, 0x18, 0x2A)
GOLD = (0xF2, 0xC1, 0x4E)
GOLD_DARK = (0xB8, 0x86, 0x1B)
SHADOW = (0x04, 0x26, 0x17)

CARD_CENTRE = (0.5, 0.5)
CARD_HALF = (0.23, 0.31)
CARD_RADIUS = 0.045
CROWN = [
    (0.37, 0.385),
    (0.37, 0.275),
    (0.435, 0.335),
    (0.5, 0.245),
    (0.565, 0.335),
    (0.63, 0.275),
    (0.63, 0.385),
]
CROWN_BALLS = [(0.37, 0.268, 0.02), (0.5, 0.238, 0.022), (0.63, 0.268, 0.02)]


def rounded_rect_distance(x: float, y: float, centre: Point, half: Point, radius: float) -> float:
    """Signed distance to a rounded rectangle (negative inside)."""
    qx = abs(x - centre[0]) - half[0] + radius
    qy = abs(y - centre[1]) - half[1] + radius
    outside = math.hypot(max(qx, 0.0), max(qy, 0.0))
    return outside + min(max(qx, qy), 0.0) - radius


def in_heart(x: float, y: float, cx: float = 0.5, cy: float = 0.585, scale: float = 0.12) -> bool:
    """Inside the classic heart curve (x² + y² - 1)³ - x²y³ <= 0, scaled and placed."""
    u = (x - cx) / scale
    v = -(y - cy) / scale
    return (u * u + v * v - 1) ** 3 - u * u * v**3 <= 0


def in_polygon(x: float, y: float, points: list[Point]) -> bool:
    """Even-odd rule point-in-polygon test."""
    inside = False
    for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def mix(start: Colour, end: Colour, fraction: float) -> Colour:
    """The colour ``fraction`` of the way from ``start`` to ``end``, each channel rounded."""
    red, green, blue = (round(s + (e - s) * fraction) for s, e in zip(start, end, strict=True))
    return red, green, blue


def colour_at(x: float, y: float) -> Colour:
    """The colour of the icon at a point of the unit square (y downwards)."""
    card = rounded_rect_distance(x, y, CARD_CENTRE, CARD_HALF, CARD_RADIUS)
    if card <= 0:
        if card > -0.007:
            return BORDER
        if in_heart(x, y):
            return HEART
        if in_polygon(x, y, CROWN) or any(
            math.hypot(x - bx, y - by) <= r for bx, by, r in CROWN_BALLS
        ):
            return GOLD
        if 0.37 <= x <= 0.63 and 0.385 < y <= 0.405:
            return GOLD_DARK
        return PAPER
    shade = min(1.0, math.hypot(x - 0.5, y - 0.45) / 0.72)
    felt = mix(FELT_CENTRE, FELT_EDGE, shade)
    shadow = rounded_rect_distance(x, y - 0.018, CARD_CENTRE, CARD_HALF, CARD_RADIUS)
    if shadow < 0.03:
        strength = 0.45 * (1 - max(shadow, 0.0) / 0.03)
        felt = mix(felt, SHADOW, strength)
    return felt


def render(size: int) -> bytes:
    """Raw RGB rows (PNG filter byte 0 in front of each) of the icon at ``size`` pixels."""
    rows = bytearray()
    step = 1.0 / (size * SAMPLES)
    offsets = [(i + 0.5) * step for i in range(SAMPLES)]
    n = SAMPLES * SAMPLES
    for py in range(size):
        rows.append(0)
        for px in range(size):
            r = g = b = 0
            for oy in offsets:
                for ox in offsets:
                    cr, cg, cb = colour_at(px / size + ox, py / size + oy)
                    r += cr
                    g += cg
                    b += cb
            rows += bytes((round(r / n), round(g / n), round(b / n)))
    return bytes(rows)


def png(size: int, rgb_rows: bytes) -> bytes:
    """A PNG file from filtered 8-bit RGB rows: indexed colour (a palette) when the picture has
    at most 256 colours, a third of the pixel bytes, else RGB."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        )

    stride = 1 + size * 3
    rows = [rgb_rows[y * stride + 1 : (y + 1) * stride] for y in range(size)]
    pixels = [row[x : x + 3] for row in rows for x in range(0, len(row), 3)]
    colours = sorted(set(pixels))
    if len(colours) <= 256:
        index = {colour: i for i, colour in enumerate(colours)}
        data = b"".join(
            b"\0" + bytes(index[p] for p in pixels[y * size : (y + 1) * size]) for y in range(size)
        )
        header = struct.pack(">IIBBBBB", size, size, 8, 3, 0, 0, 0)
        extra = chunk(b"PLTE", b"".join(colours))
    else:
        data, header, extra = rgb_rows, struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0), b""
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + extra
        + chunk(b"IDAT", zlib.compress(data, 9))
        + chunk(b"IEND", b"")
    )


def main() -> int:
    out = ROOT / "web" / "game" / "icons"
    out.mkdir(parents=True, exist_ok=True)
    for size in SIZES:
        path = out / f"icon-{size}.png"
        path.write_bytes(png(size, render(size)))
        print(f"wrote {path.relative_to(ROOT)} ({path.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
