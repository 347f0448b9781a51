"""A package that cannot be read is told in the user's language, with the file or link and
the line where known, never with a system's or library's own (English) text: ``chgk-bot
package check`` prints what a chat shows (docs/packages.md)."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from bot.i18n import Translator
from bot.packages.check import run_check
from bot.packages.fetch import Sources
from bot.packages.result import os_reason

TRANSLATOR = Translator()
CLOSED = Sources("http://127.0.0.1:9", "http://127.0.0.1:9", timeout=5)
"""Sites on a port nobody listens at: every fetch is refused."""


def checked(target: Path | str, locale: str = "ru") -> str:
    out = io.StringIO()
    assert run_check(target, as_json=False, translator=TRANSLATOR, locale=locale, out=out,
                     sources=CLOSED) == 2
    return out.getvalue().strip()


def written(tmp_path: Path, name: str, data: bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


def test_a_folder_is_told_as_a_folder_not_with_the_systems_text(tmp_path):
    assert checked(tmp_path) == f"{tmp_path}: Не удалось прочитать {tmp_path}: это папка, " \
                                "а не файл."
    assert checked(tmp_path, "en").endswith("it is a folder, not a file.")


def test_a_file_without_permission_is_told_so():
    assert os_reason(PermissionError(13, "Permission denied")) == "denied"
    assert TRANSLATOR("package-error-unreadable", "ru", file="p.txt", reason="denied") == \
        "Не удалось прочитать p.txt: нет прав на чтение файла."


def test_broken_xml_and_json_are_told_with_their_line_and_column(tmp_path):
    xml = written(tmp_path, "p.xml", b"<tournament>\n<Title>x</tournament>\n")
    assert checked(xml) == f"{xml}: Ошибка в XML: строка 2, позиция 11."
    json_file = written(tmp_path, "p.json", b'{"pack":\n  {not json}')
    assert checked(json_file, "en") == f"{json_file}: Malformed JSON at line 2, column 4."


def test_a_site_that_cannot_be_reached_is_told_without_aiohttps_exception_name():
    text = checked("pkg19")
    assert text == "pkg19: Не удалось скачать пакет по ссылке http://127.0.0.1:9/tour/pkg19/xml:" \
                   " по ней нет пакета, который бот может прочитать (сайт не ответил, страницы " \
                   "нет или адрес не из тех, куда бот ходит). Проверьте ссылку или пришлите " \
                   "файл пакета."
    assert not re.search(r"[A-Z][a-z]+Error", checked("pkg19", "en"))


@pytest.mark.parametrize("locale", ["ru", "en"])
def test_an_unknown_format_lists_every_format_the_bot_reads_with_freeform(tmp_path, locale):
    text = checked(written(tmp_path, "p.txt", b"just some words\nand more\n"), locale)
    for name in ("db.chgk.info", "4s", "XML", "JSON", "gotquestions.online",
                 "Вопрос 1. … Ответ: …"):
        assert name in text, name
