"""Card numbers are recognised in any disguise, by both guards (the app's and the sandbox's), and
the documents a field expects are not taken for one."""

from __future__ import annotations

import sys
import unicodedata
from collections.abc import Callable

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from stdnum import ean, luhn
from stdnum.br import cnpj

from desktop_app.api import card_numbers as app_cards
from desktop_app.core import cards as app_masking
from desktop_app.sandbox import cards as sandbox_cards

Guard = Callable[..., bool]
GUARDS = pytest.mark.parametrize(
    "guard",
    [app_cards.contains_card_number, sandbox_cards.has_card_number],
    ids=["app", "sandbox"],
)
REDACTED = app_cards.REDACTED
REDACTORS = pytest.mark.parametrize(
    "redact", [app_cards.redact, sandbox_cards.redact], ids=["app", "sandbox"]
)

# Unicode's decimal digits come in blocks of ten from a zero: every script's zero.
ZEROS = [c for c in range(sys.maxunicode + 1) if unicodedata.decimal(chr(c), None) == 0]


def with_check_digit(body: str) -> str:
    return body + luhn.calc_check_digit(body)


def separator() -> st.SearchStrategy[str]:
    """One character that is neither a letter nor a decimal digit."""
    return st.characters(exclude_categories=("Lu", "Ll", "Lt", "Lm", "Lo", "Nd", "Cs"))


@st.composite
def disguised(draw: st.DrawFn, digits: str) -> str:
    """``digits`` cut into groups, each pair joined by one separator, in any script's digits."""
    cuts = sorted(draw(st.sets(st.integers(1, len(digits) - 1), max_size=len(digits) - 1)))
    zero = draw(st.sampled_from(ZEROS))
    written = "".join(chr(zero + int(d)) for d in digits)
    groups = [written[a:b] for a, b in zip([0, *cuts], [*cuts, len(digits)], strict=True)]
    text = groups[0]
    for group in groups[1:]:
        text += draw(separator()) + group
    return text


card_numbers = st.text(alphabet="0123456789", min_size=12, max_size=18).map(with_check_digit)


def is_a_product_code(number: str) -> bool:
    """What the product search takes for a code: an EAN-13, or a GTIN, or an EAN-13 or UPC-A
    with its 2- or 5-digit add-on, that no card scheme issues."""
    if len(number) == 13 and ean.is_valid(number):
        return True
    coded = len(number) in (8, 12, 14) and ean.is_valid(number)
    add_on = any(len(number) - n in (12, 13) and ean.is_valid(number[:-n]) for n in (2, 5))
    return (coded or add_on) and not app_cards.scheme_card(number)


def scheme_card_of(prefix: str, length: int) -> st.SearchStrategy[str]:
    """Card numbers of a scheme: ``prefix``, then digits to ``length`` with the Luhn digit."""
    middle = st.text(alphabet="0123456789", min_size=length - len(prefix) - 1,
                     max_size=length - len(prefix) - 1)  # fmt: skip
    return middle.map(lambda digits: with_check_digit(prefix + digits))


SCHEME_CARDS = st.one_of(
    scheme_card_of("4", 16), scheme_card_of("4", 19), scheme_card_of("51", 16),
    scheme_card_of("2221", 16), scheme_card_of("37", 15), scheme_card_of("636368", 16),
    scheme_card_of("606282", 16), scheme_card_of("36", 14), scheme_card_of("6011", 16),
    scheme_card_of("3530", 16),
)  # fmt: skip
WIDE_SEPARATORS = st.text(
    alphabet=st.characters(
        exclude_categories=("Lu", "Ll", "Lt", "Lm", "Lo", "Nd", "No", "Nl", "Cs", "Cf"),
        exclude_characters=",;\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029",
    ),
    min_size=2,
    max_size=3,
)


@GUARDS
@given(data=st.data(), number=card_numbers)
def test_a_card_number_in_any_disguise_is_refused(
    guard: Guard, data: st.DataObject, number: str
) -> None:
    text = data.draw(disguised(number))
    before = data.draw(st.sampled_from(["", "card ", "nsu: ", "x"]))
    after = data.draw(st.sampled_from(["", " ok", ".", "y"]))
    assert guard(before + text + after)
    assert guard(text, barcodes=True) or is_a_product_code(number)
    # Alone: a letter in front of 13 digits can make a valid 2026 alphanumeric CNPJ.
    assert guard(text, documents=True) or cnpj.is_valid(number)


@GUARDS
@pytest.mark.parametrize("text", ["12345678000195:0", "1:12345678000195", "12.345.678/0001-95.0"])
def test_a_valid_cnpj_does_not_hide_the_card_it_is_most_of(guard: Guard, text: str) -> None:
    # 123456780001950 and 112345678000195 pass Luhn: a card number, written as a CNPJ and more.
    assert guard(text, documents=True)
    assert not guard("12.345.678/0001-95", documents=True)  # the CNPJ alone is a document


@GUARDS
@given(number=card_numbers, month=st.integers(1, 12), year=st.integers(0, 99))
def test_a_card_number_pasted_with_its_expiry_is_refused(
    guard: Guard, number: str, month: int, year: int
) -> None:
    grouped = " ".join(number[i : i + 4] for i in range(0, len(number), 4))
    assert guard(f"{grouped} {month:02d}/{year:02d}")


@GUARDS
@given(body=st.text(alphabet="0123456789", min_size=12, max_size=18))
def test_a_wrong_check_digit_is_not_a_card(guard: Guard, body: str) -> None:
    good = with_check_digit(body)
    wrong = good[:-1] + str((int(good[-1]) + 1) % 10)
    assume(not app_cards.glued_card(wrong))  # a scheme's card inside, with a digit glued on
    assert not guard(wrong)


@GUARDS
@pytest.mark.parametrize(
    "text",
    [
        "4111 1111 1111 1111", "4111-1111-1111-1111", "4111.1111.1111.1111",
        "4111_1111_1111_1111", "4111/1111/1111/1111", "4111\u00a01111\u00a01111\u00a01111",
        "4111\u20091111\u20091111\u20091111", "4111\t1111\t1111\t1111",
        "４１１１１１１１１１１１１１１１", "٤١١١١١١١١١١١١١١١",
        "4111\u200b1111\u200b\u200b1111 1111", "nsu 4111111111111111", "x5555555555554444.",
        "4111 1111 1111 1111 12/28",
    ],
)  # fmt: skip
def test_the_disguises_people_use_are_refused(guard: Guard, text: str) -> None:
    assert guard(text)


@GUARDS
@pytest.mark.parametrize(
    "text",
    [
        "4111  1111  1111  1111", "4111 - 1111 - 1111 - 1111", "4111 / 1111 / 1111 / 1111",
        "4111\u31641111\u31641111\u31641111", "4111\uffa01111\uffa01111\uffa01111",
        "4111\u115f1111\u115f1111\u115f1111", "4111\u28001111\u28001111\u28001111",
        "41111111111111111228", "4111111111111111123", "994111111111111111",
        "0000004111111111111111", "5555555555554444 1228", "4111%252F1111%252F1111%252F1111",
        "4111%25252F1111%25252F1111%25252F1111", "card: 4111 . 1111 . 1111 . 1111!",
        "4111Ⅻ1111Ⅻ1111Ⅻ1111", "4111²1111²1111²1111",  # other numerals between groups
        "41\u2060\u2060\u2060\u206011111111111111",  # invisible, so no separator: one group
    ],
)  # fmt: skip
def test_the_forms_that_slipped_through_are_refused(guard: Guard, text: str) -> None:
    assert guard(text)
    assert guard(text, barcodes=True) and guard(text, documents=True)


@GUARDS
@given(data=st.data(), number=SCHEME_CARDS)
def test_a_card_joined_by_two_or_three_separators_is_refused(
    guard: Guard, data: st.DataObject, number: str
) -> None:
    cuts = sorted(data.draw(st.sets(st.integers(1, len(number) - 1), min_size=1, max_size=5)))
    groups = [number[a:b] for a, b in zip([0, *cuts], [*cuts, len(number)], strict=True)]
    text = groups[0]
    for group in groups[1:]:
        text += data.draw(WIDE_SEPARATORS) + group
    assert guard(text), text


LONG_SEPARATORS = st.text(
    alphabet=st.characters(
        exclude_categories=("Lu", "Ll", "Lt", "Lm", "Lo", "Nd", "No", "Nl", "Cs", "Cf"),
        exclude_characters=",;\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029",
    ),
    min_size=4,
    max_size=12,
)
PRINTED = st.one_of(
    st.tuples(st.one_of(scheme_card_of("4", 16), scheme_card_of("51", 16),
                        scheme_card_of("636368", 16)), st.just((4, 4, 4, 4))),
    st.tuples(scheme_card_of("37", 15), st.just((4, 6, 5))),
    st.tuples(scheme_card_of("36", 14), st.just((4, 6, 4))),
    st.tuples(scheme_card_of("4", 19), st.just((4, 4, 4, 4, 3))),
    st.tuples(scheme_card_of("4", 13), st.just((4, 4, 4, 1))),
)  # fmt: skip


@GUARDS
@given(data=st.data(), printed=PRINTED)
def test_a_card_in_its_printed_groups_is_refused_however_long_its_separators(
    guard: Guard, data: st.DataObject, printed: tuple[str, tuple[int, ...]]
) -> None:
    """Issue 89: four or more separators between groups passed both rules (a cashier who
    presses space twice around a dash makes five)."""
    number, shape = printed
    ends = [sum(shape[: n + 1]) for n in range(len(shape))]
    groups = [number[a:b] for a, b in zip([0, *ends], ends, strict=False)]
    text = groups[0]
    for group in groups[1:]:
        text += data.draw(LONG_SEPARATORS) + group
    assert guard(text), text
    assert guard(text, barcodes=True) or is_a_product_code(number)  # a 13-digit EAN, there
    assert guard(text, documents=True)


@GUARDS
@pytest.mark.parametrize(
    "text",
    [
        "4111....1111....1111....1111", "4111    1111    1111    1111",
        "4111 -- 1111 -- 1111 -- 1111", "4111  -  1111  -  1111  -  1111",
        "4111\u3164\u3164\u3164\u31641111\u3164\u3164\u3164\u31641111\u3164\u3164\u3164\u31641111",
        "4111\t\t\t\t1111\t\t\t\t1111\t\t\t\t1111", "3782 -- 822463 -- 10005",
        "4000    0000    0000    0000    006", "4222    2222    2222    2",
    ],
)  # fmt: skip
def test_the_wide_spaced_forms_that_slipped_through_are_refused(guard: Guard, text: str) -> None:
    assert guard(text)
    assert guard(text, barcodes=True) and guard(text, documents=True)


@GUARDS
@pytest.mark.parametrize(
    "text", ["4222222222222", "4222 2222 2222 2", "4222  2222  2222  2", "4222 - 222 - 222 - 222"]
)
def test_a_thirteen_digit_visa_is_a_card_as_a_whole_run(guard: Guard, text: str) -> None:
    assert guard(text)


@GUARDS
@pytest.mark.parametrize("text", ["994222222222222", "4222222222222123", "42222222222221228"])
def test_a_thirteen_digit_visa_is_not_looked_for_inside_glued_digits(
    guard: Guard, text: str
) -> None:
    """Glued forms ask for a scheme's card: a 13-digit Visa there would double the refusals of
    16-digit identifiers and CNPJs (docs/cards.md)."""
    assert not guard(text)


@GUARDS
@given(
    number=SCHEME_CARDS,
    month=st.integers(1, 12),
    year=st.integers(0, 99),
    code=st.text(alphabet="0123456789", min_size=3, max_size=3),
    front=st.one_of(st.text(alphabet="0123456789", min_size=1, max_size=2),
                    st.integers(1, 6).map(lambda n: "0" * n)),
)  # fmt: skip
def test_a_card_with_its_expiry_code_or_digits_glued_on_is_refused(
    guard: Guard, number: str, month: int, year: int, code: str, front: str
) -> None:
    for glued in (
        f"{number}{month:02d}{year:02d}", f"{number}{year:02d}{month:02d}",
        f"{number}{month:02d}20{year:02d}", number + code, front + number,
    ):  # fmt: skip
        assert guard(glued), glued
        assert guard(glued, documents=True)


@GUARDS
@given(body=st.text(alphabet="0123456789", min_size=43, max_size=43), joint=st.sampled_from(
    [" ", "  ", " - ", ".", "-"]))  # fmt: skip
def test_an_nfe_key_is_no_card_however_its_groups_are_joined(
    guard: Guard, body: str, joint: str
) -> None:
    key = nfe_key(body)
    assert not guard(joint.join(key[i : i + 4] for i in range(0, 44, 4)))
    assert not guard(f"Chave de acesso: {key}. Obrigado!")


@GUARDS
@pytest.mark.parametrize(
    "text",
    [
        "1234", "000123", "CPF 390.533.447-05", "123456789012", "", "41111111111111110000",
        "4111, 1111, 1111, 1111",  # a list's comma and space between groups: four numbers
        "4111 ;1111 ;1111 ;1111", "4111\n\n1111\n\n1111\n\n1111",
        # Long separators outside a card's printed shape: columns lined up by eye.
        "4111    11111111    1111", "41111    1111    1111    111", "4111 -- 1111 -- 1111 -- 1112",
        "+55 (11) 98765-4321", "1234567891234567890123",
        "R$ 1.622,74", "4111a1111b1111c1111",
    ],
)  # fmt: skip
def test_other_numbers_are_not_cards(guard: Guard, text: str) -> None:
    assert not guard(text)


@GUARDS
@given(nsu=st.text(alphabet="0123456789", min_size=12, max_size=12))
def test_a_twelve_digit_nsu_is_never_a_card(guard: Guard, nsu: str) -> None:
    assert not guard(nsu)


def nfe_key(body: str) -> str:
    total = sum(int(d) * (2 + i % 8) for i, d in enumerate(reversed(body)))
    return body + ("0" if total % 11 < 2 else str(11 - total % 11))


@GUARDS
@given(body=st.text(alphabet="0123456789", min_size=43, max_size=43))
def test_an_nfe_access_key_is_a_key_whole_or_in_groups_of_four(guard: Guard, body: str) -> None:
    key = nfe_key(body)
    assert app_cards.nfe_key_is_valid(key)
    assert not guard(key)
    assert not guard(" ".join(key[i : i + 4] for i in range(0, 44, 4)))


@GUARDS
@given(body=st.text(alphabet="0123456789", min_size=12, max_size=12))
def test_a_gtin_13_is_a_barcode_in_the_product_search(guard: Guard, body: str) -> None:
    code = body + ean.calc_check_digit(body)
    assert not guard(code, barcodes=True)
    assert not guard(f"scan {code}", barcodes=True)


@GUARDS
@given(
    base=st.text(alphabet="0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ", min_size=12, max_size=12),
    formatted=st.booleans(),
)
def test_a_valid_cnpj_is_a_document_in_the_customer_search(
    guard: Guard, base: str, formatted: bool
) -> None:
    document = base + cnpj.calc_check_digits(base)
    assume(cnpj.is_valid(document))  # not all zeros
    text = cnpj.format(document) if formatted else document
    assert not guard(text, documents=True)
    assert not guard(f"CNPJ {text}", documents=True)


# Valid CNPJs whose 14 digits also pass Luhn (one in ten does).
CNPJS_PASSING_LUHN = ("29141777000158", "64023592000140", "16225199000196")


@GUARDS
@pytest.mark.parametrize("document", CNPJS_PASSING_LUHN)
def test_a_cnpj_passing_luhn_is_a_card_anywhere_else(guard: Guard, document: str) -> None:
    assert cnpj.is_valid(document) and luhn.is_valid(document)
    assert guard(document) and guard(cnpj.format(document))
    assert not guard(document, documents=True) and not guard(cnpj.format(document), documents=True)


# Brazilian EAN-13 product codes (prefix 789, valid GTIN check digit) that also pass Luhn.
EAN13_PASSING_LUHN = ("7899935181907", "7895075291704", "7895632122335")


@GUARDS
@pytest.mark.parametrize("code", EAN13_PASSING_LUHN)
def test_a_barcode_is_a_card_anywhere_else(guard: Guard, code: str) -> None:
    assert guard(code) and not guard(code, barcodes=True)


@GUARDS
@pytest.mark.parametrize("pan", ["4111111111111111", "4222222222222", "4111 1111 1111 1111"])
def test_card_numbers_stay_refused_where_documents_are_expected(guard: Guard, pan: str) -> None:
    assert guard(pan, barcodes=True) and guard(pan, documents=True)


@REDACTORS
@GUARDS
def test_a_percent_sign_between_groups_hides_no_card(
    redact: Callable[[str], str], guard: Guard
) -> None:
    # Percent-decoded, "%11" would be one character and take two of the number's digits along.
    text = "paid with 41%11111111111111 today"
    assert guard(text)
    assert not app_cards.contains_card_number(redact(text))


@REDACTORS
@given(data=st.data(), number=card_numbers)
def test_redaction_leaves_no_digit_of_the_card(
    redact: Callable[[str], str], data: st.DataObject, number: str
) -> None:
    text = data.draw(disguised(number))
    cleaned = redact(f"order 1234 paid with {text} today")
    assert not app_cards.contains_card_number(cleaned)
    assert "1234" in cleaned
    plain = app_cards.normalised(cleaned)
    assert number not in "".join(c for c in plain if c.isdigit())


@GUARDS
@pytest.mark.parametrize(
    "glued",
    ["1399", "9913", "132026", "992026", "99201", "99"],
    ids=["month-13", "month-13-after", "month-13-long", "month-99-long", "five", "two"],
)
def test_digits_glued_after_a_card_that_are_no_code_nor_expiry_make_no_card(
    guard: Guard, glued: str
) -> None:
    """A card's expiry glued on is MMYY, YYMM or MMYYYY with a month of 1 to 12, its code three
    digits (four for American Express): other digits after a card make another number."""
    assert not guard("4111111111111111" + glued)


@GUARDS
def test_an_american_express_card_with_its_four_digit_code_glued_on_is_refused(
    guard: Guard,
) -> None:
    assert guard("378282246310005" + "9999")  # no month either way: the code alone says so


@GUARDS
def test_a_card_after_an_nfe_key_in_the_same_run_is_refused(guard: Guard) -> None:
    """The key is taken out as a document; the card right after it is still read whole."""
    assert guard(nfe_key("3" * 43) + " 4111 1111 1111 1111")


def test_a_cnpj_passing_luhn_is_redacted_from_a_log_line() -> None:
    """Only the customer search takes a CNPJ for a document: a log line is redacted by the card
    rule alone."""
    for document in CNPJS_PASSING_LUHN:
        assert app_cards.redact(f"customer {document}") == f"customer {REDACTED}"


def test_a_document_check_reads_only_its_own_length_of_digits() -> None:
    key = nfe_key("3" * 43)
    assert app_cards.nfe_key_is_valid(key)
    assert not app_cards.nfe_key_is_valid(nfe_key("3" * 42))  # right check digit, 43 digits
    assert not app_cards.nfe_key_is_valid(nfe_key("3" * 44))
    assert not app_cards.nfe_key_is_valid(key[:-1] + "x")
    assert not app_cards.boleto_line_is_valid("x" * 47)
    assert app_cards.boleto_line_is_valid(utility_slip("8"))
    assert not app_cards.boleto_line_is_valid(utility_slip("9"))  # each block right, not led by 8


def utility_slip(lead: str) -> str:
    """A utility's typed line led by ``lead``: four blocks of eleven digits, each followed by
    its FEBRABAN modulo-10 digit (the third digit, 6, says modulo 10)."""
    body = lead + "26" + "1" * 41

    def modulo_10(block: str) -> str:
        products = [int(d) * (2 - i % 2) for i, d in enumerate(reversed(block))]
        return str(-sum(p // 10 + p % 10 for p in products) % 10)

    return "".join(b + modulo_10(b) for b in (body[i : i + 11] for i in range(0, 44, 11)))


def test_redaction_replaces_each_card_and_keeps_every_word_around_them() -> None:
    """A grouped run holding a card goes whole (its separators may join more digits to it);
    the words between and around stay as they were."""
    line = "paid 4111 1111 1111 1111 then 5555555555554444, order 100003"
    assert app_cards.redact(line) == f"paid {REDACTED} then {REDACTED}, order 100003"
    encoded = "GET /customers/4111%201111%201111%201111?and=5555555555554444, 400"
    assert app_cards.redact(encoded) == f"GET /customers/{REDACTED}?and={REDACTED}, 400"


def test_a_line_without_a_card_keeps_its_percent_encoding() -> None:
    """Decoding is how a card hidden in an address is found, not how a line is written."""
    line = "GET /customers/Jo%C3%A3o%20Silva%2520 -> 200"
    assert app_cards.redact(line) == line


def test_masked_form_and_last_four() -> None:
    assert app_masking.masked("4242") == "************4242"
    assert app_masking.masked("４２４２") == "************4242"
    assert app_masking.last_four("411111******1111") == "1111"
    with pytest.raises(ValueError, match="four digits"):
        app_masking.masked("424")
