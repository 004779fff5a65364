"""Nim arithmetic, and what notebooks show."""

import numpy as np

import grundy
from grundy import Nimber


def test_nim_arithmetic():
    # Source: Conway, On Numbers and Games, ch. 6: *2 x *2 = *3, *4 x *4 = *6.
    assert Nimber(2) * Nimber(2) == Nimber(3)
    assert Nimber(4) * 4 == 6
    assert Nimber(3) + Nimber(5) == Nimber(6) and 3 + Nimber(5) == 6
    assert Nimber(1) / Nimber(3) == Nimber(2) and Nimber(2).inverse() == 3
    big = Nimber(2**127 + 12345)
    assert big * big.inverse() == 1
    assert int(Nimber(7)) == 7 and str(Nimber(7)) == "*7" and repr(Nimber(7)) == "Nimber(7)"
    assert hash(Nimber(2**100)) == hash(2**100) and {Nimber(5): 1}[5] == 1
    assert Nimber(3) != Nimber(4)


def test_an_analysis_shows_as_a_table():
    html = grundy.analyze("nim", [3, 4, 5])._repr_html_()
    assert html.startswith("<table>") and "<td style=\"text-align:left\">2</td>" in html
    assert "1 4 5" in html


def test_tables_and_sequences_show_as_the_cli_pictures(tmp_path):
    t = grundy.table("nim", 12, 12)
    png = t._repr_png_()
    assert png.startswith(b"\x89PNG") and len(png) > 1000
    svg = t.plot().svg()
    assert svg.startswith("<svg") and svg.count("<rect") > 100
    picture = grundy.plot(grundy.sequence("0.07", 200))
    assert picture._repr_png_().startswith(b"\x89PNG")
    picture.save(tmp_path / "g.svg")
    assert (tmp_path / "g.svg").read_text().startswith("<svg")


def test_verify_reports_each_check():
    reports = grundy.verify("bash:3", up_to=12)
    assert [r["spec"] for r in reports] == ["bash:3"]
    assert reports[0]["verdict"] == "passed" and reports[0]["size"] == 12


def test_arrays_are_numpy():
    g = grundy.sequence("0.07", 10)
    assert isinstance(g, np.ndarray) and g.tolist() == [0, 0, 1, 1, 2, 0, 3, 1, 1, 0]
