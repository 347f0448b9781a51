"""``FakeDiscordServer``: the stand-in Discord (``fake_discord.FakeDiscord``, whose docstring
says how discord.py is pointed at it) served on 127.0.0.1: the REST API under ``/api/v10``,
attachments under ``/attachments/``, and the gateway websocket at ``/gateway`` (HELLO,
IDENTIFY -> READY and GUILD_CREATE, heartbeat ACKs, RESUME with the events missed replayed and
RESUMED, or INVALID_SESSION for a session it does not know; RECONNECT on ``reconnect()``).
A test dispatches events and waits with ``processed``: the fake asks the client for a
heartbeat, whose sequence number says it has read the event.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

from tests.adapters.discord.fake_discord import FakeDiscord
from tests.adapters.discord.fake_discord_objects import (
    API,
    APPLICATION_ID,
    DISPATCH,
    GUILD_ID,
    HEARTBEAT,
    HEARTBEAT_ACK,
    HEARTBEAT_MS,
    HELLO,
    IDENTIFY,
    INVALID_SESSION,
    MESSAGE_CONTENT_INTENT,
    RECONNECT,
    RESUME,
    TOKEN,
    Interaction,
    Request,
)


@dataclass
class _Session:
    id: str
    events: list[dict[str, Any]] = field(default_factory=list)
    socket: web.WebSocketResponse | None = None
    acked: int = 0


class FakeDiscordServer:
    """``FakeDiscord`` over HTTP and a websocket on 127.0.0.1 (a free port): see the module
    docstring. Use as ``async with FakeDiscordServer(fake) as server``."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.port = 0
        self.sessions: dict[str, _Session] = {}
        self.live: _Session | None = None
        self._runner: web.AppRunner | None = None
        self._connected = asyncio.Event()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_url(self) -> str:
        """What ``CHGK_DISCORD_API_URL`` is set to (discord.py's ``Route.BASE``)."""
        return f"{self.base_url}{API}"

    @property
    def gateway_url(self) -> str:
        """What ``DiscordWebSocket.DEFAULT_GATEWAY`` is patched to."""
        return f"ws://127.0.0.1:{self.port}/gateway"

    async def __aenter__(self) -> FakeDiscordServer:
        app = web.Application()
        app.router.add_get("/gateway", self._gateway)
        app.router.add_get("/attachments/{id}/{name}", self._attachment)
        app.router.add_route("*", API + "/{tail:.*}", self._rest)
        self._runner = web.AppRunner(app, shutdown_timeout=0.5)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = self._runner.addresses[0][1]
        self.fake.base_url = self.base_url
        self.fake.gateway_url = self.gateway_url
        return self

    async def __aexit__(self, *_exc: object) -> None:
        for session in self.sessions.values():
            if session.socket is not None:
                await session.socket.close()
        assert self._runner is not None
        await self._runner.cleanup()

    # --- REST ----------------------------------------------------------------------------

    async def _rest(self, request: web.Request) -> web.Response:
        body: Any = None
        files: list[tuple[str, bytes]] = []
        if request.content_type.startswith("multipart/"):
            form = await request.post()
            raw = form.get("payload_json")
            body = json.loads(raw) if isinstance(raw, str) else {}
            files = [(value.filename, value.file.read()) for key, value in form.items()
                     if key.startswith("files[") and not isinstance(value, str)]
        elif request.can_read_body:
            text = await request.text()
            body = json.loads(text) if text else None
        path = "/" + request.match_info["tail"]
        call = Request(request.method, path, dict(request.query), body, files=files)
        if path != "/users/@me" and not path.startswith(("/interactions/", "/webhooks/")) \
                and request.headers.get("Authorization") != f"Bot {TOKEN}":
            self.fake.requests.append(call)
            call.status = 401
            return _json({"message": "401: Unauthorized", "code": 0}, 401)
        if path == "/users/@me" and request.headers.get("Authorization") != f"Bot {TOKEN}":
            self.fake.requests.append(call)
            call.status = 401
            return _json({"message": "401: Unauthorized", "code": 0}, 401)
        status, result = self.fake.answer(call, asyncio.get_running_loop().time())
        headers = {"Via": "1.1 google"}
        if status == 429:
            headers["Retry-After"] = str(result["retry_after"])
            headers["X-RateLimit-Scope"] = "user"
        if status == 204:
            return web.Response(status=204, headers=headers)
        return _json(result, status, headers)

    async def _attachment(self, request: web.Request) -> web.Response:
        content = self.fake.attachments.get(int(request.match_info["id"]))
        if content is None:
            raise web.HTTPNotFound()
        return web.Response(body=content)

    # --- the gateway -------------------------------------------------------------------

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        socket = web.WebSocketResponse()
        await socket.prepare(request)
        await socket.send_json({"op": HELLO, "d": {"heartbeat_interval": HEARTBEAT_MS},
                                "s": None, "t": None})
        session: _Session | None = None
        async for frame in socket:
            if frame.type is not WSMsgType.TEXT:
                break
            message = json.loads(frame.data)
            op, data = message["op"], message.get("d")
            if op == HEARTBEAT:
                if session is not None and data is not None:
                    session.acked = max(session.acked, int(data))
                await socket.send_json({"op": HEARTBEAT_ACK, "d": None, "s": None, "t": None})
            elif op == IDENTIFY:
                session = await self._identify(socket, data)
                if session is None:
                    break
            elif op == RESUME:
                session = await self._resume(socket, data)
                if session is None:
                    break
        if session is not None and session.socket is socket:
            session.socket = None
            if socket.close_code in (1000, 1001):
                # A client that closes cleanly ends its session (Discord forgets it).
                self.sessions.pop(session.id, None)
                if self.live is session:
                    self.live = None
        return socket

    async def _identify(self, socket: web.WebSocketResponse, data: dict[str, Any]
                        ) -> _Session | None:
        self.fake.identifies.append(data)
        if data.get("token") != TOKEN:
            await socket.close(code=4004, message=b"Authentication failed.")
            return None
        if int(data.get("intents", 0)) & MESSAGE_CONTENT_INTENT and not self.fake.message_content:
            await socket.close(code=4014, message=b"Disallowed intent(s).")
            return None
        session = _Session(f"session-{len(self.sessions) + 1}", socket=socket)
        self.sessions[session.id] = session
        self.live = session
        await self._send(session, "READY", {
            "v": 10, "user": self.fake.bot, "guilds": [{"id": str(GUILD_ID), "unavailable": True}],
            "session_id": session.id, "resume_gateway_url": self.gateway_url,
            "application": {"id": str(APPLICATION_ID), "flags": 1 << 19},
            "private_channels": [], "relationships": [], "user_settings": {},
            "geo_ordered_rtc_regions": [], "guild_join_requests": [], "presences": [],
            "shard": [0, 1]})
        await self._send(session, "GUILD_CREATE", self.fake.guild())
        self._connected.set()
        return session

    async def _resume(self, socket: web.WebSocketResponse, data: dict[str, Any]
                      ) -> _Session | None:
        self.fake.resumes.append(data)
        session = self.sessions.get(data.get("session_id") or "")
        if session is None or data.get("token") != TOKEN:
            await socket.send_json({"op": INVALID_SESSION, "d": False, "s": None, "t": None})
            return None
        session.socket = socket
        self.live = session
        for event in session.events:
            if event["s"] > int(data.get("seq") or 0):
                await socket.send_json(event)
        await self._send(session, "RESUMED", {})
        self._connected.set()
        return session

    async def _send(self, session: _Session, name: str, data: dict[str, Any]) -> int:
        event = {"op": DISPATCH, "t": name, "s": len(session.events) + 1, "d": data}
        session.events.append(event)
        if session.socket is not None and not session.socket.closed:
            await session.socket.send_json(event)
        return event["s"]

    async def connected(self, timeout: float = 10.0) -> _Session:
        """The live session, once a client has identified or resumed."""
        async with asyncio.timeout(timeout):
            while self.live is None or self.live.socket is None:
                self._connected.clear()
                await self._connected.wait()
        return self.live

    async def dispatch(self, name: str, data: dict[str, Any]) -> None:
        """Send the event ``name`` to the connected client and wait until it has read it.
        An INTERACTION_CREATE starts its 3 seconds now."""
        session = await self.connected()
        if name == "INTERACTION_CREATE":
            self.issue(data)
        await self.processed(await self._send(session, name, data))

    def issue(self, interaction: dict[str, Any]) -> None:
        """Make ``interaction`` (a payload) one the REST API answers, from now: for a test
        that calls the API itself, without a client."""
        self.fake.interactions[int(interaction["id"])] = Interaction(
            interaction, asyncio.get_running_loop().time())

    async def processed(self, seq: int, timeout: float = 10.0) -> None:
        """Wait until the client has read event ``seq``: ask it for a heartbeat (opcode 1),
        which carries the last sequence number it has read."""
        async with asyncio.timeout(timeout):
            while True:
                session = await self.connected()
                if session.acked >= seq:
                    return
                if session.socket is not None and not session.socket.closed:
                    await session.socket.send_json({"op": HEARTBEAT, "d": None, "s": None,
                                                    "t": None})
                await asyncio.sleep(0.01)

    async def reconnect(self) -> None:
        """Ask the client to reconnect (opcode 7), as Discord does now and then; it resumes
        the same session."""
        session = await self.connected()
        assert session.socket is not None
        await session.socket.send_json({"op": RECONNECT, "d": None, "s": None, "t": None})


def _json(body: Any, status: int, headers: dict[str, str] | None = None) -> web.Response:
    # Exactly "application/json", as Discord sends it: discord.py reads a body with any other
    # content type (aiohttp's default adds "; charset=utf-8") as text, not JSON.
    response = web.Response(body=json.dumps(body).encode(), status=status, headers=headers)
    response.headers["Content-Type"] = "application/json"
    return response
