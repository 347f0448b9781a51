"""Buttons: one persistent ``DynamicItem`` class for every button the bot shows.

The command and the game channel live in the button's ``custom_id`` (see
``render.CUSTOM_ID``), so a press works after a restart and from a private chat: the host who
judges in DMs acts on the game of the channel the answer came from.
"""

from __future__ import annotations

import re

import discord

from adapters.discord.render import CUSTOM_ID, MAX_LABEL, custom_id
from bot.ports import Button

# Buttons that say yes and no are coloured like it; the rest are neutral.
_STYLES = {"accept": discord.ButtonStyle.success, "reject": discord.ButtonStyle.danger}


class CommandButton(discord.ui.DynamicItem[discord.ui.Button], template=CUSTOM_ID):
    """A button that sends a chat command on behalf of whoever presses it.

    ``mode`` is ``b`` (a service button, used up once it worked) or ``p`` (a panel button);
    ``game`` the game channel id (0: the presser's own game); ``command`` the text after
    the slash, e.g. ``accept``.
    """

    def __init__(self, mode: str, game: int, command: str, label: str = "") -> None:
        name = command.split(maxsplit=1)[0]
        super().__init__(discord.ui.Button(
            label=(label or command)[:MAX_LABEL],
            style=_STYLES.get(name, discord.ButtonStyle.secondary),
            custom_id=custom_id(mode, game, command)))
        self.mode = mode
        self.game = game
        self.command = command

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str], /) -> CommandButton:
        """Rebuild the button from a pressed component (discord.py calls this)."""
        return cls(match["mode"], int(match["game"]), match["command"], item.label or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        """Hand the press to the bridge (``interaction.client.chgk``)."""
        await interaction.client.chgk.press(interaction, self.mode, self.game, self.command)


def decides(command: str) -> tuple[str, ...]:
    """What a service button's ``command`` decides, as far as its buttons go: the numbers
    after the command word (``accept 2`` and ``reject 2`` both decide group 2, ``club 8 1
    yes`` group 1 of question 8; ``accept``, ``vote Лисы yes`` none). Buttons that decide the
    same are alternatives: one press uses them all up."""
    return tuple(word for word in command.split()[1:] if word.isdigit())


def left_after(message: discord.Message | None, pressed: str) -> discord.ui.View | None:
    """The buttons of ``message`` still to press after the service button ``pressed`` (its
    command) worked: all but those that decide the same (``decides``), so that a host's list
    of answer groups keeps the other groups' buttons; None when none is left."""
    view = discord.ui.View(timeout=None)
    for row in getattr(message, "components", None) or ():
        for item in getattr(row, "children", ()):
            match = CUSTOM_ID.match(getattr(item, "custom_id", None) or "")
            if match is None or decides(match["command"]) == decides(pressed):
                continue
            view.add_item(CommandButton(match["mode"], int(match["game"]), match["command"],
                                        item.label or ""))
    return view if view.children else None


def view_of(buttons: tuple[Button, ...] | list[Button], mode: str, game: int
            ) -> discord.ui.View | None:
    """A timeout-free view holding ``buttons`` (None when there are none). A button whose
    ``custom_id`` would be too long for Discord is left out."""
    view = discord.ui.View(timeout=None)
    for button in buttons:
        if custom_id(mode, game, button.command) is not None:
            view.add_item(CommandButton(mode, game, button.command, button.label))
    return view if view.children else None

