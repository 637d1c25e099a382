"""The limits the README promises, each pinned at its edge from both sides: a change of the
constant either way fails here (the README says 1 MB, 4 MB and 2,048 characters)."""

from __future__ import annotations

from pathlib import Path

import pytest
import trustme

from desktop_app.api.address import AddressError, service_address
from desktop_app.api.trust import CertificateAuthorityError, tls_context
from desktop_app.process.files import (
    SETTINGS_FILE_BYTES,
    FileTooLargeError,
    file_problem,
    read_small_file,
)

MIB = 1024 * 1024


@pytest.mark.parametrize(("size", "read"), [(MIB, True), (MIB + 1, False)])
def test_a_settings_file_is_read_up_to_one_megabyte(tmp_path: Path, size: int, read: bool) -> None:
    """README: "a file over 1 MB is never opened"."""
    file = tmp_path / "pos-backoffice.conf"
    file.write_bytes(b"[service]\n" + b";" * (size - 10))
    problem = file_problem(file, SETTINGS_FILE_BYTES)
    assert (problem is None) is read
    if not read:
        assert isinstance(problem, FileTooLargeError)
        with pytest.raises(FileTooLargeError):
            read_small_file(file, SETTINGS_FILE_BYTES)


@pytest.mark.parametrize(("size", "read"), [(4 * MIB, True), (4 * MIB + 1, False)])
def test_an_authority_file_is_read_up_to_four_megabytes(
    tmp_path: Path, authority: trustme.CA, size: int, read: bool
) -> None:
    """README: the authority file "is read only when it is a regular file of at most 4 MB"."""
    pem = authority.cert_pem.bytes()
    file = tmp_path / "store-ca.pem"
    file.write_bytes(pem + b"\n" * (size - len(pem)))  # text around PEM blocks is allowed
    if read:
        tls_context(file)
    else:
        with pytest.raises(CertificateAuthorityError):
            tls_context(file)


@pytest.mark.parametrize(("length", "taken"), [(2048, True), (2049, False)])
def test_an_address_is_taken_up_to_2048_characters(length: int, taken: bool) -> None:
    """README: "an address is at most 2,048 characters"."""
    start = "https://pos.loja/api/v1/"
    text = start + "a" * (length - len(start))
    assert len(text) == length
    if taken:
        assert service_address(text)
    else:
        with pytest.raises(AddressError):
            service_address(text)
