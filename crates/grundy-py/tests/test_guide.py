"""The book's Python page (docs/src/guide/python.md) is run: each ```python
block is a doctest whose printed output must match, in one namespace from the
top of the page down, as a reader would type them."""

import doctest
import pathlib
import re

import pytest

PAGE = pathlib.Path(__file__).resolve().parents[3] / "docs" / "src" / "guide" / "python.md"
BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)


def blocks():
    return BLOCK.findall(PAGE.read_text(encoding="utf-8"))


def test_the_page_has_examples():
    assert len(blocks()) >= 5
    assert all(">>>" in b for b in blocks()), "every python block is a session with its output"


def test_every_example_on_the_page_prints_what_it_shows():
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    # One doctest of every block in turn: names defined above stay defined below.
    test = parser.get_doctest("\n".join(blocks()), {}, "python.md", str(PAGE), 0)
    runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.attempted > 10
    if result.failed:
        pytest.fail(f"{result.failed} of {result.attempted} examples in {PAGE.name} failed (see above)")
