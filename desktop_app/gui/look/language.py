"""Languages: Qt's own translations first, then the app's; and a pseudo-translation that
stretches every string, to see which layouts break before a real language does it.

Set ``POS_PSEUDO_TRANSLATION=1`` to start the app with it.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

ROOT = Path(__file__).resolve().parents[3]
TRANSLATIONS = ROOT / "resources" / "translations"
_ACCENTED = str.maketrans("aeiouAEIOUcnCN", "àéîõüÀÉÎÕÜçñÇÑ")
_PROTECTED = re.compile(r"(\{[^}]*\}|&.|<[^>]*>)")  # placeholders, mnemonics, markup


def catalogue_sources() -> list[Path]:
    """Every file whose strings the catalogue translates: the GUI's own modules and the
    Designer forms (not the forms' compiled code, which repeats them), and the Group Policy
    template's words, which IT reads in the same two languages (source files: asked only from
    the project's tree, by ``make translations`` and its test)."""
    gui = ROOT / "desktop_app" / "gui"
    code = [path for path in gui.rglob("*.py") if "generated" not in path.parts]
    template = ROOT / "packaging" / "windows" / "policy_template.py"
    return [*sorted(code), *sorted((ROOT / "ui").glob("*.ui")), template]


def pseudo(text: str) -> str:
    """``text`` accented and about 40 % longer, with placeholders and mnemonics intact."""
    parts = _PROTECTED.split(text)
    stretched = "".join(p if _PROTECTED.fullmatch(p) else p.translate(_ACCENTED) for p in parts)
    return f"[{stretched}{'~' * max(len(text) * 2 // 5, 1)}]"


class PseudoTranslator(QTranslator):
    """Translates every string into its pseudo form."""

    def translate(
        self, context: str, source: str, disambiguation: str | None = None, n: int = -1
    ) -> str:
        return pseudo(source)

    def isEmpty(self) -> bool:  # noqa: N802
        return False


SHIPPED_LANGUAGES = (QLocale.Language.English, QLocale.Language.Portuguese)
"""The languages the app is translated into; any country's way of writing them is kept."""


def install_translations(app: QCoreApplication, language: str | None) -> str:
    """Install the translators for ``language`` (or the system's); returns the locale name
    used to format money and dates."""
    locale = QLocale(language) if language else QLocale.system()
    if locale.language() not in SHIPPED_LANGUAGES:
        # No language set (LANG=C), or one the app does not speak: English, written the
        # English way ("1,000,000"), not English words with another language's numbers. The
        # package holds Babel's data for the shipped languages only.
        locale = QLocale("en_US")
    # Widgets made from now on write numbers and dates the locale's way (spin boxes, date
    # edits: "30,00 s", "24/08/2026" in pt_BR).
    QLocale.setDefault(locale)
    qt_translator = QTranslator(app)
    qt_folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    if qt_translator.load(locale, "qtbase", "_", qt_folder):
        app.installTranslator(qt_translator)
    own = QTranslator(app)
    if own.load(locale, "pos_backoffice", "_", str(TRANSLATIONS)):
        app.installTranslator(own)
    if os.environ.get("POS_PSEUDO_TRANSLATION"):
        app.installTranslator(PseudoTranslator(app))
    return locale.name()


def reinstall_translations(app: QCoreApplication, language: str | None) -> str:
    """Another language from now on: Qt tells every window (``LanguageChange``), and each
    writes its texts again. Returns the locale for money and dates."""
    for translator in app.findChildren(QTranslator):
        app.removeTranslator(translator)
        translator.deleteLater()
    return install_translations(app, language)


def plural(count: int, one: str, other: str) -> str:
    """``one`` or ``other`` (each already translated, with ``{count}``): one rule for every count
    in both languages, the singular for exactly one. "1 order, 0 orders"; "1 pedido, 0 pedidos":
    Brazilian grammar writes zero with the plural ("zero graus"), though CLDR's Portuguese rule
    (which Babel holds) gives 0 the singular, as it does 0,5 ("0,5 quilo"), and a count here is
    whole."""
    # With the language's digit grouping: "1,000,000 orders", "1.000.000 pedidos".
    return (one if abs(count) == 1 else other).format(count=QLocale().toString(count))


def number_marks(locale: QLocale) -> tuple[str, str]:
    """The decimal point and group mark people type in ``locale`` (``,`` and ``.`` in pt_BR)."""
    return locale.decimalPoint(), locale.groupSeparator()
