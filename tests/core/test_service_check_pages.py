"""The service check reads a list as the desk reads it (issue 88): one that says it holds more
is read page by page, and a part is ✗ with its figures, never "can be used" (it said "Orders: 50
read … this address can be used" of a store of 67)."""

from __future__ import annotations

from desktop_app.api.check import Outcome, Result, Step
from desktop_app.api.secret import Secret
from desktop_app.core.service_check import Asked, Credentials, check_service
from desktop_app.core.service_check.findings import Finding
from desktop_app.sandbox.server import SandboxServer
from tests.helpers import ScriptedServer, orders_in_pages, run


def orders_said(scripted: ScriptedServer, sandbox: SandboxServer) -> list[Result]:
    asked = Asked(
        address=scripted.base_url,
        login_url="",
        credentials=Credentials(token=Secret(sandbox.token("manager", 2001))),
        store_id="001",
    )

    async def checked() -> list[Result]:
        return [result async for result in check_service(asked)]

    return [result for result in run(checked()) if result.step is Step.ORDERS]


def test_a_store_in_linked_pages_is_read_whole(
    sandbox: SandboxServer, scripted: ScriptedServer
) -> None:
    orders_in_pages(scripted, sandbox, 25, linked=True)
    said = {result.finding: result for result in orders_said(scripted, sandbox)}
    assert said[Finding.READ_IN_PAGES].facts == {"count": "60"}
    assert said[Finding.READ_IN_PAGES].outcome is Outcome.PASSED


def test_a_store_read_in_part_fails_the_check_with_its_figures(
    sandbox: SandboxServer, scripted: ScriptedServer
) -> None:
    orders_in_pages(scripted, sandbox, 25, linked=False)
    said = {result.finding: result for result in orders_said(scripted, sandbox)}
    part = said[Finding.READ_PART]
    assert part.outcome is Outcome.FAILED
    assert part.facts == {"read": "25", "total": "60", "why": "short_of_total"}
