"""What `pip install` sees: the wheel's metadata (description from the README,
classifiers) and the build settings that keep a source install to minutes
(pyproject.toml's fast Cargo profile)."""

import importlib.metadata
import pathlib

import pytest

tomllib = pytest.importorskip("tomllib")  # Python 3.11+

CRATE = pathlib.Path(__file__).resolve().parents[1]
WORKSPACE = CRATE.parents[1]


def test_the_installed_metadata_has_a_description_and_classifiers():
    md = importlib.metadata.metadata("grundy")
    assert "Sprague-Grundy" in md["Summary"]
    assert "import grundy" in (md.get_payload() or md.get("Description", ""))
    classifiers = md.get_all("Classifier")
    assert "Typing :: Typed" in classifiers
    assert "Topic :: Scientific/Engineering :: Mathematics" in classifiers
    assert md["Requires-Python"] == ">=3.8"


def test_the_wheel_is_built_in_the_fast_python_profile():
    pyproject = tomllib.loads((CRATE / "pyproject.toml").read_text(encoding="utf-8"))
    assert pyproject["project"]["readme"] == "README.md"
    profile_name = pyproject["tool"]["maturin"]["profile"]
    cargo = tomllib.loads((WORKSPACE / "Cargo.toml").read_text(encoding="utf-8"))
    profile = cargo["profile"][profile_name]
    assert profile["inherits"] == "release"
    # The release profile's fat LTO and single codegen unit are what made the build slow.
    assert profile.get("lto") in ("thin", False, "off")
    assert profile.get("codegen-units", 16) > 1
