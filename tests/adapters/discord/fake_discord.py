"""A stand-in for Discord on 127.0.0.1, for the adapter's end-to-end tests: the REST API and
the gateway, served with aiohttp to the real discord.py client. The world and the REST API's
answers are here; ``fake_discord_server.py`` serves them over HTTP and the gateway's
websocket; ``fake_discord_objects.py`` holds the ids, limits and the objects exchanged.

How the client is pointed at it. REST: the adapter's own ``api_url`` setting
(``CHGK_DISCORD_API_URL``; ``DiscordAdapter.run`` sets ``discord.http.Route.BASE``, from
which discord.py builds every request URL, webhooks and interaction callbacks included) set
to ``FakeDiscordServer.api_url``. Gateway: discord.py (2.7) does not ask ``GET /gateway/bot``
for a plain ``Client``; it connects to the class attribute
``discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY`` and, after READY, resumes at the
``resume_gateway_url`` READY names. The test patches ``DEFAULT_GATEWAY`` to
``FakeDiscordServer.gateway_url`` (``monkeypatch``, undone after the test); there is no
supported option for it. discord.py asks for ``compress=zlib-stream`` in the gateway URL's
query but reads text frames as plain JSON (``DiscordWebSocket.received_message`` only
decompresses ``bytes``): the fake ignores the query and sends text frames.

``FakeDiscord`` is Discord's side of one bot in one server: the guild with its channels,
roles and members, DMs, the messages, the interactions handed out, the command sets synced,
and every REST request made (``requests``). It behaves like Discord where the adapter
depends on it: an interaction is answered once (a second callback is 400, code 40060) and
within 3 seconds (later: 404, code 10062, Unknown interaction); a message over 2000
characters is refused (400, code 50035, Invalid Form Body); ``throttle(request)`` may
answer a request with a 429 and ``retry_after`` (with the ``Via`` header discord.py looks
for, else it takes a 429 for a Cloudflare ban); a route the fake does not know answers 404
with Discord's JSON error shape (``{"message": "404: Not Found", "code": 0}``), so a route
the adapter starts using shows up in ``unknown``. Snowflakes are made from ``clock()``, so
``Interaction.created_at`` and ``Message.created_at`` follow a test's virtual time.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from tests.adapters.discord.fake_discord_objects import (
    ACK_SECONDS,
    ALL_PERMISSIONS,
    APPLICATION_ID,
    BOT_ID,
    DISCORD_EPOCH_MS,
    EPHEMERAL,
    EVERYONE_PERMISSIONS,
    GAME_CHANNEL_ID,
    GUILD_ID,
    MAX_CONTENT,
    DiscordError,
    Interaction,
    Posted,
    Request,
    user,
)


class FakeDiscord:
    """Discord's side of one bot in one server (see the module docstring).

    ``clock`` gives the UTC time snowflakes are made from; ``throttle(request)`` returns a
    DiscordError (``DiscordError.rate_limited``) to answer ``request`` with, or None;
    ``message_content`` says whether the application may have the privileged message
    content intent (else an IDENTIFY asking for it is closed with 4014).
    """

    def __init__(self, *, clock: Callable[[], datetime] = lambda: datetime.now(UTC)) -> None:
        self.clock = clock
        self.throttle: Callable[[Request], DiscordError | None] = lambda _request: None
        self.message_content = True
        self.bot = user(BOT_ID, "chgk-bot", bot=True)
        self.requests: list[Request] = []
        self.posted: list[Posted] = []
        self.synced: dict[int | None, list[dict[str, Any]]] = {}
        self.interactions: dict[int, Interaction] = {}
        self.identifies: list[dict[str, Any]] = []
        self.resumes: list[dict[str, Any]] = []
        self.attachments: dict[int, bytes] = {}
        self.users: dict[int, dict[str, Any]] = {BOT_ID: self.bot}
        self.members: dict[int, dict[str, Any]] = {}
        self.dms: dict[int, dict[str, Any]] = {}
        self.messages: dict[int, dict[str, Any]] = {}
        self._counter = itertools.count(1)
        self.roles = [{"id": str(GUILD_ID), "name": "@everyone", "color": 0, "hoist": False,
                       "position": 0, "permissions": str(EVERYONE_PERMISSIONS),
                       "managed": False, "mentionable": False, "flags": 0},
                      {"id": str(GUILD_ID + 1), "name": "chgk-bot", "color": 0,
                       "hoist": False, "position": 1, "permissions": str(ALL_PERMISSIONS),
                       "managed": True, "mentionable": False, "flags": 0,
                       "tags": {"bot_id": str(BOT_ID)}}]
        self.channels: dict[int, dict[str, Any]] = {}
        self.add_channel(GAME_CHANNEL_ID, "игра")
        self.add_member(self.bot, roles=[str(GUILD_ID + 1)])

    # --- the world ---------------------------------------------------------------------

    def snowflake(self) -> int:
        """A new id, made at ``clock()``."""
        ms = int(self.clock().timestamp() * 1000) - DISCORD_EPOCH_MS
        return (ms << 22) | (next(self._counter) & 0x3F_FFFF)

    def add_channel(self, channel_id: int, name: str) -> dict[str, Any]:
        """A text channel of the server."""
        channel = {"id": str(channel_id), "type": 0, "guild_id": str(GUILD_ID), "name": name,
                   "position": len(self.channels), "permission_overwrites": [],
                   "nsfw": False, "parent_id": None, "topic": None, "last_message_id": None,
                   "rate_limit_per_user": 0, "flags": 0}
        self.channels[channel_id] = channel
        return channel

    def add_member(self, person: dict[str, Any], *, roles: list[str] | None = None,
                   nick: str | None = None) -> dict[str, Any]:
        """``person`` (a user object) joins the server; returns their member object."""
        self.users[int(person["id"])] = person
        member = {"user": person, "nick": nick, "roles": roles or [], "joined_at":
                  self.clock().isoformat(), "deaf": False, "mute": False, "flags": 0,
                  "pending": False, "avatar": None, "communication_disabled_until": None}
        self.members[int(person["id"])] = member
        return member

    def guild(self) -> dict[str, Any]:
        """The GUILD_CREATE payload: the server, its roles, channels and members."""
        owner = next((m for m in self.members if m != BOT_ID), BOT_ID)
        return {"id": str(GUILD_ID), "name": "Клуб ЧГК", "icon": None, "owner_id":
                str(owner), "unavailable": False, "member_count":
                len(self.members), "large": False, "roles": self.roles, "emojis": [],
                "stickers": [], "features": [], "channels": [
                    {k: v for k, v in c.items() if k != "guild_id"}
                    for c in self.channels.values()],
                "members": list(self.members.values()), "threads": [], "voice_states": [],
                "presences": [], "stage_instances": [], "guild_scheduled_events": [],
                "soundboard_sounds": [], "preferred_locale": "ru", "afk_timeout": 300,
                "verification_level": 0, "default_message_notifications": 0,
                "explicit_content_filter": 0, "mfa_level": 0, "nsfw_level": 0,
                "premium_tier": 0, "system_channel_flags": 0, "joined_at":
                self.clock().isoformat(), "application_id": None, "max_members": 500000}

    def dm_channel(self, user_id: int) -> dict[str, Any]:
        """The DM channel between the bot and ``user_id`` (made on first use)."""
        if user_id not in self.dms:
            self.dms[user_id] = {"id": str(self.snowflake()), "type": 1,
                                 "recipients": [self.users[user_id]], "last_message_id": None,
                                 "flags": 0}
        return self.dms[user_id]

    def _message(self, channel_id: int, author: dict[str, Any], body: dict[str, Any], *,
                 interaction: Interaction | None = None, empty: bool = False,
                 files: list[tuple[str, bytes]] | None = None) -> dict[str, Any]:
        content = body.get("content") or ""
        if len(content) > MAX_CONTENT:
            raise DiscordError(400, 50035, "Invalid Form Body", errors={"content": {
                "_errors": [{"code": "BASE_TYPE_MAX_LENGTH",
                             "message": "Must be 2000 or fewer in length."}]}})
        if not (content or body.get("embeds") or body.get("components") or files or empty):
            raise DiscordError(400, 50006, "Cannot send an empty message")
        attachments = []
        for name, data in files or ():
            if not data:
                raise DiscordError(400, 50035, "Invalid Form Body")
            attachment_id = self.snowflake()
            self.attachments[attachment_id] = data
            url = f"{self.base_url}/attachments/{attachment_id}/{name}"
            attachments.append({"id": str(attachment_id), "filename": name, "size": len(data),
                                "url": url, "proxy_url": url})
        message = {"id": str(self.snowflake()), "channel_id": str(channel_id), "author": author,
                   "content": content, "timestamp": self.clock().isoformat(),
                   "edited_timestamp": None, "tts": False, "mention_everyone": False,
                   "mentions": [], "mention_roles": [], "attachments": attachments,
                   "embeds": body.get("embeds") or [], "pinned": False, "type": 0,
                   "flags": body.get("flags") or 0,
                   "components": body.get("components") or []}
        if channel_id in self.channels:
            message["guild_id"] = str(GUILD_ID)
        if body.get("message_reference"):
            message["type"] = 19
            message["message_reference"] = body["message_reference"]
        if interaction is not None:
            message["webhook_id"] = str(APPLICATION_ID)
            message["interaction_metadata"] = {
                "id": str(interaction.id), "type": interaction.payload["type"],
                "user": self._who(interaction.payload),
                "authorizing_integration_owners": {}}
        self.messages[int(message["id"])] = message
        return message

    @staticmethod
    def _who(payload: dict[str, Any]) -> dict[str, Any]:
        return payload["member"]["user"] if "member" in payload else payload["user"]

    # --- events a test sends -------------------------------------------------------------

    def command_event(self, person: dict[str, Any], path: str, options: dict[str, Any], *,
                      channel_id: int | None = GAME_CHANNEL_ID, locale: str = "ru"
                      ) -> dict[str, Any]:
        """The INTERACTION_CREATE payload of ``person`` running the slash command ``path``
        (``"chgk team"``, ``"duel captain pick"``) as it was synced, in ``channel_id`` (None:
        in a DM with the bot). ``options`` maps option names to values: a user object for a
        member option (sent as its id with the user and member in ``resolved``, as Discord
        does), ``(file name, content)`` for an attachment (served at its ``url``), else a
        boolean, a number or a text. KeyError for a command or option that was not synced."""
        top, *names = path.split()
        command = self._synced_command(top)
        chain = []
        for name in names:
            chain.append(next(o for o in (chain[-1] if chain else command).get("options", [])
                              if o["name"] == name))
        node = chain[-1] if chain else command
        resolved: dict[str, Any] = {}
        given = []
        for name, value in options.items():
            spec = next((o for o in node.get("options", []) if o["name"] == name), None)
            if spec is None:
                raise KeyError(f"/{path} has no option {name!r}")
            if spec["type"] == 6:  # a user
                value = self._resolve_user(resolved, value, in_guild=channel_id is not None)
            elif spec["type"] == 11:  # an attachment
                value = self._resolve_attachment(resolved, *value)
            given.append({"name": name, "type": spec["type"], "value": value})
        for sub in reversed(chain):
            given = [{"name": sub["name"], "type": sub["type"], "options": given}]
        data: dict[str, Any] = {"id": command["id"], "name": top, "type": 1, "options": given}
        if resolved:
            data["resolved"] = resolved
        if command.get("guild_id"):
            data["guild_id"] = command["guild_id"]
        return self._interaction(2, person, data, channel_id=channel_id, locale=locale)

    def _resolve_user(self, resolved: dict[str, Any], person: dict[str, Any], *,
                      in_guild: bool) -> str:
        resolved.setdefault("users", {})[person["id"]] = person
        member = self.members.get(int(person["id"]))
        if member is not None and in_guild:
            resolved.setdefault("members", {})[person["id"]] = {
                **{k: v for k, v in member.items() if k != "user"},
                "permissions": str(self._permissions(member))}
        return person["id"]

    def _resolve_attachment(self, resolved: dict[str, Any], file_name: str, content: bytes
                            ) -> str:
        attachment_id = self.snowflake()
        self.attachments[attachment_id] = content
        url = f"{self.base_url}/attachments/{attachment_id}/{file_name}"
        resolved.setdefault("attachments", {})[str(attachment_id)] = {
            "id": str(attachment_id), "filename": file_name, "size": len(content),
            "url": url, "proxy_url": url, "content_type": "text/plain; charset=utf-8"}
        return str(attachment_id)

    def _synced_command(self, name: str) -> dict[str, Any]:
        for commands in self.synced.values():
            for command in commands:
                if command["name"] == name:
                    return command
        raise KeyError(f"no command /{name} was synced: {list(self.synced)}")

    def press_event(self, person: dict[str, Any], posted: Posted, label: str, *,
                    locale: str = "ru") -> dict[str, Any]:
        """The INTERACTION_CREATE payload of ``person`` pressing the button ``label`` under
        the message ``posted``."""
        button = posted.button(label)
        message = self.messages[posted.id]
        channel_id = posted.channel_id
        return self._interaction(3, person, {"custom_id": button["custom_id"],
                                             "component_type": 2},
                                 channel_id=channel_id if channel_id in self.channels else None,
                                 locale=locale, message=message)

    def _interaction(self, kind: int, person: dict[str, Any], data: dict[str, Any], *,
                     channel_id: int | None, locale: str,
                     message: dict[str, Any] | None = None) -> dict[str, Any]:
        interaction_id = self.snowflake()
        payload: dict[str, Any] = {
            "id": str(interaction_id), "application_id": str(APPLICATION_ID), "type": kind,
            "data": data, "token": f"itoken-{interaction_id}", "version": 1,
            "locale": locale, "app_permissions": str(ALL_PERMISSIONS),
            "entitlements": [], "authorizing_integration_owners": {"0": str(GUILD_ID)},
            "attachment_size_limit": 10 * 1024 * 1024}
        if channel_id is None:
            dm = self.dm_channel(int(person["id"]))
            payload |= {"channel_id": dm["id"], "channel": dm, "user": person, "context": 1}
        else:
            member = self.members[int(person["id"])]
            payload |= {"channel_id": str(channel_id), "guild_id": str(GUILD_ID),
                        "guild_locale": "ru", "context": 0,
                        "channel": self.channels[channel_id],
                        "member": member | {"permissions": str(self._permissions(member))}}
        if message is not None:
            payload["message"] = message
        return payload

    def _permissions(self, member: dict[str, Any]) -> int:
        value = 0
        for role in self.roles:
            if role["id"] == str(GUILD_ID) or role["id"] in member["roles"]:
                value |= int(role["permissions"])
        return value

    def message_event(self, person: dict[str, Any], content: str, *,
                      channel_id: int | None = GAME_CHANNEL_ID) -> dict[str, Any]:
        """The MESSAGE_CREATE payload of ``person`` writing ``content`` in ``channel_id``
        (None: in their DM with the bot)."""
        where = channel_id if channel_id is not None else \
            int(self.dm_channel(int(person["id"]))["id"])
        message = self._message(where, person, {"content": content})
        if channel_id is not None:
            member = self.members[int(person["id"])]
            message["member"] = {k: v for k, v in member.items() if k != "user"}
        return message

    # --- REST ----------------------------------------------------------------------------

    base_url = ""  # set by the server: attachment URLs point at it

    def answer(self, request: Request, loop_time: float) -> tuple[int, Any]:
        """The status and JSON body Discord answers ``request`` with (recorded)."""
        self.requests.append(request)
        try:
            refusal = self.throttle(request)
            if refusal is not None:
                raise refusal
            for method, pattern, handler in self._routes():
                match = re.fullmatch(pattern, request.path)
                if match and method == request.method:
                    result = handler(request, loop_time, *match.groups())
                    request.status = 204 if result is None else 200
                    return request.status, result
            request.routed = False
            raise DiscordError(404, 0, "404: Not Found")
        except DiscordError as error:
            request.status = error.status
            return error.status, error.body()

    def _routes(self) -> list[tuple[str, str, Callable[..., Any]]]:
        app, snow = str(APPLICATION_ID), r"(\d+)"
        hook = rf"/webhooks/{app}/([^/]+)"
        return [
            ("GET", "/users/@me", lambda *_: self.bot),
            ("GET", "/oauth2/applications/@me", lambda *_: self._application()),
            ("GET", "/gateway/bot", lambda *_: {"url": self.gateway_url, "shards": 1,
                                                "session_start_limit": {
                                                    "total": 1000, "remaining": 999,
                                                    "reset_after": 0,
                                                    "max_concurrency": 1}}),
            ("GET", "/gateway", lambda *_: {"url": self.gateway_url}),
            ("PUT", rf"/applications/{app}/commands", self._sync),
            ("PUT", rf"/applications/{app}/guilds/{snow}/commands", self._sync),
            ("GET", rf"/users/{snow}", self._get_user),
            ("POST", "/users/@me/channels", self._open_dm),
            ("GET", rf"/channels/{snow}", self._get_channel),
            ("POST", rf"/channels/{snow}/messages", self._post),
            ("PATCH", rf"/channels/{snow}/messages/{snow}", self._edit),
            ("DELETE", rf"/channels/{snow}/messages/{snow}", self._delete),
            ("GET", rf"/guilds/{GUILD_ID}/members/{snow}", self._get_member),
            ("POST", rf"/interactions/{snow}/([^/]+)/callback", self._callback),
            ("POST", hook, self._followup),
            ("PATCH", rf"{hook}/messages/(@original|\d+)", self._edit_followup),
            ("DELETE", rf"{hook}/messages/(@original|\d+)", self._delete_followup),
        ]

    def _application(self) -> dict[str, Any]:
        return {"id": str(APPLICATION_ID), "name": "chgk-bot", "icon": None,
                "description": "", "rpc_origins": [], "bot_public": True,
                "bot_require_code_grant": False, "bot": self.bot, "owner": self.bot,
                "summary": "", "verify_key": "0" * 64, "team": None, "flags": 1 << 19,
                "interactions_endpoint_url": None, "redirect_uris": [],
                "approximate_guild_count": 1}

    def _sync(self, request: Request, _now: float, guild: str | None = None) -> list[Any]:
        commands = []
        for command in request.body:
            if not re.fullmatch(r"[-_\w]{1,32}", command["name"]) or \
                    not 1 <= len(command.get("description", "")) <= 100:
                raise DiscordError(400, 50035, "Invalid Form Body")
            commands.append({**command, "id": str(self.snowflake()),
                             "application_id": str(APPLICATION_ID), "version": "1",
                             **({"guild_id": guild} if guild else {})})
        self.synced[int(guild) if guild else None] = commands
        return commands

    def _get_user(self, _request: Request, _now: float, user_id: str) -> dict[str, Any]:
        if int(user_id) not in self.users:
            raise DiscordError(404, 10013, "Unknown User")
        return self.users[int(user_id)]

    def _get_member(self, _request: Request, _now: float, user_id: str) -> dict[str, Any]:
        if int(user_id) not in self.members:
            raise DiscordError(404, 10007, "Unknown Member")
        return self.members[int(user_id)]

    def _open_dm(self, request: Request, _now: float) -> dict[str, Any]:
        user_id = int(request.body["recipient_id"])
        if user_id not in self.users:
            raise DiscordError(400, 50033, "Invalid Recipient(s)")
        return self.dm_channel(user_id)

    def _channel(self, channel_id: str) -> int:
        channel = int(channel_id)
        if channel not in self.channels and all(int(d["id"]) != channel
                                                for d in self.dms.values()):
            raise DiscordError(404, 10003, "Unknown Channel")
        return channel

    def _get_channel(self, _request: Request, _now: float, channel_id: str) -> dict[str, Any]:
        channel = self._channel(channel_id)
        return self.channels.get(channel) or next(d for d in self.dms.values()
                                                  if int(d["id"]) == channel)

    def _post(self, request: Request, _now: float, channel_id: str) -> dict[str, Any]:
        message = self._message(self._channel(channel_id), self.bot, request.body,
                                files=request.files)
        self.posted.append(Posted(message, "channel"))
        return message

    def _find(self, message_id: str) -> Posted:
        for posted in self.posted:
            if posted.id == int(message_id) and not posted.deleted:
                return posted
        raise DiscordError(404, 10008, "Unknown Message")

    def _edit(self, request: Request, _now: float, _channel: str, message_id: str
              ) -> dict[str, Any]:
        return self._apply_edit(self._find(message_id), request.body)

    def _apply_edit(self, posted: Posted, body: dict[str, Any]) -> dict[str, Any]:
        if len(body.get("content") or "") > MAX_CONTENT:
            raise DiscordError(400, 50035, "Invalid Form Body")
        posted.edits.append(body)
        for key in ("content", "embeds", "components"):
            if key in body:
                posted.message[key] = body[key] if body[key] is not None else (
                    "" if key == "content" else [])
        posted.message["edited_timestamp"] = self.clock().isoformat()
        return posted.message

    def _delete(self, _request: Request, _now: float, _channel: str, message_id: str) -> None:
        self._find(message_id).deleted = True

    def _callback(self, request: Request, now: float, interaction_id: str, token: str
                  ) -> dict[str, Any]:
        interaction = self.interactions.get(int(interaction_id))
        if interaction is None or interaction.token != token or \
                now - interaction.created > ACK_SECONDS:
            raise DiscordError(404, 10062, "Unknown interaction")
        if interaction.callbacks:
            raise DiscordError(400, 40060, "Interaction has already been acknowledged.")
        kind = int(request.body["type"])
        interaction.callbacks.append(kind)
        data = request.body.get("data") or {}
        result: dict[str, Any] = {"interaction": {
            "id": interaction_id, "type": interaction.payload["type"]}}
        if kind in (4, 5):  # a message, or "thinking…": the original response
            flags = int(data.get("flags") or 0)
            body = data if kind == 4 else {"content": "", "flags": flags | 128}
            message = self._message(int(interaction.payload["channel_id"]), self.bot, body,
                                    interaction=interaction, empty=kind == 5)
            interaction.original = Posted(message, "original", bool(flags & EPHEMERAL),
                                          int(self._who(interaction.payload)["id"]))
            self.posted.append(interaction.original)
            result["interaction"] |= {"response_message_id": message["id"],
                                      "response_message_loading": kind == 5,
                                      "response_message_ephemeral": bool(flags & EPHEMERAL)}
            result["resource"] = {"type": kind, "message": message}
        return result

    def _by_token(self, token: str) -> Interaction:
        for interaction in self.interactions.values():
            if interaction.token == token:
                if not interaction.callbacks:
                    raise DiscordError(404, 10015, "Unknown Webhook")
                return interaction
        raise DiscordError(401, 50027, "Invalid Webhook Token")

    def _followup(self, request: Request, _now: float, token: str) -> dict[str, Any]:
        interaction = self._by_token(token)
        flags = int(request.body.get("flags") or 0)
        message = self._message(int(interaction.payload["channel_id"]), self.bot, request.body,
                                interaction=interaction, files=request.files)
        self.posted.append(Posted(message, "followup", bool(flags & EPHEMERAL),
                                  int(self._who(interaction.payload)["id"])))
        return message

    def _target(self, token: str, which: str) -> Posted:
        interaction = self._by_token(token)
        if which != "@original":
            return self._find(which)
        if interaction.original is not None and not interaction.original.deleted:
            return interaction.original
        if interaction.payload.get("message") and interaction.callbacks[-1] in (6, 7):
            return self._find(interaction.payload["message"]["id"])
        raise DiscordError(404, 10008, "Unknown Message")

    def _edit_followup(self, request: Request, _now: float, token: str, which: str
                       ) -> dict[str, Any]:
        return self._apply_edit(self._target(token, which), request.body)

    def _delete_followup(self, _request: Request, _now: float, token: str, which: str) -> None:
        self._target(token, which).deleted = True

    # --- what the tests read -----------------------------------------------------------

    gateway_url = ""  # set by the server

    def in_channel(self, channel_id: int = GAME_CHANNEL_ID) -> list[Posted]:
        """What everyone in ``channel_id`` sees the bot post (no ephemeral messages, nothing
        deleted, no empty "thinking…" placeholders), in order."""
        return [p for p in self.posted if p.channel_id == channel_id and not p.ephemeral
                and not p.deleted and p.text]

    def texts(self, channel_id: int = GAME_CHANNEL_ID) -> list[str]:
        """The texts of ``in_channel(channel_id)``."""
        return [p.text for p in self.in_channel(channel_id)]

    def dm(self, person: dict[str, Any]) -> list[Posted]:
        """What the bot wrote to ``person`` in their DM, ephemeral replies there included."""
        channel = self.dms.get(int(person["id"]))
        if channel is None:
            return []
        return [p for p in self.posted if p.channel_id == int(channel["id"])
                and not p.deleted and p.text]

    def ephemeral(self, person: dict[str, Any]) -> list[str]:
        """The texts of the ephemeral replies to ``person``'s interactions, in order."""
        return [p.text for p in self.posted if p.ephemeral and not p.deleted and p.text
                and p.for_user == int(person["id"])]

    @property
    def unknown(self) -> list[Request]:
        """Requests for routes the fake does not know (answered 404, code 0)."""
        return [r for r in self.requests if not r.routed]
