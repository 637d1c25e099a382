"""A scanner's speed on a real desk (issue 86): the keys typed while a window opens are that
window's. Keys come from xdotool 5 ms apart through Xvfb and openbox, as a card reader or a
practised cashier types them: the window they open is not in front yet when the next ones come."""

from __future__ import annotations

from pathlib import Path

from desktop_app.sandbox.db import Database
from desktop_app.sandbox.seed import seed
from tests.desk.conftest import Display, Program, until


def unpaid_orders(folder: Path) -> list[int]:
    """The training data's unpaid orders of the first store, newest first (the list's order):
    the program seeds its practice service the same way each start."""
    same = Database(folder / "same-as-training.sqlite3")
    seed(same, None)
    rows = (
        same.connect()
        .execute(
            "SELECT order_id FROM orders WHERE store_id = '001' AND amount_paid_cents = 0"
            " ORDER BY create_date DESC LIMIT 2"
        )
        .fetchall()
    )
    same.close()
    return [order_id for (order_id,) in rows]


def test_a_slip_typed_at_a_scanners_speed_with_f8_fills_the_form(
    display: Display, program: Program, tmp_path: Path
) -> None:
    """Ctrl+F, the order's number, Enter, F8, the slip and Enter in one burst: the form of that
    order shows its summary with every field as typed (the first digits went to the order
    window's payments table, or the orders filter, before type-ahead)."""
    order = unpaid_orders(tmp_path)[0]
    display.keys(
        ("key", "ctrl+f"), ("type", str(order)), ("key", "Return", "F8"),
        ("type", "4242"), ("key", "Tab"), ("type", "778899"), ("key", "Tab"),
        ("type", "AB12CD"), ("key", "alt+b"), ("type", "V"), ("key", "Return"),
    )  # fmt: skip
    shown = program.shows(lambda seen: seen.get("page") == 1)
    assert shown["window"] == f"Record payment — order {order}"
    assert shown["fields"] == {
        "last_four": "4242", "nsu": "778899", "auth": "AB12CD", "brand": "Visa",
    }  # fmt: skip
    assert display.active_title() == display.on_top() == f"Record payment — order {order}"


def test_ctrl_f_and_a_number_from_an_order_window_go_to_the_list_in_front(
    display: Display, program: Program, tmp_path: Path
) -> None:
    """From an order's window, Ctrl+F and the next order's number in one burst: the list is
    the window in front (the order window no longer covers it) and its filter holds the
    number whole."""
    first, following = unpaid_orders(tmp_path)
    display.keys(("key", "ctrl+f"), ("type", str(first)), ("key", "Return"))
    program.shows(lambda seen: seen["window"] == f"Order {first}" and not seen["holding"])
    display.keys(("key", "ctrl+f"), ("type", str(following)))
    shown = program.shows(lambda seen: seen["text"] == str(following) and not seen["holding"])
    assert (shown["window"], shown["focus"]) == ("POS Back-Office", "filter_edit")
    assert display.active_title() == display.on_top() == "POS Back-Office"


def test_an_order_window_opens_again_where_it_was(
    display: Display, program: Program, tmp_path: Path
) -> None:
    """Opened, closed with Esc and opened again, an order's window is where it was: it came
    back one title bar lower each time (placed, then made a window apart from the list, which
    lost how the place was meant) and its last row went under the screen's edge at 1024×600."""
    order = unpaid_orders(tmp_path)[0]
    places = []
    for _ in range(2):
        display.keys(("key", "ctrl+f"), ("type", str(order)), ("key", "Return"))
        program.shows(lambda seen: seen["window"] == f"Order {order}" and not seen["holding"])
        until(lambda: display.active_title() == f"Order {order}", "the order's window in front")
        places.append(display.active_place())
        display.keys(("key", "Escape"))
        program.shows(lambda seen: seen["window"] == "POS Back-Office")
    assert places[1] == places[0]


def test_a_date_typed_at_a_scanners_speed_is_read_whole(display: Display, program: Program) -> None:
    """The orders list's From date, typed 5 ms a key with its separators and left with Tab: the
    whole date, not the parts Qt's field took one by one (its two-digit year took "20" of
    2026 and left the rest)."""
    display.keys(("key", "alt+m"), ("type", "11/20/2026"), ("key", "Tab"))
    program.shows(lambda seen: seen["focus"] == "until_edit" and not seen["holding"])
    display.keys(("key", "shift+Tab"))
    shown = program.shows(lambda seen: seen["focus"] == "since_edit")
    assert shown["text"] == "11/20/2026"
