"""The key a password sign-in leaves for unlocking without the service."""

from __future__ import annotations

from desktop_app.core.offline_unlock import OfflineKey


def test_only_the_same_person_with_the_same_password_opens_it() -> None:
    key = OfflineKey.of("Cashier", "s3cret pass")
    assert key.opens(" cashier ", "s3cret pass")  # as people type their name
    assert not key.opens("cashier", "s3cret pas")
    assert not key.opens("manager", "s3cret pass")  # another person, the same password
    assert not key.opens("cashier", "S3cret pass")  # a password is as typed


def test_it_holds_neither_the_password_nor_a_digest_anyone_can_reuse() -> None:
    first, second = OfflineKey.of("ana", "s3cret"), OfflineKey.of("ana", "s3cret")
    assert b"s3cret" not in first.digest + first.salt
    assert first.digest != second.digest  # salted: the same password, two digests
    assert "s3cret" not in repr(first) and repr(first.digest) not in repr(first)
