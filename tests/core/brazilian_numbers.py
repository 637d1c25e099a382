"""Brazil's everyday numbers, as people type and paste them: what the card rule must leave alone.

Each generator makes one number of its kind from a seeded ``random.Random``, with valid check
digits wherever the kind has them, in the forms it is written (grouped, bare, with its usual
punctuation). ``KINDS`` names them with the field they are typed into: ``barcodes`` for the
product search, ``documents`` for the customer search, neither for any other field.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from stdnum import ean
from stdnum.br import cnpj, cpf

DIGITS = "0123456789"
# The states' IBGE codes (the first two digits of an NF-e key).
STATES = (11, 12, 13, 14, 15, 16, 17, 21, 22, 23, 24, 25, 26, 27, 28, 29, 31, 32, 33, 35, 41,
          42, 43, 50, 51, 52, 53)  # fmt: skip
AREA_CODES = (11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 24, 27, 31, 41, 47, 48, 51, 61, 62,
              71, 81, 85, 91, 92, 98)  # fmt: skip
BANKS = ("001", "033", "104", "237", "341", "748", "756", "077", "260", "336")
GS1_PREFIXES = ("789", "790", "400", "450", "500", "540", "560", "690", "760", "840", "880")


def digits(r: random.Random, count: int) -> str:
    return "".join(r.choice(DIGITS) for _ in range(count))


def grouped(text: str, size: int, separator: str = " ") -> str:
    return separator.join(text[i : i + size] for i in range(0, len(text), size))


def a_cpf(r: random.Random) -> str:
    number = digits(r, 9)
    number += cpf._calc_check_digits(number)  # stdnum names it private
    return cpf.format(number) if r.random() < 0.5 else number


def a_cnpj(r: random.Random) -> str:
    base = digits(r, 8) + r.choice(("0001", "0002", digits(r, 4)))
    number = base + cnpj.calc_check_digits(base)
    return cnpj.format(number) if r.random() < 0.5 else number


def an_alphanumeric_cnpj(r: random.Random) -> str:
    alphabet = DIGITS + "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    base = "".join(r.choice(alphabet) for _ in range(8)) + r.choice(("0001", digits(r, 4)))
    number = base + cnpj.calc_check_digits(base)
    return cnpj.format(number) if r.random() < 0.5 else number


def modulo_11(body: str) -> str:
    total = sum(int(d) * (2 + i % 8) for i, d in enumerate(reversed(body)))
    return "0" if total % 11 < 2 else str(11 - total % 11)


def an_nfe_key(r: random.Random) -> str:
    issuer = digits(r, 12)
    issuer += cnpj.calc_check_digits(issuer)
    body = (
        f"{r.choice(STATES)}{r.randint(20, 26):02d}{r.randint(1, 12):02d}{issuer}"
        f"{r.choice(('55', '65'))}{r.randint(1, 999):03d}{r.randint(1, 999_999_999):09d}"
        f"{r.choice('1679')}{digits(r, 8)}"
    )
    key = body + modulo_11(body)
    return grouped(key, 4) if r.random() < 0.5 else key


def modulo_10(body: str) -> str:
    total = 0
    for position, char in enumerate(reversed(body)):
        product = int(char) * (2 if position % 2 == 0 else 1)
        total += product // 10 + product % 10
    return str((10 - total % 10) % 10)


def a_bank_slip_line(r: random.Random) -> str:
    """A bank slip's typed line (47 digits), as printed: five fields with dots and spaces."""
    bank = r.choice(BANKS) + "9"
    due_and_value = f"{r.randint(1000, 9999)}{r.randint(100, 99_999_999):010d}"
    free = digits(r, 25)
    bar_body = bank + due_and_value + free
    total = sum(int(d) * (2 + i % 8) for i, d in enumerate(reversed(bar_body)))
    general = 11 - total % 11
    general = 1 if general in (0, 10, 11) else general
    field_1 = bank + free[:5]
    field_2 = free[5:15]
    field_3 = free[15:25]
    line = (
        field_1 + modulo_10(field_1) + field_2 + modulo_10(field_2) + field_3
        + modulo_10(field_3) + str(general) + due_and_value
    )  # fmt: skip
    if r.random() < 0.5:
        return line
    return (
        f"{line[0:5]}.{line[5:10]} {line[10:15]}.{line[15:21]} {line[21:26]}.{line[26:32]} "
        f"{line[32]} {line[33:]}"
    )


def a_utility_slip_line(r: random.Random) -> str:
    """A utility or tax slip's line (48 digits): four blocks of eleven, each with its digit."""
    value_kind = r.choice("6789")
    body = "8" + r.choice("123456789") + value_kind + digits(r, 41)
    blocks = [body[i : i + 11] for i in range(0, 44, 11)]
    check = modulo_10 if value_kind in "67" else modulo_11
    written = [block + check(block) for block in blocks]
    if r.random() < 0.5:
        return "".join(written)
    return " ".join(f"{block[:11]}-{block[11]}" for block in written)


def a_gtin(r: random.Random) -> str:
    """A product code as a scanner or a label gives it: GTIN-8, -12, -13 or -14; a UPC-A or
    EAN-13 with a 2- or 5-digit add-on now and then, glued on or after a space."""
    length = r.choice((8, 12, 13, 13, 13, 14))
    body = r.choice(GS1_PREFIXES) + digits(r, 9) if length == 13 else digits(r, length - 1)
    code = body + ean.calc_check_digit(body)
    takes_add_on = length in (12, 13)  # only UPC-A and EAN-13 have add-on symbols
    add_on = r.choice(("", "", digits(r, 2), digits(r, 5))) if takes_add_on else ""
    return code + r.choice(("", " ")) + add_on if add_on else code


def a_phone_number(r: random.Random) -> str:
    area = r.choice(AREA_CODES)
    mobile = r.random() < 0.7
    first, second = (f"9{digits(r, 4)}", digits(r, 4)) if mobile else (digits(r, 4), digits(r, 4))
    forms = (
        f"({area}) {first}-{second}", f"+55 {area} {first}-{second}",
        f"+55 ({area}) {first}-{second}", f"{area}{first}{second}", f"55{area}{first}{second}",
        f"+55{area}{first}{second}", f"{area} {first} {second}", f"0{area} {first}-{second}",
    )  # fmt: skip
    return r.choice(forms)


def an_nsu_or_tid(r: random.Random) -> str:
    """A terminal's transaction number (NSU) or identifier (TID): 6 to 20 digits."""
    return digits(r, r.randint(6, 20))


def a_marketplace_order(r: random.Random) -> str:
    """A marketplace's order number, 16 to 20 digits as the largest ones in Brazil print them:
    Mercado Livre's 16 from 2000, Amazon's 3-7-7, AliExpress's 16 from 8 or 3, TikTok Shop's 18
    from 57."""
    return r.choice((
        lambda: "2000" + digits(r, 12),
        lambda: f"{r.choice(('70', '11'))}{r.randint(1, 4)}-{digits(r, 7)}-{digits(r, 7)}",
        lambda: r.choice("83") + digits(r, 15),
        lambda: "57" + digits(r, 16),
    ))()  # fmt: skip


def a_number_of_16_to_20_digits(r: random.Random) -> str:
    """Any other identifier of 16 to 20 digits, random: not in :data:`KINDS`. A card with two
    digits glued in front is found in about one in fifty random 18-digit numbers, so no rule
    that takes ``994111…`` keeps these within a point of the former rule (docs/cards.md)."""
    return str(r.randint(1, 9)) + digits(r, r.randint(15, 19))


def a_list_of_orders(r: random.Random) -> str:
    """Order numbers pasted as a list: "10234, 10235, 10236"."""
    count = r.randint(2, 8)
    numbers = [str(r.randint(1, 999_999)) for _ in range(count)]
    return r.choice((", ", ",", "; ", " , ")).join(numbers)


def a_wide_gap(r: random.Random) -> str:
    """What lies between two cells a person lined up by eye, or a spreadsheet left empty: a run
    of spaces or of tabs (two to eight), or a dash with spaces around it."""
    return r.choice((" " * r.randint(2, 8), "\t" * r.randint(2, 5), " -- ", "  -  "))


def a_wide_spaced_list(r: random.Random) -> str:
    """Order numbers or product codes pasted from a report whose columns are lined up with
    runs of spaces or tabs: "10234      10235    4411"."""
    count = r.randint(2, 6)
    codes = [digits(r, r.choice((4, 4, 5, 6, 8))) for _ in range(count)]
    return "".join(code + a_wide_gap(r) for code in codes[:-1]) + codes[-1]


def a_spreadsheet_row(r: random.Random) -> str:
    """A row copied from a spreadsheet of sales: cells joined by tabs, some of them empty (one
    tab more each), with dates, order numbers, quantities, amounts and codes."""
    cells = [
        f"{r.randint(1, 28):02d}/{r.randint(1, 12):02d}/2026",
        str(r.randint(1000, 999_999)),
        *(r.choice(("", "", str(r.randint(1, 99)), digits(r, 4))) for _ in range(r.randint(2, 5))),
        f"{r.randint(1, 9999)},{digits(r, 2)}",
        r.choice(("", digits(r, 4), digits(r, 6))),
    ]
    return "\t".join(cells)


def an_nfe_key_spaced(r: random.Random) -> str:
    """An NF-e key in groups of four as a DANFE prints it, joined by two spaces or " - "."""
    key = an_nfe_key(r).replace(" ", "")
    return grouped(key, 4, r.choice(("  ", " - ")))


def a_phone_list(r: random.Random) -> str:
    """Phone numbers pasted as a list, lined up with runs of spaces or tabs, or slashes."""
    count = r.randint(2, 4)
    gap = r.choice((a_wide_gap(r), " / ", "  /  "))
    return gap.join(a_phone_number(r) for _ in range(count))


@dataclass(frozen=True)
class Kind:
    name: str
    make: Callable[[random.Random], str]
    barcodes: bool = False
    documents: bool = False
    in_the_former_measure: bool = True  # measured against the rule before the wider forms


KINDS = (
    Kind("CPF", a_cpf),
    Kind("CNPJ (customer search)", a_cnpj, documents=True),
    Kind("CNPJ (any field)", a_cnpj),
    Kind("alphanumeric CNPJ (customer search)", an_alphanumeric_cnpj, documents=True),
    Kind("alphanumeric CNPJ (any field)", an_alphanumeric_cnpj),
    Kind("NF-e key", an_nfe_key),
    Kind("bank slip line", a_bank_slip_line),
    Kind("utility slip line", a_utility_slip_line),
    Kind("GTIN (product search)", a_gtin, barcodes=True),
    Kind("GTIN (any field)", a_gtin),
    Kind("phone number", a_phone_number),
    Kind("NSU or TID", an_nsu_or_tid),
    Kind("marketplace order", a_marketplace_order),
    Kind("list of order numbers", a_list_of_orders),
    Kind(
        "codes lined up with runs of spaces or tabs",
        a_wide_spaced_list,
        in_the_former_measure=False,
    ),
    Kind("spreadsheet row", a_spreadsheet_row, in_the_former_measure=False),
    Kind("NF-e key in groups, widely joined", an_nfe_key_spaced, in_the_former_measure=False),
    Kind("list of phone numbers", a_phone_list, in_the_former_measure=False),
)
