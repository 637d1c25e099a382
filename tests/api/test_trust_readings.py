"""How the desk reads a certificate, whatever shape it comes in (issue 98: the lines of
api/trust.py no test reached): an authority of the old kind (no basic constraints, signed by
itself), a server's certificate without them handed out as the authority, an issuer with
neither a common name nor an organisation, bytes that are no certificate, and the words of a
verifier that gives no OpenSSL code (the system's own, through truststore)."""

from __future__ import annotations

import ssl
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from desktop_app import api
from desktop_app.api.trust import CertificateProblem, described, problem_of, tls_context

KEY = ec.generate_private_key(ec.SECP256R1())


def certificate(subject: x509.Name, issuer: x509.Name) -> bytes:
    """A certificate of ``subject`` signed as ``issuer``, with no extension at all (as old
    authorities and some appliances' certificates are), as PEM."""
    now = datetime.now(UTC)
    made = (
        x509.CertificateBuilder()
        .subject_name(subject)
        .issuer_name(issuer)
        .public_key(KEY.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - timedelta(days=1))
        .not_valid_after(now + timedelta(days=30))
        .sign(KEY, hashes.SHA256())
    )
    return made.public_bytes(serialization.Encoding.PEM)


def name(**parts: str) -> x509.Name:
    oids = {"cn": NameOID.COMMON_NAME, "o": NameOID.ORGANIZATION_NAME, "ou": NameOID.ORGANIZATIONAL_UNIT_NAME, "c": NameOID.COUNTRY_NAME}  # fmt: skip
    return x509.Name([x509.NameAttribute(oids[key], value) for key, value in parts.items()])


def test_an_authority_of_the_old_kind_signed_by_itself_is_taken(tmp_path: Path) -> None:
    old = name(cn="Loja Antiga CA", o="Loja")
    path = tmp_path / "ca.pem"
    path.write_bytes(certificate(old, old))
    assert isinstance(tls_context(str(path)), ssl.SSLContext)


def test_a_servers_certificate_without_constraints_handed_out_as_the_authority_is_said(
    tmp_path: Path,
) -> None:
    """Issued by another, it is no authority: said with whose it is, before any call."""
    path = tmp_path / "ca.pem"
    path.write_bytes(certificate(name(cn="pos.loja"), name(cn="Loja CA")))
    with pytest.raises(api.CertificateAuthorityError) as refused:
        tls_context(str(path))
    assert refused.value.problem is api.AuthorityProblem.NOT_AN_AUTHORITY
    whose = refused.value.certificate
    assert whose is not None and whose.subject == "CN=pos.loja" and whose.issuer_name == "Loja CA"


def test_an_issuer_with_neither_common_name_nor_organisation_is_named_whole() -> None:
    issuer = name(ou="TI", c="BR")
    der = x509.load_pem_x509_certificate(certificate(name(cn="pos.loja"), issuer)).public_bytes(
        serialization.Encoding.DER
    )
    said = described(der)
    assert said is not None
    assert said.issuer_name == said.issuer and "TI" in said.issuer and "BR" in said.issuer


def test_bytes_that_are_no_certificate_are_described_as_none() -> None:
    assert described(b"\x30\x03\x02\x01\x00 not a certificate") is None


@pytest.mark.parametrize(
    ("message", "problem"),
    [
        (
            "Hostname mismatch, certificate is not valid for 'pos.loja'",
            CertificateProblem.WRONG_NAME,
        ),
        ("The certificate is not valid for the requested usage", CertificateProblem.WRONG_NAME),
        ("certificate has expired", CertificateProblem.EXPIRED),
        ("A certificate chain could not be built to a trusted root", CertificateProblem.OTHER),
    ],
)
def test_a_verifier_without_openssls_codes_is_read_by_its_words(
    message: str, problem: CertificateProblem
) -> None:
    """The system's own verifier (Windows' chain engine, through truststore) says why in
    words, with no OpenSSL code: read by them, else said as another problem."""
    failure = ssl.SSLCertVerificationError(1, message)
    assert problem_of(failure) is problem
