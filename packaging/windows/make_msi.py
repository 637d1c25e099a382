"""The desk's Windows installer: a per-machine MSI of the frozen folder, signed (``make msi``).

    make_msi.py icon OUT.ico
        the program's icon for Windows, from the PNGs the Linux package ships
    make_msi.py build BUNDLE VERSION OUT_DIR WORK_DIR
        BUNDLE's programs (PyInstaller's folder of pos-backoffice.exe) signed, the folder
        described for wixl in WORK_DIR, packed into OUT_DIR/pos-backoffice-VERSION-x64.msi, and
        the MSI signed
    make_msi.py compare FIRST.msi SECOND.msi WORK_DIR
        0 when two builds of one commit hold the same files and tables (less each build's
        ProductCode, PackageCode and time)

wixl (Debian's msitools) builds the MSI on Linux. It has no dialogs and no custom actions, so
the MSI only places files, the Start-menu entry and the uninstall entry; whatever a first start
needs, the program does itself. Every version shares one UpgradeCode: installing a newer MSI
removes the older one first (a major upgrade) and leaves the person's settings (HKCU) and
journal (%LOCALAPPDATA%), which no MSI component holds.

Signing (Authenticode, osslsigncode) takes the store's certificate from ``MSI_SIGNING_PFX`` (a
PKCS#12 file with the key) and its password from the file ``MSI_SIGNING_PASSWORD_FILE``, never
from the command line; ``MSI_TIMESTAMP_URL`` adds a timestamp, so that the signature outlives
the certificate. The programs and the MSI are all signed, at the commit's time
(``SOURCE_DATE_EPOCH``).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import struct
import subprocess
import sys
from pathlib import Path, PurePosixPath
from xml.sax.saxutils import quoteattr

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(ROOT / "packaging"))
from bundle import version_numbers  # noqa: E402  (the spec's own reading of a version)
from make_deb import commit_time  # noqa: E402  (the build's time: the commit's, as the .deb's)

ICON_SIZES = (16, 24, 32, 48, 256)
"""The sizes Windows draws the program's icon at (lists, Start, the task bar, large views)."""

PRODUCT = "POS Back-Office"
MANUFACTURER = "POS Back-Office"
PROGRAM = "pos-backoffice.exe"
CONSOLE_PROGRAM = "pos-backoffice.com"
"""The console twin of the program, for IT's checks at a prompt (the spec says why)."""
UPGRADE_CODE = "6F1C2B0E-5D3A-4C8E-9B7A-2E4D6C8A1F35"
"""The one identity every version's MSI shares: Windows Installer finds the installed version
by it and removes it before installing a newer one. Never change it."""


def windows_icon(out: Path) -> None:
    """Write an ICO holding the committed PNG renders (PNG entries: Windows Vista and later)."""
    rendered = ROOT / "resources" / "icons" / "hicolor"
    images = [
        (size, (rendered / f"{size}x{size}" / "apps" / "pos-backoffice.png").read_bytes())
        for size in ICON_SIZES
    ]
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = len(header) + 16 * len(images)
    entries, blobs = b"", b""
    for size, png in images:
        side = 0 if size >= 256 else size  # 0 means 256 in an ICO's directory
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(png), offset + len(blobs))
        blobs += png
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(header + entries + blobs)


def _id(kind: str, place: str) -> str:
    """A stable identifier for a file or folder of the bundle (MSI identifiers are short and
    plain; the same place gets the same one in every build, so component GUIDs stay too)."""
    return f"{kind}{hashlib.sha256(place.encode()).hexdigest()[:24]}"


def product_version(version: str) -> str:
    """The MSI's ProductVersion: three numbers (Windows Installer compares only the first
    three, each ≤ 255, 255 and 65535). 1.2.3~rc1 is 1.2.3."""
    numbers = version_numbers(version)[:3]
    numbers += [0] * (3 - len(numbers))
    if numbers[0] > 255 or numbers[1] > 255 or numbers[2] > 65535:
        raise SystemExit(f"make_msi: {version} is no version Windows Installer can compare")
    return ".".join(map(str, numbers))


LAUNCHER = """@echo off
rem The console program of the version installed (the file "current" names it), for IT's
rem checks at a prompt: "%ProgramFiles%\\POS Back-Office\\pos-backoffice" --check-connection
set /p version=<"%~dp0current"
"%~dp0versions\\%version%\\pos-backoffice.com" %*
"""


def top_files(version: str, work: Path) -> list[Path]:
    """The files beside ``versions``: ``current``, naming the version installed (the running
    desk watches it, as it watches the .deb's link), and the prompt's launcher."""
    current = work / "current"
    current.write_bytes(version.encode("ascii") + b"\r\n")  # a line as the launcher reads one
    launcher = work / "pos-backoffice.cmd"
    launcher.write_bytes(LAUNCHER.replace("\n", "\r\n").encode("ascii"))
    return [current, launcher]


def wxs(bundle: Path, version: str, icon: Path, work: Path, beside: list[Path]) -> str:
    """The MSI's description for wixl: every file of ``bundle`` in a folder of its version,
    ``Program Files\\POS Back-Office\\versions\\VERSION`` (as the .deb installs each version in a
    copy of its own: an upgrade never needs a file a running desk holds), a component each
    (Windows Installer's unit of install and removal), ``beside`` (:func:`top_files`) beside
    ``versions``, the program's Start-menu entry, the uninstall entry's icon, and the major
    upgrade. Files are named from ``work``, where wixl runs (it finds no file by an absolute
    name)."""
    files: dict[PurePosixPath, list[Path]] = {}
    for path in sorted(bundle.rglob("*")):
        if path.is_file():
            files.setdefault(PurePosixPath(*path.relative_to(bundle).parent.parts), []).append(path)
    for folder in list(files):
        for parent in folder.parents:
            files.setdefault(parent, [])
    component_ids: list[str] = []

    def component(path: Path, place: str, indent: str) -> str:
        component_ids.append(_id("c", place))
        file_id = "program" if place == PROGRAM else _id("f", place)
        # The Start-menu entry goes with the program: installed and removed with it.
        shortcut = (
            f'\n{indent}  <Shortcut Id="start_menu" Directory="ProgramMenuFolder"'
            f' Name="{PRODUCT}" Target="[#program]" WorkingDirectory="VERSIONDIR"'
            f' Advertise="no" Icon="program.ico"/>\n{indent}'
            if place == PROGRAM
            else ""
        )
        source = quoteattr(os.path.relpath(path, work))
        return (
            f'{indent}<Component Id="{component_ids[-1]}" Guid="*">'
            f'<File Id="{file_id}" Source={source} KeyPath="yes">{shortcut}</File></Component>'
        )

    def directory(folder: PurePosixPath, indent: str) -> list[str]:
        lines = [
            component(path, str(PurePosixPath(*path.relative_to(bundle).parts)), indent)
            for path in files[folder]
        ]
        for child in sorted(f for f in files if f.parent == folder and f != folder):
            name = quoteattr(child.name)
            lines.append(f'{indent}<Directory Id="{_id("d", str(child))}" Name={name}>')
            lines += directory(child, indent + "  ")
            lines.append(f"{indent}</Directory>")
        return lines

    indent = "          "
    beside_lines = "\n".join(component(path, f"../../{path.name}", indent) for path in beside)
    tree = "\n".join(directory(PurePosixPath("."), indent + "    "))
    references = "\n".join(f'      <ComponentRef Id="{name}"/>' for name in component_ids)
    return f"""<?xml version="1.0" encoding="utf-8"?>
<Wix xmlns="http://schemas.microsoft.com/wix/2006/wi">
  <Product Id="*" Name="{PRODUCT}" Language="1033" Version="{product_version(version)}"
           Manufacturer="{MANUFACTURER}" UpgradeCode="{UPGRADE_CODE}">
    <Package InstallerVersion="500" Compressed="yes" InstallScope="perMachine"
             Description="{PRODUCT} {version}" Manufacturer="{MANUFACTURER}"/>
    <MajorUpgrade DowngradeErrorMessage="A newer version of [ProductName] is already installed."/>
    <MediaTemplate EmbedCab="yes"/>
    <Icon Id="program.ico" SourceFile={quoteattr(os.path.relpath(icon, work))}/>
    <Property Id="ARPPRODUCTICON" Value="program.ico"/>
    <Property Id="ARPNOMODIFY" Value="1"/>
    <Property Id="ARPNOREPAIR" Value="1"/>
    <!-- An upgrade never closes a running desk (a cashier may be mid-payment): the older
         version's files it holds go at the next restart, and the desk says a newer one is in. -->
    <Property Id="MSIRESTARTMANAGERCONTROL" Value="Disable"/>
    <Directory Id="TARGETDIR" Name="SourceDir">
      <Directory Id="ProgramFiles64Folder">
        <Directory Id="INSTALLDIR" Name="{PRODUCT}">
{beside_lines}
          <Directory Id="VERSIONS" Name="versions">
            <Directory Id="VERSIONDIR" Name={quoteattr(version)}>
{tree}
            </Directory>
          </Directory>
        </Directory>
      </Directory>
      <Directory Id="ProgramMenuFolder"/>
    </Directory>
    <Feature Id="desk" Title="{PRODUCT}" Level="1">
{references}
    </Feature>
  </Product>
</Wix>
"""


def sign(unsigned: Path, signed: Path, description: str) -> None:
    """Authenticode-sign ``unsigned`` into ``signed`` with the store's certificate."""
    pfx = os.environ.get("MSI_SIGNING_PFX", "")
    password_file = os.environ.get("MSI_SIGNING_PASSWORD_FILE", "")
    if not pfx or not Path(pfx).is_file():
        raise SystemExit(
            "make msi: no signing certificate. Set MSI_SIGNING_PFX to the store's code-signing "
            "certificate (a .pfx with its key) and MSI_SIGNING_PASSWORD_FILE to a file holding "
            "its password (packaging/windows/README.md)."
        )
    command = ["osslsigncode", "sign", "-pkcs12", pfx, "-h", "sha256", "-n", description]
    if password_file:
        command += ["-readpass", password_file]
    command += ["-time", str(commit_time())]  # the same signature from every build of a commit
    if os.environ.get("MSI_TIMESTAMP_URL"):
        command += ["-ts", os.environ["MSI_TIMESTAMP_URL"]]
    signed.unlink(missing_ok=True)
    done = subprocess.run([*command, "-in", str(unsigned), "-out", str(signed)],
                          capture_output=True, text=True, check=False)  # fmt: skip
    if done.returncode != 0:
        raise SystemExit(f"make msi: signing {unsigned.name} failed: {done.stdout}{done.stderr}")


def pack(bundle: Path, version: str, unsigned: Path, work: Path) -> None:
    """``bundle`` packed by wixl into the MSI ``unsigned``, described in ``work``."""
    work.mkdir(parents=True, exist_ok=True)
    icon = work / "pos-backoffice.ico"
    windows_icon(icon)
    beside = top_files(version, work)
    epoch = commit_time()
    for path in [
        *beside,
        *(path for path in bundle.rglob("*") if path.is_file()),
    ]:  # the cabinet keeps each file's time: the commit's, in every build
        os.utime(path, (epoch, epoch))
    description = work / "pos-backoffice.wxs"
    description.write_text(wxs(bundle, version, icon, work, beside), encoding="utf-8")
    wixl = ["wixl", "-a", "x64", "-o", str(unsigned.resolve()), description.name]
    done = subprocess.run(wixl, cwd=work, capture_output=True, text=True, check=False)
    if done.returncode != 0:  # (its "unimplemented" of a shortcut not advertised is no failure)
        raise SystemExit(f"make msi: wixl failed: {done.stdout}{done.stderr}")


def build(bundle: Path, version: str, out_dir: Path, work: Path) -> Path:
    work.mkdir(parents=True, exist_ok=True)
    for program in (bundle / PROGRAM, bundle / CONSOLE_PROGRAM):
        signed = work / program.name
        sign(program, signed, f"{PRODUCT} {version}")
        signed.replace(program)
    unsigned = work / "pos-backoffice-unsigned.msi"
    pack(bundle, version, unsigned, work)
    msi = out_dir / f"pos-backoffice-{version}-x64.msi"
    sign(unsigned, msi, f"{PRODUCT} {version}")
    print(f"make msi: {msi} ({msi.stat().st_size / 2**20:.1f} MiB), signed")
    return msi


BUILD_MARKS = {
    "Property.idt": ("ProductCode\t",),  # each build's own: a new product, by design
    # The PackageCode (each build's own, by design) and the build's time (wixl has no
    # SOURCE_DATE_EPOCH): the summary's 9, 12 and 13.
    "_SummaryInformation.idt": ("9\t", "12\t", "13\t"),
}
"""The lines of two builds of one commit that differ by design."""


def _contents(msi: Path, into: Path) -> dict[str, bytes]:
    """Every table of ``msi`` (less :data:`BUILD_MARKS`) and every file it installs, by name."""
    tables, files = into / "tables", into / "files"
    tables.mkdir(parents=True)
    files.mkdir()
    for command, folder in (
        (["msidump", "-t"], tables),
        (["msiextract", "-C", str(files)], into),
    ):
        subprocess.run([*command, str(msi.resolve())], cwd=folder, check=True, capture_output=True)
    found = {}
    for path in sorted(into.rglob("*")):
        if path.is_file():
            data = path.read_bytes()
            for line in BUILD_MARKS.get(path.name, ()):
                data = b"".join(
                    kept
                    for kept in data.splitlines(keepends=True)
                    if not kept.startswith(line.encode())
                )
            found[str(path.relative_to(into))] = data
    return found


def compare(first: Path, second: Path, work: Path) -> int:
    """0 when two MSIs hold the same files and the same tables, but for :data:`BUILD_MARKS`;
    else 1, naming each difference."""
    shutil.rmtree(work, ignore_errors=True)
    one, other = _contents(first, work / "first"), _contents(second, work / "second")
    differences = sorted(
        name for name in one.keys() | other.keys() if one.get(name) != other.get(name)
    )
    for name in differences:
        print(f"make msi: {name} differs between {first.name} and {second.name}", file=sys.stderr)
    if not differences:
        print(f"make msi: {first.name} and {second.name} hold the same {len(one)} files and tables")
    return 1 if differences else 0


def main(argv: list[str]) -> int:
    if argv[:1] == ["icon"] and len(argv) == 2:
        windows_icon(Path(argv[1]))
    elif argv[:1] == ["build"] and len(argv) == 5:
        build(Path(argv[1]), argv[2], Path(argv[3]), Path(argv[4]))
    elif argv[:1] == ["compare"] and len(argv) == 4:
        return compare(Path(argv[1]), Path(argv[2]), Path(argv[3]))
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
