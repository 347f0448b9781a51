"""The table as a picture: a PNG drawn from the same table the text shows, its
Cyrillic names really drawn, a 30-team SYNC table of 36 questions legible on a phone; TV's
and DUEL's tables of rounds and questions too."""

from __future__ import annotations

import io

from PIL import Image, ImageChops

from bot.formats.duel.messages import table_msg as duel_table
from bot.formats.sync.render import table
from bot.formats.tv.render import table_msg as tv_table
from bot.i18n import Translator
from bot.tables import Column, Style, Table, summary
from bot.tables.picture import PAD, ROW, ROWS_SHOWN, draw
from tests.unit import tv_steps as ts
from tests.unit.sync_steps import FOXES, GAME, HEDGEHOGS, OWLS
from tests.unit.test_duel_decider import STARTED as DUEL_STARTED

T = Translator()


def picture(msg, locale: str = "ru") -> Image.Image:
    """``msg``'s table drawn as the service draws it: headed by its translated text."""
    title = T.format(msg.key, msg.args, locale)
    sheet = msg.table.translated(lambda key, args: T.format(key, args, locale),
                                 *title.split("\n", 1)[:1])
    return Image.open(io.BytesIO(draw(sheet)))


def thirty_by_thirty_six(name: str = "Команда") -> bytes:
    """A SYNC-shaped table of 30 teams and 3 rounds of 12 questions as PNG bytes."""
    columns = [Column(("table-place", {})), Column(("table-team", {}), Style.TEXT)]
    for round_ in range(3):
        columns += [Column(("table-number", {"number": round_ * 12 + q}), Style.MARK, round_)
                    for q in range(1, 13)]
        columns.append(Column(("table-subtotal", {}), Style.TOTAL, round_))
    columns.append(Column(("table-total", {}), Style.TOTAL))
    rows = tuple((str(n), f"{name} №{n} «Длинное название клуба»",
                  *(cell for r in range(3)
                    for cell in (*("1?0X-"[(n + q + r) % 5] for q in range(12)), "5")), "15")
                 for n in range(1, 31))
    sheet = Table(tuple(columns), rows,
                  tuple(("table-round", {"number": n}) for n in (1, 2, 3))).translated(
        lambda key, args: T.format(key, args, "ru"), "Таблица после раунда 3:")
    return draw(sheet)


def played_round():
    """Round 1 of one question: the Owls right, the Foxes and the Hedgehogs wrong."""
    return GAME.round_one(0).question({OWLS: "Пушкин", FOXES: "Гоголь", HEDGEHOGS: "Гоголь"},
                                      right={"Пушкин"})


def test_sync_7_the_picture_shows_the_rows_of_the_text_table():
    msg = table(played_round().state, "sync-table-round", {"number": 1})
    shown = [(args["place"], args["team"], args["marks"], str(args["points"]))
             for _, args in msg.lines]
    assert [(row[0], row[1], row[2], row[-1]) for row in msg.table.rows] == shown
    assert shown[0] == ("1", "Совы", "1", "1")
    assert {row[0] for row in msg.table.rows[1:]} == {"2–3"}
    image = picture(msg)
    assert image.format == "PNG" and image.mode == "RGB"
    assert image.height == PAD + 18 + 8 + 2 * ROW + 3 * ROW + PAD


def test_sync_7_cyrillic_names_are_drawn_as_letters():
    """Two names of the same length differ in their cells: their letters were drawn, not
    the same box for every missing glyph."""
    first, second = (Image.open(io.BytesIO(thirty_by_thirty_six(name)))
                     for name in ("Жуки", "Щука"))
    assert first.size == second.size
    box = ImageChops.difference(first, second).getbbox()
    assert box is not None
    width = first.width
    assert box[0] < width // 2  # the team column, at the left


def test_sync_7_a_table_of_30_teams_and_36_questions_fits_a_phone_screen_width():
    image = Image.open(io.BytesIO(thirty_by_thirty_six()))
    assert 900 <= image.width <= 1280
    assert image.height < 900
    colours = image.getcolors(maxcolors=1 << 16)
    assert colours is not None and len(colours) > 4  # marks coloured, text drawn


def test_duel_3_8_the_table_lists_the_questions_with_verdicts_and_the_running_score():
    story = DUEL_STARTED.played(True, False, True)
    msg = duel_table(story.state)
    assert [(row[0], row[2], row[3]) for row in msg.table.rows] == [
        ("1", "1", "1:0"), ("2", "0", "1:1"), ("3", "1", "2:1")]
    assert picture(msg, "en").width >= 200


def test_tv_1_the_table_lists_the_rounds_with_the_score_after_each():
    story = ts.LOBBY.started(ts.B).round(4, True).round(9, False)
    msg = tv_table(story.state)
    assert [(row[1], row[2], row[4], row[5]) for row in msg.table.rows] == [
        ("4", "Бета", "1", "1:0"), ("9", "Бета", "0", "1:1")]
    assert picture(msg).width >= 200


def test_a_caption_keeps_the_first_lines_that_fit():
    text = "Title\n" + "\n".join(f"row {n}" for n in range(100))
    cut = summary(text, 40)
    assert cut == "Title\nrow 0\nrow 1\nrow 2\nrow 3\nrow 4\n…" and len(cut) <= 40
    assert summary("short", 40) == "short"



def test_sync_7_a_table_of_hundreds_of_teams_shows_the_leaders_within_telegram_s_size():
    columns = (Column(("table-place", {})), Column(("table-team", {}), Style.TEXT),
               Column(("table-total", {}), Style.TOTAL))
    rows = tuple((str(n), f"Команда {n}", str(500 - n)) for n in range(1, 501))
    image = Image.open(io.BytesIO(draw(Table(columns, rows).translated(
        lambda key, args: T.format(key, args, "ru"), "Итоговая таблица"))))
    assert image.width + image.height <= 10_000 and image.height <= 20 * image.width
    assert image.height == PAD + 18 + 8 + (1 + ROWS_SHOWN + 1) * ROW + PAD
