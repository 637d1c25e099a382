"""The Group Policy template (packaging/windows/policies) says what the settings' declarations
say: each policy writes the value the desk reads, as its setting's type and bounds allow, every
string it names is there in English and Brazilian Portuguese (and what a policy writes reads
without a word: tests/gui/test_managed_settings.py).

No Windows schema validator runs here: these tests parse the files as the Group Policy editor
would find them, by the schema's names (docs/windows.md says how the template was checked
against Microsoft's published schema, and what a real domain confirms)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from desktop_app.gui.settings import preferences as prefs
from desktop_app.gui.settings.preferences import MANAGEABLE
from desktop_app.gui.settings.setting import Setting
from tests.helpers import packaging_tool

template = packaging_tool("windows/policy_template")
NS = {"pd": "http://schemas.microsoft.com/GroupPolicy/2006/07/PolicyDefinitions"}
POLICIES = r"Software\Policies\POS Back-Office\pos-backoffice"
LANGUAGES = ("en-US", "pt-BR")


def parsed(path: Path) -> ET.Element:
    return ET.parse(path).getroot()  # noqa: S314 - the project's own files


def admx() -> ET.Element:
    return parsed(template.FOLDER / "pos-backoffice.admx")


def adml(language: str) -> ET.Element:
    return parsed(template.FOLDER / language / "pos-backoffice.adml")


def element_of(policy: ET.Element) -> ET.Element:
    """A policy's one element (what it writes)."""
    elements = policy.find("pd:elements", NS)
    assert elements is not None
    (element,) = list(elements)
    return element


def strings(language: str) -> dict[str, str]:
    return {str(s.get("id")): s.text or "" for s in adml(language).iterfind(".//pd:string", NS)}


def presentations(language: str) -> dict[str, ET.Element]:
    found = adml(language).iterfind(".//pd:presentation", NS)
    return {str(p.get("id")): p for p in found}


def test_the_files_are_as_the_declarations_write_them() -> None:
    for path, text in template.files().items():
        assert path.read_text(encoding="utf-8") == text, f"{path.name} is stale: make docs"


def test_each_policy_writes_where_the_desk_reads_its_setting_and_every_setting_has_one() -> None:
    written = {}
    for policy in admx().iterfind(".//pd:policy", NS):
        assert policy.get("class") == "Machine"  # for the computer: whoever signs in
        element = element_of(policy)
        key = str(policy.get("key"))
        assert key.startswith(POLICIES + "\\")
        section = key.removeprefix(POLICIES + "\\")
        written[f"{section}/{element.get('valueName')}"] = element
    assert list(written) == [setting.key for setting in MANAGEABLE]


@pytest.mark.parametrize("setting", MANAGEABLE, ids=[s.key for s in MANAGEABLE])
def test_each_policy_holds_what_its_setting_may_take(setting: Setting[Any]) -> None:
    section, _, name = setting.key.partition("/")
    (policy,) = [
        p
        for p in admx().iterfind(".//pd:policy", NS)
        if p.get("key") == f"{POLICIES}\\{section}"
        and p.find(f"pd:elements/*[@valueName='{name}']", NS) is not None
    ]
    element = element_of(policy)
    kind = element.tag.rpartition("}")[2]
    if setting.choices:
        assert kind == "enum"
        values = [item.findtext("pd:value/pd:string", "", NS) for item in element]
        assert tuple(values) == setting.choices
    elif setting.type in (int, float):
        assert kind == "decimal"  # a REG_DWORD: whole numbers within the setting's bounds
        lowest, highest = setting.bounds()
        assert lowest <= int(str(element.get("minValue"))) <= int(str(element.get("maxValue")))
        assert int(str(element.get("maxValue"))) <= highest
    else:
        assert kind == "text"
        assert int(str(element.get("maxLength"))) == prefs.LONGEST_TEXT
        assert (element.get("expandable") == "true") == (setting is prefs.CA_FILE)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_string_and_presentation_the_template_names_is_there(language: str) -> None:
    text = (template.FOLDER / "pos-backoffice.admx").read_text(encoding="utf-8")
    named_strings = set(re.findall(r"\$\(string\.(\w+)\)", text))
    named_presentations = set(re.findall(r"\$\(presentation\.(\w+)\)", text))
    assert named_strings and named_presentations
    assert set(strings(language)) == named_strings  # none missing, none left over
    assert set(presentations(language)) == named_presentations
    ids = {str(e.get("id")) for e in admx().iterfind(".//pd:elements/*", NS)}
    for presentation in presentations(language).values():
        assert {str(control.get("refId")) for control in presentation} <= ids
    resources = admx().find("pd:resources", NS)
    assert resources is not None
    assert adml(language).get("revision") == resources.get("minRequiredRevision")


def test_the_portuguese_template_is_portuguese() -> None:
    english, portuguese = strings("en-US"), strings("pt-BR")
    for identifier, text in english.items():
        if identifier == "Category" or re.fullmatch(r"ui_language_[12]", identifier):
            assert portuguese[identifier] == text  # the product's name; languages by their own
        else:
            assert portuguese[identifier] != text, identifier
    assert "Habilitada" in portuguese["service_url_Explain"]
