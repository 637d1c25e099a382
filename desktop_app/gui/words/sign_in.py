"""What the desk says of a sign-in it cannot send work under."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication


def no_user_number_words() -> str:
    """What the desk says when the sign-in named no user number: nothing is sent, and IT can
    name the claim that holds it."""
    return QCoreApplication.translate(
        "MainWindow",
        "This sign-in does not say your user number (the service's token has no userId, nor a"
        " whole-number sub, user_id or uid), so payments and invoices cannot be sent. Ask IT to"
        " set service/user_id_claim to the claim that holds it.",
    )
