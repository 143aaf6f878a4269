"""The Python API refuses a bad argument with a ReasonerError saying what it takes, never a bare
ValueError, RecursionError, OverflowError, AttributeError or TypeError from deep inside: a case
dict with an int of thousands of digits, nesting 100,000 deep or a lone surrogate; a time limit
too large for a float; readings given as bytes; export() of what is not an Answer or to a format
spelled in capitals; use() of what is not a Settings. A datetime.time in a case dict is a clock
time, as a datetime.date is a date."""
import copy
import datetime
from pathlib import Path

import pytest
import yaml

import reasoner

ROOT = Path(__file__).resolve().parents[2]
DWELLING = ROOT / "facts" / "ch350_dwelling_night_unlawful.yaml"
BASE = yaml.safe_load(DWELLING.read_text(encoding="utf-8"))


def with_op1(**attrs):
    case = copy.deepcopy(BASE)
    case["entities"]["op1"].update(attrs)
    return case


def refused(fn):
    with pytest.raises(reasoner.ReasonerError) as info:
        fn()
    return str(info.value)


def test_an_int_of_thousands_of_digits_in_a_case_dict():
    message = refused(lambda: reasoner.ask(with_op1(speed_mph=10 ** 5000), "lawful"))
    assert "entities.op1.speed_mph" in message and "at most 100 digits" in message


def test_a_case_dict_nested_100000_deep():
    deep = {}
    inner = deep
    for _ in range(100_000):
        inner["a"] = {}
        inner = inner["a"]
    message = refused(lambda: reasoner.ask({**BASE, "entities": {**BASE["entities"], "x": deep}}, "lawful"))
    assert "nesting deeper than" in message and "entities.x.a" in message


def test_a_lone_surrogate_in_a_case_dict():
    message = refused(lambda: reasoner.ask({**BASE, "description": "ride \ud800"}, "lawful"))
    assert "description" in message and "U+D800" in message


def test_a_datetime_time_is_a_clock_time_as_a_date_is_a_date():
    text = BASE["entities"]["op1"]["clock_time"]
    hours, minutes = map(int, text.split(":"))
    as_text = reasoner.ask(with_op1(clock_time=text), "lawful")
    as_time = reasoner.ask(with_op1(clock_time=datetime.time(hours, minutes)), "lawful")
    assert as_time.answer == as_text.answer
    message = refused(lambda: reasoner.ask(with_op1(clock_time=datetime.time(hours, minutes, 30)), "lawful"))
    assert "clock time" in message


def test_a_time_limit_too_large_for_a_float():
    message = refused(lambda: reasoner.Settings(time_limit=10 ** 400))
    assert message.startswith("time_limit:") and "at most 86400" in message and len(message) < 300


def test_readings_given_as_bytes():
    message = refused(lambda: reasoner.Settings(readings=b"x.y"))
    assert "bytes b'x.y'" in message and "int 120" not in message


def test_export_of_what_is_not_an_answer_or_to_a_format_in_capitals():
    assert "takes an Answer" in refused(lambda: reasoner.export(None, "md"))
    answer = reasoner.ask(str(DWELLING), "lawful")
    message = refused(lambda: reasoner.export(answer, "HTML"))
    assert "unknown export format 'HTML'" in message and "did you mean 'html'" in message
    with pytest.raises(ValueError):          # still the ValueError callers caught
        reasoner.export(answer, "HTML")


def test_use_of_what_is_not_a_settings():
    def enter():
        with reasoner.use(None):
            pass
    assert "takes a Settings" in refused(enter)
    with pytest.raises(TypeError):           # still the TypeError callers caught
        enter()
