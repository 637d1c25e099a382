"""A certificate refused that could not be read (through a proxy, only the proxy sees it) is
said by what the refusal said alone (issue 88): it read "expired on (not readable) (issued by
(not readable))"."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from desktop_app import api
from desktop_app.gui.words.reasons import certificate_reason


@pytest.mark.parametrize("problem", list(api.CertificateProblem))
def test_a_certificate_not_read_is_said_without_what_was_not_read(
    qapp: QApplication, problem: api.CertificateProblem
) -> None:
    refused = api.CertificateError(problem, "certificate has expired", "pos.loja.example", None)
    said = certificate_reason(refused)
    assert "not readable" not in said
    assert "pos.loja.example" in said
    assert "could not be read from here" in said
