"""The start benchmarks' floor: an empty ``QMainWindow`` painted, and the moment it was
(``bench_gui_startup`` runs it with Python, ``empty_window.spec`` freezes it)."""

import sys
import time

from PySide6.QtWidgets import QApplication, QMainWindow

app = QApplication(sys.argv[:1])
window = QMainWindow()
window.resize(1200, 720)
window.show()
app.processEvents()
print(f"first-paint {time.time():.6f} loaded=", flush=True)
