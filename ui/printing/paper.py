"""The page every printout shares: A4 with the DejaVu fonts (Cyrillic included), a heading,
ruled tables whose sums and totals stand out as on a paper pad, and a footer naming the file.

Fonts are Debian's ``fonts-dejavu-core`` (scripts/setup-dev.sh installs it); a PDF without
them would drop every Russian letter, so their absence is an error naming the package.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from fpdf import FPDF
from fpdf.enums import XPos, YPos

FONT_DIR = Path("/usr/share/fonts/truetype/dejavu")
FONTS = {"": "DejaVuSans.ttf", "B": "DejaVuSans-Bold.ttf"}
FAMILY = "DejaVu"
ROW_MM = 8.0  # a line a pencil can write in
MARGIN_MM = 15.0
#: Row kinds with their fill (grey levels) and whether they are bold, as a printed pad sets
#: the referee's arithmetic apart from the rows players write.
BANDS = {
    "row": (None, False),
    "running": (240, False),
    "subtotal": (225, True),
    "bonus": (225, True),
    "total": (200, True),
    "head": (60, True),
}


class PrintError(Exception):
    """A page cannot be made or written: names the file and the reason."""


@dataclass(frozen=True)
class Line:
    """One line of a ruled table: its cells and the kind that sets its look."""

    cells: Sequence[str]
    kind: str = "row"


class Paper(FPDF):
    """A4 pages with the fonts loaded and a footer; ``landscape`` for wide tables."""

    def __init__(self, footer: str, landscape: bool = False) -> None:
        super().__init__(orientation="L" if landscape else "P", unit="mm", format="A4")
        for style, name in FONTS.items():
            path = FONT_DIR / name
            if not path.is_file():
                raise PrintError(f"{path}: missing; install Debian's fonts-dejavu-core")
            self.add_font(FAMILY, style, str(path))
        self.footer_text = footer
        self.set_margins(MARGIN_MM, MARGIN_MM, MARGIN_MM)
        self.set_auto_page_break(True, MARGIN_MM + 6)
        self.set_creator("Table Referee")
        self.alias_nb_pages()

    def footer(self) -> None:
        self.set_y(-MARGIN_MM)
        self.set_font(FAMILY, "", 8)
        self.set_text_color(110)
        self.cell(0, 5, self.footer_text, align="L")
        self.set_x(self.l_margin)
        self.cell(0, 5, f"{self.page_no()}/{{nb}}", align="R")
        self.set_text_color(0)

    @property
    def width(self) -> float:
        return float(self.w - self.l_margin - self.r_margin)

    def heading(self, title: str, lines: Sequence[str] = ()) -> None:
        self.set_font(FAMILY, "B", 18)
        self.multi_cell(0, 9, title, new_x=XPos.LMARGIN, new_y=YPos.NEXT)
        self.set_font(FAMILY, "", 10)
        for line in lines:
            self.multi_cell(0, 5.5, line, new_x=XPos.LMARGIN, new_y=YPos.NEXT)
        self.ln(3)

    def subheading(self, text: str) -> None:
        self.ln(2)
        self.set_font(FAMILY, "B", 12)
        self.cell(0, 7, text, new_x=XPos.LMARGIN, new_y=YPos.NEXT)

    def note(self, text: str) -> None:
        self.set_font(FAMILY, "", 8.5)
        self.set_text_color(80)
        self.multi_cell(0, 4.5, text, new_x=XPos.LMARGIN, new_y=YPos.NEXT)
        self.set_text_color(0)

    def ruled(self, head: Sequence[str], lines: Sequence[Line], first_mm: float) -> None:
        """A ruled table: a first column of titles ``first_mm`` wide, the others sharing the
        rest; the head repeats on every page the table runs onto."""
        others = len(head) - 1
        rest = (self.width - first_mm) / max(others, 1)
        widths = [first_mm, *([rest] * others)]
        self._line(Line(head, "head"), widths)
        for line in lines:
            if self.will_page_break(ROW_MM):
                self.add_page()
                self._line(Line(head, "head"), widths)
            if line.kind == "total":
                self.set_line_width(0.6)
                self.line(self.l_margin, self.get_y(), self.l_margin + sum(widths), self.get_y())
                self.set_line_width(0.2)
            self._line(line, widths)

    def _line(self, line: Line, widths: Sequence[float]) -> None:
        fill, bold = BANDS.get(line.kind, (None, False))
        self.set_font(FAMILY, "B" if bold else "", 10 if line.kind != "head" else 9.5)
        if fill is not None:
            self.set_fill_color(fill)
        self.set_text_color(255 if line.kind == "head" else 0)
        self.set_draw_color(120)
        self.set_line_width(0.2)
        for index, (cell, width) in enumerate(zip(line.cells, widths, strict=True)):
            text = _fit(self, str(cell), width - 2)
            self.cell(
                width,
                ROW_MM,
                text,
                border=1,
                align="L" if index == 0 else "C",
                fill=fill is not None,
            )
        self.set_text_color(0)
        self.ln(ROW_MM)

    def save(self, path: Path) -> Path:
        try:
            self.output(str(path))
        except OSError as error:
            raise PrintError(f"{path}: cannot write: {error.strerror}") from None
        return path


def _fit(paper: FPDF, text: str, width: float) -> str:
    """The text cut with an ellipsis where it would run past its cell."""
    if paper.get_string_width(text) <= width:
        return text
    while text and paper.get_string_width(text + "…") > width:
        text = text[:-1]
    return text + "…"
