"""Unlocking the desk while the service cannot be reached, for the person who last signed in.

Sign-in needs the service. When the idle lock comes down during an outage, the cashier who was
working must still be able to keep slips, so the lock accepts that same person's password,
checked against what their last sign-in left here: a salted scrypt digest of it, in memory
only (never on disk, never the password itself), gone at sign-out and at quit. Another user
cannot unlock this way, and an unlock of this kind holds no token: nothing is sent to the
service until a real sign-in.
"""

from __future__ import annotations

import hashlib
import hmac
import os
from dataclasses import dataclass, field


def _digest(password: str, salt: bytes) -> bytes:
    # scrypt's cost: about 16 MiB and 40 ms here, run off the window's thread. Enough that a
    # copy of the memory does not give the password away for the asking; the service's own
    # sign-in is what guards the data.
    return hashlib.scrypt(
        password.encode(), salt=salt, n=2**14, r=8, p=1, maxmem=64 * 2**20, dklen=32
    )


def _same_person(name: str) -> str:
    """User names as people type them: spaces around and letter case do not count."""
    return name.strip().casefold()


@dataclass(frozen=True, slots=True)
class OfflineKey:
    """What a sign-in leaves for an unlock without the service."""

    username: str
    salt: bytes = field(repr=False)
    digest: bytes = field(repr=False)

    @classmethod
    def of(cls, username: str, password: str) -> OfflineKey:
        """The key of a sign-in the service has just accepted."""
        salt = os.urandom(16)
        return cls(_same_person(username), salt, _digest(password, salt))

    def opens(self, username: str, password: str) -> bool:
        """Whether ``username`` and ``password`` are those of the sign-in that left the key."""
        if _same_person(username) != self.username:
            return False  # another person: never, whatever the password
        return hmac.compare_digest(_digest(password, self.salt), self.digest)
