"""The package's copyright file, generated from what the bundle holds (``make deb``).

Each Python distribution whose code is in the bundle is found by its modules and folders, and
its section is written from its own metadata (``License-Expression``, else ``License``, else
its classifiers) and its own licence files. A licence Debian ships in
``/usr/share/common-licenses`` is named by that path instead of copied (and a full GNU or
Apache text inside a distribution's licence file is replaced by that path). Native parts are
accounted for file by file: every ELF file of the bundle belongs to a distribution (its
``RECORD``), to Python, or to the freezer's program; numpy names its own (OpenBLAS, the GCC
runtime) in its licence file, and PySide6's wheels, which carry no licence file, are described
here (Qt, its third-party code, ICU). A licence this module does not know, or a file nobody
owns, fails the build: the copyright file never goes out incomplete.

Runs in the environment that built the bundle (``.venv-package``): the distributions'
metadata is read there.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path, PurePosixPath

from bundle import elf_files, frozen_modules

COMMON_LICENCES = {
    "Apache-2.0": "Apache-2.0",
    "CC0-1.0": "CC0-1.0",
    "GPL-2.0-only": "GPL-2",
    "GPL-2.0-or-later": "GPL-2",
    "GPL-3.0-only": "GPL-3",
    "GPL-3.0-or-later": "GPL-3",
    "LGPL-2.0-or-later": "LGPL-2",
    "LGPL-2.1-only": "LGPL-2.1",
    "LGPL-2.1-or-later": "LGPL-2.1",
    "LGPL-3.0-only": "LGPL-3",
    "LGPL-3.0-or-later": "LGPL-3",
    "MPL-2.0": "MPL-2.0",
}
"""SPDX identifiers whose text Debian ships, by their file in /usr/share/common-licenses."""
OWN_TEXT_LICENCES = frozenset({
    "MIT", "BSD-2-Clause", "BSD-3-Clause", "BSD-3-Clause-Open-MPI", "0BSD", "Zlib", "PSF-2.0",
    "ISC", "ICU",
})  # fmt: skip
"""Permissive licences whose text comes with the distribution (its licence files)."""
EXCEPTIONS = frozenset({"GCC-exception-3.1"})
"""Licence exceptions (``… WITH exception``) whose text comes with the distribution."""
CORRECTED = {
    "python-stdnum": (
        "LGPL-2.1-or-later",
        "the metadata says LGPL v2 or later; its COPYING and its files say 2.1 or later",
    ),
}
"""A distribution's licence where its metadata says less than its own files (and why)."""
APP_LICENCE = "LicenseRef-Proprietary"
CLASSIFIERS = {
    "License :: OSI Approved :: MIT License": "MIT",
    "License :: OSI Approved :: Apache Software License": "Apache-2.0",
    "License :: OSI Approved :: Mozilla Public License 2.0 (MPL 2.0)": "MPL-2.0",
    "License :: OSI Approved :: GNU Lesser General Public License v2 or later (LGPLv2+)": (
        "LGPL-2.0-or-later"
    ),
}
"""Trove classifiers that name one licence exactly (``BSD License`` does not: not here)."""
COMMON_TEXT_STARTS = {
    "GPL-3": re.compile(r"^\s*GNU GENERAL PUBLIC LICENSE\s*\n\s*Version 3, 29 June 2007", re.M),
    "GPL-2": re.compile(r"^\s*GNU GENERAL PUBLIC LICENSE\s*\n\s*Version 2, June 1991", re.M),
    "LGPL-2.1": re.compile(r"^\s*GNU LESSER GENERAL PUBLIC LICENSE\s*\n\s*Version 2.1", re.M),
    "Apache-2.0": re.compile(r"^\s*Apache License\s*\n\s*Version 2.0, January 2004", re.M),
    "MPL-2.0": re.compile(r"^\s*Mozilla Public License Version 2.0\s*\n", re.M),
}
COMMON_TEXT_ENDS = {
    "GPL-3": "<https://www.gnu.org/licenses/why-not-lgpl.html>.",
    "GPL-2": "Public License instead of this License.",
    "LGPL-2.1": "That's all there is to it!",
    "Apache-2.0": "END OF TERMS AND CONDITIONS",
    "MPL-2.0": "defined by the Mozilla Public License, v. 2.0.",
}

QT_THIRD_PARTY = """\
 Qt 6.11 (The Qt Company Ltd and other contributors), through PySide6 and Shiboken6 (the
 Qt for Python project), is used under the GNU Lesser General Public License version 3:
 the libraries are separate files in /opt/pos-backoffice/package/_internal, replaceable by
 compatible builds; the source is at https://download.qt.io/official_releases/qt/ and
 https://download.qt.io/official_releases/QtForPython/.
 .
 Qt's libraries contain third-party code, each under its own licence (Qt's own list:
 https://doc.qt.io/qt-6/licenses-used-in-qt.html): double-conversion, PCRE2, forkfd,
 TinyCBOR, md4c, HarfBuzz, Pixman and the easing equations (BSD-3-Clause or MIT),
 zlib (Zlib), libpng (libpng-2.0), FreeType (FTL or GPL-2.0), the Unicode Character
 Database (Unicode-3.0), SHA-1/SHA-3 and MD4/MD5 implementations (public domain).
 .
 On Debian systems, the complete text of the GNU Lesser General Public License
 version 3 can be found in /usr/share/common-licenses/LGPL-3, and of the GNU General
 Public License version 2 in /usr/share/common-licenses/GPL-2."""
ICU_LICENCE = """\
 Permission is hereby granted, free of charge, to any person obtaining a copy of this
 software and associated documentation files (the "Software"), to deal in the Software
 without restriction, including without limitation the rights to use, copy, modify,
 merge, publish, distribute, sublicense, and/or sell copies of the Software, and to
 permit persons to whom the Software is furnished to do so, subject to the following
 conditions:
 .
 The above copyright notice and this permission notice shall be included in all copies
 or substantial portions of the Software.
 .
 THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED,
 INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR
 PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE
 LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT
 OR OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR
 OTHER DEALINGS IN THE SOFTWARE."""
BOOTLOADER_EXCEPTION = """\
 The program /opt/pos-backoffice/package/pos-backoffice is PyInstaller's bootloader with the
 application's archive appended. In addition to the permissions in the GNU General
 Public License, the authors give you unlimited permission to link or embed compiled
 bootloader and related files into combinations with other programs, and to distribute
 those combinations without any restriction coming from the use of those files. (The
 General Public License restrictions do apply in other respects; for example, they cover
 modification of the files, and distribution when not linked into a combined
 executable.)
 .
 On Debian systems, the complete text of the GNU General Public License version 2 can be
 found in /usr/share/common-licenses/GPL-2."""
WHEELS_WITHOUT_LICENCE_FILES = {"pyside6-essentials", "pyside6-addons", "shiboken6"}
"""Described by ``QT_THIRD_PARTY`` above: their wheels carry no licence file."""


@dataclass(frozen=True)
class Section:
    files: str
    copyright: str
    licence: str
    text: str  # the licence's paragraph, each line indented one space
    comment: str = ""

    def render(self) -> str:
        comment = f"Comment: {self.comment}\n" if self.comment else ""
        return (
            f"Files: {self.files}\nCopyright: {self.copyright}\n{comment}"
            f"License: {self.licence}\n{self.text}\n"
        )


class CopyrightError(Exception):
    """A licence not known, or a file of the bundle no section owns."""


def _normalised(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _identifiers(expression: str) -> set[str]:
    words = re.split(r"[()\s]+|\bAND\b|\bOR\b", expression)
    return {w for w in words if w and w != "WITH"}


def _known(identifier: str) -> bool:
    return (
        identifier in COMMON_LICENCES
        or identifier in OWN_TEXT_LICENCES
        or identifier in EXCEPTIONS
        or (identifier == APP_LICENCE)
    )


def licence_of(distribution: metadata.Distribution) -> str:
    """The distribution's licence as an SPDX expression, from its own metadata."""
    name = distribution.metadata["Name"]
    if _normalised(name) in CORRECTED:
        return CORRECTED[_normalised(name)][0]
    for field in ("License-Expression", "License"):
        # Asked first: a field it lacks read by [name] is None, which Python 3.13 deprecates
        # (and get() is not in every typeshed's PackageMetadata).
        given = distribution.metadata[field] if field in distribution.metadata else ""  # noqa: SIM401
        value = (given or "").strip()
        if value and "\n" not in value and all(_known(i) for i in _identifiers(value)):
            return value
    classified = [
        CLASSIFIERS.get(c)
        for c in distribution.metadata.get_all("Classifier") or []
        if c.startswith("License ::")
    ]
    if classified and all(classified):
        return " AND ".join(sorted(set(filter(None, classified))))
    raise CopyrightError(f"{name}: its licence is not one this build knows: add it or leave it out")


def _paragraph(text: str) -> str:
    """``text`` as a copyright file's licence paragraph: every line indented, a run of blank
    lines one " ." (a licence text cut out left several, read as empty paragraphs)."""
    lines = [line.rstrip() for line in text.strip("\n").splitlines()]
    kept = [line for i, line in enumerate(lines) if line.strip() or (i and lines[i - 1].strip())]
    return "\n".join(f" {line}" if line.strip() else " ." for line in kept)


def without_common_texts(text: str) -> str:
    """``text`` with every full GNU or Apache licence it holds replaced by Debian's path."""
    for name, start in COMMON_TEXT_STARTS.items():
        while (found := start.search(text)) is not None:
            end = text.find(COMMON_TEXT_ENDS[name], found.end())
            end = len(text) if end < 0 else end + len(COMMON_TEXT_ENDS[name])
            reference = f"\n(The full text: /usr/share/common-licenses/{name} on Debian systems.)\n"
            text = text[: found.start()] + reference + text[end:]
    return text


def _licence_files(distribution: metadata.Distribution) -> list[str]:
    files = distribution.files or []
    named = [
        f
        for f in files
        if ".dist-info/" in str(f)
        and re.search(r"(LICEN[CS]E|COPYING|NOTICE|AUTHORS)", PurePosixPath(str(f)).name, re.I)
    ]
    return [without_common_texts(Path(str(f.locate())).read_text(encoding="utf-8")) for f in named]


def _copyright_lines(texts: list[str], name: str) -> str:
    found = []
    for text in texts:
        for line in text.splitlines():
            line = line.strip()
            if re.match(r"(©|\(c\)|copyright\b)", line, re.I) and re.search(r"\d{4}", line):
                found.append(re.sub(r"^(copyright\s*)?(\(c\)|©)?\s*", "", line, flags=re.I))
    unique = list(dict.fromkeys(found))[:12]
    return "\n ".join(unique) if unique else f"the authors of {name}"


def _common_references(expression: str, texts: list[str] = []) -> str:  # noqa: B006 - read only
    """Where Debian keeps the full text of each GNU or Apache licence of ``expression`` that
    ``texts`` do not point to already (one reference to a text, never two)."""
    common = sorted({COMMON_LICENCES[i] for i in _identifiers(expression) if i in COMMON_LICENCES})
    named = "\n".join(texts)
    return "\n".join(
        f"On Debian systems, the complete text of {c} is in /usr/share/common-licenses/{c}."
        for c in common
        if f"/usr/share/common-licenses/{c} " not in named
    )


def bundled_distributions(bundle: Path) -> dict[str, metadata.Distribution]:
    """The distributions whose modules or folders the bundle holds, by normalised name."""
    tops = {name.split(".", 1)[0] for name in frozen_modules(bundle / "pos-backoffice")}
    tops |= {p.name.removesuffix(".libs") for p in (bundle / "_internal").iterdir() if p.is_dir()}
    owners = metadata.packages_distributions()
    found: dict[str, metadata.Distribution] = {}
    for top in sorted(tops):
        for name in owners.get(top, []):
            found.setdefault(_normalised(name), metadata.distribution(name))
    return found


def _places(distribution: metadata.Distribution, bundle: Path) -> str:
    """Where the distribution is in the installed package: its folders in ``_internal``, else
    the program (pure Python, frozen into its archive)."""
    tops = sorted({PurePosixPath(str(f)).parts[0] for f in distribution.files or []})
    internal = bundle / "_internal"
    folders = [t for t in tops if t != ".." and (internal / t).exists() and ".dist-info" not in t]
    if not folders:
        return "opt/pos-backoffice/package/pos-backoffice"
    return " ".join(f"opt/pos-backoffice/package/_internal/{t}/*" for t in folders)


@dataclass(frozen=True)
class BundledPart:
    """A part a distribution's licence file lists with files and a licence of their own."""

    name: str
    files: str  # as the licence file writes them: numpy.libs/libgfortran*.so
    licence: str
    text: str


def bundled_parts(texts: list[str]) -> list[BundledPart]:
    """The parts listed as ``Name:``, ``Files:``, ``License:`` and their text, as numpy lists the
    GCC runtime (GPL-3.0-or-later WITH GCC-exception-3.1) and libquadmath (LGPL-2.1-or-later)
    it ships beside its own code: their licences are not numpy's, and the copyright file says
    so for their files."""
    parts = []
    for text in texts:
        for block in re.split(r"(?m)^(?=Name: )", text)[1:]:
            fields = dict(re.findall(r"(?m)^(Name|Files|License):[ \t]*(\S.*)$", block))
            if {"Name", "Files", "License"} <= fields.keys():
                parts.append(BundledPart(
                    fields["Name"].strip(), fields["Files"].strip(), fields["License"].strip(),
                    block.strip(),
                ))  # fmt: skip
    return parts


def _part_sections(
    distribution: metadata.Distribution, texts: list[str], bundle: Path
) -> list[Section]:
    """A section for each file pattern of the distribution's listed parts that the bundle has
    (after its own section: the last section a file matches is its), parts of the same files
    joined."""
    name = distribution.metadata["Name"]
    by_files: dict[str, list[BundledPart]] = {}
    for part in bundled_parts(texts):
        # "libgfortran*.so": the bundle keeps the library's versioned name (….so.5.0.0).
        pattern = re.sub(r"\.so$", "*", part.files).replace("**", "*")
        if any((bundle / "_internal").glob(pattern)):
            by_files.setdefault(pattern, []).append(part)
    sections = []
    for pattern, parts in by_files.items():
        licence = " AND ".join(dict.fromkeys(part.licence for part in parts))
        if not all(_known(i) for i in _identifiers(licence)):
            raise CopyrightError(f"{name}: {pattern} is {licence}, a licence not known here")
        blocks = [part.text for part in parts]
        body = "\n\n".join([*blocks, _common_references(licence, blocks)]).strip()
        sections.append(Section(
            f"opt/pos-backoffice/package/_internal/{pattern}",
            _copyright_lines(blocks, " and ".join(part.name for part in parts)), licence,
            _paragraph(body),
            f"{', '.join(part.name for part in parts)}, in {name} {distribution.version}",
        ))  # fmt: skip
    return sections


def sections_of(distribution: metadata.Distribution, bundle: Path) -> list[Section]:
    """The distribution's section, then those of the parts it lists with licences of their
    own."""
    name = distribution.metadata["Name"]
    licence = licence_of(distribution)
    places = _places(distribution, bundle)
    comment = f"Python distribution {name} {distribution.version}"
    if _normalised(name) in CORRECTED:
        comment += f" (its licence: {CORRECTED[_normalised(name)][1]})"
    if _normalised(name) in WHEELS_WITHOUT_LICENCE_FILES:
        return [
            Section(
                places, "The Qt Company Ltd and other contributors", licence, QT_THIRD_PARTY,
                comment,
            )
        ]  # fmt: skip
    texts = _licence_files(distribution)
    own = [i for i in _identifiers(licence) if i in OWN_TEXT_LICENCES]
    if own and not texts:
        raise CopyrightError(f"{name}: licensed {licence} but carries no licence text")
    body = "\n\n".join([*texts, _common_references(licence, texts)]).strip()
    own_section = Section(places, _copyright_lines(texts, name), licence, _paragraph(body), comment)
    return [own_section, *_part_sections(distribution, texts, bundle)]


def unowned_elf_files(bundle: Path, distributions: dict[str, metadata.Distribution]) -> list[str]:
    """ELF files of the bundle that belong to no bundled distribution, to Python or the program."""
    recorded: set[str] = set()
    for distribution in distributions.values():
        recorded.update(str(f) for f in distribution.files or [])
    internal = bundle / "_internal"
    unowned = []
    for path in elf_files(bundle):
        if path.parent == bundle:  # the program: PyInstaller's bootloader (its own section)
            continue
        place = str(path.relative_to(internal))
        pythons = place.startswith("libpython") or "/lib-dynload/" in place
        if place not in recorded and not pythons:
            unowned.append(place)
    return unowned


def copyright_file(bundle: Path, app_version: str) -> str:
    distributions = bundled_distributions(bundle)
    distributions.pop("pos-backoffice", None)  # the app's own section comes first
    unowned = unowned_elf_files(bundle, distributions)
    if unowned:
        raise CopyrightError(f"no distribution owns: {', '.join(unowned)}")
    app_licence = licence_of(metadata.distribution("pos-backoffice"))
    if app_licence != APP_LICENCE:
        raise CopyrightError(f"pos-backoffice says {app_licence}: say how it is licensed here")
    sections = [
        Section(
            "*",
            "2026 POS Back-Office <suporte@posbackoffice.com.br>",
            APP_LICENCE,
            f" POS Back-Office {app_version}: proprietary, used under the store's agreement.\n"
            " The parts below are others', each under its own licence.",
        ),
        *(section for _, d in sorted(distributions.items()) for section in sections_of(d, bundle)),
    ]
    python = Path(sys.base_prefix) / "lib" / f"python{sys.version_info[0]}.{sys.version_info[1]}"
    python_text = without_common_texts((python / "LICENSE.txt").read_text(encoding="utf-8"))
    sections += [
        Section(
            "opt/pos-backoffice/package/_internal/libpython*"
            " opt/pos-backoffice/package/_internal/python3*"
            " opt/pos-backoffice/package/_internal/base_library.zip",
            "2001-2023 Python Software Foundation",
            "PSF-2.0",
            _paragraph(python_text),
        ),
        Section(
            "opt/pos-backoffice/package/pos-backoffice",
            "2005-2026 PyInstaller Development Team",
            "GPL-2.0-or-later WITH PyInstaller-Bootloader-exception",
            BOOTLOADER_EXCEPTION,
        ),
        Section(
            "opt/pos-backoffice/package/_internal/PySide6/Qt/lib/libicu*",
            "1991-2023 Unicode, Inc.",
            "ICU",
            ICU_LICENCE,
        ),
    ]
    header = (
        "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n"
        "Upstream-Name: POS Back-Office\n"
        "Comment: Generated by packaging/copyright.py from the metadata and licence files of\n"
        " what the bundle holds.\n"
    )
    return "\n".join([header, *(s.render() for s in sections)])


if __name__ == "__main__":
    try:
        print(copyright_file(Path(sys.argv[1]), sys.argv[2]))
    except CopyrightError as error:
        sys.exit(f"copyright: {error}")
