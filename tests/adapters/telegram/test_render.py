"""Escaping, splitting, callback data, deep links and menu texts."""

from __future__ import annotations

import pytest

from adapters.telegram.render import (
    CALLBACK_LIMIT,
    decode_callback,
    encode_callback,
    escape,
    keyboard,
    menu_description,
    parse_start_token,
    split_text,
    start_link,
    tg_len,
)
from bot.ports import Button


def test_escape_leaves_nothing_telegram_would_parse():
    assert escape('<b>A & B</b> "q"') == '&lt;b&gt;A &amp; B&lt;/b&gt; "q"'


def test_length_counts_utf16_units():
    assert tg_len("Ёж") == 2
    assert tg_len("🦉") == 2


def test_split_keeps_short_text_whole_and_drops_empty():
    assert split_text("Вопрос 1.") == ["Вопрос 1."]
    assert split_text("") == []
    assert split_text("  \n") == []


def test_split_cuts_at_line_breaks_under_the_limit():
    lines = [f"line {i:03d} " + "x" * 40 for i in range(200)]
    text = "\n".join(lines)
    chunks = split_text(text, 4096)
    assert all(tg_len(c) <= 4096 for c in chunks)
    assert len(chunks) == 3
    assert "\n".join(chunks) == text


def test_split_cuts_words_then_anywhere():
    words = " ".join(["слово"] * 1000)
    chunks = split_text(words, 100)
    assert all(tg_len(c) <= 100 for c in chunks)
    assert " ".join(chunks) == words
    assert split_text("🦉" * 60, 100) == ["🦉" * 50, "🦉" * 10]


def test_callback_data_carries_the_game_chat_and_the_command():
    data = encode_callback("-1001234567890", "accept")
    assert data == "-1001234567890|accept"
    assert decode_callback(data) == ("-1001234567890", "accept")
    assert decode_callback(encode_callback(None, "best question 6")) == (None, "best question 6")


@pytest.mark.parametrize("data", [None, "", "accept", "x|accept", "-100|", "|  "])
def test_foreign_callback_data_is_not_ours(data):
    assert decode_callback(data) is None


def test_callback_data_over_64_bytes_is_refused_and_the_button_left_out(caplog):
    long = "answer " + "ж" * 40
    assert encode_callback("-1001234567890", long) is None
    markup = keyboard([Button("Ok", "accept"), Button("Long", long)], "-1001234567890")
    assert [[b.text for b in row] for row in markup.inline_keyboard] == [["Ok"]]
    assert all(len(b.callback_data.encode()) <= CALLBACK_LIMIT
               for row in markup.inline_keyboard for b in row)
    assert "callback data over 64 bytes" in caplog.text


def test_keyboard_rows_and_link():
    buttons = [Button(str(n), f"pick {n}") for n in range(1, 5)]
    markup = keyboard(buttons, "-1", ("Chat", "https://t.me/bot?start=g-1"))
    assert [[b.text for b in row] for row in markup.inline_keyboard] == [
        ["1", "2", "3"], ["4"], ["Chat"]]
    assert markup.inline_keyboard[-1][0].url == "https://t.me/bot?start=g-1"
    assert keyboard([], None) is None


def test_start_links_name_the_game_chat():
    assert start_link("chgk_bot", "-1001234567890") == \
        "https://t.me/chgk_bot?start=g-1001234567890"
    assert parse_start_token("g-1001234567890") == "-1001234567890"
    assert parse_start_token("hello") is None
    assert parse_start_token("g-1; drop") is None


def test_menu_descriptions_come_from_usage_lines():
    assert menu_description("/team NAME — register a team", "team") == "NAME — register a team"
    assert menu_description("/pause — stop the clock", "pause") == "stop the clock"
    assert menu_description("open the private chat", "start") == "open the private chat"
    assert len(menu_description("/x — " + "y" * 400, "x")) == 256
