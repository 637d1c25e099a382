"""The Group Policy template of the settings IT sets for every desk: ``pos-backoffice.admx`` and
its ``.adml`` in English and Brazilian Portuguese, written by ``make docs`` from the settings' one
declaration (desktop_app/gui/settings/preferences.py), as the Linux example file is.

Each policy writes one value where the desk reads it (``HKLM\\Software\\Policies\\POS
Back-Office\\pos-backoffice``, a subkey per section): text as ``REG_SZ`` (the authority file as
``REG_EXPAND_SZ``, so that it may name ``%ProgramData%``), numbers as ``REG_DWORD`` within the
setting's bounds (whole ones: the Group Policy editor has no other), a choice as ``REG_SZ``.
Disabled or not configured, the policy's value is removed and each person's own comes back.

The Portuguese is the catalogue's (resources/translations/pos_backoffice_pt_BR.ts): a setting's
names and sentences, and this module's own words (context "policies"); one not translated there
stops ``make docs``. IT copies the three files to the domain's Central Store
(``\\\\<domain>\\SYSVOL\\<domain>\\Policies\\PolicyDefinitions``); ``make msi`` puts them beside the
MSI.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

from desktop_app.gui.settings.preferences import (
    CA_FILE,
    MANAGEABLE,
    QT_TRANSLATE_NOOP,  # typed there; lupdate finds the strings by this name
)
from desktop_app.gui.settings.setting import Setting, Who
from desktop_app.process.system import POLICIES_KEY

ROOT = Path(__file__).resolve().parents[2]
FOLDER = ROOT / "packaging" / "windows" / "policies"
NAME = "pos-backoffice"
ADMX = FOLDER / f"{NAME}.admx"
LANGUAGES = {"en-US": "", "pt-BR": "pt_BR"}  # the ADML's folder, and the catalogue's language
CATALOGUE = ROOT / "resources" / "translations" / "pos_backoffice_{language}.ts"
NAMESPACE = "http://schemas.microsoft.com/GroupPolicy/2006/07/PolicyDefinitions"
TARGET = "Store.Policies.PosBackOffice"
REVISION = "1.0"
"""The template's revision: raise it when a policy changes (Windows keeps the ADMLs' in step)."""
CATEGORY = "PosBackOffice"
SUPPORTED = "SUPPORTED_PosBackOffice_Windows10"
PRODUCT = "POS Back-Office"

DESCRIPTION = QT_TRANSLATE_NOOP(
    "policies", "The settings of POS Back-Office that a store's IT sets for every desk."
)
SUPPORTED_ON = QT_TRANSLATE_NOOP("policies", "POS Back-Office on Windows 10 and 11 (64-bit)")
SYSTEMS_LANGUAGE = QT_TRANSLATE_NOOP("policies", "The system's language")
NUMBER = QT_TRANSLATE_NOOP("policies", "Value: a number from {lowest} to {highest}.")
WHOLE_NUMBER = QT_TRANSLATE_NOOP("policies", "Value: a whole number from {lowest} to {highest}.")
TEXT = QT_TRANSLATE_NOOP("policies", "Value: {form}.")
CHOICE = QT_TRANSLATE_NOOP("policies", "Value: one of the list.")
VARIABLES = QT_TRANSLATE_NOOP(
    "policies", "It may name a variable of the system's, such as %ProgramData%."
)
DEFAULT = QT_TRANSLATE_NOOP("policies", "Default: {default}.")
FOR_EVERYONE = QT_TRANSLATE_NOOP(
    "policies",
    "Enabled: every person of this computer gets this value; File ▸ Settings shows it greyed,"
    ' "Set by your administrator". Disabled or not configured: each person\'s own choice, or'
    " the default.",
)
IT_ONLY = QT_TRANSLATE_NOOP(
    "policies",
    "Enabled: every person of this computer gets this value (nobody at the desk sets it)."
    " Disabled or not configured: the default.",
)
READ_AT_START = QT_TRANSLATE_NOOP(
    "policies",
    "POS Back-Office reads it as it starts. A value it cannot use is said at start and by"
    " pos-backoffice --check-connection, naming {place}.",
)
LABEL = QT_TRANSLATE_NOOP("policies", "{name}:")
LANGUAGE_NAMES = {"en_US": "English (United States)", "pt_BR": "Português (Brasil)"}
"""Each language by its own name, in both files (as Settings lists them)."""


def policy_name(setting: Setting[Any]) -> str:
    """The policy's name in the ADMX, and its string's and presentation's: ``service_url``."""
    return setting.key.replace("/", "_")


def registry_key(setting: Setting[Any]) -> tuple[str, str]:
    """The key (under HKLM) and the value's name where the desk reads ``setting``."""
    section, _, name = setting.key.rpartition("/")
    return f"{POLICIES_KEY}\\{section}", name


def _element(setting: Setting[Any], into: ET.Element) -> ET.Element:
    """The policy's one element: what it writes, and what it may hold."""
    name = policy_name(setting)
    _, value_name = registry_key(setting)
    attributes = {"id": name, "valueName": value_name, "required": "true"}
    if setting.choices:
        element = ET.SubElement(into, "enum", attributes)
        for index, choice in enumerate(setting.choices):
            item = ET.SubElement(element, "item", {"displayName": f"$(string.{name}_{index})"})
            ET.SubElement(ET.SubElement(item, "value"), "string").text = str(choice)
        return element
    if setting.type in (int, float):
        lowest, highest = setting.bounds()
        attributes |= {"minValue": str(math.ceil(lowest)), "maxValue": str(math.floor(highest))}
        return ET.SubElement(into, "decimal", attributes)
    attributes["maxLength"] = "4096"  # preferences.LONGEST_TEXT
    if setting is CA_FILE:
        attributes["expandable"] = "true"
    return ET.SubElement(into, "text", attributes)


def admx() -> str:
    """The ADMX: a category, and a policy per setting IT may set."""
    root = ET.Element(
        "policyDefinitions",
        {"revision": REVISION, "schemaVersion": "1.0", "xmlns": NAMESPACE},
    )
    namespaces = ET.SubElement(root, "policyNamespaces")
    ET.SubElement(namespaces, "target", {"prefix": "posbackoffice", "namespace": TARGET})
    ET.SubElement(root, "resources", {"minRequiredRevision": REVISION})
    definitions = ET.SubElement(ET.SubElement(root, "supportedOn"), "definitions")
    ET.SubElement(
        definitions, "definition", {"name": SUPPORTED, "displayName": f"$(string.{SUPPORTED})"}
    )
    categories = ET.SubElement(root, "categories")
    ET.SubElement(categories, "category", {"name": CATEGORY, "displayName": "$(string.Category)"})
    policies = ET.SubElement(root, "policies")
    for setting in MANAGEABLE:
        name = policy_name(setting)
        key, _ = registry_key(setting)
        policy = ET.SubElement(
            policies,
            "policy",
            {
                "name": name,
                "class": "Machine",
                "displayName": f"$(string.{name})",
                "explainText": f"$(string.{name}_Explain)",
                "presentation": f"$(presentation.{name})",
                "key": key,
            },
        )
        ET.SubElement(policy, "parentCategory", {"ref": CATEGORY})
        ET.SubElement(policy, "supportedOn", {"ref": SUPPORTED})
        _element(setting, ET.SubElement(policy, "elements"))
    return _written(root)


def translations(language: str) -> dict[tuple[str, str], str]:
    """The catalogue's finished translations, by (context, source) ({} for English)."""
    if not language:
        return {}
    found = {}
    tree = ET.parse(str(CATALOGUE).format(language=language))  # noqa: S314 - our own catalogue
    for context in tree.getroot().iter("context"):
        name = context.findtext("name", "")
        for message in context.iter("message"):
            translation = message.find("translation")
            if translation is not None and translation.text and not translation.get("type"):
                found[(name, message.findtext("source", ""))] = translation.text
    return found


class NotTranslatedError(Exception):
    """A text of the template has no translation in the catalogue."""


def adml(folder: str) -> str:
    """The ADML of the language whose folder is ``folder`` (``en-US``, ``pt-BR``)."""
    known = translations(LANGUAGES[folder])

    def said(text: str, context: str = "policies") -> str:
        if not LANGUAGES[folder]:
            return text
        if (context, text) not in known:
            raise NotTranslatedError(f"{folder}: no translation of {context}/{text!r}")
        return known[(context, text)]

    root = ET.Element(
        "policyDefinitionResources",
        {"revision": REVISION, "schemaVersion": "1.0", "xmlns": NAMESPACE},
    )
    ET.SubElement(root, "displayName").text = PRODUCT
    ET.SubElement(root, "description").text = said(DESCRIPTION)
    resources = ET.SubElement(root, "resources")
    strings = ET.SubElement(resources, "stringTable")
    presentations = ET.SubElement(resources, "presentationTable")

    def string(identifier: str, text: str) -> None:
        ET.SubElement(strings, "string", {"id": identifier}).text = text

    string("Category", PRODUCT)
    string(SUPPORTED, said(SUPPORTED_ON))
    for setting in MANAGEABLE:
        name = policy_name(setting)
        title = said(setting.name, "settings")
        string(name, title)
        string(f"{name}_Explain", _explanation(setting, said))
        presentation = ET.SubElement(presentations, "presentation", {"id": name})
        label = said(LABEL).format(name=title)
        if setting.choices:
            for index, choice in enumerate(setting.choices):
                string(
                    f"{name}_{index}",
                    LANGUAGE_NAMES.get(str(choice), "") or said(SYSTEMS_LANGUAGE),
                )
            attributes = {"refId": name, "defaultItem": "0", "noSort": "true"}
            ET.SubElement(presentation, "dropdownList", attributes).text = label
        elif setting.type in (int, float):
            attributes = {"refId": name, "defaultValue": f"{setting.default:g}"}
            ET.SubElement(presentation, "decimalTextBox", attributes).text = label
        else:
            box = ET.SubElement(presentation, "textBox", {"refId": name})
            ET.SubElement(box, "label").text = label
            if setting.default:
                ET.SubElement(box, "defaultValue").text = str(setting.default)
    return _written(root)


def _explanation(setting: Setting[Any], said: Any) -> str:
    """What the policy's help says: the setting's sentence, its values and default, who else
    sets it, and where the desk reads it."""
    if setting.choices:
        value = said(CHOICE)
    elif setting.type in (int, float):
        lowest, highest = setting.bounds()
        value = said(WHOLE_NUMBER if setting.type is int else NUMBER).format(
            lowest=f"{lowest:g}", highest=f"{highest:g}"
        )
    else:
        value = said(TEXT).format(form=said(setting.form, "settings"))
        if setting is CA_FILE:
            value += " " + said(VARIABLES)
    if setting.shown_default:
        default = said(setting.shown_default, "settings")
    elif setting.type in (int, float):
        default = f"{setting.default:g}"
    else:
        default = str(setting.default)
    key, value_name = registry_key(setting)
    paragraphs = [
        said(setting.about, "settings"),
        f"{value} {said(DEFAULT).format(default=default)}",
        said(FOR_EVERYONE if setting.who == Who.PERSON_OR_IT else IT_ONLY),
        said(READ_AT_START).format(place=f"HKLM\\{key}, {value_name}"),  # as it_file_check names it
    ]
    return "\n\n".join(paragraphs).replace("`", "")


def _written(root: ET.Element) -> str:
    ET.indent(root, space="  ")
    return '<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def files() -> dict[Path, str]:
    """Each file of the template, and what it holds."""
    written = {ADMX: admx()}
    for folder in LANGUAGES:
        written[FOLDER / folder / f"{NAME}.adml"] = adml(folder)
    return written
