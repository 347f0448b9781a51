"""Chat text into commands (``bot.commands``): what counts as a command, invisible characters."""

from __future__ import annotations

import pytest

from bot.answers import VerdictKind, judge, normalize
from bot.commands import Command, clean_name, parse_command, strip_invisible


@pytest.mark.parametrize(("text", "command"), [
    ("AC/DC", Command("ac/dc")),
    ("@vera привет", Command("@vera", "привет")),
    ("</b>", Command("</b>")),
    ("+", Command("accept")),
    ("/pick@chgk_bot 5", Command("pick", "5")),
    ("/team\u200f Owls", Command("team", "Owls")),
    ("answer Эйфель\nи ещё", Command("answer", "Эйфель\nи ещё")),
])
def test_plain_text_is_named_by_its_first_word_whatever_it_holds(text, command):
    assert parse_command(text) == command


@pytest.mark.parametrize("text", ["", "   ", "/", "/dev/null", "/@bot"])
def test_empty_text_and_a_slash_naming_no_command_are_nothing(text):
    assert parse_command(text) is None


@pytest.mark.parametrize("control", ["\u202e", "\u202c", "\u200f", "\u200e", "\u200b",
                                     "\ufeff", "\x00", "\x1b", "\u2066", "\u2069", "\u00ad",
                                     "\u061c", "\u2060"])
def test_control_and_format_characters_are_stripped(control):
    assert strip_invisible(f"{control}Гашек{control} Ярослав{control}") == "Гашек Ярослав"


@pytest.mark.parametrize("text", [
    "👩\u200d💻",  # woman technologist: a ZWJ sequence
    "🏳️\u200d🌈",  # rainbow flag: variation selector, ZWJ
    "👨🏽\u200d🦰",  # skin tone, ZWJ, hair component
    "🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f",  # flag of Scotland
    "می\u200cخواهم",  # Persian: the non-joiner is part of the spelling
    "строка\nи\tтабуляция",
])
def test_what_a_person_meant_is_kept(text):
    assert strip_invisible(text) == text


def test_joiners_and_tags_with_nothing_to_join_are_stripped():
    assert strip_invisible("\u200dOwls\u200d") == "Owls"
    assert strip_invisible("Owls \u200d Club") == "Owls  Club"
    assert strip_invisible("Owls\U000e0067") == "Owls"


def test_a_name_is_cleaned_and_its_spaces_collapsed():
    assert clean_name("  \u202eOwls\u200b \n  Club\ufeff ") == "Owls Club"
    assert clean_name("\u200b\u200f\ufeff") == ""


def test_answers_are_compared_without_invisible_characters():
    # formats.md 6.4 steps 1-2: "Гашек" + U+200F is "Гашек", and judged alike.
    assert normalize("Гашек\u200f") == normalize("Гашек") == "гашек"
    assert normalize("\ufeffЭйфель\u200b") == "эйфель"
    assert normalize("Ярослав\nГашек") == "ярослав гашек"
    assert judge("Гашек\u200f", "Гашек").kind is VerdictKind.ACCEPT
    assert judge("\u202eГашек\u202c", "Гашек").kind is VerdictKind.ACCEPT
