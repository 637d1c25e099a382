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
