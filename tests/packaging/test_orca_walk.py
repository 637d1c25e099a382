"""The Orca walk reads Orca's speech log whole and judges it as tests/a11y says."""

from __future__ import annotations

import re

from tests.helpers import packaging_tool

walk = packaging_tool("orca_walk")


def heard(*texts: str) -> list[object]:
    return [walk.Heard(float(i), text, "step") for i, text in enumerate(texts)]


def test_an_utterance_of_two_lines_is_one_utterance_whole() -> None:
    log = (
        "1.0 SPEECH OUTPUT: 'Sign in push button.'\n"
        "2.5 SPEECH OUTPUT: 'Sign in dialog Locked.\n1 slip kept here waits.'\n"
        "3.0 SPEECH OUTPUT: 'a ' {'established': False}\n"
    )
    said = [walk.UTTERANCE.match(record).group(2) for record in walk._utterances(log)]
    assert said == ["Sign in push button.", "Sign in dialog Locked. 1 slip kept here waits.", "a "]


def test_says_are_heard_in_order_and_nevers_and_the_password_never() -> None:
    expected = walk.Expectation(
        [("one", re.compile("^Sign in")), ("two", re.compile("recorded"))], [re.compile("Azul")]
    )
    assert walk.compare(heard("Sign in push button.", "Payment recorded."), expected) == []
    assert walk.compare(heard("Payment recorded.", "Sign in push button."), expected) == [
        "missing in step 'two': recorded (heard earlier, out of order)"
    ]
    spelled = heard("Sign in", *walk.PASSWORD[:4], "recorded")
    assert walk.compare(spelled, expected) == ["the password was heard"]
