"""The channels side of the Discord bridge: private team channels (``/<format> host
teams``) and telling someone who can fix it when a message could not be delivered."""

from __future__ import annotations

import logging
from typing import Any

import discord

from adapters.discord.base import TEAM_TOPIC, TEXT_PERMISSIONS, Relay, missing
from adapters.discord.render import channel_mention
from bot.ports import ChatRef, Outgoing, Person

log = logging.getLogger(__name__)

CHANNEL_PERMISSIONS = ("manage_channels", "manage_roles")
"""What the bot needs to create private team channels with their own permissions."""


class ChannelFeatures:
    """Team channels and delivery fault notices, through the bridge's ``relay`` (its
    messenger, translator and service)."""

    def __init__(self, relay: Relay) -> None:
        self.relay = relay

    async def team_channels(self, interaction: discord.Interaction) -> None:
        """``/<format> host teams``: a private text channel per team of the game, visible to its
        members, the host and co-hosts; run it again after the roster changes to update who
        sees which channel."""
        relay = self.relay
        if not await relay.acknowledge(interaction):
            return
        chat = relay.chat_of(interaction)
        note = await relay.host_only(interaction, chat, "teams")
        if note is None:
            note = await self._make_team_channels(interaction, chat)
        await relay.respond(interaction, [note])


    async def _make_team_channels(self, interaction: discord.Interaction, chat: ChatRef
                                  ) -> Outgoing:
        relay = self.relay
        guild = interaction.guild
        locale = relay.locale(interaction)
        lacking = missing(guild.me.guild_permissions, CHANNEL_PERMISSIONS)
        if lacking:
            return relay.note(interaction, "discord-missing-permissions",
                              channel=guild.name, what=relay.permission_names(lacking, locale))
        game = await relay.api.view(chat)
        hosts, gone = await self._members(guild, game.hosts)
        existing = {int(m["team"]): ch for ch in guild.text_channels
                    if (m := TEAM_TOPIC.search(ch.topic or "")) and m["game"] == chat.chat_id}
        made = []
        for team in game.teams:
            members, left = await self._members(guild, team.members)
            gone += left
            overwrites = {
                guild.default_role: discord.PermissionOverwrite(view_channel=False),
                guild.me: discord.PermissionOverwrite(
                    view_channel=True, send_messages=True, embed_links=True,
                    read_message_history=True),
                **{m: discord.PermissionOverwrite(view_channel=True, send_messages=True,
                                                  read_message_history=True)
                   for m in (*hosts, *members)},
            }
            channel = existing.get(team.id)
            try:
                if channel is None:
                    channel = await guild.create_text_channel(
                        team.name, overwrites=overwrites,
                        category=getattr(interaction.channel, "category", None),
                        topic=f"{relay.t('discord-team-topic', locale, team=team.name)} "
                              f"chgk-team:{chat.chat_id}:{team.id}")
                else:
                    await channel.edit(overwrites=overwrites)
            except discord.Forbidden:
                return relay.note(interaction, "discord-missing-permissions",
                                  channel=guild.name,
                                  what=relay.permission_names(CHANNEL_PERMISSIONS, locale))
            except discord.HTTPException as error:
                log.warning("could not make the channel of team %s: %r", team.name, error)
                return relay.note(interaction, "discord-team-channels-failed")
            made.append(channel_mention(channel.id))
        if not made:
            return relay.note(interaction, "discord-team-channels-none")
        note = relay.note(interaction, "discord-team-channels-ready",
                          channels=", ".join(made), count=len(made))
        if gone:
            left = relay.text(interaction, "discord-members-left", names=", ".join(gone))
            note = Outgoing(note.chat, f"{note.text}\n{left}", key=note.key, reply=True)
        return note

    async def _members(self, guild: Any, people: tuple[Person, ...]
                       ) -> tuple[list[Any], list[str]]:
        """The guild members who are ``people``, and the names of those no longer on the
        server (or never seen on Discord)."""
        found, gone = [], []
        for person in people:
            member = None
            if person.user_id is not None:
                user_id = int(person.user_id)
                member = guild.get_member(user_id)
                if member is None:
                    try:
                        member = await guild.fetch_member(user_id)
                    except discord.HTTPException:
                        member = None
            if member is None:
                gone.append(person.name)
            else:
                found.append(member)
        return found, gone


    async def on_fault(self, message: Outgoing, error: Exception) -> None:
        """The messenger's hook for a message that could not be delivered: tell someone who
        can fix it. A closed DM is said in the game channel, a broken game channel to the
        host privately. Each problem is told once per chat; a notice that itself fails is
        only logged."""
        relay = self.relay
        log.warning("could not deliver %s to %s: %r", message.key, message.chat.key, error)
        if message.key.startswith("discord-") or not isinstance(error, discord.HTTPException):
            return
        if message.chat.private:
            game = await relay.api.view(message.game) if message.game else None
            if game is None or not relay.once(message.chat, "discord-fault-dm"):
                return
            person = game.person(message.chat.chat_id)
            name = person.name if person is not None else "?"
            await relay.messenger.send(Outgoing(message.game, relay.t.format(
                "discord-fault-dm", {"user": name}, game.locale, relay.spell),
                key="discord-fault-dm"))
            return
        host = await relay.api.host_contact(message.chat)
        if host is None:
            return
        chat, locale = host
        key, args = await self._explain(message.chat, error, locale)
        if relay.once(message.chat, key):
            await relay.messenger.send(Outgoing(chat, relay.t.format(key, args, locale), key=key))

    async def _explain(self, chat: ChatRef, error: discord.HTTPException, locale: str
                       ) -> tuple[str, dict[str, Any]]:
        """The message key and arguments saying why the game channel ``chat`` failed."""
        relay = self.relay
        channel = channel_mention(chat.chat_id)
        if isinstance(error, discord.NotFound):
            return "discord-fault-channel-gone", {"channel": channel}
        if isinstance(error, discord.Forbidden):
            try:
                target = await relay.messenger.resolve(chat)
                lacking = missing(target.permissions_for(target.guild.me), TEXT_PERMISSIONS)
            except (discord.HTTPException, AttributeError):
                lacking = []
            return "discord-fault-permissions", {
                "channel": channel,
                "what": relay.permission_names(lacking or TEXT_PERMISSIONS, locale)}
        return "discord-fault-send", {"channel": channel}

