"""The package's copyright file says every component's licence, from the component's own metadata;
a licence the build does not know stops the build instead of shipping an incomplete file."""

from __future__ import annotations

from importlib import metadata
from pathlib import Path

import pytest

from tests.helpers import packaging_tool

copyright_tool = packaging_tool("copyright")


def installed(tmp_path: Path, *fields: str) -> metadata.Distribution:
    """A distribution as an installer leaves it: a dist-info folder with its METADATA."""
    info = tmp_path / "example-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        "\n".join(["Metadata-Version: 2.4", "Name: example", "Version: 1.0", *fields]) + "\n"
    )
    return metadata.PathDistribution(info)


@pytest.mark.parametrize(
    ("fields", "licence"),
    [
        (["License-Expression: MPL-2.0 AND (Apache-2.0 OR MIT)"], "MPL-2.0 AND (Apache-2.0 OR MIT)"),
        (["License: BSD-3-Clause"], "BSD-3-Clause"),
        (  # python-stdnum: the License field says only "LGPL"; its classifier says which
            ["License: LGPL", "Classifier: License :: OSI Approved :: GNU Lesser General "
             "Public License v2 or later (LGPLv2+)"],
            "LGPL-2.0-or-later",
        ),
    ],
)  # fmt: skip
def test_a_licence_is_read_from_the_distributions_own_metadata(
    tmp_path: Path, fields: list[str], licence: str
) -> None:
    assert copyright_tool.licence_of(installed(tmp_path, *fields)) == licence


@pytest.mark.parametrize(
    "fields",
    [
        ["License: Free for non-commercial use"],
        ["License-Expression: SSPL-1.0"],
        ["Classifier: License :: OSI Approved :: BSD License"],  # which BSD?
        [],
    ],
)
def test_a_licence_the_build_does_not_know_stops_it(tmp_path: Path, fields: list[str]) -> None:
    with pytest.raises(copyright_tool.CopyrightError, match="example"):
        copyright_tool.licence_of(installed(tmp_path, *fields))


def test_a_full_gnu_licence_in_a_licence_file_becomes_debians_path() -> None:
    """lintian refuses a copyright file holding the whole GPL: Debian ships it once, in
    /usr/share/common-licenses. The notices around it stay."""
    gpl = Path("/usr/share/common-licenses/GPL-3").read_text()
    text = f"Name: GCC runtime library\nCopyright (C) 2002 FSF\n\n{gpl}\nName: libquadmath\n"
    cut = copyright_tool.without_common_texts(text)
    assert "TERMS AND CONDITIONS" not in cut
    assert "/usr/share/common-licenses/GPL-3" in cut
    assert cut.startswith("Name: GCC runtime library\nCopyright (C) 2002 FSF")
    assert cut.rstrip().endswith("Name: libquadmath")


NUMPY_LIKE = """\
Copyright (c) 2005-2025, NumPy Developers.

Name: OpenBLAS
Files: numpy.libs/libscipy_openblas*.so
License: BSD-3-Clause
  Copyright (c) 2011-2014, The OpenBLAS Project

Name: LAPACK
Files: numpy.libs/libscipy_openblas*.so
License: BSD-3-Clause-Open-MPI
  Copyright (c) 1992-2013 The University of Tennessee

Name: GCC runtime library
Files: numpy.libs/libgfortran*.so
License: GPL-3.0-or-later WITH GCC-exception-3.1
  Copyright (C) 2002-2017 Free Software Foundation, Inc.

Name: libquadmath
Files: numpy.libs/libquadmath*.so
License: LGPL-2.1-or-later
  Copyright (C) 2010-2019 Free Software Foundation, Inc.

Name: a part this bundle does not hold
Files: numpy.libs/libnothere*.so
License: MIT
"""


def test_the_parts_a_distribution_lists_have_their_own_licence_for_their_files(
    tmp_path: Path,
) -> None:
    """numpy's stanza named BSD, MIT and the like, but its bundled GCC runtime is GPL-3.0+ with
    the GCC exception, and libquadmath LGPL-2.1+: each listed part's files get a stanza of their
    own, after numpy's (the last that matches a file is its), parts of the same files joined."""
    libs = tmp_path / "_internal" / "numpy.libs"
    libs.mkdir(parents=True)
    for name in (
        "libscipy_openblas64_-32a4.so",
        "libgfortran-0400.so.5.0.0",
        "libquadmath-96.so.0",
    ):
        (libs / name).write_bytes(b"")
    numpy = installed(tmp_path, "License-Expression: BSD-3-Clause AND 0BSD AND MIT")
    sections = copyright_tool._part_sections(numpy, [NUMPY_LIKE], tmp_path)
    found = {section.files.rsplit("/", 1)[-1]: section.licence for section in sections}
    assert found == {
        "libscipy_openblas*": "BSD-3-Clause AND BSD-3-Clause-Open-MPI",
        "libgfortran*": "GPL-3.0-or-later WITH GCC-exception-3.1",
        "libquadmath*": "LGPL-2.1-or-later",
    }
    gcc = next(s for s in sections if s.files.endswith("libgfortran*"))
    assert gcc.copyright == "2002-2017 Free Software Foundation, Inc."
    assert "/usr/share/common-licenses/GPL-3." in gcc.text  # where Debian keeps its text


def test_one_reference_to_a_licence_text_and_no_empty_paragraphs() -> None:
    """python-stdnum's stanza pointed to two texts (LGPL-2.1 from its COPYING, LGPL-2 from its
    classifier) with empty paragraphs between: its licence is the one its files say, once."""
    lgpl = Path("/usr/share/common-licenses/LGPL-2.1").read_text()
    copying = copyright_tool.without_common_texts(f"{lgpl}\n\n\n\n\nstdnum's own notice\n")
    body = "\n\n".join([copying, copyright_tool._common_references("LGPL-2.1-or-later", [copying])])
    paragraph = copyright_tool._paragraph(body)
    assert paragraph.count("/usr/share/common-licenses/") == 1
    assert " .\n ." not in paragraph and "stdnum's own notice" in paragraph


def test_python_stdnums_licence_is_what_its_files_say(tmp_path: Path) -> None:
    stdnum = tmp_path / "python_stdnum-2.2.dist-info"
    stdnum.mkdir()
    (stdnum / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: python-stdnum\nVersion: 2.2\nLicense: LGPL\n"
    )
    licence = copyright_tool.licence_of(metadata.PathDistribution(stdnum))
    assert licence == "LGPL-2.1-or-later"
