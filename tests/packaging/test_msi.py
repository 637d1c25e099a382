"""The Windows installer as make msi makes it: built for real by wixl from a small folder and
signed by osslsigncode with a certificate made for the test; read back with msitools. (Its
install, upgrade and removal under Windows Installer itself: make msi-check.)"""

from __future__ import annotations

import datetime
import shutil
import struct
import subprocess
from pathlib import Path

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from cryptography.hazmat.primitives.serialization import pkcs12
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

from tests.helpers import packaging_tool

make_msi = packaging_tool("windows/make_msi")

FOLDER = (
    "pos-backoffice.exe",
    "pos-backoffice.com",
    "_internal/python311.dll",
    "_internal/PySide6/plugins/platforms/qwindows.dll",
)


def signing_certificate(folder: Path, name: str) -> tuple[Path, Path, Path]:
    """A code-signing certificate made for the test: the .pfx with its key, the file holding
    its password, and the certificate alone (what a desk would trust)."""
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, name)])
    now = datetime.datetime.now(datetime.UTC)
    certificate = (
        x509.CertificateBuilder()
        .subject_name(subject)
        .issuer_name(subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(days=1))
        .not_valid_after(now + datetime.timedelta(days=30))
        .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.CODE_SIGNING]), critical=False)
        .sign(key, hashes.SHA256())
    )
    password = b"the store keeps this apart"
    pfx = folder / f"{name}.pfx"
    pfx.write_bytes(
        pkcs12.serialize_key_and_certificates(
            name.encode(), key, certificate, None, serialization.BestAvailableEncryption(password)
        )
    )
    password_file = folder / f"{name}.password"
    password_file.write_bytes(password)
    public = folder / f"{name}.pem"
    public.write_bytes(certificate.public_bytes(serialization.Encoding.PEM))
    return pfx, password_file, public


def tool(name: str) -> str:
    """The Debian tool ``name`` (make setup-tests installs it: wixl, msitools, osslsigncode)."""
    found = shutil.which(name)
    assert found, f"{name} is not installed: make setup-tests installs it"
    return found


def table(msi: Path, name: str) -> list[dict[str, str]]:
    """A table of ``msi``, one dict a row, as msiinfo exports it."""
    exported = subprocess.run(
        [tool("msiinfo"), "export", str(msi), name], capture_output=True, text=True, check=True
    ).stdout.splitlines()
    columns = exported[0].split("\t")
    return [dict(zip(columns, line.split("\t"), strict=False)) for line in exported[3:]]


def verified(msi: Path, trusted: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [tool("osslsigncode"), "verify", "-CAfile", str(trusted), "-in", str(msi)],
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.fixture
def signed_msi(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    """A folder like the frozen program's packed as version 1.2.3~rc1 and signed: the MSI, and
    the certificate that signed it."""
    bundle = tmp_path / "bundle"
    for place in FOLDER:
        (bundle / place).parent.mkdir(parents=True, exist_ok=True)
        (bundle / place).write_bytes(place.encode())
    pfx, password_file, public = signing_certificate(tmp_path, "Loja Teste Assinatura")
    monkeypatch.setenv("MSI_SIGNING_PFX", str(pfx))
    monkeypatch.setenv("MSI_SIGNING_PASSWORD_FILE", str(password_file))
    monkeypatch.delenv("MSI_TIMESTAMP_URL", raising=False)
    unsigned = tmp_path / "unsigned.msi"
    make_msi.pack(bundle, "1.2.3~rc1", unsigned, tmp_path / "work")
    msi = tmp_path / "pos-backoffice-1.2.3~rc1-x64.msi"
    make_msi.sign(unsigned, msi, "POS Back-Office 1.2.3~rc1")
    return msi, public


def test_the_icon_holds_each_size_windows_draws(tmp_path: Path) -> None:
    icon = tmp_path / "pos-backoffice.ico"
    make_msi.windows_icon(icon)
    data = icon.read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", data)
    assert (reserved, kind, count) == (0, 1, len(make_msi.ICON_SIZES))
    for index, size in enumerate(make_msi.ICON_SIZES):
        width, height, _, _, planes, bits, length, offset = struct.unpack_from(
            "<BBBBHHII", data, 6 + 16 * index
        )
        assert (width or 256, height or 256, planes, bits) == (size, size, 1, 32)
        png = data[offset : offset + length]
        assert png.startswith(b"\x89PNG") and struct.unpack_from(">II", png, 16) == (size, size)


def test_a_version_is_the_three_numbers_windows_installer_compares() -> None:
    assert make_msi.product_version("1.2.3~rc1") == "1.2.3"
    assert make_msi.product_version("2.0") == "2.0.0"
    with pytest.raises(SystemExit, match="no version Windows Installer can compare"):
        make_msi.product_version("256.0.0")


@pytest.mark.usefixtures("processes")
def test_the_msi_installs_every_file_per_machine_and_replaces_an_older_version(
    signed_msi: tuple[Path, Path],
) -> None:
    msi, _ = signed_msi
    properties = {row["Property"]: row["Value"] for row in table(msi, "Property")}
    assert properties["ALLUSERS"] == "1"  # per machine: Program Files, every person's Start menu
    assert properties["ProductVersion"] == "1.2.3"
    assert properties["UpgradeCode"] == "{" + make_msi.UPGRADE_CODE + "}"
    # Any older version of the same UpgradeCode is found and removed before this one installs;
    # a newer one stops it (a downgrade says so).
    upgrades = {row["ActionProperty"]: row for row in table(msi, "Upgrade")}
    assert upgrades["WIX_UPGRADE_DETECTED"]["VersionMax"] == "1.2.3"
    assert upgrades["WIX_DOWNGRADE_DETECTED"]["VersionMin"] == "1.2.3"
    actions = {row["Action"] for row in table(msi, "InstallExecuteSequence")}
    assert "RemoveExistingProducts" in actions
    # The version in a folder of its own (an upgrade never needs a file a running desk holds),
    # "current" naming it and the prompt's launcher beside: Program Files\POS Back-Office.
    installed = sorted(row["FileName"].split("|")[-1] for row in table(msi, "File"))
    assert installed == sorted(
        [*(Path(place).name for place in FOLDER), "current", "pos-backoffice.cmd"]
    )
    folders = {row["Directory"]: row for row in table(msi, "Directory")}
    assert folders["INSTALLDIR"]["Directory_Parent"] == "ProgramFiles64Folder"
    assert folders["INSTALLDIR"]["DefaultDir"].split("|")[-1] == "POS Back-Office"
    assert folders["VERSIONS"]["Directory_Parent"] == "INSTALLDIR"
    assert folders["VERSIONDIR"]["Directory_Parent"] == "VERSIONS"
    assert folders["VERSIONDIR"]["DefaultDir"].split("|")[-1] == "1.2.3~rc1"
    # An upgrade never closes a running desk through the Restart Manager.
    assert properties["MSIRESTARTMANAGERCONTROL"] == "Disable"
    (shortcut,) = table(msi, "Shortcut")
    assert (shortcut["Directory_"], shortcut["Name"].split("|")[-1], shortcut["Target"]) == (
        "ProgramMenuFolder",
        "POS Back-Office",
        "[#program]",
    )
    summary = subprocess.run(
        [tool("msiinfo"), "suminfo", str(msi)], capture_output=True, text=True, check=True
    ).stdout
    assert "Template: x64;1033" in summary  # 64-bit Windows only


@pytest.mark.usefixtures("processes")
def test_the_signature_holds_and_any_change_to_the_msi_breaks_it(
    signed_msi: tuple[Path, Path], tmp_path: Path
) -> None:
    msi, certificate = signed_msi
    done = verified(msi, certificate)
    assert done.returncode == 0 and "Signature verification: ok" in done.stdout, done.stdout
    _, _, stranger = signing_certificate(tmp_path, "Outra Loja")
    assert verified(msi, stranger).returncode != 0  # not the store's: not trusted
    changed = bytearray(msi.read_bytes())
    changed[len(changed) // 2] ^= 0xFF  # one byte of the packed files
    msi.write_bytes(bytes(changed))
    assert verified(msi, certificate).returncode != 0


def test_without_the_stores_certificate_the_build_stops_and_says_what_to_set(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("MSI_SIGNING_PFX", raising=False)
    with pytest.raises(SystemExit, match=r"MSI_SIGNING_PFX .* MSI_SIGNING_PASSWORD_FILE"):
        make_msi.sign(tmp_path / "unsigned.msi", tmp_path / "signed.msi", "POS Back-Office")


def test_the_same_folder_is_described_the_same_in_every_build(tmp_path: Path) -> None:
    """Identifiers come from places, not from a counter or a clock: a component keeps its
    GUID (wixl derives it from the identifiers) from one build to the next."""
    bundle = tmp_path / "bundle"
    for place in FOLDER:
        (bundle / place).parent.mkdir(parents=True, exist_ok=True)
        (bundle / place).write_bytes(b"")
    icon = tmp_path / "pos-backoffice.ico"
    beside = make_msi.top_files("1.0.0", tmp_path)
    first = make_msi.wxs(bundle, "1.0.0", icon, tmp_path, beside)
    assert make_msi.wxs(bundle, "1.0.0", icon, tmp_path, beside) == first
    (bundle / "_internal" / "new.dll").write_bytes(b"")
    again = make_msi.wxs(bundle, "1.0.0", icon, tmp_path, beside)
    assert set(first.splitlines()) <= set(again.splitlines())  # the others' lines unchanged


def test_current_and_the_launcher_name_the_version_packed(tmp_path: Path) -> None:
    current, launcher = make_msi.top_files("1.2.3~rc1", tmp_path)
    assert current.read_bytes() == b"1.2.3~rc1\r\n"  # the line the desk and the launcher read
    lines = launcher.read_bytes().decode("ascii").split("\r\n")
    assert 'set /p version=<"%~dp0current"' in lines
    assert '"%~dp0versions\\%version%\\pos-backoffice.com" %*' in lines
