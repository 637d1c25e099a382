"""The settings are written down once: the README's tables and IT's example file say what the
declarations say (``make docs`` writes them), and each declaration holds together."""

from __future__ import annotations

from typing import Any

import pytest

from desktop_app.gui.settings.preferences import MANAGEABLE, SETTINGS
from desktop_app.gui.settings.setting import Setting, Who
from tests.helpers import packaging_tool

docs = packaging_tool("settings_docs")


def test_the_readme_and_its_example_file_say_what_the_declarations_say() -> None:
    readme = docs.README.read_text(encoding="utf-8")
    assert docs.readme(readme) == readme, "README.md's settings tables are stale: make docs"
    example = docs.EXAMPLE.read_text(encoding="utf-8")
    assert docs.example_file() == example, "the example file is stale: make docs"


@pytest.mark.parametrize("setting", SETTINGS, ids=[s.key for s in SETTINGS])
def test_each_declaration_holds_together(setting: Setting[Any]) -> None:
    assert isinstance(setting.default, setting.type)
    assert setting.about.endswith(".") and setting.who in vars(Who).values()
    if setting.choices:
        assert setting.default in setting.choices
    if setting.lowest is not None:
        low, high = setting.bounds()
        assert low <= setting.default <= high
    if setting.who == Who.PERSON_OR_IT:
        assert setting.label, "what the person may set too is in File ▸ Settings"
    if setting.who == Who.IT:  # how the store's service writes its tokens: not the person's
        assert setting in MANAGEABLE and not setting.label
