"""The answer sheet's and the jury desk's one page (``bot.board.sheet``): HTML, CSS and a small
script without a framework, readable on a phone.

The script proves who opens it and then only posts JSON: in Telegram it sends the Mini App's
signed init data (``window.Telegram.WebApp.initData``), elsewhere the signed pass of a private
link (after ``#pass=`` in the address, which no server log or referrer sees), and from then on
the pass the server returns, in the ``X-Sheet-Pass`` header of every POST. Each hand-in and
verdict carries a random request id (a replay is refused). The sheet (server-rendered,
escaped HTML) is shown as it comes; the desk's groups are built with ``textContent`` only.
Every text comes from the locales (``texts``: the server's JSON of them).
"""

from __future__ import annotations

import json
from html import escape

TELEGRAM_SCRIPT = "https://telegram.org/js/telegram-web-app.js"
"""Telegram's own script of the Mini App API, the page's only external asset."""

CSS = """
*{box-sizing:border-box}
body{margin:0 auto;max-width:40rem;padding:.75rem;font:17px/1.45 system-ui,sans-serif;
color:var(--tg-theme-text-color,#111);background:var(--tg-theme-bg-color,#fafafa)}
h1{font-size:1.25rem;margin:.2rem 0 .5rem}h2{font-size:1.05rem;margin:1rem 0 .4rem}
.note{opacity:.75}.live{color:#0a6}.warn{color:#b50}.line{font-weight:600}
#left{font-variant-numeric:tabular-nums;font-weight:700;font-size:1.5rem}
.receipt{background:#d8f3dc;color:#111;padding:.4rem .5rem;border-radius:.4rem}
.verdict{font-weight:700}
#error{background:#b50;color:#fff;padding:.4rem .5rem;border-radius:.4rem}
textarea{width:100%;min-height:4.5rem;font:inherit;padding:.4rem}
button{font:inherit;padding:.5rem .9rem;margin:.25rem .25rem .25rem 0;border-radius:.4rem;
border:1px solid #888;background:var(--tg-theme-button-color,#2a6);
color:var(--tg-theme-button-text-color,#fff)}
button.no{background:#a33}button:disabled{opacity:.5}
.group{border:1px solid #ccc;border-radius:.4rem;padding:.4rem .5rem;margin:.4rem 0}
.group.done{opacity:.7}.group .text{font-weight:600;word-break:break-word}
"""

SCRIPT = """
(function(){
var T=JSON.parse(document.getElementById('texts').textContent);
var $=function(id){return document.getElementById(id);};
var pass=null,deadline=null,tg=window.Telegram&&window.Telegram.WebApp;
function rid(){var a=new Uint8Array(16);crypto.getRandomValues(a);
return Array.prototype.map.call(a,function(b){return('0'+b.toString(16)).slice(-2);}).join('');}
function post(path,body){return fetch(path,{method:'POST',headers:{
'Content-Type':'application/json','X-Sheet-Pass':pass||''},body:JSON.stringify(body||{})})
.then(function(r){return r.json();}).catch(function(){return{error:T.offline};});}
function group(g){var d=document.createElement('div');d.className='group'+(g.verdict?' done':'');
var t=document.createElement('div');t.className='text';t.textContent=g.text;d.appendChild(t);
var n=document.createElement('div');n.className='note';
n.textContent=g.size+' · '+T['suggest_'+g.suggestion]+
(g.verdict?' · '+T['verdict_'+g.verdict]+(g.auto?' ('+T.auto+')':''):'');d.appendChild(n);
['accept','reject'].forEach(function(v){var b=document.createElement('button');
b.textContent=T[v];b.className=v==='reject'?'no':'';b.disabled=g.verdict===v;
b.onclick=function(){b.disabled=true;post('/app/api/judge',{key:g.key,verdict:v,
seen:g.verdict,request:rid()}).then(show);};d.appendChild(b);});return d;}
function appeal(a){var d=document.createElement('div');d.className='group';
var h=document.createElement('div');h.className='text';h.textContent=a.heading;d.appendChild(h);
[a.text].concat(a.lines).forEach(function(x){var p=document.createElement('div');
p.textContent=x;d.appendChild(p);});
function button(label,cls,path,body){var b=document.createElement('button');b.textContent=label;
b.className=cls;b.onclick=function(){b.disabled=true;body.team=a.team;body.request=rid();
post(path,body).then(show);};d.appendChild(b);}
if(a.can_vote){button(T.vote_yes,'','/app/api/vote',{accept:true});
button(T.vote_no,'no','/app/api/vote',{accept:false});}
if(a.can_defer){button(T.defer,'','/app/api/defer',{});}return d;}
function show(data){var e=$('error');e.hidden=!data.error;e.textContent=data.error||'';
if(data.pass)pass=data.pass;
if(data.sheet!==undefined){$('sheet').innerHTML=data.sheet;$('form').hidden=!data.hands_in;
deadline=data.left==null?null:Date.now()+data.left*1000;tick();}
if(data.desk!==undefined){$('desk').hidden=false;$('deskhead').innerHTML=data.desk;
var g=$('groups');g.textContent='';if(data.queue){var q=document.createElement('button');
q.id='queue';q.textContent=T.queue;q.onclick=function(){q.disabled=true;
post('/app/api/queue',{number:data.queue.number,request:rid()}).then(show);};
g.appendChild(q);}(data.groups||[]).forEach(function(x){g.appendChild(group(x));});}
if(data.sheet!==undefined){var l=$('appeallist');l.textContent='';$('appeals').hidden=
!data.appeals;(data.appeals||[]).forEach(function(x){l.appendChild(appeal(x));});}}
function tick(){var l=$('left');if(deadline===null){l.textContent='';return;}
var s=Math.max(0,Math.ceil((deadline-Date.now())/1000));
l.textContent=T.left.replace('%s',Math.floor(s/60)+':'+('0'+s%60).slice(-2));
if(s===0){deadline=null;setTimeout(refresh,1500);}}
function refresh(){if(pass)post('/app/api/sheet',{}).then(show);}
$('form').onsubmit=function(e){e.preventDefault();var b=$('send');b.disabled=true;
post('/app/api/answer',{text:$('answer').value,request:rid()}).then(function(d){
b.disabled=false;show(d);});};
var body={};
if(tg&&tg.initData){body.init_data=tg.initData;if(tg.ready)tg.ready();}
else{pass=new URLSearchParams(location.hash.slice(1)).get('pass');}
post('/app/api/open',body).then(show);
setInterval(tick,250);setInterval(refresh,10000);
})();
"""


def sheet_page(locale: str, title: str, texts: dict[str, str], *, telegram: str | None
               ) -> str:
    """The whole page in ``locale`` with its ``title`` and the script's ``texts`` (plain
    text by name); ``telegram`` the address of Telegram's script (None: left out, a test's
    stub of ``window.Telegram.WebApp`` stands in)."""
    data = json.dumps(texts, ensure_ascii=False).replace("</", "<\\/")
    tg = f'<script src="{escape(telegram)}"></script>' if telegram else ""
    return (f'<!DOCTYPE html><html lang="{locale}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width,initial-scale=1">'
            f"<title>{escape(title)}</title><style>{CSS}</style>{tg}</head><body>"
            '<p id="error" role="alert" hidden></p>'
            '<main id="sheet"></main><p id="left" aria-live="polite"></p>'
            f'<form id="form" hidden><textarea id="answer" maxlength="1000" '
            f'aria-label="{escape(texts["field"])}"></textarea>'
            f'<button id="send" type="submit">{escape(texts["send"])}</button></form>'
            f'<section id="desk" hidden><h2>{escape(texts["desk"])}</h2>'
            '<div id="deskhead"></div><div id="groups"></div></section>'
            f'<section id="appeals" hidden><h2>{escape(texts["appeals"])}</h2>'
            '<div id="appeallist"></div></section>'
            f'<script type="application/json" id="texts">{data}</script>'
            f"<script>{SCRIPT}</script></body></html>")
