#!/usr/bin/env bash
# `make run`: training mode. Until the GUI lands (issue 4) this serves the sandbox alone.
set -euo pipefail
cd "$(dirname "$0")/.."
db=${POS_SANDBOX_DB:-.venv/training-sandbox.sqlite3}
.venv/bin/pos-sandbox token --db "$db" --role manager --user-id 2001 >/dev/null
echo "Demo token (manager, 8 hours):"
.venv/bin/pos-sandbox token --db "$db" --role manager --user-id 2001
exec .venv/bin/pos-sandbox serve --db "$db"
