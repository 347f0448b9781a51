"""Stand-ins for db.chgk.info and gotquestions.online on 127.0.0.1, serving
documents built from the shapes in formats.md 2 and 3, never copies of the real sites.

``site()`` is an async context manager yielding a :class:`Site`: its ``url``, the
``sources`` pointing the bot at it, and what it serves:

* ``/tour/<id>/xml``: db.chgk.info XML: ``pkg19`` a package listing two tours (``pkg19.1``,
  ``pkg19.2``) and no questions, each tour with two questions; ``broken19`` a package whose
  second tour is missing; ``tour19.1`` a single tour
  whose first question has a picture and an audio file;
* ``/pack/<n>``: a Next.js page pushing a gotquestions pack to ``self.__next_f`` in two
  chunks (pack 5233: two tours, a handout picture by relative path);
* ``/files/pkg.txt`` (db.chgk.info text with a relative picture), ``/files/moved`` (a
  redirect to it), ``/files/audio.txt`` (a question with ``(aud: …)``);
* ``/sounds/<name>``: ``MP3`` (``/sounds/big.mp3``: over the test cap; ``gone…``: 404);
* errors: ``/missing`` (404), ``/files/big.txt`` (over the test cap), ``/files/to-disk``
  (a redirect to ``file://``), ``/pack/404`` (a page without a pack), ``/page.html``.
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass, field
from xml.sax.saxutils import escape

from aiohttp import web

from bot.packages.fetch import Sources
from bot.packages.web import Allowed

TEST_MAX_BYTES = 64 * 1024
"""The size cap the tests give the fetcher, in bytes, so that "too big" is cheap to serve."""


LOCAL = Allowed.parse("127.0.0.1")
"""The allow-list that lets downloads reach the stand-in sites."""


def _question_xml(number: int, question: str, answer: str, **more: str) -> str:
    fields = {"Number": str(number), "Question": question, "Answer": answer,
              "PassCriteria": "", "Authors": "Автор Тестовый", "Sources": "", "Comments": "",
              "Type": "Ч", **more}
    body = "".join(f"<{k}>{escape(v)}</{k}>" if v else f"<{k}/>" for k, v in fields.items())
    return f"<question>{body}</question>"


def _tour_xml(text_id: str, title: str, questions: list[str]) -> str:
    return (f"<?xml version='1.0' encoding='utf-8'?>\n<tournament><Id>1</Id><Title>{title}"
            f"</Title><TextId>{text_id}</TextId><Type>Т</Type><Editors/><Info/>"
            f"{''.join(questions)}</tournament>")


def db_documents() -> dict[str, str]:
    """The db.chgk.info XML documents by tour id."""
    docs = {
        "pkg19": (
            "<?xml version='1.0' encoding='utf-8'?>\n<tournament><Id>7</Id>"
            "<Title>Кубок Теста 2019</Title><TextId>pkg19</TextId><Type>Ч</Type>"
            "<Editors>Редактор Первый</Editors><PlayedAt>2019-05-26</PlayedAt>"
            "<tour><Id>8</Id><Title>Тур 1</Title><TextId>pkg19.1</TextId><Type>Т</Type></tour>"
            "<tour><Id>9</Id><Title>Тур 2</Title><TextId>pkg19.2</TextId><Type>Т</Type></tour>"
            "</tournament>"),
        "pkg19.1": _tour_xml("pkg19.1", "Тур 1", [
            _question_xml(1, "Первый вопрос первого тура?", "Один."),
            _question_xml(2, "Второй вопрос первого тура?", "Два.")]),
        "pkg19.2": _tour_xml("pkg19.2", "Тур 2", [
            _question_xml(1, "Первый вопрос второго тура?", "Три."),
            _question_xml(2, "Второй вопрос второго тура?", "Четыре.")]),
        "broken19": (
            "<?xml version='1.0' encoding='utf-8'?>\n<tournament><Title>Кубок Обрыва</Title>"
            "<TextId>broken19</TextId><Type>Ч</Type>"
            "<tour><Title>Тур 1</Title><TextId>pkg19.1</TextId><Type>Т</Type></tour>"
            "<tour><Title>Тур 2</Title><TextId>gone19.2</TextId><Type>Т</Type></tour>"
            "</tournament>"),
        "tour19.1": _tour_xml("tour19.1", "Кубок Звука. Тур 1", [
            _question_xml(1, "(pic: 20190001.jpg)\n(aud: 20190002.mp3)\n"
                             "   Послушайте отрывок. Что это?", "Гимн."),
            _question_xml(2, "Второй вопрос?", "Второй ответ.")]),
    }
    return docs


def gotquestions_pack() -> dict[str, object]:
    """Pack 5233 in the shape the pack page embeds (formats.md 3)."""
    def question(qid: int, number: int, text: str, answer: str, **more: object) -> dict:
        return {"id": qid, "number": number, "text": text, "answer": answer, "zachet": "",
                "nezachet": "", "comment": "", "source": "", "razdatkaText": "",
                "razdatkaPic": "", "authors": [{"person": {"id": 1, "name": "Автор Сайта"}}],
                **more}

    return {
        "id": 5233, "title": "Синхрон Теста", "startDate": "$D2024-03-01T12:00:00.000Z",
        "editors": [{"person": {"id": 2, "name": "Редактор Сайта"}}],
        "tours": [
            {"id": 1, "number": 1, "title": "", "questions": [
                question(11, 1, "Посмотрите на раздатку. Что на ней?", "Кот.",
                         razdatkaPic="/media/handout1.png", zachet="Котик.",
                         nezachet="Собака."),
                question(12, 2, "Второй вопрос пакета?", "Ответ два.",
                         comment="Комментарий.", source="1. Источник.\r\n2. Другой.")]},
            {"id": 2, "number": 2, "title": "", "questions": [
                question(21, 1, "Вопрос второго тура?", "Ответ три.",
                         razdatkaText="Текст раздатки")]},
        ],
    }


def next_page(payload: dict[str, object] | None) -> str:
    """A Next.js page whose flight data pushes ``payload`` (as ``"pack"``) in two chunks."""
    flight = '0:["$","$L1",null,{}]\n'
    if payload is not None:
        flight += "5:" + json.dumps(["$", "div", None, {"pack": payload}], ensure_ascii=False)
    half = len(flight) // 2
    pushes = "".join(f"<script>self.__next_f.push([1,{json.dumps(part)}])</script>"
                     for part in (flight[:half], flight[half:]))
    return ("<!DOCTYPE html><html><head><title>Пакет</title></head><body><div id=app></div>"
            f"<script>(self.__next_f=self.__next_f||[]).push([0])</script>{pushes}"
            "</body></html>")


DB_TEXT = """Чемпионат:
Кубок Файла

Вопрос 1:
(pic: pictures/q1.png)
   Что изображено на картинке?

Ответ:
Мост.

Вопрос 2:
Второй вопрос файла?

Ответ:
Второй.
"""

AUDIO_TEXT = "Чемпионат:\nКубок Звука\n\n" + "\n".join(
    f"Вопрос {n}:\n(aud: q{n}.mp3)\n   Послушайте запись {n}. Кто поёт?\n\nОтвет:\nПевец {n}.\n"
    for n in range(1, 13))
"""Twelve questions, each with a sound named by its bare file name (db.chgk.info's sounds)."""


SOUND = "https://sounds.example/q{n}.mp3"
MP3 = b"ID3\x04\x00\x00\x00\x00\x00\x00" + b"\xff\xfb\x90\x64" + bytes(413) * 8
"""The bytes the site serves for a sound: an ID3 header and MPEG frames of silence."""


def audio_package(sound: str = SOUND) -> bytes:
    """Twelve questions, each playing its own sound (``sound`` numbered by the question: the
    site's ``{url}/sounds/q{n}.mp3`` to serve them)."""
    blocks = ["Чемпионат:\nКубок Звука\n"]
    blocks += [f"Вопрос {n}:\n(aud: {sound.format(n=n)})\n   Кто поёт в записи {n}?\n\n"
               f"Ответ:\nПевец {n}.\n" for n in range(1, 13)]
    return "\n".join(blocks).encode()


@dataclass
class Site:
    """A running stand-in site: ``url`` (no trailing slash), ``sources`` for the fetcher,
    and ``asked``, the paths requested, in order, with the User-Agent of each."""

    url: str
    asked: list[tuple[str, str]] = field(default_factory=list)

    @property
    def sources(self) -> Sources:
        """Both databases at this site, the test size cap, a short timeout, and 127.0.0.1
        allowed (``CHGK_FETCH_ALLOW``), as for a club's local mirror."""
        return Sources(self.url, self.url, timeout=10.0, max_bytes=TEST_MAX_BYTES,
                       allowed=LOCAL)


@asynccontextmanager
async def site() -> AsyncIterator[Site]:
    """Serve the stand-in site on 127.0.0.1 at a free port while the block runs."""
    docs = db_documents()
    holder: list[Site] = []

    async def record(request: web.Request) -> None:
        holder[0].asked.append((request.path, request.headers.get("User-Agent", "")))

    async def tour(request: web.Request) -> web.StreamResponse:
        await record(request)
        doc = docs.get(request.match_info["id"])
        if doc is None:
            raise web.HTTPNotFound()
        return web.Response(body=doc.encode(), content_type="application/xml")

    async def pack(request: web.Request) -> web.StreamResponse:
        await record(request)
        found = request.match_info["id"] == "5233"
        return web.Response(text=next_page(gotquestions_pack() if found else None),
                            content_type="text/html")

    async def files(request: web.Request) -> web.StreamResponse:
        await record(request)
        name = request.match_info["name"]
        if name == "pkg.txt":
            return web.Response(body=DB_TEXT.encode(), content_type="text/plain")
        if name == "audio.txt":
            return web.Response(body=AUDIO_TEXT.encode(), content_type="text/plain")
        if name == "moved":
            raise web.HTTPFound("/files/pkg.txt")
        if name == "to-disk":
            raise web.HTTPFound("file:///etc/passwd")
        if name == "big.txt":
            return web.Response(body=b"x" * (TEST_MAX_BYTES + 1), content_type="text/plain")
        raise web.HTTPNotFound()

    async def sounds(request: web.Request) -> web.StreamResponse:
        await record(request)
        name = request.match_info["name"]
        if name == "big.mp3":
            return web.Response(body=MP3 + bytes(TEST_MAX_BYTES), content_type="audio/mpeg")
        if name.startswith("gone"):
            raise web.HTTPNotFound()
        return web.Response(body=MP3, content_type="audio/mpeg")

    async def page(request: web.Request) -> web.StreamResponse:
        await record(request)
        return web.Response(text="<!DOCTYPE html><html><body>Привет</body></html>",
                            content_type="text/html")

    async def missing(request: web.Request) -> web.StreamResponse:
        await record(request)
        raise web.HTTPNotFound()

    app = web.Application()
    app.router.add_get("/tour/{id}/xml", tour)
    app.router.add_get("/pack/{id}", pack)
    app.router.add_get("/files/{name}", files)
    app.router.add_get("/sounds/{name}", sounds)
    app.router.add_get("/page.html", page)
    app.router.add_get("/missing", missing)
    runner = web.AppRunner(app)
    await runner.setup()
    tcp = web.TCPSite(runner, "127.0.0.1", 0)
    await tcp.start()
    port = runner.addresses[0][1]
    holder.append(Site(f"http://127.0.0.1:{port}"))
    try:
        yield holder[0]
    finally:
        await runner.cleanup()


@contextmanager
def site_in_thread() -> Iterator[Site]:
    """The stand-in site served from a thread of its own, for code that runs its own event
    loop (``chgk-bot package check``)."""
    loop = asyncio.new_event_loop()
    started: asyncio.Future[Site] = loop.create_future()
    stop = asyncio.Event()

    async def serve() -> None:
        async with site() as web:
            started.set_result(web)
            await stop.wait()

    thread = threading.Thread(target=loop.run_until_complete, args=(serve(),), daemon=True)
    thread.start()
    try:
        yield asyncio.run_coroutine_threadsafe(_wait(started), loop).result(10)
    finally:
        loop.call_soon_threadsafe(stop.set)
        thread.join(10)
        loop.close()


async def _wait(future: asyncio.Future[Site]) -> Site:
    return await future
