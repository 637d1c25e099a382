"""The 44-digit access key of a Brazilian NF-e, for the sandbox's invoices."""

from __future__ import annotations

from datetime import datetime

STATE_CODE_SP = "35"
MODEL_NFE = "55"


def _check_digit(digits: str) -> str:
    # Modulo 11 with weights 2..9 from the right, as the NF-e manual prescribes.
    total = sum(int(d) * (2 + i % 8) for i, d in enumerate(reversed(digits)))
    remainder = total % 11
    return "0" if remainder < 2 else str(11 - remainder)


def access_key(issued: datetime, issuer_cnpj: str, series: str, number: int, code: int) -> str:
    """``cUF AAMM CNPJ mod série nNF tpEmis cNF`` plus its check digit: 44 digits."""
    body = (
        f"{STATE_CODE_SP}{issued:%y%m}{issuer_cnpj:0>14}{MODEL_NFE}{int(series):03d}"
        f"{number:09d}1{code % 10**8:08d}"
    )
    return body + _check_digit(body)
