"""Localisation: every user-visible string comes from ``locales/<lang>/*.ftl`` through Fluent.

Russian is the default language; English is complete. Plural forms come from CLDR through
fluent.runtime (``{ $count -> [one] ... *[other] ... }``).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from fluent.runtime import FluentBundle, FluentResource

DEFAULT_LOCALE = "ru"
SUPPORTED_LOCALES = ("ru", "en")
_FLUENT_PLACEABLE_LIMIT = 2000
LOCALES_DIR = Path(__file__).resolve().parent.parent / "locales"


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
        self._bundles: dict[str, FluentBundle] = {}
        for lang in SUPPORTED_LOCALES:
            # Fluent wraps arguments in Unicode isolation marks by default; they would end up
            # inside answers and chat messages, so they are off.
            bundle = FluentBundle([lang], use_isolating=False)
            for name in resource_names(locales_dir):
                path = locales_dir / lang / name
                if path.exists():
                    bundle.add_resource(FluentResource(path.read_text(encoding="utf-8")))
            self._bundles[lang] = bundle

    def locale_for(self, language: str | None) -> str:
        """Map a platform language code (``"en-GB"``, ``"ru"``, None) to a supported locale."""
        if language:
            base = language.split("-")[0].split("_")[0].lower()
            if base in SUPPORTED_LOCALES:
                return base
        return self.default

    def __call__(self, key: str, locale: str | None = None, **args: Any) -> str:
        """Format ``key`` with ``args`` in ``locale`` (default language when None)."""
        return self.format(key, args, locale)

    def format(self, key: str, args: Mapping[str, Any] | None = None,
               locale: str | None = None) -> str:
        """Format ``key`` with ``args`` in ``locale``; returns the key itself when unknown.

        String arguments of any length come through whole: fluent.runtime replaces a
        placeable longer than 2,500 characters with ``{???}``, so long texts (a question with
        a long handout) are put in after formatting.
        """
        values = dict(args or {})
        long_texts = {}
        for name, value in values.items():
            if isinstance(value, str) and len(value) > _FLUENT_PLACEABLE_LIMIT:
                marker = f"\ue000{len(long_texts)}\ue001"
                long_texts[marker] = value
                values[name] = marker
        for lang in (self.locale_for(locale), DEFAULT_LOCALE):
            bundle = self._bundles[lang]
            if bundle.has_message(key):
                message = bundle.get_message(key)
                if message.value is not None:
                    text, _errors = bundle.format_pattern(message.value, values)
                    for marker, value in long_texts.items():
                        text = text.replace(marker, value)
                    return text
        return key
