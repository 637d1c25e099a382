"""``pos-backoffice-check``: what the packaged program must still do, checked in the bundle itself.

The bundle leaves out what the app never loads (packaging/bundle.py). This program is built
into the same folder, on the same libraries and plugins, and makes sure what stays works
there (``make package-check``; it is not part of the .deb)::

    pos-backoffice-check features OUT     # offscreen: PDFs, CSV, an icon, the chart
    pos-backoffice-check screenshots OUT  # the README's pictures, drawn by the bundle

From the source tree, ``python packaging/bundle_check.py compare A B`` compares two folders of
pictures.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np
from PySide6.QtCore import QSize
from PySide6.QtGui import QIcon, QImage, QTextDocument
from PySide6.QtPrintSupport import QPrinter
from PySide6.QtWidgets import QApplication, QWidget
from screenshots import TrainingDesk, settle, training_desk

from desktop_app.api.models import Order
from desktop_app.gui.look.language import ROOT
from desktop_app.gui.look.style import apply_style
from desktop_app.gui.shell.event_loop import AppEventLoop

MOST_PIXELS_CHANGED = 0.03
"""The share of a picture's pixels allowed to differ between the bundle's and the source's:
the About window's line of this run's port and temporary folder (2.3 %), nothing of the layout,
fonts or icons (a missing icon or another font changes far more)."""


def colours(image: QImage, step: int = 3) -> int:
    """How many different colours ``image`` shows (every ``step``-th pixel): a blank or
    one-colour picture has one or two, a drawn chart or icon dozens."""
    seen = {
        image.pixel(x, y)
        for y in range(0, image.height(), step)
        for x in range(0, image.width(), step)
    }
    return len(seen)


def pdf_pages(path: Path) -> int:
    data = path.read_bytes()
    if not data.startswith(b"%PDF-"):
        return 0
    return data.count(b"/Type /Page\n") + data.count(b"/Type /Page\r") + data.count(b"/Type /Page ")


def printed(html: str, path: Path) -> Path:
    """``html`` through Qt's print system (QPrinter, the print dialog's "Save as PDF")."""
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(path))
    document = QTextDocument()
    document.setHtml(html)
    document.print_(printer)
    return path


async def wait_for(app: QApplication, ready: Callable[[], object]) -> None:
    for _ in range(400):
        if ready():
            return
        await asyncio.sleep(0.05)
    raise TimeoutError("not ready after 20 s")


async def check_features(app: QApplication, desk: TrainingDesk, out: Path) -> list[str]:
    """Each part the trimming must keep, used as a person would; the failures, in words."""
    window = desk.window
    failures = []

    def expect(what: str, holds: bool) -> None:
        print(f"{'ok' if holds else 'FAIL'}: {what}")
        if not holds:
            failures.append(what)

    paid: Order = next(o for o in window.orders.model.visible_orders() if o.amount_paid > 0)
    dialog = window.open_order(paid)
    await wait_for(app, lambda: dialog.ui.payments.rowCount() > 0)
    invoice = dialog.open_invoice()
    await settle(app)
    saved = Path(invoice.save_pdf(str(out / "invoice.pdf")) or out / "invoice.pdf")
    expect("the invoice saved as PDF", pdf_pages(saved) >= 1)
    expect(
        "the invoice printed to PDF",
        pdf_pages(printed(invoice.document_html(), out / "invoice-printed.pdf")) >= 1,
    )
    invoice.reject()
    dialog.close()

    day_close = window.open_day_close()
    await settle(app)
    saved = Path(day_close.save_pdf(str(out / "day-close.pdf")) or out / "day-close.pdf")  # type: ignore[attr-defined]
    expect("the day close saved as PDF", pdf_pages(saved) >= 1)
    html = day_close.document_html()  # type: ignore[attr-defined]
    expect(
        "the day close printed to PDF", pdf_pages(printed(html, out / "day-close-printed.pdf")) >= 1
    )
    day_close.close()

    csv = window.orders.export_csv(str(out / "orders.csv"))
    rows = await asyncio.to_thread(
        lambda: Path(csv).read_text("utf-8-sig").splitlines() if csv else []
    )
    expect(f"the orders exported to CSV ({len(rows)} lines)", len(rows) > 1)

    svg = QIcon(str(ROOT / "resources" / "icons" / "pos-backoffice.svg"))  # the SVG engine
    expect("the app's SVG icon drawn", colours(svg.pixmap(QSize(64, 64)).toImage(), 1) > 10)
    themed = QIcon.fromTheme("document-export")
    expect(
        "a themed icon drawn",
        not themed.isNull() and colours(themed.pixmap(QSize(32, 32)).toImage(), 1) > 2,
    )

    revenue = window.open_revenue()
    await wait_for(app, lambda: revenue.records)  # type: ignore[attr-defined]
    await settle(app, 0.6)
    chart: QWidget = revenue.chart_view  # type: ignore[attr-defined]
    image = chart.grab().toImage()
    image.save(str(out / "chart.png"))
    expect("the revenue chart drawn", colours(image) > 20)
    revenue.close()
    return failures


def pixels(image: QImage) -> np.ndarray:
    image = image.convertToFormat(QImage.Format.Format_ARGB32)
    return np.frombuffer(bytes(image.constBits()), dtype=np.uint32)


def compare(ours: Path, theirs: Path) -> int:
    """Each picture of ``theirs`` against the one of the same name in ``ours``."""
    worst = 0.0
    failed = 0
    for path in sorted(theirs.glob("*.png")):
        a, b = QImage(str(path)), QImage(str(ours / path.name))
        if b.isNull() or a.size() != b.size():
            print(f"FAIL: {path.name}: {'missing' if b.isNull() else 'another size'}")
            failed += 1
            continue
        changed = float(np.mean(pixels(a) != pixels(b)))
        worst = max(worst, changed)
        if changed > MOST_PIXELS_CHANGED:
            print(f"FAIL: {path.name}: {changed:.1%} of its pixels differ")
            failed += 1
    print(f"{'FAIL' if failed else 'ok'}: pictures compared, at most {worst:.2%} of pixels differ")
    return 1 if failed else 0


def main(argv: list[str]) -> int:
    wanted = {"features": 2, "screenshots": 2, "compare": 3}
    if not argv or wanted.get(argv[0]) != len(argv):
        print(__doc__)
        return 2
    if argv[0] == "compare":
        QApplication(sys.argv[:1])
        return compare(Path(argv[1]), Path(argv[2]))
    if argv[0] == "screenshots":
        import screenshots

        sys.argv = [sys.argv[0], argv[1]]
        return screenshots.main()
    out = Path(argv[1])
    out.mkdir(parents=True, exist_ok=True)
    app = QApplication(sys.argv[:1])
    apply_style(app)
    app.setQuitOnLastWindowClosed(False)
    loop = AppEventLoop(app)
    asyncio.set_event_loop(loop)

    async def run() -> list[str]:
        async with training_desk(app, "en_US") as desk:
            return await check_features(app, desk, out)

    with loop:
        failures = loop.run_until_complete(run())
    print("FAIL: " + "; ".join(failures) if failures else "ok: every part works in this program")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
