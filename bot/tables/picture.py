"""A table drawn as a PNG with Pillow (the picture in chat): a title and notes, the
spanning group headings (SYNC's rounds), the column headers, then one row per line of the
table, striped, SYNC's marks coloured (1 right, ? pending, X removed, - the team's own
question).

Sizes are chosen for a phone: a 30-team SYNC table of 36 questions is about 1,100 pixels wide,
under the 1,280 Telegram keeps of a photo, so nothing is scaled down past reading. The font is
DejaVu Sans from the system (Debian's ``fonts-dejavu-core``), which has Cyrillic; without it
Pillow's own font is used and a warning logged once (Cyrillic then shows as boxes).
"""

from __future__ import annotations

import io
import logging
from functools import cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from bot.tables.model import Sheet, Style

log = logging.getLogger(__name__)

FONT_DIRS = (Path("/usr/share/fonts/truetype/dejavu"), Path("/usr/share/fonts/dejavu"),
             Path("/usr/local/share/fonts"), Path("/Library/Fonts"))
"""Where DejaVu is looked for: Debian's ``fonts-dejavu-core``, Fedora's, local fonts."""
REGULAR, BOLD = "DejaVuSans.ttf", "DejaVuSans-Bold.ttf"

PAD = 16
ROW = 22
CELL_FONT = 13
TITLE_FONT = 18
NOTE_FONT = 13
SMALL_FONT = 10
"""The question numbers over the mark columns."""
MARK_WIDTH = 19
NUMBER_WIDTH = 30
ROWS_SHOWN = 100
"""Rows drawn at most, the first ones (the leaders), then "… +N": a taller photo is shrunk
past reading, or refused (Telegram: width and height together at most 10,000 pixels); the
text has every row."""
TEXT_MAX = 260
"""Widest a text column (a team name) is drawn, in pixels; longer names end in "…"."""

BACKGROUND = (255, 255, 255)
INK = (33, 33, 33)
MUTED = (110, 110, 110)
STRIPE = (244, 246, 248)
HEADER = (230, 234, 240)
RULE = (200, 205, 212)
MARK_FILL = {"1": (200, 230, 201), "?": (255, 224, 130), "X": (207, 207, 207),
             "-": (220, 231, 250)}
"""The background of a mark cell by its mark; a wrong answer (0) stays unfilled."""


@cache
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """DejaVu Sans (bold) at ``size`` pixels from ``FONT_DIRS``; Pillow's default font, with a
    warning logged, when DejaVu is not installed."""
    name = BOLD if bold else REGULAR
    for folder in FONT_DIRS:
        if (folder / name).is_file():
            return ImageFont.truetype(str(folder / name), size)
    log.warning("font %s not found in %s: tables are drawn with Pillow's default font, "
                "without Cyrillic; install fonts-dejavu-core", name,
                ", ".join(map(str, FONT_DIRS)))
    return ImageFont.load_default(size)


def _fit(draw: ImageDraw.ImageDraw, text: str, face: ImageFont.ImageFont | ImageFont.FreeTypeFont,
         width: float) -> str:
    """``text`` cut with "…" to fit ``width`` pixels."""
    if draw.textlength(text, font=face) <= width:
        return text
    while text and draw.textlength(text + "…", font=face) > width:
        text = text[:-1]
    return text + "…"


def _widths(draw: ImageDraw.ImageDraw, sheet: Sheet) -> list[int]:
    """Each column's width in pixels: marks narrow, text as wide as its longest cell (at
    most ``TEXT_MAX``), numbers as wide as their header or widest cell."""
    bold, small = font(CELL_FONT, True), font(SMALL_FONT)
    widths = []
    for index, column in enumerate(sheet.table.columns):
        face = small if column.style is Style.MARK else bold
        header = draw.textlength(sheet.headers[index], font=face) + 6
        cells = [draw.textlength(row[index], font=bold) + 10
                 for row in sheet.table.rows[:ROWS_SHOWN]]
        widest = max([header, *cells])
        if column.style is Style.MARK:
            widths.append(max(MARK_WIDTH, round(widest)))
        elif column.style is Style.TEXT:
            widths.append(round(min(TEXT_MAX, max(widest, 80))))
        else:
            widths.append(max(NUMBER_WIDTH, round(widest)))
    for group, label in enumerate(sheet.groups):
        # A group heading wider than its columns widens its last column (a short round).
        spanned = [i for i, c in enumerate(sheet.table.columns) if c.group == group]
        lack = draw.textlength(label, font=bold) + 10 - sum(widths[i] for i in spanned)
        if spanned and lack > 0:
            widths[spanned[-1]] += round(lack)
    return widths


def draw(sheet: Sheet) -> bytes:
    """``sheet`` as PNG bytes (RGB, white background): its first ``ROWS_SHOWN`` rows."""
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    widths = _widths(probe, sheet)
    title_face, note_face = font(TITLE_FONT, True), font(NOTE_FONT)
    regular, bold = font(CELL_FONT), font(CELL_FONT, True)
    table_width = sum(widths)
    text_width = max([probe.textlength(sheet.title, font=title_face),
                      *(probe.textlength(n, font=note_face) for n in sheet.notes)])
    width = PAD * 2 + max(table_width, min(round(text_width) + 8, 1200))
    top = PAD + TITLE_FONT + 8 + len(sheet.notes) * (NOTE_FONT + 6)
    heads = 2 if sheet.groups else 1
    rows = sheet.table.rows[:ROWS_SHOWN]
    more = len(sheet.table.rows) - len(rows)
    height = top + (heads + len(rows) + (1 if more else 0)) * ROW + PAD
    image = Image.new("RGB", (width, height), BACKGROUND)
    pen = ImageDraw.Draw(image)
    pen.text((PAD, PAD), _fit(pen, sheet.title, title_face, width - 2 * PAD), fill=INK,
             font=title_face)
    for index, note in enumerate(sheet.notes):
        pen.text((PAD, PAD + TITLE_FONT + 8 + index * (NOTE_FONT + 6)),
                 _fit(pen, note, note_face, width - 2 * PAD), fill=MUTED, font=note_face)
    lefts = [PAD + sum(widths[:i]) for i in range(len(widths))]
    columns = sheet.table.columns
    y = top
    pen.rectangle((PAD, y, PAD + table_width - 1, y + heads * ROW - 1), fill=HEADER)
    if sheet.groups:
        for group, label in enumerate(sheet.groups):
            spanned = [i for i, c in enumerate(columns) if c.group == group]
            if not spanned:
                continue
            left, right = lefts[spanned[0]], lefts[spanned[-1]] + widths[spanned[-1]]
            _centred(pen, _fit(pen, label, bold, right - left - 4), (left, y, right), bold, INK)
            bottom = y + (heads + len(rows)) * ROW
            pen.line((left, y, left, bottom), fill=RULE)
            pen.line((right, y, right, bottom), fill=RULE)
        y += ROW
    for index, header in enumerate(sheet.headers):
        face = font(SMALL_FONT) if columns[index].style is Style.MARK else bold
        cell = (lefts[index], y, lefts[index] + widths[index])
        if columns[index].style is Style.TEXT:
            pen.text((cell[0] + 5, y + 4), _fit(pen, header, face, widths[index] - 8),
                     fill=INK, font=face)
        else:
            _centred(pen, header, cell, face,
                     MUTED if columns[index].style is Style.MARK else INK)
    y += ROW
    for number, row in enumerate(rows):
        if number % 2:
            pen.rectangle((PAD, y, PAD + table_width - 1, y + ROW - 1), fill=STRIPE)
        for index, text in enumerate(row):
            style = columns[index].style
            left, right = lefts[index], lefts[index] + widths[index]
            if style is Style.MARK:
                fill = MARK_FILL.get(text)
                if fill is not None:
                    pen.rectangle((left + 1, y + 2, right - 2, y + ROW - 3), fill=fill)
                _centred(pen, text, (left, y, right), regular, INK)
            elif style is Style.TEXT:
                pen.text((left + 5, y + 4), _fit(pen, text, regular, widths[index] - 10),
                         fill=INK, font=regular)
            else:
                _centred(pen, text, (left, y, right), bold if style is Style.TOTAL else regular,
                         INK)
        y += ROW
    if more:
        pen.text((PAD + 5, y + 4), f"… +{more}", fill=MUTED, font=regular)
    pen.line((PAD, top + heads * ROW - 1, PAD + table_width - 1, top + heads * ROW - 1),
             fill=RULE)
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def _centred(pen: ImageDraw.ImageDraw, text: str, cell: tuple[int, int, int],
             face: ImageFont.ImageFont | ImageFont.FreeTypeFont,
             colour: tuple[int, int, int]) -> None:
    """``text`` centred in the cell from ``cell[0]`` to ``cell[2]`` of the row at ``cell[1]``."""
    left, y, right = cell
    pen.text(((left + right) / 2, y + ROW / 2), text, fill=colour, font=face, anchor="mm")
