"""The examples in the docstrings of the pure layers (rules/, vision/) and of the catalog loaders run,
and give what they show."""
from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import rules
import vision

#: every module of rules/ and vision/, and the three translation modules whose examples need no Kivy
MODULES = sorted({info.name for package in (rules, vision)
                  for info in pkgutil.walk_packages(package.__path__, package.__name__ + ".")}
                 | {"rules", "vision", "companion.i18n", "companion.po", "companion.rules_text"})


def run_examples(name: str) -> doctest.TestResults:
    module = importlib.import_module(name)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for test in doctest.DocTestFinder().find(module):
        runner.run(test)
    return runner.summarize(verbose=False)


@pytest.mark.parametrize("name", MODULES)
def test_the_examples_in_a_module_hold(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    result = run_examples(name)
    assert result.failed == 0, capsys.readouterr().out


def test_the_examples_are_found() -> None:
    """The check is real: the modules known to hold examples give some, and a wrong one fails."""
    assert {"rules.text", "vision.settle", "companion.i18n", "companion.rules_text"} <= set(MODULES)
    assert run_examples("rules.text").attempted > 0
    wrong = doctest.DocTestParser().get_doctest(">>> 1 + 1\n3\n", {}, "wrong", "wrong.py", 0)
    runner = doctest.DocTestRunner()
    runner.run(wrong, out=lambda _text: None)
    assert runner.summarize(verbose=False).failed == 1
