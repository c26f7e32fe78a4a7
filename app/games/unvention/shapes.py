"""Polyomino shapes: mechanisms, invention patterns and tools.

A shape is a tuple of (row, col) cells, sorted, normalised so that its smallest row and column
are 0. Its orientations are the distinct shapes reached by rotating (a quarter turn at a time)
and mirroring, the shape itself first; an orientation index in an action is an index into that
list. Its canonical form (the smallest orientation) names it up to rotation and mirroring: two
mechanisms are "the same shape" for Synchrony, and a mechanism has a tool's shape, when their
canonical forms are equal.

Fitting uses bit masks: a grid of width W numbers cell (r, c) as bit r * W + c, so a shape
placed at (r, c) is its mask shifted by r * W + c, and it fits where every bit lands on a free
cell. Everything a shape needs is computed once and cached.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from app.games.unvention.sheet import TOOLS

Cell = tuple[int, int]
Shape = tuple[Cell, ...]


def normalise(cells: Iterable[Iterable[int]]) -> Shape:
    """The shape of `cells`: moved so its top row and left column are 0, sorted."""
    points = [(int(r), int(c)) for r, c in cells]
    if not points:
        return ()
    top = min(r for r, _ in points)
    left = min(c for _, c in points)
    return tuple(sorted({(r - top, c - left) for r, c in points}))


def rotate(shape: Shape) -> Shape:
    """A quarter turn clockwise."""
    return normalise((c, -r) for r, c in shape)


def mirror(shape: Shape) -> Shape:
    """Flipped left to right."""
    return normalise((r, -c) for r, c in shape)


@lru_cache(maxsize=4096)
def orientations(shape: Shape) -> tuple[Shape, ...]:
    """The distinct rotations and mirror images of `shape`, the shape itself first.

    Order: the shape turned 0, 1, 2, 3 quarter turns clockwise, then its mirror image turned
    0, 1, 2, 3 quarter turns; repeats dropped.
    """
    found: list[Shape] = []
    current = normalise(shape)
    for start in (current, mirror(current)):
        turned = start
        for _ in range(4):
            if turned not in found:
                found.append(turned)
            turned = rotate(turned)
    return tuple(found)


@lru_cache(maxsize=4096)
def canonical(shape: Shape) -> Shape:
    """The shape's name up to rotation and mirroring (its smallest orientation)."""
    return min(orientations(normalise(shape)))


def same_shape(a: Iterable[Iterable[int]], b: Iterable[Iterable[int]]) -> bool:
    """True when `a` can be rotated and/or mirrored onto `b`."""
    return canonical(normalise(a)) == canonical(normalise(b))


def connected(cells: Iterable[Iterable[int]]) -> bool:
    """True when the cells form one orthogonally connected group (and there is at least one)."""
    points = {(int(r), int(c)) for r, c in cells}
    if not points:
        return False
    start = next(iter(points))
    seen = {start}
    todo = [start]
    while todo:
        r, c = todo.pop()
        for neighbour in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if neighbour in points and neighbour not in seen:
                seen.add(neighbour)
                todo.append(neighbour)
    return seen == points


@lru_cache(maxsize=8192)
def extent(shape: Shape) -> tuple[int, int]:
    """(height, width) of the shape's bounding box."""
    return max(r for r, _ in shape) + 1, max(c for _, c in shape) + 1


@lru_cache(maxsize=8192)
def mask(shape: Shape, width: int) -> int:
    """The shape's bits on a grid `width` cells wide, placed at (0, 0)."""
    bits = 0
    for r, c in shape:
        bits |= 1 << (r * width + c)
    return bits


def grid_mask(cells: Iterable[Iterable[int]], width: int) -> int:
    bits = 0
    for r, c in cells:
        bits |= 1 << (r * width + c)
    return bits


def placements(shape: Shape, free: int, height: int, width: int) -> list[Cell]:
    """Every (row, col) where `shape` (as given: no turning) lies wholly on `free` cells.

    `free` is the mask of the free cells of a `height` x `width` grid. Row-major order.
    """
    h, w = extent(shape)
    bits = mask(shape, width)
    found = []
    for r in range(height - h + 1):
        for c in range(width - w + 1):
            placed = bits << (r * width + c)
            if placed & free == placed:
                found.append((r, c))
    return found


def fits_somewhere(shape: Shape, free: int, height: int, width: int) -> bool:
    """True when `shape` (as given) has at least one placement on the free cells."""
    h, w = extent(shape)
    bits = mask(shape, width)
    for r in range(height - h + 1):
        for c in range(width - w + 1):
            placed = bits << (r * width + c)
            if placed & free == placed:
                return True
    return False


def place(shape: Shape, at: Iterable[int]) -> list[list[int]]:
    """The cells `shape` covers when placed with its top-left corner at `at`."""
    r0, c0 = at
    return [[r0 + r, c0 + c] for r, c in shape]


# --- tools ----------------------------------------------------------------------------------

TOOL_SHAPES: dict[Shape, str] = {
    canonical(normalise(tool.cells)): slug for slug, tool in TOOLS.items()
}


def tool_of(shape: Iterable[Iterable[int]]) -> str | None:
    """The tool whose shape this is (any rotation or mirror image), or None."""
    return TOOL_SHAPES.get(canonical(normalise(shape)))
