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
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol

from fluent.runtime import FluentBundle, FluentResource

DEFAULT_LOCALE = "ru"
SUPPORTED_LOCALES = ("ru", "en")
_FLUENT_PLACEABLE_LIMIT = 2000
_CACHED_TEXTS = 4096
"""How many formatted texts ``Translator.format`` keeps (least recently used go first)."""
_CACHED_ARGUMENT = 200
"""Texts with a longer string argument (a question, a list of answers) are not kept."""
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


def resource_names(locales_dir: Path = LOCALES_DIR) -> list[str]:
    """The ``.ftl`` file names found for the default locale, sorted (e.g. ``["game.ftl"]``)."""
    return sorted(p.name for p in (locales_dir / DEFAULT_LOCALE).glob("*.ftl"))


class Translator:
    """Formats message keys into text in one of ``SUPPORTED_LOCALES``.

    ``locales_dir`` holds one folder per language. An unknown language falls back to Russian;
    a key missing in a language falls back to Russian, then to the key itself, so a missing
    string shows up as its key instead of crashing a game.
    """

    def __init__(self, locales_dir: Path = LOCALES_DIR, default: str = DEFAULT_LOCALE) -> None:
        self.default = default if default in SUPPORTED_LOCALES else DEFAULT_LOCALE
        self._resources = {lang: [FluentResource(path.read_text(encoding="utf-8"))
                                  for name in resource_names(locales_dir)
                                  if (path := locales_dir / lang / name).exists()]
                           for lang in SUPPORTED_LOCALES}
        # One bundle per language and spelling (a handful: one per platform), made when first
        # needed; the parsed resources are shared.
        self._bundles: dict[tuple[str, Spelling], FluentBundle] = {}
        # The texts formatted last, by key, language, spelling and arguments: the same
        # signal, prompt or button label goes to thousands of games, and fluent.runtime walks
        # the message anew every time (bench/: Fluent was the largest part of an action).
        self._texts: OrderedDict[tuple[Any, ...], str] = OrderedDict()

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
        """
        spell = spell or plain_spelling
        try:
            key_args = (key, locale, spell, *sorted((args or {}).items()))
            cached = self._texts.get(key_args)
        except TypeError:  # an argument that cannot be a dictionary key: format it each time
            key_args, cached = None, None
        if cached is not None:
            self._texts.move_to_end(key_args)
            return cached
        text = self._format(key, args, locale, spell)
        if key_args is not None and not any(
                isinstance(v, str) and len(v) > _CACHED_ARGUMENT for v in (args or {}).values()):
            self._texts[key_args] = text
            if len(self._texts) > _CACHED_TEXTS:
                self._texts.popitem(last=False)
        return text

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
