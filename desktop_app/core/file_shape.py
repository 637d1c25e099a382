"""No SQLite file the desk did not make is obeyed.

A journal or an invoice book is a file on a desk anyone with the account can replace or edit.
SQLite keeps code in a file's schema: a trigger runs on the desk's next write (one forged a
confirmed payment the day close counted; one that raises stopped the desk at every start), and
a view can stand where a table is read (forged entries shown as the desk's own). So before any
statement that writes, the file's schema is read and compared with what the desk makes
(:class:`Shape`): its tables, in the shape of this or an earlier version, and its indexes, with
no trigger, no view, nothing else. A file holding anything more is damaged
(:class:`ForeignSchemaError`): kept aside untouched, what its tables hold carried over by
``SELECT``, IT told (see :mod:`desktop_app.core.journal_damaged`).

Every connection is also opened guarded (:func:`guard`): ``trusted_schema`` off (no function
with side effects, no virtual table, is used from a schema), and where Python offers
``Connection.setconfig`` (3.12 and later: Debian 13's own, running from source) SQLite's
defensive mode with triggers and views off. Python 3.11 (Debian 12's, and the one the Debian
package and the Windows build carry, whatever the desk's release) has no ``setconfig``: there
the schema check alone keeps triggers out.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping
from dataclasses import dataclass

_CONFIG_ON = ("SQLITE_DBCONFIG_DEFENSIVE",)
_CONFIG_OFF = ("SQLITE_DBCONFIG_ENABLE_TRIGGER", "SQLITE_DBCONFIG_ENABLE_VIEW")


class ForeignSchemaError(sqlite3.DatabaseError):
    """The file holds what the desk never makes (a trigger, a view, a table or index of
    another shape): it is damaged, and nothing in it is run."""

    def __init__(self, path: object, found: list[str]) -> None:
        super().__init__(f"{path} holds what this app never makes: {', '.join(found)}")
        self.found = tuple(found)


def guard(connection: sqlite3.Connection) -> sqlite3.Connection:
    """``connection``, made to trust nothing of its file's schema (see the module)."""
    connection.execute("PRAGMA trusted_schema = OFF")
    return without_code(connection)


def without_code(connection: sqlite3.Connection) -> sqlite3.Connection:
    """``connection`` in SQLite's defensive mode, with triggers and views off, where this
    Python can say so (3.12+)."""
    setconfig = getattr(connection, "setconfig", None)
    if setconfig is not None:
        for name in _CONFIG_ON:
            setconfig(getattr(sqlite3, name), True)
        for name in _CONFIG_OFF:
            setconfig(getattr(sqlite3, name), False)
    return connection


def defensive(connection: sqlite3.Connection) -> bool | None:
    """Whether SQLite's defensive mode is on for ``connection`` (None: this Python cannot
    tell, nor set it)."""
    getconfig = getattr(connection, "getconfig", None)
    return None if getconfig is None else bool(getconfig(getattr(sqlite3, _CONFIG_ON[0])))


@dataclass(frozen=True)
class Shape:
    """What a file of the desk may hold, as SQLite keeps it (read from a file the desk's own
    statements build in memory, never written out by hand): each table's text as first made
    and the column definitions later versions add to it (in any order, each once), and each
    index's text. A file of an earlier version holds less; none holds anything else."""

    tables: Mapping[str, tuple[str, tuple[str, ...]]]
    indexes: Mapping[str, tuple[str, str | None]]  # name -> its table, its text

    @classmethod
    def of(
        cls,
        tables: str,
        added: Mapping[str, tuple[str, ...]] | None = None,
        indexes: str = "",
    ) -> Shape:
        """The shape the statements ``tables`` make, each table growing by the ``ALTER TABLE …
        ADD COLUMN`` statements of ``added`` (by table), with the indexes of ``indexes``
        (which may use the added columns); ``CREATE … IF NOT EXISTS`` as the desk writes."""
        added = added or {}
        memory = sqlite3.connect(":memory:")
        try:
            memory.executescript(tables)
            made = memory.execute("SELECT name, sql FROM sqlite_schema WHERE type = 'table'")
            first = {
                name: (sql, tuple(_column_of(s) for s in added.get(name, ()))) for name, sql in made
            }
            for statements in added.values():
                for statement in statements:
                    memory.execute(statement)
            memory.executescript(indexes)
            rows = memory.execute(
                "SELECT name, tbl_name, sql FROM sqlite_schema WHERE type = 'index'"
            )
            return cls(first, {name: (table, sql) for name, table, sql in rows})
        finally:
            memory.close()

    def foreign(self, connection: sqlite3.Connection) -> list[str]:
        """What the file of ``connection`` holds that the desk never makes, as IT reads it."""
        rows = connection.execute("SELECT type, name, tbl_name, sql FROM sqlite_schema").fetchall()
        return [
            f"{kind} {name!r}"
            for kind, name, table, sql in rows
            if not self._made_here(str(kind), name, table, sql)
        ]

    def _made_here(self, kind: str, name: object, table: object, sql: object) -> bool:
        if kind == "table" and isinstance(name, str) and name in self.tables:
            first, added = self.tables[name]
            return table == name and isinstance(sql, str) and _grown_from(first, added, sql)
        if kind == "index" and isinstance(name, str) and name in self.indexes:
            return self.indexes[name] == (table, sql)
        return False


def _column_of(statement: str) -> str:
    """The column definition an ``ALTER TABLE t ADD COLUMN …`` statement adds."""
    words = statement.split(None, 5)
    if [w.upper() for w in words[:2]] + [w.upper() for w in words[3:5]] != [
        "ALTER", "TABLE", "ADD", "COLUMN",
    ]:  # fmt: skip
        raise ValueError(f"not an added column: {statement}")
    return words[5]


def _grown_from(first: str, added: tuple[str, ...], sql: str) -> bool:
    """Whether ``sql`` is the table ``first`` made, with columns of ``added`` added after
    (SQLite keeps an added column's definition before the closing parenthesis)."""
    if not first.endswith(")") or not sql.startswith(first[:-1]):
        return False
    rest, left = sql[len(first) - 1 :], list(added)
    while rest != ")":
        column = next((c for c in left if rest.startswith(", " + c)), None)
        if column is None:
            return False
        left.remove(column)
        rest = rest[len(column) + 2 :]
    return True
