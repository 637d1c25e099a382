"""Demo data that looks like a real Brazilian store, made deterministically from a seed.

Names carry accents, CPFs and CNPJs (a few of them in the alphanumeric form Brazil introduces in
2026) have valid check digits, products have manufacturer codes and EAN-13 barcodes, and orders
come in every state: open, partly paid, fully paid and invoiced.
"""

from __future__ import annotations

import random
import sqlite3
import string
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from stdnum import ean
from stdnum.br import cnpj, cpf

from desktop_app.sandbox.auth import add_demo_users
from desktop_app.sandbox.db import Database, document_key, search_key
from desktop_app.sandbox.nfe import access_key

FIRST_NAMES = (
    "Ana",
    "João",
    "Maria",
    "José",
    "Antônio",
    "Francisca",
    "Luís",
    "Márcia",
    "Sérgio",
    "Íris",
    "Conceição",
    "Raimundo",
    "Joana",
    "Vitória",
    "Otávio",
    "Cecília",
    "Brás",
    "Flávia",
    "Caio",
    "Letícia",
    "André",
    "Lúcia",
    "Mônica",
    "Tomás",
    "Gonçalo",
    "Inês",
    "Mariana",
    "Paulo",
)
LAST_NAMES = (
    "Silva",
    "Santos",
    "Oliveira",
    "Souza",
    "Lima",
    "Araújo",
    "Gonçalves",
    "Conceição",
    "Leão",
    "Magalhães",
    "Simões",
    "Assunção",
    "Brandão",
    "Falcão",
    "Nóbrega",
    "Guimarães",
    "Pereira",
    "Ribeiro",
    "Carvalho",
    "Gomes",
    "Martins",
    "Rocha",
    "Barros",
    "Damião",
    "Estevão",
)
COMPANY_WORDS = ("Comércio", "Distribuidora", "Mercado", "Padaria", "Construções", "Ótica")
PRODUCT_KINDS = (
    "Camiseta",
    "Calça jeans",
    "Tênis",
    "Jaqueta",
    "Meia",
    "Boné",
    "Relógio",
    "Mochila",
    "Óculos de sol",
    "Carteira",
    "Sandália",
    "Vestido",
    "Blusa de lã",
    "Cinto de couro",
)
PRODUCT_TRAITS = ("azul", "preto", "branco", "verde", "edição limitada", "infantil", "básico")
BRANDS = ("Visa", "Mastercard", "Elo", "American Express", "Hipercard", "Diners Club", "Cabal")
PAYMENT_METHODS = (("CC", "Cartão de crédito"), ("CD", "Cartão de débito"))
PLANS = (("1X", "À vista", 1), ("3X", "3x sem juros", 3), ("6X", "6x sem juros", 6),
         ("10X", "10x com juros", 10), ("12X", "12x com juros", 12))  # fmt: skip
STORE_CITIES = ("Centro", "Shopping Iguatemi", "Savassi", "Boa Viagem", "Moinhos", "Batel")


@dataclass(frozen=True, slots=True)
class SeedSize:
    """How much demo data to make."""

    stores: int = 3
    orders_per_store: int = 300
    customers: int = 500
    products: int = 300
    sellers: int = 12
    billing_days: int = 90
    seed: int = 7


def _person(rng: random.Random) -> str:
    return f"{rng.choice(FIRST_NAMES)} {rng.choice(LAST_NAMES)} {rng.choice(LAST_NAMES)}"


def _cpf(rng: random.Random) -> str:
    # python-stdnum validates CPFs but keeps its check-digit function private: the
    # Receita Federal's modulo-11 rule is two lines, and the tests check each CPF with stdnum.
    digits = [rng.randrange(10) for _ in range(9)]
    for weight_start in (10, 11):
        total = sum((weight_start - i) * d for i, d in enumerate(digits))
        digits.append((11 - total) % 11 % 10)
    return cpf.format("".join(map(str, digits)))


def _cnpj(rng: random.Random, alphanumeric: bool) -> str:
    alphabet = string.digits + string.ascii_uppercase if alphanumeric else string.digits
    base = "".join(rng.choice(alphabet) for _ in range(8)) + "0001"
    return cnpj.format(base + cnpj.calc_check_digits(base))


def _iso(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _masked(last_four: str) -> str:
    return "*" * 12 + last_four


def seed(db: Database, size: SeedSize | None = None, now: datetime | None = None) -> None:
    """Fill an empty database with demo data (does nothing if it was seeded already)."""
    if db.is_seeded():
        return
    size = size or SeedSize()
    rng = random.Random(size.seed)
    now = (now or datetime.now(UTC)).replace(microsecond=0)
    add_demo_users(db)
    conn = db.connect()
    with conn:
        stores = [
            (f"{index + 1:03d}", f"Loja {STORE_CITIES[index % len(STORE_CITIES)]}")
            for index in range(size.stores)
        ]
        conn.executemany("INSERT INTO stores VALUES (?, ?)", stores)
        sellers = [(f"V{index + 1:03d}", _person(rng)) for index in range(size.sellers)]
        conn.executemany("INSERT INTO sellers VALUES (?, ?)", sellers)
        conn.executemany("INSERT INTO billing_methods VALUES (?, ?)", PAYMENT_METHODS)
        conn.executemany("INSERT INTO plans VALUES (?, ?, ?)", PLANS)

        customers = []
        for index in range(size.customers):
            if index % 10 == 9:
                name = f"{rng.choice(COMPANY_WORDS)} {rng.choice(LAST_NAMES)} Ltda"
                document = _cnpj(rng, alphanumeric=index % 30 == 29)
            else:
                name = _person(rng)
                document = _cpf(rng)
            customers.append(
                (f"C{index + 1:06d}", name, document, search_key(name), document_key(document))
            )
        conn.executemany("INSERT INTO customers VALUES (?, ?, ?, ?, ?)", customers)

        products = []
        for index in range(size.products):
            name = f"{rng.choice(PRODUCT_KINDS)} {rng.choice(PRODUCT_TRAITS)}"
            letters = "".join(rng.choices(string.ascii_uppercase, k=2))
            code = f"{letters}-{index + 1:05d}"
            digits = "789" + f"{rng.randrange(10**9):09d}"
            barcode = digits + ean.calc_check_digit(digits)
            products.append((f"P{index + 1:06d}", name, code, barcode, search_key(name)))
        conn.executemany("INSERT INTO products VALUES (?, ?, ?, ?, ?)", products)

        billings = []
        for day in range(size.billing_days, 0, -1):
            date = (now - timedelta(days=day)).replace(hour=0, minute=0, second=0)
            total = rng.randrange(150_000, 2_500_000)
            billings.append((f"B{date:%Y%m%d}", _iso(date), total))
        conn.executemany("INSERT INTO billings VALUES (?, ?, ?)", billings)

        _seed_orders(conn, rng, size, now, stores, sellers, customers)
    db.set_meta("seeded", "1")


Row = tuple[Any, ...]


def _seed_orders(
    conn: sqlite3.Connection,
    rng: random.Random,
    size: SeedSize,
    now: datetime,
    stores: list[Row],
    sellers: list[Row],
    customers: list[Row],
) -> None:
    order_id = 100_000
    order_rows: list[Row] = []
    payment_rows: list[Row] = []
    invoice_rows: list[Row] = []
    for store_id, _ in stores:
        for _ in range(size.orders_per_store):
            order_id += 1
            created = now - timedelta(minutes=rng.randrange(60, 60 * 24 * 60))
            customer = rng.choice(customers) if customers else ("C0", "Consumidor", "", "", "")
            seller = rng.choice(sellers)
            method = rng.choice(PAYMENT_METHODS)
            plan = PLANS[0] if method[0] == "CD" else rng.choice(PLANS)
            amount = rng.randrange(1_990, 450_000)
            state = rng.random()
            paid = 0
            if state >= 0.35:  # partly paid, paid or invoiced
                paid = amount if state >= 0.55 else amount * rng.randrange(20, 80) // 100
                brand = rng.choice(BRANDS)
                payment_rows.append((
                    order_id, _iso(created + timedelta(minutes=rng.randrange(1, 30))),
                    _masked(f"{rng.randrange(10_000):04d}"), plan[2], brand,
                    "credit" if method[0] == "CC" else "debit", paid,
                    str(rng.choice((1001, 1002, 2001))),
                    f"{rng.randrange(10**9):09d}", f"{rng.randrange(16**6):06X}",
                ))  # fmt: skip
            if state >= 0.85:
                issued = created + timedelta(hours=1)
                number = len(invoice_rows) + 1
                invoice_rows.append((
                    number, order_id, "1", _iso(issued), amount,
                    access_key(issued, "12345678000195", "1", number, order_id), 2001,
                ))  # fmt: skip
            order_rows.append((
                order_id, store_id, _iso(created), customer[0], customer[1], seller[0], seller[1],
                method[0], method[1], plan[0], plan[1], amount, plan[2], paid,
            ))  # fmt: skip
    conn.executemany(
        "INSERT INTO orders VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", order_rows
    )
    conn.executemany(
        "INSERT INTO payments (order_id, pay_date, card, installments, flag_name, type,"
        " amount_cents, user_id, nsu, auth) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        payment_rows,
    )
    conn.executemany("INSERT INTO invoices VALUES (?, ?, ?, ?, ?, ?, ?)", invoice_rows)
    conn.execute("DELETE FROM order_changes")  # a new database: no cached list to bring up to date
