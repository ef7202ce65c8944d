"""Draw a game-neutral board description as a PNG (Pillow).  Knows no game rules.

A game offers a picture by naming a function ``board(view) -> dict`` in its rules'
``Rules.board`` (``"module:function"``).  `board_function(rules)` finds it (``None`` when the
game has none); ``pbem render`` and the public reports call it on a view and hand the result
to `render`.

The board description is plain data, every colour a ``"#rrggbb"`` string, every coordinate
in the game's own pixel frame::

    title: str                              # drawn top left
    frame: {width, height}                  # the coordinate frame
    viewport: [x0, y0, x1, y1]              # optional: the part of the frame drawn
    colors: {background, sea, sea_label, connection, outline}     # all optional
    areas:  [{id, label, x, y, outline: [[x, y], ...], badges: [badge]}]   # sea zones
    edges:  [{a, b, dashed: bool, color?}]  # a, b: node (or area) ids
    nodes:  [{id, label, x, y, shape, bold, fill, ring, faded, marks: [mark], badges: [badge]}]
    panels: [{title, rows: [{label, badges: [badge]}]}]     # optional
    legend: [item]

``shape`` is ``circle``, ``square``, ``hexagon`` or ``star``; ``bold`` a thick border;
``ring`` ``{halo, rim}`` or null, a halo around the shape; ``faded`` a space out of play.
A *badge* ``{text, fill, color, bar?}`` is a label box right of its node (``bar``: a coloured
strip on its left); a *mark* ``{text, fill, color}`` a small disc at the node's top left.
A legend *item* has a ``kind``: ``heading``, ``swatch`` (fill), ``shape`` (as a node),
``mark``, ``badge``, ``line`` (dashed unless ``dashed`` is false; ``color`` optional) or
``break`` (new row), and a ``label``.  An edge's end may name a sea zone (an area): a port's
link to its sea.

A *panel* is a framed box below the map (a game's off-map display, such as a chart of
tokens): its title, then one line per row, the row's label and its badges, wrapped to the
width.  The picture is the viewport scaled to ``width`` with the panels, the title and the
legend in a strip below it.  Text
uses Noto Sans (the ``fontpkg-noto-sans`` dependency: Latin with accents, Cyrillic, Greek),
so labels are drawn as given, in any language the board is described in.  Without that
package it falls back to Pillow's bundled font (``ImageFont.load_default(size=...)``, Pillow
>= 10.1), which has ASCII glyphs only: accents are stripped (``Lübeck`` → ``Lubeck``), other
letters drawn as ``?``.  Text is drawn without anti-aliasing and the PNG is saved with a
256-colour palette (`render`).  The same board and width give the same bytes.

A game's ``board(view)`` may take ``lang`` (``en``/``ru``) to name things in that language;
`describe` passes it when the function accepts it.
"""
from __future__ import annotations

import functools
import inspect
import io
import math
import unicodedata
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from PIL import Image, ImageDraw, ImageFont

from engine import registry

DEFAULT_WIDTH = 1600
DEFAULTS = {"background": "#f4eedc", "sea": "#cfe2ee", "sea_label": "#1d4f73",
            "connection": "#8a8170", "outline": "#222222"}
Box = tuple[float, float, float, float]
BoardFunction = Callable[[Mapping[str, Any]], dict[str, Any]]


def board_function(rules: Any) -> BoardFunction | None:
    """The game's ``Rules.board`` function, or None when that game draws no board."""
    function = registry.part(rules, "board")
    return function if callable(function) else None


# ------------------------------------------------------------------------------- geometry
def viewport(board: Mapping[str, Any]) -> tuple[float, float, float, float]:
    frame = board["frame"]
    x0, y0, x1, y1 = board.get("viewport") or (0, 0, frame["width"], frame["height"])
    return float(x0), float(y0), float(x1), float(y1)


def project(board: Mapping[str, Any], width: int = DEFAULT_WIDTH
            ) -> Callable[[float, float], tuple[float, float]]:
    """Frame coordinates -> picture pixels."""
    x0, y0, x1, _ = viewport(board)
    scale = width / (x1 - x0)
    return lambda x, y: ((x - x0) * scale, (y - y0) * scale)


def map_height(board: Mapping[str, Any], width: int = DEFAULT_WIDTH) -> int:
    x0, y0, x1, y1 = viewport(board)
    return round((y1 - y0) * width / (x1 - x0))


def describe(draw: BoardFunction, view: Mapping[str, Any], lang: str = "en") -> dict[str, Any]:
    """``draw(view)``, in `lang` when the game's board function takes a language."""
    try:
        takes_lang = "lang" in inspect.signature(draw).parameters
    except (TypeError, ValueError):
        takes_lang = False
    return draw(view, lang=lang) if takes_lang else draw(view)


@functools.lru_cache(maxsize=1)
def font_file() -> str | None:
    """The Unicode font's file (Noto Sans from ``fontpkg-noto-sans``), or None."""
    try:
        import fontpkg_noto_sans
    except ImportError:
        return None
    path = Path(fontpkg_noto_sans.ROOT) / "files" / "NotoSans[wdth,wght].ttf"
    return str(path) if path.is_file() else None


@functools.lru_cache(maxsize=32)
def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    path = font_file()
    if path is not None:
        return ImageFont.truetype(path, max(6, size))
    return ImageFont.load_default(size=max(6, size))


def label(text: str) -> str:
    """`text` as the font can draw it: as is with the Unicode font, else `plain`."""
    return str(text) if font_file() is not None else plain(text)


def plain(text: str) -> str:
    """The text in the bundled font's ASCII glyphs (accents stripped, others as ``?``)."""
    decomposed = unicodedata.normalize("NFKD", str(text))
    folded = "".join(c for c in decomposed if not unicodedata.combining(c))
    return "".join(c if 32 <= ord(c) < 127 else "?" for c in folded)


def _rgb(colour: str) -> tuple[int, int, int]:
    c = colour.lstrip("#")
    return int(c[0:2], 16), int(c[2:4], 16), int(c[4:6], 16)


def _mix(colour: str, other: str, t: float) -> str:
    a, b = _rgb(colour), _rgb(other)
    return "#%02x%02x%02x" % tuple(round(p + (q - p) * t) for p, q in zip(a, b))


def _shape_points(shape: str, x: float, y: float, r: float) -> list[tuple[float, float]]:
    if shape == "hexagon":
        return [(x + r * 1.12 * math.sin(math.pi / 3 * i), y - r * 1.12 * math.cos(math.pi / 3 * i))
                for i in range(6)]
    if shape == "star":
        pts = []
        for i in range(16):
            rad = r * 1.25 if i % 2 == 0 else r * 0.72
            a = math.pi / 8 * i
            pts.append((x + rad * math.sin(a), y - rad * math.cos(a)))
        return pts
    return []


def _distance(box: Box, point: tuple[float, float]) -> float:
    """From a point to the nearest point of a box (0 inside)."""
    dx = max(box[0] - point[0], 0.0, point[0] - box[2])
    dy = max(box[1] - point[1], 0.0, point[1] - box[3])
    return math.hypot(dx, dy)


def _overlap(a: Box, b: Box) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


# ------------------------------------------------------------------------------- painter
class _Painter:
    def __init__(self, board: Mapping[str, Any], width: int) -> None:
        self.board = board
        self.width = width
        self.k = width / DEFAULT_WIDTH
        self.colors = {**DEFAULTS, **(board.get("colors") or {})}
        self.at = project(board, width)
        self.r = 10 * self.k
        self.f_label = font(round(13 * self.k))
        self.f_badge = font(round(12 * self.k))
        self.f_mark = font(round(13 * self.k))
        self.f_sea = font(round(15 * self.k))
        self.f_title = font(round(22 * self.k))
        self.f_legend = font(round(13 * self.k))

    def px(self, v: float) -> int:
        return max(1, round(v * self.k))

    # -- primitives ------------------------------------------------------------------
    def text_size(self, text: str, f: Any) -> tuple[int, int]:
        """Advance width and ink height of a line of text."""
        _, top, _, bottom = f.getbbox(text)
        return math.ceil(f.getlength(text)), bottom - top

    def shape(self, d: ImageDraw.ImageDraw, shape: str, x: float, y: float, r: float, fill: str,
              outline: str, bold: bool = False, ring: Mapping[str, str] | None = None) -> None:
        w = self.px(3.2) if bold else self.px(1.4)
        if ring:
            rr = r + self.px(5) + (self.px(1) if shape in ("star", "hexagon", "square") else 0)
            d.ellipse((x - rr, y - rr, x + rr, y + rr), fill=ring["halo"], outline=ring["rim"],
                      width=self.px(2.5))
        if shape == "square":
            s = r * 0.95
            d.rectangle((x - s, y - s, x + s, y + s), fill=fill, outline=outline, width=w)
        elif shape in ("hexagon", "star"):
            d.polygon(_shape_points(shape, x, y, r), fill=fill, outline=outline, width=w)
        else:
            c = r * 0.78
            d.ellipse((x - c, y - c, x + c, y + c), fill=fill, outline=outline, width=w)

    def badge_size(self, item: Mapping[str, Any]) -> tuple[float, float]:
        tw, _ = self.text_size(label(item["text"]), self.f_badge)
        asc, desc = self.f_badge.getmetrics()
        bar = self.px(5) if item.get("bar") else 0
        return bar + tw + 2 * self.px(3), asc + desc + self.px(2)

    def badge(self, d: ImageDraw.ImageDraw, x: float, y: float, item: Mapping[str, Any]) -> float:
        """Draw a badge with its top-left at (x, y); returns its height."""
        text = label(item["text"])
        tw, _ = self.text_size(text, self.f_badge)
        _, h = self.badge_size(item)
        bar = self.px(5) if item.get("bar") else 0
        pad = self.px(3)
        box = (x, y, x + bar + tw + 2 * pad, y + h)
        d.rounded_rectangle(box, radius=self.px(3), fill=item["fill"], outline="#333333",
                            width=1)
        if bar:
            d.rectangle((x + 1, y + 1, x + bar, y + h - 1), fill=item["bar"])
        d.text((x + bar + pad, y + h / 2), text, font=self.f_badge, fill=item["color"],
               anchor="lm")
        return h

    def mark(self, d: ImageDraw.ImageDraw, x: float, y: float, item: Mapping[str, Any]) -> None:
        m = self.px(8.5)
        d.ellipse((x - m, y - m, x + m, y + m), fill=item["fill"], outline="#ffffff",
                  width=self.px(1.5))
        d.text((x, y), label(item["text"]), font=self.f_mark, fill=item["color"], anchor="mm")

    def dashed(self, d: ImageDraw.ImageDraw, a: tuple[float, float], b: tuple[float, float],
               fill: str, width: int) -> None:
        length = math.dist(a, b)
        if length == 0:
            return
        dash, gap = self.px(7), self.px(5)
        ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
        t = 0.0
        while t < length:
            e = min(t + dash, length)
            d.line((a[0] + ux * t, a[1] + uy * t, a[0] + ux * e, a[1] + uy * e), fill=fill,
                   width=width)
            t = e + gap

    # -- layers ----------------------------------------------------------------------
    def area_centre(self, area: Mapping[str, Any], half: float) -> tuple[float, float]:
        """Where a sea zone's plate goes: its point, moved in so that a plate `half` wide
        on each side stays inside the picture (long names near the edge)."""
        x, y = self.at(area["x"], area["y"])
        margin = self.px(4)
        return min(max(x, half + margin), self.width - half - margin), y

    def area_boxes(self) -> list[Box]:
        """The label plates of the sea zones with their fleets below."""
        boxes = []
        for area in self.board.get("areas", ()):
            tw, th = self.text_size(label(area["label"]).upper(), self.f_sea)
            pad = self.px(5)
            x, y = self.area_centre(area, tw / 2 + pad)
            bottom = y + th / 2 + pad
            widest = tw + 2 * pad
            for item in area.get("badges", ()):
                w, h = self.badge_size(item)
                bottom += h + self.px(2)
                widest = max(widest, w)
            boxes.append((x - widest / 2, y - th / 2 - pad, x + widest / 2, bottom))
        return boxes

    def areas(self, d: ImageDraw.ImageDraw) -> None:
        """Sea zone areas (under everything else)."""
        sea = self.colors["sea"]
        for area in self.board.get("areas", ()):
            outline = area.get("outline") or ()
            if len(outline) >= 3:
                d.polygon([self.at(*p) for p in outline], fill=sea,
                          outline=_mix(sea, "#000000", 0.12))

    def area_labels(self, d: ImageDraw.ImageDraw) -> None:
        """Sea zone names on a plate, fleets below them (over the connections)."""
        sea = self.colors["sea"]
        for area in self.board.get("areas", ()):
            name = label(area["label"]).upper()
            tw, th = self.text_size(name, self.f_sea)
            pad = self.px(5)
            x, y = self.area_centre(area, tw / 2 + pad)
            d.rounded_rectangle((x - tw / 2 - pad, y - th / 2 - pad, x + tw / 2 + pad,
                                 y + th / 2 + pad), radius=self.px(8), fill=sea)
            d.text((x, y), name, font=self.f_sea, fill=self.colors["sea_label"], anchor="mm")
            by = y + th / 2 + pad + self.px(2)
            for item in area.get("badges", ()):
                bw, _ = self.badge_size(item)
                by += self.badge(d, x - bw / 2, by, item) + self.px(2)

    def edges(self, d: ImageDraw.ImageDraw) -> None:
        where = {a["id"]: self.at(a["x"], a["y"]) for a in self.board.get("areas", ())}
        where.update({n["id"]: self.at(n["x"], n["y"]) for n in self.board.get("nodes", ())})
        for edge in self.board.get("edges", ()):
            a, b = where[edge["a"]], where[edge["b"]]
            colour = edge.get("color") or self.colors["connection"]
            if edge.get("dashed"):
                self.dashed(d, a, b, colour, self.px(2.2))
            else:
                d.line((a, b), fill=colour, width=self.px(2.2))

    # -- placement -------------------------------------------------------------------
    def node_box(self, n: Mapping[str, Any]) -> Box:
        x, y = self.at(n["x"], n["y"])
        r = self.r * (1.25 if n["shape"] == "star" else 1.1)
        if n.get("ring"):
            r = self.r + self.px(6)
        return (x - r, y - r, x + r, y + r)

    def mark_centres(self, n: Mapping[str, Any]) -> list[tuple[float, float]]:
        x, y = self.at(n["x"], n["y"])
        return [(x - self.r - self.px(3) - i * self.px(17), y - self.r - self.px(2))
                for i in range(len(n.get("marks", ())))]

    def layout(self) -> tuple[dict[str, Box], dict[str, tuple[float, float, float]]]:
        """Where each node's name goes (its box) and each badge column goes (left, top,
        widest).  Greedy: badge columns first (largest first), keeping clear of the spaces,
        the markers, the sea labels and every name in its usual place below its space; then
        the names, each at the first candidate spot that overlaps nothing placed before
        (else at the least overlapping one)."""
        nodes = list(self.board.get("nodes", ()))
        self.centres = [self.at(n["x"], n["y"]) for n in nodes]
        fixed: list[Box] = [self.node_box(n) for n in nodes]
        m = self.px(8.5)
        for n in nodes:
            fixed += [(cx - m, cy - m, cx + m, cy + m) for cx, cy in self.mark_centres(n)]
        fixed += self.area_boxes()
        asc, desc = self.f_label.getmetrics()
        halo = self.px(2)
        h = asc + desc
        gap = self.px(1)
        spots: dict[str, list[Box]] = {}
        for n in nodes:
            x, y = self.at(n["x"], n["y"])
            x0, y0, x1, y1 = self.node_box(n)
            w = self.text_size(label(n["label"]), self.f_label)[0] + 2 * halo
            spots[n["id"]] = [(sx, sy, sx + w, sy + h) for sx, sy in (
                (x - w / 2, y1 + gap), (x - w / 2, y0 - h - gap),
                (x1 + gap, y - h / 2), (x0 - w - gap, y - h / 2),
                (x1 - self.px(4), y1), (x0 - w + self.px(4), y1))]
        obstacles = fixed + [spots[n["id"]][0] for n in nodes]
        columns: dict[str, tuple[float, float, float]] = {}
        placed: list[Box] = []
        step = self.px(8)
        for n in sorted((n for n in nodes if n.get("badges")), key=lambda n: -len(n["badges"])):
            sizes = [self.badge_size(b) for b in n["badges"]]
            widest = max(w for w, _ in sizes)
            height = sum(bh for _, bh in sizes) + self.px(1) * (len(sizes) - 1)
            x, y = self.at(n["x"], n["y"])
            x0, y0, x1, y1 = self.node_box(n)
            lx, rx = x0 - self.px(3) - widest, x1 + self.px(3)
            tops = [y + self.r - height, y - self.r, y - height / 2,
                    y + self.r - height - step, y - self.r + step,
                    y + self.r - height - 2 * step, y - self.r + 2 * step]
            corners = [(rx, t) for t in tops] + [(lx, t) for t in tops] + [
                (x - widest / 2, y0 - self.px(3) - height), (rx, y1), (lx, y1)]
            box = self.best([(sx, sy, sx + widest, sy + height) for sx, sy in corners],
                            obstacles + placed, (x, y), penalty=widest * height / 2)
            columns[n["id"]] = (box[0], box[1], widest)
            placed.append(box)
        labels: dict[str, Box] = {}
        for n in nodes:
            box = self.best(spots[n["id"]], fixed + placed, self.at(n["x"], n["y"]),
                            penalty=self.px(40))
            labels[n["id"]] = box
            placed.append(box)
        return labels, columns

    def best(self, boxes: Sequence[Box], obstacles: Sequence[Box],
             owner: tuple[float, float] | None = None, penalty: float = 0.0) -> Box:
        """The first box that overlaps nothing and stays inside the map, else the one with
        the least overlap (ties: the earlier).  With `owner` (a node centre), a box nearer
        to another node than to its owner costs `penalty` more: it would be misread."""
        height = map_height(self.board, self.width)
        best_box, best_cost = boxes[0], math.inf
        for box in boxes:
            cost = sum(_overlap(box, o) for o in obstacles)
            if owner is not None and penalty:
                own = _distance(box, owner)
                if any(_distance(box, c) < own for c in self.centres if c != owner):
                    cost += penalty
            outside = (max(0, -box[0]) + max(0, box[2] - self.width) + max(0, -box[1])
                       + max(0, box[3] - height))
            cost += outside * 1000
            if cost == 0:
                return box
            if cost < best_cost:
                best_box, best_cost = box, cost
        return best_box

    def nodes(self, d: ImageDraw.ImageDraw) -> None:
        outline = self.colors["outline"]
        labels, columns = self.layout()
        for n in self.board.get("nodes", ()):  # a leader line to a badge column set apart
            if n["id"] in columns:
                x, y = self.at(n["x"], n["y"])
                left, top, widest = columns[n["id"]]
                height = sum(self.badge_size(b)[1] + self.px(1) for b in n["badges"])
                nx, ny = min(max(x, left), left + widest), min(max(y, top), top + height)
                if math.dist((x, y), (nx, ny)) > self.r * 1.3 + self.px(6):
                    d.line(((x, y), (nx, ny)), fill="#333333", width=self.px(1.5))
        for n in self.board.get("nodes", ()):
            x, y = self.at(n["x"], n["y"])
            line = _mix(outline, self.colors["background"], 0.6) if n.get("faded") else outline
            self.shape(d, n["shape"], x, y, self.r, n["fill"], line, bool(n.get("bold")),
                       n.get("ring"))
        halo = self.px(2)
        for n in self.board.get("nodes", ()):
            x0, y0, _, _ = labels[n["id"]]
            d.text((x0 + halo, y0), label(n["label"]), font=self.f_label,
                   fill="#8a8a8a" if n.get("faded") else "#111111", anchor="la",
                   stroke_width=halo, stroke_fill=self.colors["background"])
        for n in self.board.get("nodes", ()):
            for item, (cx, cy) in zip(n.get("marks", ()), self.mark_centres(n)):
                self.mark(d, cx, cy, item)
        for n in self.board.get("nodes", ()):
            if n["id"] not in columns:
                continue
            left, top, widest = columns[n["id"]]
            x, _ = self.at(n["x"], n["y"])
            for item in n["badges"]:
                w, h = self.badge_size(item)
                self.badge(d, left if left > x else left + widest - w, top, item)
                top += h + self.px(1)

    def title_height(self) -> float:
        return self.px(34) if self.board.get("title") else 0

    def title(self, d: ImageDraw.ImageDraw, top: float) -> None:
        text = label(self.board.get("title") or "")
        if text:
            d.text((self.px(12), top + self.title_height() / 2 + self.px(2)), text,
                   font=self.f_title, fill="#111111", anchor="lm")

    # -- panels ----------------------------------------------------------------------
    def panel_layout(self, top: float) -> tuple[list[tuple[str, float, float, Any]], float]:
        """Where each panel's frame, title, row labels and badges go, from `top` down:
        ``[(what, x, y, item)]`` (what: ``frame`` with item ``(x1, y1)``, ``title``, ``label``,
        ``badge``), and the height used."""
        ops: list[tuple[str, float, float, Any]] = []
        if not self.board.get("panels"):
            return ops, 0.0
        margin, pad, gap = self.px(12), self.px(8), self.px(4)
        asc, desc = self.f_badge.getmetrics()
        line = asc + desc + self.px(6)
        y = top + self.px(8)
        for panel in self.board.get("panels", ()):
            start = y
            y += pad
            ops.append(("title", margin + pad, y, panel.get("title", "")))
            y += self.row_height() * 0.8
            widest = max((self.text_size(label(r["label"]) + ":", self.f_legend)[0]
                          for r in panel.get("rows", ())), default=0)
            for row in panel.get("rows", ()):
                ops.append(("label", margin + pad, y, row["label"] + ":"))
                left = margin + pad + widest + self.px(10)
                x = left
                for item in row.get("badges", ()):
                    w, _ = self.badge_size(item)
                    if x > left and x + w > self.width - margin - pad:
                        x, y = left, y + line
                    ops.append(("badge", x, y, item))
                    x += w + gap
                y += line
            y += pad
            ops.append(("frame", margin, start, (self.width - margin, y)))
            y += self.px(8)
        return ops, y - top

    def panels(self, d: ImageDraw.ImageDraw, top: float) -> None:
        ops, _ = self.panel_layout(top)
        for what, x, y, item in sorted(ops, key=lambda o: o[0] != "frame"):
            if what == "frame":
                d.rounded_rectangle((x, y, *item), radius=self.px(6), fill=self.colors["sea"],
                                    outline="#555555", width=self.px(1.5))
            elif what == "title":
                d.text((x, y), label(item), font=self.f_sea, fill=self.colors["sea_label"],
                       anchor="la", stroke_width=self.px(0.5),
                       stroke_fill=self.colors["sea_label"])
            elif what == "label":
                d.text((x, y + self.px(2)), label(item), font=self.f_legend, fill="#111111",
                       anchor="la")
            else:
                self.badge(d, x, y, item)

    # -- legend ----------------------------------------------------------------------
    def legend_rows(self) -> list[list[tuple[Mapping[str, Any], float]]]:
        """Items flowed into rows that fit the width: [(item, width)]."""
        rows: list[list[tuple[Mapping[str, Any], float]]] = [[]]
        used = 0.0
        margin = self.px(12)
        for item in self.board.get("legend", ()):
            if item.get("kind") == "break":
                if rows[-1]:
                    rows.append([])
                used = 0.0
                continue
            w = self.legend_item_width(item)
            if rows[-1] and used + w > self.width - 2 * margin:
                rows.append([])
                used = 0.0
            rows[-1].append((item, w))
            used += w
        return [r for r in rows if r]

    def icon_width(self, item: Mapping[str, Any]) -> float:
        kind = item.get("kind")
        if kind == "badge":
            tw, _ = self.text_size(label(item["text"]), self.f_badge)
            return tw + self.px(6) + (self.px(5) if item.get("bar") else 0)
        if kind == "line":
            return self.px(34)
        if kind == "heading":
            return 0
        if kind == "shape" and item.get("ring"):
            return self.px(36)
        return self.px(24)

    def legend_item_width(self, item: Mapping[str, Any]) -> float:
        tw, _ = self.text_size(label(item.get("label", "")), self.f_legend)
        gap = self.px(6) if item.get("kind") != "heading" else 0
        return self.icon_width(item) + gap + tw + self.px(18)

    def row_height(self) -> float:
        return self.px(30)

    def legend(self, d: ImageDraw.ImageDraw, top: float) -> None:
        margin = self.px(12)
        y = top + self.px(4)
        for row in self.legend_rows():
            cy = y + self.row_height() / 2
            x = float(margin)
            for item, w in row:
                self.legend_item(d, item, x, cy)
                x += w
            y += self.row_height()

    def legend_item(self, d: ImageDraw.ImageDraw, item: Mapping[str, Any], x: float,
                    cy: float) -> None:
        kind = item.get("kind")
        iw = self.icon_width(item)
        outline = self.colors["outline"]
        if kind == "swatch":
            s = self.px(9)
            d.rectangle((x + iw / 2 - s, cy - s, x + iw / 2 + s, cy + s), fill=item["fill"],
                        outline=outline, width=self.px(1.2))
        elif kind == "shape":
            self.shape(d, item["shape"], x + iw / 2, cy, self.r, item["fill"], outline,
                       bool(item.get("bold")), item.get("ring"))
        elif kind == "mark":
            self.mark(d, x + iw / 2, cy, item)
        elif kind == "badge":
            asc, desc = self.f_badge.getmetrics()
            self.badge(d, x, cy - (asc + desc + self.px(2)) / 2, item)
        elif kind == "line":
            colour = item.get("color") or self.colors["connection"]
            if item.get("dashed", True):
                self.dashed(d, (x, cy), (x + iw, cy), colour, self.px(2.2))
            else:
                d.line(((x, cy), (x + iw, cy)), fill=colour, width=self.px(2.2))
        gap = self.px(6) if kind != "heading" else 0
        text = label(item.get("label", ""))
        if kind == "heading":
            d.text((x, cy), text + ":", font=self.f_legend, fill="#111111", anchor="lm",
                   stroke_width=self.px(0.5), stroke_fill="#111111")
        else:
            d.text((x + iw + gap, cy), text, font=self.f_legend, fill="#111111", anchor="lm")

    # -- all ---------------------------------------------------------------------------
    def paint(self) -> Image.Image:
        height = map_height(self.board, self.width)
        rows = self.legend_rows()
        _, panels_h = self.panel_layout(0)
        strip = panels_h + self.title_height() + len(rows) * self.row_height()
        strip_h = round(strip + self.px(12)) if strip else 0
        image = Image.new("RGB", (self.width, height + strip_h), self.colors["background"])
        d = ImageDraw.Draw(image)
        d.fontmode = "1"   # crisp text: no anti-aliasing shades, the PNG a third the size
        self.areas(d)
        self.edges(d)
        self.area_labels(d)
        self.nodes(d)
        if strip_h:
            d.rectangle((0, height, self.width, height + strip_h), fill="#ffffff")
            d.line((0, height, self.width, height), fill="#555555", width=self.px(1.5))
            self.panels(d, height)
            self.title(d, height + panels_h)
            self.legend(d, height + panels_h + self.title_height())
        return image


def render_image(board: Mapping[str, Any], width: int = DEFAULT_WIDTH) -> Image.Image:
    """The picture as a Pillow image."""
    if width < 200:
        raise ValueError(f"a map must be at least 200 pixels wide, not {width}")
    return _Painter(board, width).paint()


def render(board: Mapping[str, Any], width: int = DEFAULT_WIDTH) -> bytes:
    """The picture as a palette PNG (deterministic for the same board and width): the
    board's flat colours are few (a few hundred with the shapes' edges), so a 256-colour
    median cut keeps every fill exact and the file is ~60 kB at 1600 px, small enough to
    mail with every phase report."""
    image = render_image(board, width).quantize(colors=256, method=Image.Quantize.MEDIANCUT,
                                                dither=Image.Dither.NONE)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


__all__: Sequence[str] = ("board_function", "describe", "font_file", "label", "map_height",
                          "project", "render", "render_image")
