"""Screenshots of every window in training mode, for the README.

Run under a real (virtual) display: ``xvfb-run -a .venv/bin/python packaging/screenshots.py``
(``make screenshots`` does that). Pictures go to ``resources/screenshots/``, or to the folder
given as the only argument (``make package-check`` compares the bundle's with the source's).
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

from PySide6.QtCore import QSettings, QTranslator
from PySide6.QtWidgets import QApplication, QWidget

from desktop_app.api.models import NewPayment
from desktop_app.core.day_close.terminal_export import headers_of
from desktop_app.core.journal import local_today
from desktop_app.core.journal_states import EntryState
from desktop_app.gui.day_close.mapping_dialog import TerminalMappingDialog
from desktop_app.gui.day_close.window import DayCloseWindow
from desktop_app.gui.desk_setup.settings_dialog import SettingsDialog
from desktop_app.gui.look.language import install_translations
from desktop_app.gui.look.style import apply_style, dark_desktop_palette
from desktop_app.gui.payments.pending_dialog import PendingPaymentsDialog
from desktop_app.gui.session.sign_in import SignInDialog
from desktop_app.gui.settings import preferences as prefs
from desktop_app.gui.settings.preferences import Preferences
from desktop_app.gui.shared.context import AppContext
from desktop_app.gui.shell.event_loop import AppEventLoop
from desktop_app.gui.shell.main_window import MainWindow
from desktop_app.gui.shell.parts import build_context
from desktop_app.sandbox.server import SandboxServer

OUT = Path(__file__).resolve().parents[1] / "resources" / "screenshots"
out = OUT


async def settle(app: QApplication, seconds: float = 0.3) -> None:
    """Let Qt lay out and paint."""
    await asyncio.sleep(seconds)
    app.processEvents()


def save(widget: QWidget, name: str) -> None:
    path = out / f"{name}.png"
    widget.grab().save(str(path))
    print(path)


@dataclass
class TrainingDesk:
    """The main window on a training sandbox of its own, signed in as the manager."""

    window: MainWindow
    context: AppContext
    preferences: Preferences
    sandbox: SandboxServer
    folder: Path


@asynccontextmanager
async def training_desk(app: QApplication, language: str) -> AsyncIterator[TrainingDesk]:
    locale = install_translations(app, language)
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        sandbox = SandboxServer(folder / "training.sqlite3").start()
        settings = QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat)
        preferences = Preferences(settings)
        ctx = build_context(
            preferences, sandbox.base_url, locale, folder / "journal.sqlite3", training=True
        )
        ctx.session.session.sign_in(sandbox.token("manager", 2001, minutes=480))
        window = MainWindow(ctx)
        window.resize(1280, 760)
        window.show()
        window.start()
        while window.orders.model.rowCount() == 0:
            await asyncio.sleep(0.05)
        await settle(app)
        try:
            yield TrainingDesk(window, ctx, preferences, sandbox, folder)
        finally:
            window.close()
            await ctx.client.aclose()
            ctx.close()
            sandbox.stop()


async def shoot(app: QApplication, language: str, dark: bool) -> None:
    async with training_desk(app, language) as desk:
        await shoot_desk(app, desk, language, dark)


async def shoot_desk(app: QApplication, desk: TrainingDesk, language: str, dark: bool) -> None:
    window, ctx, preferences, folder = desk.window, desk.context, desk.preferences, desk.folder
    sandbox = desk.sandbox
    model = window.orders.model
    suffix = ("" if language.startswith("en") else f"-{language}") + ("-dark" if dark else "")
    save(window, f"orders{suffix}")

    paid = next(o for o in model.visible_orders() if 0 < o.amount_paid < o.amount)
    dialog = window.open_order(paid)
    while dialog.ui.payments.rowCount() == 0:
        await asyncio.sleep(0.05)
    await settle(app)
    save(dialog, f"order{suffix}")

    form = dialog.open_payment()
    form.ui.brand.setCurrentText("Visa")
    form.ui.last_four.setText("4242")
    form.ui.nsu.setText("778899")
    form.ui.auth.setText("AB12CD")
    await settle(app)
    save(form, f"payment{suffix}")
    form.ui.review_button.click()
    while form.ui.pages.currentIndex() != 1:
        await asyncio.sleep(0.05)
    await settle(app)
    save(form, f"payment-summary{suffix}")
    sandbox.faults.update({"fail_next": 1, "fail_status": 500})
    form.ui.send_button.click()
    while form.ui.pages.currentIndex() != 2:
        await asyncio.sleep(0.05)
    await settle(app)
    save(form, f"payment-review{suffix}")
    form.reject()
    await settle(app)
    save(window, f"pending-bar{suffix}")
    pending = window.open_pending()
    assert isinstance(pending, PendingPaymentsDialog)
    pending.ui.table.selectRow(0)  # its slip shows under the list
    await settle(app)
    save(pending, f"pending{suffix}")
    pending.close()

    invoice = dialog.open_invoice()
    await settle(app)
    save(invoice, f"invoice{suffix}")
    invoice.reject()
    dialog.close()

    # The day close: a few confirmed slips of today at this desk, and a terminal's export
    # with one slip never recorded and one amount that differs.
    journal = ctx.outbox.journal
    for number, order in enumerate(model.visible_orders()[10:14]):
        entry = journal.add("001", NewPayment(
            order_id=order.order_id, card="************4242", auth=f"AB{number}1CD",
            nsu=f"77889{number}", installments=1 + number // 3, amount=Decimal("120.00") + number,
            flag_name=("Visa", "Mastercard")[number % 2],
            payment_type=("credit", "debit")[number % 2], user_id=2001,
        ))  # fmt: skip
        journal.set_state(entry.id, EntryState.CONFIRMED)
    day_close = window.open_day_close()
    assert isinstance(day_close, DayCloseWindow)
    day = local_today().strftime("%d/%m/%Y")
    export = folder / "terminal.csv"
    export.write_text(
        "Data;NSU;Autorização;Bandeira;Produto;Valor;Status;Cartão\n"
        f"{day};778890;AB01CD;VISA;Crédito;120,00;Aprovada;****4242\n"
        f"{day};778891;AB11CD;MASTERCARD;Débito;125,00;Aprovada;****4242\n"
        f"{day};778899;XY99ZZ;ELO;Débito;87,50;Aprovada;****1111\n"
        f"{day};900001;;PIX;Pix;40,00;Aprovada;\n",
        encoding="utf-8",
    )
    mapping = TerminalMappingDialog(headers_of(export.read_text()), preferences, window)
    mapping.ui.model.setCurrentText("Stone S920")
    mapping.show()
    await settle(app)
    save(mapping, f"terminal-mapping{suffix}")
    mapping.ui.buttons.accepted.emit()
    day_close.import_export(export)
    await settle(app)
    save(day_close, f"day-close{suffix}")
    day_close.close()
    preferences.set(prefs.TERMINAL_MAPPINGS, "")

    for open_lookup, text, name in (
        (window.open_customers, "silva", "customers"),
        (window.open_products, "camiseta", "products"),
    ):
        lookup = open_lookup()
        lookup.search.setText(text)  # type: ignore[attr-defined]
        while not lookup.model.rows:  # type: ignore[attr-defined]
            await asyncio.sleep(0.05)
        await settle(app)
        save(lookup, f"{name}{suffix}")
        lookup.close()
    revenue = window.open_revenue()
    while not revenue.records:  # type: ignore[attr-defined]
        await asyncio.sleep(0.05)
    await settle(app, 0.6)
    save(revenue, f"revenue{suffix}")
    revenue.close()
    for name, opened in (("shortcuts", window.open_shortcuts()), ("about", window.open_about())):
        await settle(app)
        save(opened, f"{name}{suffix}")
        opened.close()

    settings_dialog = SettingsDialog(preferences, window, training=True)
    settings_dialog.ui.service_url.setText("http://shop.example:8080")
    settings_dialog.show()
    await settle(app)
    save(settings_dialog, f"settings{suffix}")
    settings_dialog.close()

    ctx.session.lock(
        app.translate("MainWindow", "Locked after a while without use. Sign in to continue.")
    )
    await settle(app)
    save(window, f"locked{suffix}")
    sign_in = ctx.session.request_sign_in(window, window.lock_page.reason())
    assert isinstance(sign_in, SignInDialog)
    await settle(app)
    save(sign_in, f"sign-in{suffix}")
    sign_in.reject()


def main() -> int:
    global out
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else OUT
    out.mkdir(parents=True, exist_ok=True)
    app = QApplication(sys.argv[:1])
    apply_style(app)  # as the app starts: under its one style sheet
    app.setQuitOnLastWindowClosed(False)  # closing a window between shots must not stop Qt
    loop = AppEventLoop(app)
    asyncio.set_event_loop(loop)

    async def every_language() -> None:
        for dark in (False, True):
            app.setPalette(dark_desktop_palette() if dark else app.style().standardPalette())
            apply_style(app)  # the sheet's colours and the icons for that palette
            for language in ("en_US", "pt_BR"):
                for translator in app.findChildren(QTranslator):
                    app.removeTranslator(translator)
                await shoot(app, language, dark)

    with loop:
        loop.run_until_complete(every_language())
    return 0


if __name__ == "__main__":
    sys.exit(main())
