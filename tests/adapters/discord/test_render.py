"""How outgoing messages look on Discord: escaped, split under the limits, embeds, countdown."""

from __future__ import annotations

from datetime import UTC, datetime

from adapters.discord.buttons import CommandButton, view_of
from adapters.discord.render import (
    CUSTOM_ID,
    MAX_CONTENT,
    MAX_EMBED_TEXT,
    custom_id,
    escape,
    render,
    split,
)
from bot.ports import Button, ChatRef, MessageKind, Outgoing

GAME = ChatRef("discord", "123456789012345678")
HOST = ChatRef("discord", "42", private=True)


def test_user_text_cannot_format_or_ping():
    text = escape("**Team** _x_ `code` ||spoiler|| @everyone @here <@123456789012345678>")
    assert "**" not in text.replace("\\*", "")
    assert "@everyone" not in text and "@here" not in text
    assert "<@123456789012345678>" not in text


def test_links_stay_clickable():
    url = "https://db.chgk.info/images/db/2008_03_28.jpg"
    assert escape(f"Picture: {url}") == f"Picture: {url}"


def test_long_text_is_split_at_line_breaks_under_the_limit():
    lines = [f"{i:04d} " + "слово " * 30 for i in range(100)]
    pieces = split("\n".join(lines))
    assert all(len(p) <= MAX_CONTENT for p in pieces) and len(pieces) > 1
    assert "\n".join(pieces) == "\n".join(lines)


def test_a_line_longer_than_the_limit_is_cut_without_breaking_an_escape():
    pieces = split("a" * 1999 + "\\*" + "b" * 10)
    assert all(len(p) <= MAX_CONTENT for p in pieces)
    assert not pieces[0].endswith("\\")
    assert "".join(pieces) == "a" * 1999 + "\\*" + "b" * 10


def test_a_question_is_an_embed_with_its_web_picture():
    url = "https://db.chgk.info/images/db/20080328.jpg"
    parts = render(Outgoing(GAME, "Question 1.\nText", MessageKind.QUESTION, image=url))
    assert len(parts) == 1 and parts[0].content == ""
    assert parts[0].embed.description == "Question 1.\nText"
    assert parts[0].embed.image.url == url


def test_a_picture_named_by_file_is_not_embedded():
    parts = render(Outgoing(GAME, "Q", MessageKind.QUESTION, image="pic_001.png"))
    assert parts[0].embed.image.url is None


def test_a_very_long_question_spills_over_from_the_embed():
    parts = render(Outgoing(GAME, "x " * 3000, MessageKind.QUESTION))
    assert len(parts[0].embed.description) <= MAX_EMBED_TEXT
    assert all(len(p.content) <= MAX_CONTENT for p in parts[1:]) and len(parts) > 1


def test_a_deadline_is_a_relative_timestamp():
    deadline = datetime(2026, 1, 1, 19, 1, tzinfo=UTC)
    parts = render(Outgoing(GAME, "The clock is running", deadline=deadline))
    assert parts[0].content.endswith(f"<t:{int(deadline.timestamp())}:R>")


def test_a_signal_stands_out():
    assert render(Outgoing(GAME, "Time!", MessageKind.SIGNAL))[0].content == "🔔 **Time!**"


def test_buttons_go_under_the_last_part_and_carry_the_game_channel():
    message = Outgoing(HOST, "y\n" * 1500, buttons=(Button("Accept", "accept"),), game=GAME)
    parts = render(message)
    assert [bool(p.buttons) for p in parts] == [False, True]
    view = view_of(parts[-1].buttons, "b", int(GAME.chat_id))
    button = view.children[0]
    assert isinstance(button, CommandButton)
    assert button.custom_id == f"chgk:b:{GAME.chat_id}:accept"
    match = CUSTOM_ID.match(button.custom_id)
    assert (match["mode"], match["game"], match["command"]) == ("b", GAME.chat_id, "accept")


def test_a_command_too_long_for_a_custom_id_gets_no_button():
    assert custom_id("b", 1, "best player " + "x" * 100) is None
    assert view_of([Button("?", "best player " + "x" * 100)], "b", 1) is None
