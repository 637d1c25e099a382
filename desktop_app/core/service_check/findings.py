"""What the service check can find: each a fact about the service, with the names of the values
its words take (``desktop_app.gui.words.service_findings`` says them in the person's
language, with what the app does with each)."""

# ruff: noqa: S105 - the names of findings about tokens and passwords, not secrets

from __future__ import annotations

import enum


class Finding(enum.Enum):
    """One kind of line of the service check; the comment names its facts."""

    # Sign-in
    SIGNED_IN = "signed_in"  # user, found_at, keys
    TOKEN_GIVEN = "token_given"
    PASSWORD_REFUSED = "password_refused"  # user
    SIGN_IN_NOT_FOUND = "sign_in_not_found"  # address
    NO_TOKEN = "no_token"  # keys
    NOT_A_JWT = "not_a_jwt"
    TOKEN_REFUSED = "token_refused"  # status
    SIGN_IN_FAILED = "sign_in_failed"  # (its error's words)
    # The token's claims
    CLAIMS = "claims"  # claims, lifetime
    CLAIMS_NO_EXPIRY = "claims_no_expiry"  # claims
    USER_ID = "user_id"  # claim, user
    USER_ID_IT = "user_id_it"  # claim, user
    NO_USER_ID = "no_user_id"  # claims
    ROLES_MANAGER = "roles_manager"  # claim, roles
    ROLES_OTHER = "roles_other"  # claim, roles
    ROLES_UNKNOWN = "roles_unknown"  # claim, roles
    NO_ROLES = "no_roles"
    # Clocks
    CLOCKS_AGREE = "clocks_agree"  # seconds
    DESK_AHEAD = "desk_ahead"  # minutes
    DESK_BEHIND = "desk_behind"  # minutes
    NO_CLOCK = "no_clock"
    # A list, an order
    READ = "read"  # count
    READ_CUT = "read_cut"  # count, megabytes, seconds
    READ_IN_PAGES = "read_in_pages"  # count
    READ_PART = "read_part"  # read, total, why
    READ_PART_MORE = "read_part_more"  # read, why
    NONE = "none"
    UNREAD = "unread"  # unread, total, reason
    NOT_A_LIST = "not_a_list"  # instead
    NOT_EXPECTED = "not_expected"  # reason
    ROUTE_FAILED = "route_failed"  # (its error's words)
    NOT_GIVEN = "not_given"  # fields
    NULL_PAID = "null_paid"  # count, total
    NULL_INSTALLMENTS = "null_installments"  # count, total
    PER_STORE = "per_store"  # records, days
    ORDER_READ = "order_read"  # order
    NO_ORDER = "no_order"  # store
    NO_PAID_ORDER = "no_paid_order"  # store
    ORDERS_NOT_READ = "orders_not_read"  # store
    # Searches
    FOUND = "found"  # count, term
    FOUND_NONE = "found_none"  # term
    NO_MATCH_EMPTY = "no_match_empty"  # term
    NO_MATCH_404 = "no_match_404"  # term
    NO_NAME = "no_name"
    # How the service writes what the interface leaves open
    TIMES_UTC = "times_utc"  # fields
    TIMES_OFFSET = "times_offset"  # fields, offsets
    TIMES_NAIVE = "times_naive"  # fields, example
    TIMES_NAIVE_IT = "times_naive_it"  # fields, example, zone
    TIMES_NAIVE_NO_ZONE = "times_naive_no_zone"  # fields, example, zone (no such zone)
    TIMES_DAYS = "times_days"  # fields
    TIMES_NUMBERS = "times_numbers"  # fields
    MONEY_NUMBERS = "money_numbers"
    MONEY_STRINGS = "money_strings"  # example
    MONEY_NOISE = "money_noise"  # count, example
