"""A sender of kept slips in a process of its own, for the fault tests (which kill it).

``python -m tests.core.kept_sender_process JOURNAL BASE_URL TOKEN [SECONDS]``: runs the sender
until no slip waits for the service, printing each piece of news as one line ("state waiting
entry"); SECONDS: how long each request may take (10).
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from desktop_app import api
from desktop_app.core.journal import PaymentJournal
from desktop_app.core.outbox import Outbox
from desktop_app.core.sender_news import SenderNews, SenderState


async def main(journal_path: str, base_url: str, token: str, seconds: str = "10") -> int:
    client = api.ApiClient(
        base_url, token, timeout=float(seconds), backoff_base=0.05, backoff_max=0.2
    )
    done = asyncio.Event()

    def tell(news: SenderNews) -> None:
        entry = news.entry.id if news.entry is not None else "-"
        print(news.state.value, news.waiting, entry, flush=True)
        if news.state is SenderState.IDLE and news.waiting == 0:
            done.set()

    journal = PaymentJournal(Path(journal_path))
    sender = Outbox(client, journal, on_news=tell, first_wait=0.1, longest_wait=0.4)
    running = asyncio.create_task(sender.run())
    await done.wait()
    running.cancel()
    await client.aclose()
    journal.close()
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main(*sys.argv[1:5])))
