"""The key a password sign-in leaves for unlocking without the service, and the throttle that
slows guessing at it."""

from __future__ import annotations

from desktop_app.api.secret import Secret
from desktop_app.core.offline_unlock import LONGEST_WAIT, OfflineKey, UnlockThrottle

PASSWORD = Secret("s3cret pass")


def test_only_the_same_person_with_the_same_password_opens_it() -> None:
    key = OfflineKey.of("Cashier", PASSWORD)
    assert key.opens(" cashier ", PASSWORD)  # as people type their name
    assert not key.opens("cashier", Secret("s3cret pas"))
    assert not key.opens("manager", PASSWORD)  # another person, the same password
    assert not key.opens("cashier", Secret("S3cret pass"))  # a password is as typed


def test_it_holds_neither_the_password_nor_a_digest_anyone_can_reuse() -> None:
    first, second = OfflineKey.of("ana", Secret("s3cret")), OfflineKey.of("ana", Secret("s3cret"))
    assert b"s3cret" not in first.digest + first.salt
    assert first.digest != second.digest  # salted: the same password, two digests
    assert "s3cret" not in repr(first) and repr(first.digest) not in repr(first)


def test_a_password_never_shows_as_text() -> None:
    assert repr(PASSWORD) == str(PASSWORD) == f"{PASSWORD}" == f"{PASSWORD:>20}" == "<secret>"
    assert "s3cret" not in repr([PASSWORD, {"password": PASSWORD}])
    assert PASSWORD.reveal() == "s3cret pass"


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_after_three_wrong_passwords_each_try_waits_longer_up_to_a_minute() -> None:
    clock = Clock()
    throttle = UnlockThrottle(clock)
    waits = []
    for _ in range(10):
        assert throttle.wait_left("Ana") == 0  # each try taken once its wait is over
        waits.append(throttle.wrong(" ana "))
        clock.now += waits[-1]
    assert waits == [0, 0, 2, 4, 8, 16, 32, 60, 60, 60]
    assert waits[-1] == LONGEST_WAIT


def test_the_wait_is_each_persons_own_and_ends_with_the_right_password() -> None:
    clock = Clock()
    throttle = UnlockThrottle(clock)
    for _ in range(5):
        throttle.wrong("ana")
    assert throttle.wait_left("ana") == 8
    assert throttle.wait_left("bruno") == 0  # another person's count is their own
    clock.now += 3
    assert throttle.wait_left("ANA") == 5  # it counts down
    throttle.forget("ana")  # the right password, or a sign-in at the service
    assert throttle.wait_left("ana") == 0 and throttle.wrong("ana") == 0
