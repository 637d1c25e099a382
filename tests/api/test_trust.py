"""Trust over real TLS on 127.0.0.1: the store's own authority, added to the system's store.

Every test here runs as on a store's desk (``no_machine_trust``): none of this machine's
certificate variables, which would otherwise decide the outcome.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import trustme

from desktop_app import api
from desktop_app.api.trust import read_certificate
from desktop_app.sandbox.server import SandboxServer
from tests.conftest import SMALL, tls_files
from tests.helpers import ScriptedServer, run
from tests.platforms import not_judged_by_wine

pytestmark = pytest.mark.usefixtures("no_machine_trust")


async def _stores(server: SandboxServer, **options: object) -> int:
    async with api.ApiClient(server.base_url, server.token(), **options) as client:  # type: ignore[arg-type]
        return len(await client.list_stores())


@not_judged_by_wine
def test_a_store_authority_is_refused_until_it_is_given(tls_sandbox: SandboxServer) -> None:
    with pytest.raises(api.CertificateError) as refused:
        run(_stores(tls_sandbox))
    error = refused.value
    assert error.problem is api.CertificateProblem.UNKNOWN_AUTHORITY
    # The message names the certificate: read by a second handshake that sent nothing.
    assert error.certificate is not None
    assert "Loja Teste Autoridade" in error.certificate.issuer
    assert error.host == "127.0.0.1"


@not_judged_by_wine
def test_the_authority_file_is_trusted_in_addition(
    tls_sandbox: SandboxServer, authority_file: Path
) -> None:
    assert run(_stores(tls_sandbox, ca_file=str(authority_file))) == SMALL.stores


@not_judged_by_wine
def test_an_authority_exported_by_windows_der_is_read_too(
    tls_sandbox: SandboxServer, authority: trustme.CA, tmp_path: Path
) -> None:
    from cryptography import x509
    from cryptography.hazmat.primitives.serialization import Encoding

    der = tmp_path / "store-ca.cer"
    pem = authority.cert_pem.bytes()
    der.write_bytes(x509.load_pem_x509_certificate(pem).public_bytes(Encoding.DER))
    assert run(_stores(tls_sandbox, ca_file=str(der))) == SMALL.stores


@not_judged_by_wine
def test_the_authority_given_later_applies_to_the_next_call(
    tls_sandbox: SandboxServer, authority_file: Path
) -> None:
    async def scenario() -> int:
        async with api.ApiClient(tls_sandbox.base_url, tls_sandbox.token()) as client:
            with pytest.raises(api.CertificateError):
                await client.list_stores()
            client.set_ca_file(str(authority_file))
            return len(await client.list_stores())

    assert run(scenario()) == SMALL.stores


@not_judged_by_wine
def test_a_certificate_for_another_name_is_refused_even_from_the_authority(
    tmp_path: Path, authority: trustme.CA, authority_file: Path
) -> None:
    cert, key = tls_files(authority, tmp_path, "pos.loja.example")
    server = SandboxServer(tmp_path / "s.sqlite3", SMALL, tls_cert=cert, tls_key=key)
    with server, pytest.raises(api.CertificateError) as refused:
        run(_stores(server, ca_file=str(authority_file)))
    assert refused.value.problem is api.CertificateProblem.WRONG_NAME
    assert refused.value.certificate is not None
    assert refused.value.certificate.names == ("pos.loja.example",)


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (None, api.AuthorityProblem.UNREADABLE),
        (b"not a certificate at all", api.AuthorityProblem.NO_CERTIFICATE),
        (b"-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n", None),
    ],
)
def test_an_authority_file_that_cannot_be_used_refuses_every_call_and_sends_nothing(
    scripted: ScriptedServer, tmp_path: Path, content: bytes | None, problem: object
) -> None:
    path = tmp_path / "ca.pem"
    if content is not None:
        path.write_bytes(content)

    async def scenario() -> None:
        async with api.ApiClient(scripted.base_url, "t", ca_file=str(path)) as client:
            await client.list_stores()

    with pytest.raises(api.CertificateAuthorityError) as refused:
        run(scenario())
    if problem is not None:
        assert refused.value.problem is problem
    assert scripted.requests == []


def test_reading_a_certificate_of_a_plain_http_service_gives_none(
    scripted: ScriptedServer,
) -> None:
    assert run(read_certificate("127.0.0.1", scripted.port, seconds=5)) is None
