"""Sign-in, expiry, idle lock, sign-out, settings that apply at once, and errors with Retry, in
real windows."""

from __future__ import annotations

import asyncio
import json
from decimal import Decimal

import httpx
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication, QDialogButtonBox
from pytestqt.qtbot import QtBot

from desktop_app.gui.desk_setup.settings_dialog import SettingsDialog
from desktop_app.gui.lookups.customers import CustomersWindow
from desktop_app.gui.orders.page import OrdersPage
from desktop_app.gui.session.sign_in import SignInDialog
from desktop_app.gui.settings import preferences as prefs
from desktop_app.gui.shell.main_window import MainWindow
from desktop_app.sandbox.auth import issue_token
from desktop_app.sandbox.server import SandboxServer
from tests.gui.conftest import Service, close_window, open_window
from tests.gui.people import window_titled, windows_titled
from tests.helpers import Gateway, Reply, ScriptedServer, Seen


def sign_in_dialog(qtbot: QtBot) -> SignInDialog:
    return window_titled(qtbot, "Sign in", SignInDialog)


def _sign_in_with_password(qtbot: QtBot, dialog: SignInDialog, user: str, password: str) -> None:
    qtbot.keyClicks(dialog.ui.username, user)
    qtbot.keyClicks(dialog.ui.password, password)
    dialog.ui.buttons.button(QDialogButtonBox.StandardButton.Ok).click()


def signed_in_with_password(
    qtbot: QtBot, server: Service, settings: QSettings, user: str, password: str
) -> MainWindow:
    """A window whose person signed in with a password (what lets the lock open without the
    service), its orders shown."""
    main = open_window(qtbot, server, settings, signed_in=False)
    main.lock_page.ui.sign_in_button.click()
    _sign_in_with_password(qtbot, sign_in_dialog(qtbot), user, password)
    qtbot.waitUntil(lambda: main.orders.model.rowCount() == 60, timeout=10_000)
    return main


def locked_while_the_service_is_away(
    qtbot: QtBot, main: MainWindow, server: SandboxServer
) -> SignInDialog:
    """The desk locked after a while without use, the store's link gone meanwhile, and sign-in
    opened from the lock page."""
    main.ctx.session.lock("Locked after a while without use. Sign in to continue.")
    assert main.locked
    server.stop()
    main.lock_page.ui.sign_in_button.click()
    return sign_in_dialog(qtbot)


def sign_in_from_the_lock_page(
    qtbot: QtBot, server: Service, settings: QSettings
) -> tuple[MainWindow, SignInDialog]:
    """A window whose person is signed out, and its sign-in opened from the lock page."""
    main = open_window(qtbot, server, settings, signed_in=False)
    main.lock_page.ui.sign_in_button.click()
    return main, sign_in_dialog(qtbot)


def _sign_in_with_token(qtbot: QtBot, dialog: SignInDialog, token: str) -> None:
    dialog.ui.token_way_button.click()
    dialog.ui.token_field.setText(token)
    dialog.ui.buttons.button(QDialogButtonBox.StandardButton.Ok).click()


def test_sign_in_with_user_and_password(
    qtbot: QtBot,
    sandbox: SandboxServer,
    settings: QSettings,
    event_loop_qt: asyncio.AbstractEventLoop,
) -> None:
    main = open_window(qtbot, sandbox, settings, signed_in=False)
    assert main.locked and main.orders.model.rowCount() == 0
    qtbot.mouseClick(main.lock_page.ui.sign_in_button, Qt.MouseButton.LeftButton)
    dialog = sign_in_dialog(qtbot)
    _sign_in_with_password(qtbot, dialog, "cashier", "wrong")
    qtbot.waitUntil(lambda: "Wrong user name" in dialog.ui.message_bar.text(), timeout=5_000)
    dialog.ui.password.clear()
    _sign_in_with_password(qtbot, dialog, "", "cashier")
    qtbot.waitUntil(lambda: main.orders.model.rowCount() == 60, timeout=10_000)
    assert not main.locked and main.ctx.session.session.claims.roles == ("cashier",)
    assert "Ana Caixa" in main.status.user_label.text()
    close_window(qtbot, main)


def test_each_way_to_sign_in_has_a_button_to_the_other_that_takes_the_focus_there(
    qtbot: QtBot,
    sandbox: SandboxServer,
    settings: QSettings,
    event_loop_qt: asyncio.AbstractEventLoop,
) -> None:
    main, dialog = sign_in_from_the_lock_page(qtbot, sandbox, settings)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is dialog.ui.username, timeout=5_000)
    qtbot.keyClick(dialog.ui.username, Qt.Key.Key_T, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is dialog.ui.token_field, timeout=5_000)
    assert not dialog.ui.username.isVisible()
    qtbot.keyClick(dialog.ui.token_field, Qt.Key.Key_N, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is dialog.ui.username, timeout=5_000)
    _sign_in_with_password(qtbot, dialog, "cashier", "cashier")  # by the way it shows
    qtbot.waitUntil(lambda: not main.locked, timeout=10_000)
    close_window(qtbot, main)


def test_sign_in_with_a_pasted_token(
    qtbot: QtBot,
    sandbox: SandboxServer,
    settings: QSettings,
    event_loop_qt: asyncio.AbstractEventLoop,
) -> None:
    main, dialog = sign_in_from_the_lock_page(qtbot, sandbox, settings)
    _sign_in_with_token(qtbot, dialog, "not a token")
    assert "not a sign-in token" in dialog.ui.message_bar.text()
    _sign_in_with_token(qtbot, dialog, sandbox.token("manager"))
    qtbot.waitUntil(lambda: main.orders.model.rowCount() == 60, timeout=10_000)
    close_window(qtbot, main)


def test_expired_token_brings_sign_in_back_keeps_the_screen_and_reads_again(
    qtbot: QtBot,
    sandbox: SandboxServer,
    settings: QSettings,
    event_loop_qt: asyncio.AbstractEventLoop,
) -> None:
    short = sandbox.token("manager", minutes=0.05)  # three seconds
    main = open_window(qtbot, sandbox, settings, token=short)
    page = main.orders
    qtbot.waitUntil(lambda: page.model.rowCount() == 60, timeout=10_000)
    qtbot.waitUntil(lambda: (main.ctx.session.session.seconds_left() or 0) < -1, timeout=10_000)
    page.filter_edit.setText("a")
    shown = page.model.rowCount()
    reads = sandbox.faults.paths_seen.count("/api/v1/orders-payment/orders/001")
    page.refresh()
    dialog = sign_in_dialog(qtbot)
    assert page.model.rowCount() == shown and page.filter_edit.text() == "a"  # nothing lost
    assert "session has ended" in dialog.ui.reason.text()
    assert main.ctx.session.session.token is None  # the dead token is wiped at once
    before = len(page.model.visible_orders())
    _sign_in_with_token(qtbot, dialog, sandbox.token("manager"))
    # The read that failed runs again, by itself, once signed in.
    qtbot.waitUntil(
        lambda: sandbox.faults.paths_seen.count("/api/v1/orders-payment/orders/001") == reads + 2,
        timeout=10_000,
    )
    qtbot.waitUntil(lambda: not windows_titled("Sign in", SignInDialog), timeout=5_000)
    assert len(page.model.visible_orders()) == before
    assert (main.ctx.session.session.seconds_left() or 0) > 60
    close_window(qtbot, main)


def test_idle_lock_hides_data_and_forgets_the_token(
    qtbot: QtBot, window: MainWindow, sandbox: SandboxServer
) -> None:
    preferences = window.ctx.preferences
    preferences.set(prefs.IDLE_LOCK_MINUTES, 0.005)  # 0.3 s; a saved setting applies at once
    qtbot.waitUntil(lambda: window.locked, timeout=5_000)
    assert window.ctx.session.session.token is None
    assert "without use" in window.lock_page.reason()
    rows = window.orders.model.rowCount()
    preferences.set(prefs.IDLE_LOCK_MINUTES, 0.0)
    window.lock_page.ui.sign_in_button.click()
    _sign_in_with_token(qtbot, sign_in_dialog(qtbot), sandbox.token("manager"))
    qtbot.waitUntil(lambda: not window.locked, timeout=5_000)
    assert window.orders.model.rowCount() == rows  # the same screen comes back


def test_a_person_typing_keeps_the_desk_from_locking(qtbot: QtBot, window: MainWindow) -> None:
    window.ctx.preferences.set(prefs.IDLE_LOCK_MINUTES, 0.01)  # 0.6 s without a key
    window.orders.filter_edit.setFocus()
    keyboard = window.windowHandle()  # keys come to the window, and from it to the field
    for _ in range(12):  # 1.2 s of typing, a key every 0.1 s: the person is at the desk
        qtbot.keyClick(keyboard, Qt.Key.Key_A)
        qtbot.wait(100)  # the time between keys is what is tested, not a wait for the app
        assert not window.locked
    assert window.orders.filter_edit.text() == "a" * 12


def test_typing_in_a_window_opened_later_keeps_the_desk_from_locking(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.open_customers()
    lookup = window_titled(qtbot, "Customers", CustomersWindow)
    window.ctx.preferences.set(prefs.IDLE_LOCK_MINUTES, 0.01)  # 0.6 s without a key
    for _ in range(12):  # 1.2 s of keys in the lookup, the main window left alone
        qtbot.keyClick(lookup.windowHandle(), Qt.Key.Key_Down)
        qtbot.wait(100)
        assert not window.locked
    qtbot.waitUntil(lambda: window.locked, timeout=5_000)
    qtbot.waitUntil(lambda: window.locked, timeout=5_000)  # and once the keys stop, it locks


def test_a_late_refusal_of_the_ended_sign_in_leaves_the_new_one_alone(
    qtbot: QtBot, window: MainWindow, sandbox: SandboxServer
) -> None:
    # The sign-in has ended at the service, and a customer search is on its way, slowly.
    ended = issue_token(
        "not the service's secret, but one as long as it",
        subject="manager",
        user_id=2001,
        name="Marcos Gerente",
        roles=("manager",),
    )
    window.ctx.session.session.sign_in(ended)
    sandbox.faults.update({"latency_ms": 1500, "latency_path": "/api/v1/data-consult/customers"})
    window.open_customers()
    lookup = window_titled(qtbot, "Customers", CustomersWindow)
    qtbot.keyClicks(lookup.search, "silva")
    qtbot.waitUntil(
        lambda: any(p.endswith("/customers/silva") for p in sandbox.faults.paths_seen),
        timeout=5_000,
    )
    window.orders.refresh()  # refused at once: sign-in opens, and the person signs in
    fresh = sandbox.token("manager")
    _sign_in_with_token(qtbot, sign_in_dialog(qtbot), fresh)
    qtbot.waitUntil(lambda: window.ctx.session.session.token == fresh, timeout=5_000)

    # Then the search's refusal comes, of the ended token: it is searched again with the new
    # one, and nobody is asked to sign in a second time.
    def asked_again() -> bool:
        return bool(windows_titled("Sign in", SignInDialog))

    qtbot.waitUntil(lambda: lookup.searched_text == "silva" or asked_again(), timeout=10_000)
    assert not asked_again()
    assert window.ctx.session.session.token == fresh and lookup.searched_text == "silva"
    lookup.close()


def test_sign_out_wipes_token_and_customer_data(qtbot: QtBot, window: MainWindow) -> None:
    model = window.orders.model
    many = model.visible_orders() * 100  # large lists are freed in steps, normally
    model.set_orders(many)
    qtbot.waitUntil(lambda: model.rowCount() == len(many), timeout=10_000)
    held = model._orders  # the model's own list of them
    window.sign_out_action.trigger()
    assert window.ctx.session.session.token is None
    assert model.rowCount() == 0 and window.orders.store_combo.count() == 0  # gone at once
    # Freed in steps (a million orders at once held the window half a second), to the last.
    qtbot.waitUntil(lambda: held == [] and not model.freeing, timeout=10_000)
    assert window.locked and "Signed out" in window.status.user_label.text()
    qtbot.keyClick(window.lock_page.ui.sign_in_button, Qt.Key.Key_Return)  # Enter signs in again
    sign_in_dialog(qtbot).reject()


def paid_elsewhere(sandbox: SandboxServer, page: OrdersPage) -> tuple[int, Decimal]:
    """Another desk records R$ 1.00 on an open order of the page's store, while this one
    looks at an error: the order, and what it will show as paid once read again."""
    order = next(o for o in page.model.visible_orders() if o.balance_due >= 1)
    answer = httpx.post(
        sandbox.base_url + "/api/v1/orders-payment/payments/create",
        headers={"Authorization": f"Bearer {sandbox.token('cashier', 1001)}"},
        json={
            "orderId": order.order_id,
            "card": "************4242",
            "auth": "ELSE01",
            "nsu": "990001",
            "installments": 1,
            "amount": 1.0,
            "flagName": "Visa",
            "paymentType": "credit",
            "userId": 1001,
        },
        timeout=10,
    )
    assert answer.status_code == 201, answer.text
    return order.order_id, order.amount_paid + 1


def shows_paid(page: OrdersPage, order_id: int, paid: Decimal) -> bool:
    return any(
        o.order_id == order_id and o.amount_paid == paid for o in page.model.visible_orders()
    )


def test_server_error_shows_words_and_retry_reads_again(
    qtbot: QtBot, window: MainWindow, sandbox: SandboxServer
) -> None:
    page = window.orders
    sandbox.faults.update({"fail_next": 1, "fail_status": 500})
    page.refresh()
    qtbot.waitUntil(lambda: page.message_bar.isVisible(), timeout=10_000)
    assert "had an internal error (500)" in page.message_bar.label.text()
    assert page.message_bar.retry_button.isVisible() and page.model.rowCount() == 60
    order_id, paid = paid_elsewhere(sandbox, page)
    page.message_bar.retry_button.click()
    qtbot.waitUntil(lambda: shows_paid(page, order_id, paid), timeout=10_000)  # read again
    assert page.message_bar.isHidden() and page.model.rowCount() == 60


def test_dropped_connection_shows_words_and_retry_reads_again(
    qtbot: QtBot, window: MainWindow, sandbox: SandboxServer
) -> None:
    page = window.orders
    sandbox.faults.update({"drop_next": 3})  # the first try and both retries
    page.refresh()
    qtbot.waitUntil(lambda: page.message_bar.isVisible(), timeout=10_000)
    assert "cannot be reached" in page.message_bar.label.text()
    order_id, paid = paid_elsewhere(sandbox, page)
    page.message_bar.retry_button.click()
    qtbot.waitUntil(lambda: shows_paid(page, order_id, paid), timeout=10_000)  # read again
    assert page.message_bar.isHidden() and page.model.rowCount() == 60


def test_when_the_store_list_fails_retry_loads_the_store_list(
    qtbot: QtBot,
    sandbox: SandboxServer,
    settings: QSettings,
    event_loop_qt: asyncio.AbstractEventLoop,
) -> None:
    sandbox.faults.update({"fail_next": 1, "fail_status": 500})  # the first read: the stores
    main = open_window(qtbot, sandbox, settings)
    page = main.orders
    qtbot.waitUntil(lambda: page.message_bar.isVisible(), timeout=10_000)
    assert page.store_combo.count() == 0
    page.message_bar.retry_button.click()
    qtbot.waitUntil(lambda: page.model.rowCount() == 60, timeout=10_000)
    qtbot.waitUntil(lambda: page.ui.seller_combo.count() > 1, timeout=10_000)  # then the sellers
    assert page.store_combo.count() > 0
    close_window(qtbot, main)


def test_a_new_service_address_applies_at_once_after_signing_out(
    qtbot: QtBot, window: MainWindow, scripted: ScriptedServer, sandbox: SandboxServer
) -> None:
    dialog = SettingsDialog(window.ctx.preferences, window)
    dialog.ui.service_url.setText(scripted.base_url)
    dialog.ui.buttons.button(QDialogButtonBox.StandardButton.Save).click()
    # The token was issued for the old address: it is wiped before any call goes elsewhere.
    assert window.locked and window.ctx.session.session.token is None
    scripted.default = Reply(body=[{"id": "900", "name": "Elsewhere"}])
    window.lock_page.ui.sign_in_button.click()
    _sign_in_with_token(qtbot, sign_in_dialog(qtbot), sandbox.token("manager"))
    qtbot.waitUntil(lambda: window.orders.store_combo.count() == 1, timeout=10_000)
    first = scripted.requests[0]
    assert first.raw_path == "/api/v1/data-consult/stores"
    assert first.headers["authorization"] == f"Bearer {window.ctx.session.session.token}"


def test_the_client_reads_the_token_from_the_session_only(
    qtbot: QtBot, window: MainWindow, scripted: ScriptedServer, sandbox: SandboxServer
) -> None:
    client, session = window.ctx.client, window.ctx.session.session
    assert client.token is None  # no copy: the session is the one home
    client.set_base_url(scripted.base_url)
    seen: list[str | None] = []

    def read() -> None:
        count = len(scripted.requests)
        reading = asyncio.ensure_future(client.list_stores())
        qtbot.waitUntil(reading.done, timeout=5_000)
        assert len(scripted.requests) == count + 1
        seen.append(scripted.requests[-1].headers.get("authorization"))

    first, second = sandbox.token("manager"), sandbox.token("cashier", 1001)
    session.sign_in(first)
    read()
    session.sign_in(second)
    read()
    window.ctx.session.lock("Locked")
    read()
    assert seen == [f"Bearer {first}", f"Bearer {second}", None]


def test_help_shortcuts_about_and_diagnostics_without_secrets(
    qtbot: QtBot, window: MainWindow, settings: QSettings
) -> None:
    from PySide6.QtGui import QGuiApplication
    from PySide6.QtWidgets import QDialog, QLabel, QTableWidget

    window.shortcuts_action.trigger()
    shortcuts = window_titled(qtbot, "Keyboard shortcuts", QDialog)
    table = shortcuts.findChild(QTableWidget)
    assert table is not None and table.rowCount() >= 10
    window.about_action.trigger()
    about = window_titled(qtbot, "About", QDialog)
    text = " ".join(label.text() for label in about.findChildren(QLabel))
    assert "journal" in text.lower() and "LGPL" in text
    settings.setValue("service/token_should_never_be_here", "eyJsecret")
    copied = window.copy_diagnostics()
    assert QGuiApplication.clipboard().text() == copied
    assert "POS Back-Office" in copied and "Last 200 log lines" in copied
    assert f"service/url = {window.ctx.preferences.get(prefs.SERVICE_URL)}" in copied  # for support
    assert "eyJsecret" not in copied and (window.ctx.session.session.token or "x") not in copied


def test_diagnostics_are_not_copied_while_the_window_is_locked(
    qtbot: QtBot, window: MainWindow, sandbox: SandboxServer
) -> None:
    from PySide6.QtGui import QGuiApplication

    QGuiApplication.clipboard().setText("what was there")
    window.ctx.session.lock("Locked after a while without use. Sign in to continue.")
    assert not window.diagnostics_action.isEnabled()  # Help ▸ Copy diagnostics is off
    window.diagnostics_action.trigger()
    assert window.copy_diagnostics() == ""  # and asked directly, it copies nothing
    assert QGuiApplication.clipboard().text() == "what was there"
    window.lock_page.ui.sign_in_button.click()
    dialog = window_titled(qtbot, "Sign in", SignInDialog)
    dialog.ui.token_way_button.click()
    dialog.ui.token_field.setText(sandbox.token("manager"))
    dialog.sign_in_button.click()
    qtbot.waitUntil(lambda: not window.locked, timeout=5_000)
    assert window.diagnostics_action.isEnabled()


def test_the_journal_keeps_confirmed_payments_as_long_as_the_setting_says(
    qtbot: QtBot, window: MainWindow, settings: QSettings, sandbox: SandboxServer
) -> None:
    from datetime import timedelta
    from decimal import Decimal

    from desktop_app.api.models import NewPayment
    from desktop_app.core.journal import local_today
    from desktop_app.core.journal_states import EntryState
    from tests.gui.conftest import make_context

    dialog = SettingsDialog(window.ctx.preferences, window)
    assert dialog.ui.keep_days.value() == 90  # three months unless someone says otherwise
    dialog.ui.keep_days.setValue(30)
    dialog.ui.buttons.button(QDialogButtonBox.StandardButton.Save).click()
    journal = window.ctx.outbox.journal
    slip = NewPayment(
        order_id=1, card="************4242", auth="A", nsu="1", installments=1,
        amount=Decimal("1.00"), flag_name="Visa", payment_type="credit", user_id=1,
    )  # fmt: skip
    old = journal.add("001", slip, slip_date=local_today() - timedelta(days=31))
    journal.set_state(old.id, EntryState.CONFIRMED)
    recent = journal.add("001", slip, slip_date=local_today() - timedelta(days=30))
    journal.set_state(recent.id, EntryState.CONFIRMED)
    next_start = make_context(settings, sandbox.base_url, journal=journal.path)
    try:  # the next start removes what is older than the setting, and only that
        assert [e.id for e in next_start.outbox.journal.find("4242")] == [recent.id]
    finally:
        next_start.close()


def test_settings_say_why_an_address_is_none_and_keep_the_one_that_works(
    qtbot: QtBot, window: MainWindow
) -> None:
    preferences = window.ctx.preferences
    kept = preferences.get(prefs.SERVICE_URL)
    dialog = SettingsDialog(preferences, window)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.ui.service_url.setText("https://ana:secret@store-api/api/v1")
    assert "user name or password" in dialog.ui.url_warning.text()
    dialog.ui.buttons.button(QDialogButtonBox.StandardButton.Save).click()
    assert dialog.isVisible() and preferences.get(prefs.SERVICE_URL) == kept  # nothing kept
    # The sign-in address carries the password: plain http to another machine is warned of too.
    dialog.ui.service_url.setText("https://store-api/api/v1")
    assert not dialog.ui.url_warning.isVisibleTo(dialog)
    dialog.ui.login_url.setText("http://sso.store.example/login")
    assert "plain http" in dialog.ui.url_warning.text()
    assert dialog.ui.url_warning.isVisibleTo(dialog)


def test_a_refusal_quoting_the_sign_in_shows_its_status_never_the_password(
    qtbot: QtBot,
    scripted: ScriptedServer,
    sandbox: SandboxServer,
    settings: QSettings,
    event_loop_qt: asyncio.AbstractEventLoop,
) -> None:
    """Issue 89: a gateway answering 400 "bad body: {'username': …, 'password': …}" showed the
    password in clear in the sign-in window."""

    def answer(seen: Seen) -> Reply:
        if seen.method != "POST":
            return Reply(status=401, body={"message": "Unauthorized"})
        return Reply(status=400, body={"message": f"bad body: {json.loads(seen.body)!r}"})

    scripted.handler = answer
    main = open_window(qtbot, Gateway(scripted, sandbox), settings, signed_in=False)
    main.lock_page.ui.sign_in_button.click()
    dialog = sign_in_dialog(qtbot)
    _sign_in_with_password(qtbot, dialog, "gerente2", "Senha-Forte-8c1f2e")
    qtbot.waitUntil(lambda: dialog.ui.message_bar.text() != "", timeout=10_000)
    said = dialog.ui.message_bar.text()
    assert "(status 400) quoted what was sent at sign-in, so it is not shown" in said
    assert "Senha" not in said and "Senha" not in dialog.ui.message_bar.accessibleDescription()
    assert b"Senha-Forte-8c1f2e" in scripted.requests[-1].body  # sent, and quoted back
    dialog.reject()
    close_window(qtbot, main)


def test_diagnostics_keep_the_logs_lines_as_the_file_holds_them(
    qtbot: QtBot, window: MainWindow, settings: QSettings
) -> None:
    """Issue 89: the copy redacted the joined log again, and a line whose timestamp's digits
    pass Luhn lost it to "[card number redacted]" (a third of a day's lines). Each record is
    redacted where it is written; the copy reads the file as it is, and redacts what it writes
    itself (a card number typed into a setting)."""
    from desktop_app.gui.help.dialogs import log_path

    line = "2026-11-29 12:46:02,123 INFO desktop_app.api: GET /orders -> 200 in 12 ms"
    path = log_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a", encoding="utf-8") as log:
        log.write(line + "\n")
    settings.setValue("printing/footer", "4111 1111 1111 1111")
    copied = window.copy_diagnostics()
    assert copied.splitlines()[-1] == line
    assert "4111 1111 1111 1111" not in copied and "printing/footer" in copied
