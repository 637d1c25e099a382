"""CPF and CNPJ formatting and masking, with property tests."""

from __future__ import annotations

import string

from hypothesis import given
from hypothesis import strategies as st
from stdnum.br import cnpj, cpf

from desktop_app.core.documents import compact, format_document, kind, mask_document


def _cpf(body: str) -> str:
    digits = [int(d) for d in body]
    for start in (10, 11):
        digits.append((11 - sum((start - i) * d for i, d in enumerate(digits))) % 11 % 10)
    return "".join(map(str, digits))


# A CPF of one repeated digit is invalid by the Receita Federal's rule, check digits aside.
cpfs = (
    st.text(alphabet=string.digits, min_size=9, max_size=9)
    .map(_cpf)
    .filter(lambda v: len(set(v)) > 1)
)
cnpjs = st.text(alphabet=string.digits + string.ascii_uppercase, min_size=12, max_size=12).map(
    lambda base: base + cnpj.calc_check_digits(base)
)


@given(cpfs)
def test_cpf_format_round_trips(value: str) -> None:
    shown = format_document(value)
    assert len(shown) == 14 and shown[3] == "." and shown[7] == "." and shown[11] == "-"
    assert compact(shown) == value and cpf.is_valid(shown) and kind(shown) == "CPF"


@given(cnpjs)
def test_cnpj_format_round_trips_including_alphanumeric(value: str) -> None:
    shown = format_document(value)
    assert len(shown) == 18 and shown[2] == "." and shown[6] == "." and shown[10] == "/"
    assert shown[15] == "-" and compact(shown) == value and kind(shown) == "CNPJ"


@given(st.one_of(cpfs, cnpjs))
def test_masking_hides_the_ends_and_keeps_the_shape(value: str) -> None:
    shown, hidden = format_document(value), mask_document(value)
    assert len(hidden) == len(shown)
    assert hidden.startswith("**") and hidden.endswith("-**")
    assert compact(hidden.replace("*", "")) != value  # not enough to use
    assert compact(hidden.replace("*", "")) in value  # enough to tell apart


def test_other_text_is_left_alone() -> None:
    assert format_document(" passport X123 ") == "passport X123"
    assert kind("123") == "" and mask_document("") == ""
