"""The service check's findings in words: each says what was met and what the app does with it,
so that IT can act, or send the line to the service's team (the facts come from
:mod:`desktop_app.core.service_check`)."""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QLocale

from desktop_app.core.service_check.findings import Finding
from desktop_app.gui.words.list_parts import why_a_part

CONTEXT = "ServiceCheck"

FINDINGS: dict[Finding, object] = {
    Finding.SIGNED_IN: QT_TRANSLATE_NOOP(
        "ServiceCheck",
        "signed in as {user}; the answer ({keys}) holds the token in {found_at}, where the app"
        " reads it",
    ),
    Finding.TOKEN_GIVEN: QT_TRANSLATE_NOOP(
        "ServiceCheck", "the token given on standard input (no sign-in made)"
    ),
    Finding.PASSWORD_REFUSED: QT_TRANSLATE_NOOP(
        "ServiceCheck",
        "the user name {user} or its password was not accepted. Check them, and try again.",
    ),
    Finding.SIGN_IN_NOT_FOUND: QT_TRANSLATE_NOOP(
        "ServiceCheck",
        "nothing answers at the sign-in address {address} (404). IT sets the right one in"
        " service/login_url (--login-url, for one run).",
    ),
    Finding.NO_TOKEN: QT_TRANSLATE_NOOP(
        "ServiceCheck",
        "the sign-in answered without a token (it holds: {keys}). The app looks for"
        " access_token, accessToken, token or jwt, at the top of the answer or under data:"
        " send this line to the service's team.",
    ),
    Finding.NOT_A_JWT: QT_TRANSLATE_NOOP(
        "ServiceCheck",
        "the token is not a JWT: the app cannot read who signed in. Send this line to the"
        " service's team.",
    ),
    Finding.TOKEN_REFUSED: QT_TRANSLATE_NOOP(
        "ServiceCheck",
        "the service refused the token ({status}): it may have expired, or be another"
        " service's. Sign in with a user name and password instead.",
    ),
    Finding.CLAIMS: QT_TRANSLATE_NOOP(
        "ServiceCheck",
        "claims {claims}; valid for {lifetime}, after which the app asks to sign in again",
    ),
    Finding.CLAIMS_NO_EXPIRY: QT_TRANSLATE_NOOP(
        "ServiceCheck",
        "claims {claims}; no expiry (exp): the app keeps the sign-in until the service refuses it",
    ),
    Finding.USER_ID: QT_TRANSLATE_NOOP(
        "ServiceCheck", "read from {claim} ({user}), sent with payments and invoices"
    ),
    Finding.USER_ID_IT: QT_TRANSLATE_NOOP(
        "ServiceCheck",
        "read from {claim} ({user}), as IT's service/user_id_claim says; sent with payments"
        " and invoices",
    ),
    Finding.NO_USER_ID: QT_TRANSLATE_NOOP(
        "ServiceCheck",
        "no claim the app reads holds a whole number ({claims}): payments and invoices cannot"
        " be sent. If another claim holds the user's number, IT names it in"
        " service/user_id_claim; else the service's team adds userId to its tokens.",
    ),
    Finding.ROLES_MANAGER: QT_TRANSLATE_NOOP(
        "ServiceCheck", "{claim} = {roles}, read as a manager's: invoicing is offered"
    ),
    Finding.ROLES_OTHER: QT_TRANSLATE_NOOP(
        "ServiceCheck",
        "{claim} = {roles}, read as no manager's: invoicing is greyed (the service would"
        " refuse it)",
    ),
    Finding.ROLES_UNKNOWN: QT_TRANSLATE_NOOP(
        "ServiceCheck",
        "{claim} = {roles}, roles the app does not know: invoicing is offered and the service"
        " decides. IT names a manager's roles in service/manager_roles.",
    ),
    Finding.NO_ROLES: QT_TRANSLATE_NOOP(
        "ServiceCheck", "none in the token: invoicing is offered and the service decides"
    ),
    Finding.CLOCKS_AGREE: QT_TRANSLATE_NOOP(
        "ServiceCheck", "this desk's clock and the service's agree (within {seconds} s)"
    ),
    Finding.DESK_AHEAD: QT_TRANSLATE_NOOP(
        "ServiceCheck",
        "this desk's clock is {minutes} min ahead of the service's: the end of a sign-in and"
        " the times of slips kept at the desk will be off. Ask IT to set the clock.",
    ),
    Finding.DESK_BEHIND: QT_TRANSLATE_NOOP(
        "ServiceCheck",
        "this desk's clock is {minutes} min behind the service's: the end of a sign-in and"
        " the times of slips kept at the desk will be off. Ask IT to set the clock.",
    ),
    Finding.NO_CLOCK: QT_TRANSLATE_NOOP(
        "ServiceCheck", "the service's answers carry no Date: the clocks were not compared"
    ),
    Finding.READ: QT_TRANSLATE_NOOP("ServiceCheck", "{count} read"),
    Finding.READ_CUT: QT_TRANSLATE_NOOP(
        "ServiceCheck",
        "the first {count} read: the check reads at most {megabytes} MB or {seconds} s of an"
        " answer, and left the rest",
    ),
    Finding.READ_IN_PAGES: QT_TRANSLATE_NOOP(
        "ServiceCheck", "all {count} read, page by page, as the app reads them"
    ),
    Finding.READ_PART: QT_TRANSLATE_NOOP(
        "ServiceCheck",
        "the service says its list holds {total}; the app reads {read}: {why}. The app would"
        " show that part. Send this line to the service's team.",
    ),
    Finding.READ_PART_MORE: QT_TRANSLATE_NOOP(
        "ServiceCheck",
        "the app reads {read}, and the service says it holds more: {why}. The app would show"
        " that part. Send this line to the service's team.",
    ),
    Finding.NONE: QT_TRANSLATE_NOOP("ServiceCheck", "none (an empty list)"),
    Finding.UNREAD: QT_TRANSLATE_NOOP(
        "ServiceCheck",
        "{unread} of {total} could not be read, and the app leaves them out: {reason} (the"
        " first). Send this line to the service's team.",
    ),
    Finding.NOT_A_LIST: QT_TRANSLATE_NOOP(
        "ServiceCheck",
        "the answer is not a list but {instead}: the app cannot read it. Send this line to the"
        " service's team.",
    ),
    Finding.NOT_EXPECTED: QT_TRANSLATE_NOOP(
        "ServiceCheck",
        "the answer is not in the expected form ({reason}): the app cannot read it. Send this"
        " line to the service's team.",
    ),
    Finding.NOT_GIVEN: QT_TRANSLATE_NOOP(
        "ServiceCheck", "null or empty: {fields}; shown as not given"
    ),
    Finding.NULL_PAID: QT_TRANSLATE_NOOP(
        "ServiceCheck", "amountPaid null in {count} of {total}: read as nothing paid"
    ),
    Finding.NULL_INSTALLMENTS: QT_TRANSLATE_NOOP(
        "ServiceCheck", "installments null in {count} of {total}: read as one"
    ),
    Finding.PER_STORE: QT_TRANSLATE_NOOP(
        "ServiceCheck",
        "{records} records on {days} days (more than one a day): the app sums each day's",
    ),
    Finding.ORDER_READ: QT_TRANSLATE_NOOP("ServiceCheck", "order {order} read"),
    Finding.NO_ORDER: QT_TRANSLATE_NOOP(
        "ServiceCheck", "not checked: store {store} has no order to read"
    ),
    Finding.NO_PAID_ORDER: QT_TRANSLATE_NOOP(
        "ServiceCheck", "not checked: no order of store {store} has a payment"
    ),
    Finding.ORDERS_NOT_READ: QT_TRANSLATE_NOOP(
        "ServiceCheck", "not checked: the orders of store {store} could not be read"
    ),
    Finding.FOUND: QT_TRANSLATE_NOOP("ServiceCheck", "{count} found for “{term}”"),
    Finding.FOUND_NONE: QT_TRANSLATE_NOOP(
        "ServiceCheck", "nothing found for “{term}”: not checked further"
    ),
    Finding.NO_MATCH_EMPTY: QT_TRANSLATE_NOOP(
        "ServiceCheck",
        "a search with no match (“{term}”) answers an empty list: read as nothing found",
    ),
    Finding.NO_MATCH_404: QT_TRANSLATE_NOOP(
        "ServiceCheck", "a search with no match (“{term}”) answers 404: read as nothing found"
    ),
    Finding.NO_NAME: QT_TRANSLATE_NOOP(
        "ServiceCheck", "not checked: no customer's name was read to search for"
    ),
    Finding.TIMES_UTC: QT_TRANSLATE_NOOP(
        "ServiceCheck", "{fields} in UTC (Z): read as that moment"
    ),
    Finding.TIMES_OFFSET: QT_TRANSLATE_NOOP(
        "ServiceCheck", "{fields} with the offset {offsets}: read as that moment"
    ),
    Finding.TIMES_NAIVE: QT_TRANSLATE_NOOP(
        "ServiceCheck",
        "{fields} with no time zone ({example}): read as UTC. If the service writes its local"
        " time, IT sets service/time_zone (such as America/Sao_Paulo), else every time moves"
        " by hours; if it is UTC, IT sets UTC there.",
    ),
    Finding.TIMES_NAIVE_IT: QT_TRANSLATE_NOOP(
        "ServiceCheck",
        "{fields} with no time zone ({example}): read in {zone}, as IT's service/time_zone says",
    ),
    Finding.TIMES_NAIVE_NO_ZONE: QT_TRANSLATE_NOOP(
        "ServiceCheck",
        "{fields} with no time zone ({example}): read as UTC, for IT's service/time_zone"
        " ({zone}) names no time zone. IT corrects it (such as America/Sao_Paulo).",
    ),
    Finding.TIMES_DAYS: QT_TRANSLATE_NOOP(
        "ServiceCheck", "{fields} as the day alone: read as that day, which no zone moves"
    ),
    Finding.TIMES_NUMBERS: QT_TRANSLATE_NOOP(
        "ServiceCheck", "{fields} as seconds since 1970: read as UTC"
    ),
    Finding.MONEY_NUMBERS: QT_TRANSLATE_NOOP("ServiceCheck", "numbers: read exactly"),
    Finding.MONEY_STRINGS: QT_TRANSLATE_NOOP("ServiceCheck", "strings (“{example}”): read exactly"),
    Finding.MONEY_NOISE: QT_TRANSLATE_NOOP(
        "ServiceCheck",
        "sums written with binary noise ({count}, such as {example}): read as the nearest cent",
    ),
}
"""Each finding's words; a finding with an error of its own (a read refused, a sign-in that
failed) takes that error's words instead."""


def _tr(text: object) -> str:
    return QCoreApplication.translate(CONTEXT, str(text))


def finding_words(finding: Finding, facts: Mapping[str, str]) -> str:
    """A finding in the person's language."""
    values = dict(facts)
    if "seconds" in values and finding is Finding.CLAIMS:
        values["lifetime"] = duration(int(values["seconds"]))
    if "why" in values:
        values["why"] = why_a_part(values["why"])
    return _tr(FINDINGS[finding]).format_map(values)


def duration(seconds: int) -> str:
    """A token's lifetime as IT reads it: ``8 h``, ``1 h 30 min``, ``15 min``, ``20 s``."""
    if seconds < 60:
        return f"{seconds} s"
    hours, minutes = divmod(round(seconds / 60), 60)
    if not hours:
        return f"{minutes} min"
    return f"{hours} h" if not minutes else f"{hours} h {minutes} min"


def orders_came(received: int) -> str:
    """How far a store's orders have come, while they come: ``Reading the store's orders:
    13 KB`` (megabytes with the person's decimal mark)."""
    if received < 2**20:
        amount = f"{round(received / 1024)} KB"
    else:
        amount = QLocale().toString(received / 2**20, "f", 1) + " MB"
    return QCoreApplication.translate(
        "ServiceCheck", "Reading the store's orders: {amount}"
    ).format(amount=amount)


VERDICTS: dict[int, object] = {
    0: QT_TRANSLATE_NOOP(
        "ServiceCheck", "The service answers as the app reads it: this address can be used."
    ),
    1: QT_TRANSLATE_NOOP(
        "ServiceCheck",
        "The service answers, but the app would be stopped or misled: see the lines marked ✗"
        " or !, and send them to IT or to the service's team.",
    ),
    2: QT_TRANSLATE_NOOP(
        "ServiceCheck",
        "The check could not reach the service or sign in: see the line marked ✗.",
    ),
    3: QT_TRANSLATE_NOOP(
        "ServiceCheck",
        "The service answers as the app reads it, but over plain http to another machine: do"
        " not use this address for real work.",
    ),
}
"""The service check's last line, by its exit status."""

NO_TERMINAL = QT_TRANSLATE_NOOP(
    "ServiceCheck",
    "✗ Sign-in: there is no terminal to ask the password on. Give it with --password-stdin"
    " (and --user), or a token with --token-stdin.",
)
NO_USER = QT_TRANSLATE_NOOP(
    "ServiceCheck", "✗ Sign-in: --password-stdin needs the user name: give it with --user."
)


def verdict(code: int) -> str:
    """The service check's last line, for its exit status ``code``."""
    return _tr(VERDICTS[code])


def no_terminal() -> str:
    """The check was asked to sign in with no terminal to ask the password on."""
    return _tr(NO_TERMINAL)


def no_user() -> str:
    """A password was given on standard input without the user name it is for."""
    return _tr(NO_USER)
