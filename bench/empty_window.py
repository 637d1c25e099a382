"""The start benchmarks' floor: an empty ``QMainWindow`` painted, and the moment it was
(``bench_gui_startup`` runs it with Python, ``empty_window.spec`` freezes it). With
``--one-line``, the same window with one line of text in it: a second floor, for a system where
the first text drawn costs its own (Wine builds its font database then: 0.2 s and more)."""

import sys
import time

from PySide6.QtWidgets import QApplication, QLabel, QMainWindow

app = QApplication(sys.argv[:1])
window = QMainWindow()
window.resize(1200, 720)
if "--one-line" in sys.argv:
    window.setCentralWidget(QLabel("Starting…"))
window.show()
app.processEvents()
print(f"first-paint {time.time():.6f} loaded=", flush=True)
