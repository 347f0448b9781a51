"""The scoreboard pages' HTML: the page around a board, the board's building
blocks, and the little script that keeps it live.

Plain HTML and CSS, readable on a phone, with no external asset (a club venue may have poor
internet) and no framework: the script only follows the server-sent events (``EventSource``,
which reconnects by itself and sends ``Last-Event-ID``) and counts a running clock down.
Every text is translated (``Say``) and every name escaped (``html.escape``).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from html import escape
from typing import Any

from bot.i18n import Translator

CSS = """
*{box-sizing:border-box}
body{margin:0 auto;max-width:64rem;padding:.75rem;font:16px/1.4 system-ui,sans-serif;
color:#111;background:#fafafa}
h1{font-size:1.3rem;margin:.2rem 0 .6rem}h2{font-size:1.05rem;margin:1rem 0 .4rem}
.score{font-size:2rem;font-weight:700;margin:.3rem 0}
.note{color:#555}.live{color:#0a6}.warn{color:#b50}
.clock{font-variant-numeric:tabular-nums;font-weight:700;font-size:1.4rem}
.scroll{overflow-x:auto;max-width:100%;-webkit-overflow-scrolling:touch}
table{border-collapse:collapse;font-variant-numeric:tabular-nums}
th,td{border:1px solid #ccc;padding:.2rem .35rem;text-align:center;white-space:nowrap}
td.name,th.name{text-align:left;position:sticky;left:0;background:#fff}
td.place,th.place{position:sticky;left:0;width:3.6rem;min-width:3.6rem;background:#fff}
td.place+td.name,th.place+th.name{left:3.6rem}
th.name,th.place{background:#eee}
th{background:#eee}td.m{padding:.2rem .15rem;min-width:1.1rem}
.m1{background:#d8f3dc}.m\\?{background:#fff3bf}.mX{background:#ddd;color:#777}
#status{background:#b50;color:#fff;padding:.2rem .5rem}
"""

SCRIPT = """
(function(){
var board=document.getElementById('board'),status=document.getElementById('status');
function tick(){var c=document.querySelectorAll('[data-deadline]');
for(var i=0;i<c.length;i++){var l=Math.max(0,Math.ceil((Date.parse(c[i].dataset.deadline)
-Date.now())/1000));c[i].textContent=Math.floor(l/60)+':'+String(l%60).padStart(2,'0');}}
setInterval(tick,250);tick();
var es=new EventSource(location.pathname.replace(/\\/$/,'')+'/events');
es.addEventListener('board',function(e){board.innerHTML=e.data;tick();status.hidden=true;});
es.onopen=function(){status.hidden=true;};
es.onerror=function(){status.hidden=false;};
})();
"""


class Say:
    """Translated, escaped text in one ``locale``: ``say(key, **args)``."""

    def __init__(self, translator: Translator, locale: str) -> None:
        self.t = translator
        self.locale = locale

    def __call__(self, key: str, **args: Any) -> str:
        """The text of ``key`` with ``args``, escaped for HTML."""
        return escape(self.t.format(key, args, self.locale))


def page(say: Say, title: str, board: str) -> str:
    """The whole page: ``title`` (escaped text) and the ``board`` fragment (HTML), the
    notice shown while the connection is lost, the style and the script."""
    return (f'<!DOCTYPE html><html lang="{say.locale}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width,initial-scale=1">'
            f"<title>{title}</title><style>{CSS}</style></head><body>"
            f'<div id="status" hidden>{say("board-offline")}</div>'
            f'<main id="board">{board}</main><script>{SCRIPT}</script></body></html>')


def clock(say: Say, ends_at: datetime | None, remaining: float | None) -> str:
    """A running clock counting down to ``ends_at`` (UTC) in the browser, or the seconds
    ``remaining`` of a stopped one; empty with neither."""
    if remaining is not None:
        return f'<p class="warn">{say("board-clock-paused", seconds=round(remaining))}</p>'
    if ends_at is None:
        return ""
    return (f'<p>{say("board-clock")} <span class="clock" '
            f'data-deadline="{ends_at.isoformat()}"></span></p>')


def table(head: Iterable[str], rows: Iterable[Iterable[str]], *, cls: str = "") -> str:
    """A table in its own scrolling box (a wide table scrolls, the page does not): ``head``
    and ``rows`` are cells' HTML; a cell given as ``(html, class)`` gets that class."""
    def cell(tag: str, value: Any) -> str:
        text, klass = value if isinstance(value, tuple) else (value, "")
        return f'<{tag} class="{klass}">{text}</{tag}>' if klass else f"<{tag}>{text}</{tag}>"

    header = "".join(cell("th", h) for h in head)
    body = "".join("<tr>" + "".join(cell("td", c) for c in row) + "</tr>" for row in rows)
    klass = f' class="{cls}"' if cls else ""
    return (f'<div class="scroll"><table{klass}><thead><tr>{header}</tr></thead>'
            f"<tbody>{body}</tbody></table></div>")


def para(say: Say, key: str, cls: str = "", **args: Any) -> str:
    """A paragraph of the text of ``key`` with ``args``, of class ``cls``."""
    attr = f' class="{cls}"' if cls else ""
    return f"<p{attr}>{say(key, **args)}</p>"


def name(text: str | None) -> str:
    """A person's or team's name, escaped; ``-`` for none."""
    return escape(text) if text else "-"
