"""불 끄기's drawing half: the board's picture, its print page, its page section."""

from __future__ import annotations

import datetime as _dt
from collections.abc import Mapping

from markupsafe import Markup

from ....engine.lights import SIDE, LightsPart
from ...model import Drawing, RoundRect
from ...raster import png_bytes, render_image
from ...sheets import PrintOptions, day_ko, header_items, portrait
from ...svg import render_svg
from ..base import Json, Panel, Sheet, View


def board(lights: tuple[int, ...], x0: float = 0, y0: float = 0, cell: float = 100) -> list[RoundRect]:
    return [RoundRect(x0 + i % SIDE * cell + 4, y0 + i // SIDE * cell + 4, cell - 8, cell - 8, 12,
                      fill="#F2C200" if lit else "#5F5A50") for i, lit in enumerate(lights)]


class LightsView(View[LightsPart, LightsPart]):
    name = "lights"
    title = "불 끄기"
    part_type = LightsPart
    files = ("lights.png",)
    script = "lights.js"
    stylesheet = "style.css"
    rules = ("rules/lights/index.html", "불 끄기")

    def page_context(self, day: _dt.date, part: LightsPart) -> Mapping[str, object]:
        svg = render_svg(Drawing(300, 300, tuple(board(part.lights))), title=f"{day.isoformat()} 불 끄기")
        return {"lights_svg": Markup(svg), "lights_count": f"켜진 불 {sum(part.lights)}개"}

    def play_data(self, day: _dt.date, part: LightsPart) -> Json:
        return {"lights": list(part.lights)}

    def render_file(self, name: str, day: _dt.date, part: LightsPart) -> bytes:
        return png_bytes(render_image(Drawing(300, 300, tuple(board(part.lights)))))

    def sheets(self, day: _dt.date, part: LightsPart, opts: PrintOptions) -> tuple[list[Sheet], list[Sheet]]:
        frame = portrait(opts.paper)
        items = (*header_items(frame, "하루 판 · 불 끄기", day_ko(day), opts), *board(part.lights, 440, 600, 500))
        return [("불 끄기", Drawing(frame.width, frame.height, items))], []

    def panels(self, day: _dt.date, part: LightsPart, opts: PrintOptions) -> list[Panel]:
        rule = "누르면 그 칸과 이웃한 칸이 바뀝니다. 불을 모두 끄세요."
        return [Panel((self.name,), "불 끄기", "", rule, Drawing(300, 300, tuple(board(part.lights))))]

    def vocabulary(self) -> str:
        return "켜진 불 개 0123456789 누르면 그 칸과 이웃한 칸이 바뀝니다. 불을 모두 끄세요."


VIEW = LightsView()
