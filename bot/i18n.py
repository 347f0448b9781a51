"""Localisation: every user-visible string comes from ``locales/<lang>/*.ftl`` through Fluent.

Russian is the default language; English is complete. Plural forms come from CLDR through
fluent.runtime (``{ $count -> [one] ... *[other] ... }``).

A command named in a message is written ``{ CMD("answerer") }`` (fixed words after the name:
``{ CMD("start", "anyway") }``; ``by: "captain"`` when the role matters), never typed out:
the caller of ``Translator.format`` passes the ``Spelling`` of the platform that will show
the text, so a Telegram chat reads ``/answerer`` and a Discord channel
``/chgk капитан отвечает``. Without one, commands are spelled as in the console and Telegram.
"""

from __future__ import annotations

import functools
import re
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol

from fluent.runtime import FluentBundle, FluentResource
from fluent.syntax import ast as ftl

DEFAULT_LOCALE = "ru"
SUPPORTED_LOCALES = ("ru", "en")
_FLUENT_PLACEABLE_LIMIT = 2000
_CACHED_TEXTS = 4096
"""How many formatted templates ``Translator.format`` keeps (least recently used go first)."""
_CACHED_ARGUMENT = 200
"""Templates with a longer string argument that decides their wording are not kept."""
_HOLE = 0xF0000
"""The first code point (Supplementary Private Use Area-A) marking where a string argument
goes in a cached template; one per argument, so a template holds at most a few."""
_HOLES = re.compile("([\U000F0000-\U000F00FF])")
LOCALES_DIR = Path(__file__).resolve().parent.parent / "locales"


class Spelling(Protocol):
    """How one platform writes a command: ``words`` are the chat command and its fixed words
    (``("start", "anyway")``), ``locale`` the language of the text it goes into, ``by`` the
    role that gives it when a platform files commands by role (``"captain"``, ``"host"``), or
    None. Returns the text to show, e.g. ``"/start anyway"``."""

    def __call__(self, words: Sequence[str], locale: str, by: str | None = None) -> str:
        """The command as the platform's users type it."""


def spelling_within(spell: Spelling | None, game_format: str) -> Spelling | None:
    """How the messages of a game of ``game_format`` write commands on the platform of
    ``spell``: a platform that files commands by format (Discord's ``/duel``, ``/tv``
    groups) gives a spelling with a ``within(game_format)`` method, so that a command two
    formats share (``start``) is written as this game's; any other spelling is ``spell``."""
    within = getattr(spell, "within", None)
    return within(game_format) if within is not None else spell


def plain_spelling(words: Sequence[str], locale: str, by: str | None = None) -> str:
    """The console's and Telegram's spelling: a slash and the words, ``/start anyway``."""
    return "/" + " ".join(words)


def money(minor: int, currency: str) -> str:
    """An amount of ``minor`` units (kopecks, cents) of ``currency`` as a club writes a fee:
    "300 RUB", "12.50 USD", the same in every message that names it (SYNC-3)."""
    whole, cents = divmod(minor, 100)
    return f"{whole}.{cents:02d} {currency}" if cents else f"{whole} {currency}"


def resource_names(locales_dir: Path = LOCALES_DIR) -> list[str]:
    """The ``.ftl`` file names found for the default locale, sorted (e.g. ``["game.ftl"]``)."""
    return sorted(p.name for p in (locales_dir / DEFAULT_LOCALE).glob("*.ftl"))


@functools.cache
def _parsed(text: str) -> FluentResource:
    """The Fluent resource of ``text``, parsed once per process: a parse of every file took
    about half a second, and each command run in-process (the tests) made a Translator."""
    return FluentResource(text)


class Translator:
    """Formats message keys into text in one of ``SUPPORTED_LOCALES``.

    ``locales_dir`` holds one folder per language. An unknown language falls back to Russian;
    a key missing in a language falls back to Russian, then to the key itself, so a missing
    string shows up as its key instead of crashing a game.
    """

    def __init__(self, locales_dir: Path = LOCALES_DIR, default: str = DEFAULT_LOCALE) -> None:
        self.default = default if default in SUPPORTED_LOCALES else DEFAULT_LOCALE
        self._resources = {lang: [_parsed(path.read_text(encoding="utf-8"))
                                  for name in resource_names(locales_dir)
                                  if (path := locales_dir / lang / name).exists()]
                           for lang in SUPPORTED_LOCALES}
        # One bundle per language and spelling (a handful: one per platform), made when first
        # needed; the parsed resources are shared.
        self._bundles: dict[tuple[str, Spelling], FluentBundle] = {}
        # The templates formatted last (``format``), by key, language, spelling and
        # arguments: the same signal, prompt or button label goes to thousands of games, and
        # fluent.runtime walks the message anew every time.
        self._texts: OrderedDict[tuple[Any, ...], tuple[Any, ...]] = OrderedDict()
        self._messages = {lang: {entry.id.name: entry for resource in resources
                                 for entry in resource.body if isinstance(entry, ftl.Message)}
                          for lang, resources in self._resources.items()}
        self._shown: dict[str, frozenset[str]] = {}

    def _bundle(self, lang: str, spell: Spelling) -> FluentBundle:
        bundle = self._bundles.get((lang, spell))
        if bundle is None:
            def cmd(*words: Any, by: Any = None) -> str:
                return spell([str(w) for w in words], lang, str(by) if by else None)

            # Fluent wraps arguments in Unicode isolation marks by default; they would end up
            # inside answers and chat messages, so they are off.
            bundle = FluentBundle([lang], use_isolating=False, functions={"CMD": cmd})
            # The plural category of a number, asked again for every variant of every
            # selector (babel evaluates the CLDR rule each time): remembered per bundle.
            bundle._plural_form = functools.lru_cache(maxsize=4096)(bundle._plural_form)
            for resource in self._resources[lang]:
                bundle.add_resource(resource)
            self._bundles[(lang, spell)] = bundle
        return bundle

    def locale_for(self, language: str | None) -> str:
        """Map a platform language code (``"en-GB"``, ``"ru"``, None) to a supported locale."""
        if language:
            base = language.split("-")[0].split("_")[0].lower()
            if base in SUPPORTED_LOCALES:
                return base
        return self.default

    def has(self, key: str) -> bool:
        """True when ``key`` is a message of the default language (every key is; the other
        languages fall back to it)."""
        return self._bundle(self.default, plain_spelling).has_message(key)

    def __call__(self, key: str, locale: str | None = None, **args: Any) -> str:
        """Format ``key`` with ``args`` in ``locale`` (default language when None)."""
        return self.format(key, args, locale)

    def format(self, key: str, args: Mapping[str, Any] | None = None,
               locale: str | None = None, spell: Spelling | None = None) -> str:
        """Format ``key`` with ``args`` in ``locale``, commands written by ``spell`` (the
        platform's; ``plain_spelling`` when None); returns the key itself when unknown.

        String arguments of any length come through whole: fluent.runtime replaces a
        placeable longer than 2,500 characters with ``{???}``, so long texts (a question with
        a long handout) are put in after formatting.

        A string argument the message only shows (a name, an answer; not one a selector or a
        function reads) is put into a template formatted once per key, language, spelling and
        the other arguments, so the same prompt to thousands of games with as many names is
        formatted by Fluent once (bench/: Fluent was the largest part of an action).
        """
        spell = spell or plain_spelling
        holes: tuple[str, ...] = ()
        fixed: list[tuple[str, Any]] = []
        if args:
            shown = self._shown.get(key)
            if shown is None:
                shown = self._shown_arguments(key)
            # One sort by name, then one pass (bench/: two sorts of generators were a third of
            # this call); names are unique, so the sort never compares the values.
            named = []
            for item in sorted(args.items()) if len(args) > 1 else args.items():
                if item[0] in shown and isinstance(item[1], str):
                    named.append(item[0])
                else:
                    fixed.append(item)
            holes = tuple(named)
        else:
            args = {}
        try:
            key_args = (key, locale, spell, holes, *fixed)
            parts = self._texts.get(key_args)
        except TypeError:  # an argument that cannot be a dictionary key: format it each time
            return self._format(key, args, locale, spell)
        if parts is None:
            rest = [v for n, v in args.items() if n not in holes and isinstance(v, str)]
            if any(len(v) > _CACHED_ARGUMENT or _HOLES.search(v) for v in rest):
                return self._format(key, args, locale, spell)
            parts = self._template(key, args, holes, locale, spell)
            self._texts[key_args] = parts
            if len(self._texts) > _CACHED_TEXTS:
                self._texts.popitem(last=False)
        else:
            self._texts.move_to_end(key_args)
        if len(parts) == 1:
            return parts[0]
        pieces = list(parts)
        pieces[1::2] = [args[holes[i]] for i in parts[1::2]]
        return "".join(pieces)

    def _template(self, key: str, args: Mapping[str, Any], holes: tuple[str, ...],
                  locale: str | None, spell: Spelling) -> tuple[Any, ...]:
        """``key`` formatted with a private-use marker for each argument of ``holes``: the
        text split into literal pieces (even places) and the index in ``holes`` of the
        argument between them (odd places)."""
        marked = {**args, **{name: chr(_HOLE + i) for i, name in enumerate(holes)}}
        pieces: list[Any] = _HOLES.split(self._format(key, marked, locale, spell))
        pieces[1::2] = [ord(marker) - _HOLE for marker in pieces[1::2]]
        return tuple(pieces)

    def _shown_arguments(self, key: str) -> frozenset[str]:
        """The arguments that message ``key`` (in any language) only shows as they are: each
        of its uses is a placeable of its own in a pattern. One a selector, a function or a
        term reads changes the wording, and a number is formatted by the language."""
        found = self._shown.get(key)
        if found is None:
            shown: set[str] = set()
            read: set[str] = set()
            for messages in self._messages.values():
                _arguments(messages.get(key), messages, shown, read, set())
            found = self._shown[key] = frozenset(shown - read)
        return found

    def _format(self, key: str, args: Mapping[str, Any] | None, locale: str | None,
                spell: Spelling) -> str:
        values = dict(args or {})
        long_texts = {}
        for name, value in values.items():
            if isinstance(value, str) and len(value) > _FLUENT_PLACEABLE_LIMIT:
                marker = f"\ue000{len(long_texts)}\ue001"
                long_texts[marker] = value
                values[name] = marker
        for lang in (self.locale_for(locale), DEFAULT_LOCALE):
            bundle = self._bundle(lang, spell)
            if bundle.has_message(key):
                message = bundle.get_message(key)
                if message.value is not None:
                    text, _errors = bundle.format_pattern(message.value, values)
                    for marker, value in long_texts.items():
                        text = text.replace(marker, value)
                    return text
        return key


def _arguments(node: Any, messages: Mapping[str, ftl.Message], shown: set[str], read: set[str],
               seen: set[str], in_pattern: bool = False) -> None:
    """Collect the variables of the Fluent syntax tree ``node`` into ``shown`` (a placeable of
    its own in a pattern) and ``read`` (anywhere else); a message reference's variables are
    its caller's (``messages`` by id; ``seen`` guards a cycle)."""
    if isinstance(node, ftl.Placeable) and isinstance(node.expression, ftl.VariableReference):
        (shown if in_pattern else read).add(node.expression.id.name)
        return
    if isinstance(node, ftl.VariableReference):
        read.add(node.id.name)
        return
    if isinstance(node, ftl.MessageReference) and node.id.name not in seen:
        seen.add(node.id.name)
        _arguments(messages.get(node.id.name), messages, shown, read, seen)
    if isinstance(node, list):
        for item in node:
            _arguments(item, messages, shown, read, seen, in_pattern)
    elif isinstance(node, ftl.BaseNode):
        for value in vars(node).values():
            _arguments(value, messages, shown, read, seen, isinstance(node, ftl.Pattern))
