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
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from desktop_app.api.secret import Secret


def _digest(password: Secret, salt: bytes) -> bytes:
    # scrypt's cost: about 16 MiB and 40 ms here, run off the window's thread. Enough that a
    # copy of the memory does not give the password away for the asking; the service's own
    # sign-in is what guards the data.
    return hashlib.scrypt(
        password.reveal().encode(), salt=salt, n=2**14, r=8, p=1, maxmem=64 * 2**20, dklen=32
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
    def of(cls, username: str, password: Secret) -> OfflineKey:
        """The key of a sign-in the service has just accepted."""
        salt = os.urandom(16)
        return cls(_same_person(username), salt, _digest(password, salt))

    def is_for(self, username: str) -> bool:
        """Whether ``username`` is the person whose sign-in left the key."""
        return _same_person(username) == self.username

    def opens(self, username: str, password: Secret) -> bool:
        """Whether ``username`` and ``password`` are those of the sign-in that left the key."""
        if not self.is_for(username):
            return False  # another person: never, whatever the password
        return hmac.compare_digest(_digest(password, self.salt), self.digest)


FREE_TRIES = 3
"""Wrong passwords in a row that cost nothing: a person mistypes."""
FIRST_WAIT = 2.0
"""Seconds before the next try after the first wrong password beyond the free ones; each wrong
password after that doubles it."""
LONGEST_WAIT = 60.0


@dataclass(slots=True)
class UnlockThrottle:
    """Slows guessing at the unlock without the service, person by person, in memory only.

    The key is checked on this computer, so nothing else limits how fast someone at the desk
    could try passwords. After :data:`FREE_TRIES` wrong ones, each try waits longer than the last
    (doubling from :data:`FIRST_WAIT`, at most :data:`LONGEST_WAIT`); the right password, or a
    sign-in at the service, starts that person's count again. A colleague's wrong guesses can
    make the person wait a minute for their next try at most; they never lock them out.
    """

    clock: Callable[[], float] = time.monotonic
    _wrong: dict[str, int] = field(default_factory=dict)
    _next_try: dict[str, float] = field(default_factory=dict)

    def wait_left(self, username: str) -> float:
        """Seconds before a try for ``username`` is taken (0: now)."""
        return max(0.0, self._next_try.get(_same_person(username), 0.0) - self.clock())

    def wrong(self, username: str) -> float:
        """Note a wrong password for ``username``; the seconds before the next try is taken."""
        person = _same_person(username)
        count = self._wrong.get(person, 0) + 1
        self._wrong[person] = count
        if count >= FREE_TRIES:
            wait = min(LONGEST_WAIT, FIRST_WAIT * 2 ** (count - FREE_TRIES))
            self._next_try[person] = self.clock() + wait
        return self.wait_left(username)

    def forget(self, username: str) -> None:
        """The right password or a sign-in: ``username`` starts again with free tries."""
        person = _same_person(username)
        self._wrong.pop(person, None)
        self._next_try.pop(person, None)
