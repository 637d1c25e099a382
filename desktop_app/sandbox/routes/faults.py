"""The fault switches over HTTP (``/_sandbox/faults``), served only with ``--fault-control``."""

from __future__ import annotations

import orjson
from fastapi import APIRouter, Request
from fastapi.responses import Response

from desktop_app.sandbox.wire import ServiceError, json_answer

router = APIRouter(prefix="/_sandbox", include_in_schema=False)


@router.get("/faults")
def get_faults(request: Request) -> Response:
    faults = request.app.state.faults
    return json_answer(
        {
            **faults.public(),
            "late_commits_done": faults.late_commits_done,
            "late_bodies_whole": faults.late_bodies_whole,
            "answers_held": faults.answers_held,
        }
    )


@router.put("/faults")
async def put_faults(request: Request) -> Response:
    faults = request.app.state.faults
    try:
        faults.update(orjson.loads(await request.body()))
    except (ValueError, TypeError) as error:
        raise ServiceError(400, str(error)) from None
    return json_answer(faults.public())
