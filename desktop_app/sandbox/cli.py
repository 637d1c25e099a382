"""``pos-sandbox``: serve the sandbox service, or print a token it accepts."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

import platformdirs
import uvicorn

from desktop_app.sandbox.app import create_app
from desktop_app.sandbox.auth import ROLES, TOKEN_MINUTES, issue_token
from desktop_app.sandbox.cards import log_config
from desktop_app.sandbox.db import Database
from desktop_app.sandbox.dialects import Dialect, dialects_of
from desktop_app.sandbox.seed import SeedSize, seed

DEFAULT_PORT = 8765


def default_db_path() -> Path:
    """The sandbox database in the user's data folder."""
    return Path(platformdirs.user_data_dir("pos-backoffice", appauthor=False)) / "sandbox.sqlite3"


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="pos-sandbox", description="Local sandbox of the store's /api/v1 service."
    )
    commands = parser.add_subparsers(dest="command", required=True)

    serve = commands.add_parser("serve", help="serve the API (seeding a new database first)")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=DEFAULT_PORT)
    serve.add_argument("--db", type=Path, default=None, help="database file")
    defaults = SeedSize()
    serve.add_argument("--stores", type=int, default=defaults.stores)
    serve.add_argument("--orders-per-store", type=int, default=defaults.orders_per_store)
    serve.add_argument("--customers", type=int, default=defaults.customers)
    serve.add_argument("--products", type=int, default=defaults.products)
    serve.add_argument("--seed", type=int, default=defaults.seed, help="random seed of the data")
    serve.add_argument(
        "--fault-control",
        action="store_true",
        help="allow PUT /_sandbox/faults (latency, failures, drops) for reliability tests",
    )
    serve.add_argument("--log-level", default="info")
    serve.add_argument(
        "--tls-cert", type=Path, default=None, help="serve HTTPS with this certificate (PEM)"
    )
    serve.add_argument("--tls-key", type=Path, default=None, help="the certificate's key (PEM)")
    serve.add_argument("--dialect", **_DIALECT)
    serve.add_argument(
        "--token-minutes",
        type=_positive,
        default=TOKEN_MINUTES,
        help="how long a sign-in's token lasts (a session's end, heard and tried, comes sooner)",
    )

    token = commands.add_parser("token", help="print a token that `serve` on DB accepts")
    token.add_argument("--db", type=Path, default=None)
    token.add_argument("--role", choices=ROLES, required=True)
    token.add_argument("--user-id", type=int, required=True)
    token.add_argument("--minutes", type=_positive, default=TOKEN_MINUTES)
    token.add_argument("--name", default=None)
    token.add_argument("--dialect", **_DIALECT)
    return parser


def _positive(text: str) -> float:
    try:
        minutes = float(text)
    except ValueError:
        minutes = 0.0
    if not 0 < minutes < 10_000_000:  # a NaN or infinity is no lifetime either
        raise argparse.ArgumentTypeError(f"not a number of minutes above zero: {text!r}")
    return minutes


def _dialects(names: str) -> frozenset[Dialect]:
    try:
        return dialects_of(names)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


_DIALECT: dict[str, Any] = {
    "type": _dialects,
    "default": frozenset(),
    "metavar": "NAME[,NAME...]",
    "help": "answer as another service would where the interface is silent: "
    + ", ".join(dialect.value for dialect in Dialect),
}


def main(argv: list[str] | None = None) -> int:
    """Entry point of ``pos-sandbox``."""
    parser = _parser()
    args = parser.parse_args(argv)
    if args.command == "serve" and bool(args.tls_cert) != bool(args.tls_key):
        parser.error("--tls-cert and --tls-key go together")
    db = Database(args.db or default_db_path())
    if args.command == "token":
        name = args.name or ("Marcos Gerente" if args.role == "manager" else "Ana Caixa")
        secret = db.signing_secret()
        db.close()  # read: closed, not left for the collector (Python 3.13 warns of it)
        print(
            issue_token(
                secret,
                subject=f"{args.role}-{args.user_id}",
                user_id=args.user_id,
                name=name,
                roles=(args.role,),
                minutes=args.minutes,
                dialects=args.dialect,
            )
        )
        return 0

    size = SeedSize(
        stores=args.stores,
        orders_per_store=args.orders_per_store,
        customers=args.customers,
        products=args.products,
        seed=args.seed,
    )
    if not db.is_seeded():
        print(f"Seeding {db.path} ...", file=sys.stderr)
    seed(db, size)
    app = create_app(
        db,
        fault_control=args.fault_control,
        dialects=args.dialect,
        token_minutes=args.token_minutes,
    )

    uvicorn.run(
        app,
        host=args.host,
        port=args.port,
        log_config=log_config(args.log_level),
        ssl_certfile=args.tls_cert,
        ssl_keyfile=args.tls_key,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
