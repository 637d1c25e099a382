"""Typed, unfinished work is the typing person's: kept until finished or sign-out, never shown
to the next person at the desk."""

from __future__ import annotations

from desktop_app.core.typed_work import MOST_KEPT, TypedWork

SLIP = ("payment", "001", 100004)


def test_what_a_person_kept_comes_back_to_them_until_it_is_finished() -> None:
    work = TypedWork()
    work.keep("ana", SLIP, {"nsu": "998877"})
    assert work.take("ana", SLIP) == {"nsu": "998877"}
    assert work.take("ana", SLIP) == {"nsu": "998877"}  # taken, it stays until done
    work.drop(SLIP)
    assert work.take("ana", SLIP) is None


def test_another_person_never_sees_it_and_signing_in_wipes_it() -> None:
    work = TypedWork()
    work.keep("ana", SLIP, {"nsu": "998877"})
    assert work.take("marcos", SLIP) is None
    work.signed_in("ana")  # the same person again (after the idle lock): still there
    assert work.take("ana", SLIP) == {"nsu": "998877"}
    work.signed_in("marcos")
    assert len(work) == 0
    work.keep("marcos", SLIP, {"auth": "X9"})
    work.wipe()  # sign-out
    assert work.take("marcos", SLIP) is None


def test_a_week_of_slips_left_by_esc_keeps_the_latest_few() -> None:
    work = TypedWork()
    for order in range(MOST_KEPT + 10):
        work.keep("ana", ("payment", "001", order), {"nsu": str(order)})
    work.keep("ana", ("payment", "001", 10), {"nsu": "again"})  # left again: the latest now
    assert len(work) == MOST_KEPT
    assert work.take("ana", ("payment", "001", 0)) is None  # the oldest went first
    assert work.take("ana", ("payment", "001", 10)) == {"nsu": "again"}
    assert work.take("ana", ("payment", "001", MOST_KEPT + 9)) == {"nsu": str(MOST_KEPT + 9)}
