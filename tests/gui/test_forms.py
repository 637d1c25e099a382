"""Designer forms: what the app imports is what ``ui/`` compiles to today, and each button of
each form runs its handler exactly once per click.

Handlers of form widgets are connected one way only: by name (``on_<object>_<signal>``,
decorated with ``@Slot``), by the ``connectSlotsByName`` call every compiled ``setupUi`` makes.
Connecting one by hand as well would run it twice per click; this test counts.
"""

from __future__ import annotations

import asyncio
import importlib
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from decimal import Decimal
from pathlib import Path
from types import FrameType
from typing import Any

import pytest
from PySide6.QtCore import QSettings, QTimer
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QCheckBox,
    QDialogButtonBox,
    QWidget,
)
from pytestqt.qtbot import QtBot

from desktop_app.api.models import Order, Payment
from desktop_app.gui.look.open_windows import shown_windows
from desktop_app.gui.shared.context import AppContext
from desktop_app.sandbox.server import SandboxServer
from tests.gui.conftest import make_context

ROOT = Path(__file__).resolve().parents[2]
FORMS = sorted((ROOT / "ui").glob("*.ui"))
PARTS = {"slip_card.ui"}
"""Forms that are pieces of other windows (the slip on the pages that decide about it), with
no buttons of their own."""
WINDOW_FORMS = [form for form in FORMS if form.name not in PARTS]
UIC = Path(sys.executable).parent / "pyside6-uic"


@pytest.mark.usefixtures("processes")
@pytest.mark.parametrize("form", FORMS, ids=[form.name for form in FORMS])
def test_the_app_imports_the_form_as_it_compiles_today(form: Path, tmp_path: Path) -> None:
    compiled = tmp_path / f"ui_{form.stem}.py"
    subprocess.run([str(UIC), str(form), "-o", str(compiled)], check=True, timeout=60)
    imported = importlib.import_module(f"desktop_app.gui.generated.ui_{form.stem}")
    assert imported.__file__ is not None
    assert Path(imported.__file__).read_bytes() == compiled.read_bytes(), (
        f"{form.name} changed since it was compiled: run make setup"
    )


def test_every_compiled_form_has_its_form() -> None:
    compiled = {p.stem for p in (ROOT / "desktop_app" / "gui" / "generated").glob("ui_*.py")}
    assert compiled == {f"ui_{form.stem}" for form in FORMS}


ORDER = Order(order_id=100_001, amount_number=90.0, store_id="001", installments=2)
PAYMENT = Payment(
    order_id=100_001, card="************4242", auth="AB12", nsu="1", installments=1, amount=Decimal("10.00"),
    flag_name="Visa", type="debit", user_id="7",
)  # fmt: skip


def windows(ctx: AppContext) -> dict[str, Callable[[], QWidget]]:
    """Every window built from a Designer form, as a test builds it: alone, with a context."""
    from desktop_app.api import Secret
    from desktop_app.gui.day_close.find_slip import FindSlipWindow
    from desktop_app.gui.day_close.mapping_dialog import TerminalMappingDialog
    from desktop_app.gui.day_close.window import DayCloseWindow
    from desktop_app.gui.desk_setup.service_check_dialog import ServiceCheckDialog
    from desktop_app.gui.desk_setup.settings_dialog import SettingsDialog
    from desktop_app.gui.help.dialogs import AboutDialog, ShortcutsDialog
    from desktop_app.gui.invoices.invoice_dialog import InvoiceDialog
    from desktop_app.gui.orders.order_dialog import OrderDialog
    from desktop_app.gui.orders.page import OrdersPage
    from desktop_app.gui.payments.payment_dialog import PaymentDialog
    from desktop_app.gui.payments.pending_dialog import PendingPaymentsDialog
    from desktop_app.gui.session.sign_in import SignInDialog
    from desktop_app.gui.session.widgets import LockPage

    async def login(_user: str, _password: Secret) -> str | None:
        return None

    return {
        "lock_page.ui": LockPage,
        "about.ui": lambda: AboutDialog("http://127.0.0.1:1", None),
        "shortcuts.ui": ShortcutsDialog,
        "sign_in.ui": lambda: SignInDialog(login, ctx.session),
        "settings.ui": lambda: SettingsDialog(ctx.preferences),
        "service_check.ui": lambda: ServiceCheckDialog(ctx.preferences),
        "orders_page.ui": lambda: OrdersPage(ctx),
        "order.ui": lambda: OrderDialog(ORDER, ctx),
        "payment.ui": lambda: PaymentDialog(ORDER, ctx, store_id="001", known_types=[]),
        "pending.ui": lambda: PendingPaymentsDialog(ctx),
        "invoice.ui": lambda: InvoiceDialog(ORDER, [PAYMENT], ctx),
        "day_close.ui": lambda: DayCloseWindow(ctx, [("001", "001 - Loja Centro")], "001"),
        "terminal_mapping.ui": lambda: TerminalMappingDialog(["Data", "NSU"], ctx.preferences),
        "find_slip.ui": lambda: FindSlipWindow(ctx),
    }


@pytest.fixture
def ctx(
    sandbox: SandboxServer, settings: QSettings, event_loop_qt: asyncio.AbstractEventLoop
) -> Iterator[AppContext]:
    context = make_context(settings, sandbox.base_url, token=sandbox.token("manager"))
    yield context
    context.close()


def calls_of(handler: Any, click: Callable[[], None]) -> int:
    """How many times ``handler`` runs while ``click`` runs (however it was connected)."""
    code = handler.__func__.__code__
    seen = 0

    def profile(frame: FrameType, event: str, _arg: object) -> None:
        nonlocal seen
        if event == "call" and frame.f_code is code:
            seen += 1

    sys.setprofile(profile)
    try:
        click()
    finally:
        sys.setprofile(None)
    return seen


def form_buttons(window: QWidget) -> list[QAbstractButton]:
    """The buttons the window's form made (and those of its button boxes)."""
    made = [w for w in vars(getattr(window, "ui")).values() if isinstance(w, QWidget)]  # noqa: B009
    buttons = [w for w in made if isinstance(w, QAbstractButton)]
    for box in (w for w in made if isinstance(w, QDialogButtonBox)):
        buttons += box.buttons()
    return buttons


def handler_of(window: QWidget, button: QAbstractButton) -> Any:
    """The handler a form button's click reaches by name (its box's, for a box's button)."""
    box = button.parent()
    if isinstance(box, QDialogButtonBox):
        role = box.buttonRole(button)
        signal = "accepted" if role == QDialogButtonBox.ButtonRole.AcceptRole else "rejected"
        return getattr(window, f"on_{box.objectName()}_{signal}", None)
    signal = "toggled" if isinstance(button, QCheckBox) or button.isCheckable() else "clicked"
    return getattr(window, f"on_{button.objectName()}_{signal}", None)


@pytest.mark.parametrize("form", WINDOW_FORMS, ids=[form.name for form in WINDOW_FORMS])
def test_each_button_of_each_form_runs_its_handler_once(
    qtbot: QtBot, ctx: AppContext, form: Path
) -> None:
    window = windows(ctx)[form.name]()
    qtbot.addWidget(window)
    window.show()
    buttons = form_buttons(window)
    assert buttons, f"{form.name} has no button"
    # A button may open a modal dialog of Qt's (print, save as): close it as a person would.
    closer = QTimer()
    closer.timeout.connect(lambda: (m := QApplication.activeModalWidget()) and m.close())
    closer.start(50)
    try:
        for button in buttons:
            handler = handler_of(window, button)
            assert handler is not None, f"{form.name}: nothing handles {button.text()!r}"
            window.show()
            button.setEnabled(True)
            button.setVisible(True)
            assert calls_of(handler, button.click) == 1, f"{form.name}: {button.text()!r}"
    finally:
        closer.stop()
        for dialog in shown_windows():  # what the clicks opened
            if dialog is not window:
                dialog.close()
                dialog.deleteLater()


# -- one visual grammar --------------------------------------------------------------------

DISMISS = {"close_button", "back_button"}
"""Buttons that leave a window or a page without doing anything."""
COMMIT = {"send_button", "issue_button"}
"""Buttons that do the window's one irreversible thing."""
WHILE_WORKING = {"stop_waiting_button"}
"""Shown only while the window waits, in the place of leaving."""


def button_rows(form: Path) -> Iterator[list[str]]:
    """Each horizontal row of a form, as the names of its buttons and "|" for its gaps."""
    for layout in ET.parse(form).getroot().iter("layout"):  # noqa: S314 - our own forms
        if layout.get("class") != "QHBoxLayout":
            continue
        row = []
        for item in layout.findall("item"):
            widget, spacer = item.find("widget"), item.find("spacer")
            if spacer is not None:
                row.append("|")
            elif widget is not None and widget.get("class") == "QPushButton":
                row.append(str(widget.get("name")))
        yield row


@pytest.mark.parametrize("form", FORMS, ids=[form.name for form in FORMS])
def test_every_form_keeps_the_style_s_margins_and_spacing(form: Path) -> None:
    # Set once, by the style: no window spaces itself differently from the others.
    top = ET.parse(form).getroot().find("widget/layout")  # noqa: S314 - our own forms
    assert top is not None
    overridden = {p.get("name") for p in top.findall("property")} & {
        "leftMargin",
        "topMargin",
        "rightMargin",
        "bottomMargin",
        "spacing",
    }
    assert not overridden


@pytest.mark.parametrize("form", FORMS, ids=[form.name for form in FORMS])
def test_every_button_row_ends_with_leaving_then_doing(form: Path) -> None:
    """A row's own actions come first; after a gap, the button that leaves (Close, Back), and
    last the one that does the window's irreversible thing (Send, Issue), if it has one."""
    for row in button_rows(form):
        leaving = [name for name in row if name in DISMISS]
        if not leaving:
            continue
        position = row.index(leaving[0])
        after = [name for name in row[position + 1 :] if name != "|"]
        gap = max((i for i, name in enumerate(row[:position]) if name == "|"), default=-1)
        between = [name for name in row[gap + 1 : position] if name not in WHILE_WORKING]
        assert gap >= 0 and not between, f"{form.name}: no gap before {leaving[0]}: {row}"
        assert all(name in COMMIT for name in after), f"{form.name}: {row}"
