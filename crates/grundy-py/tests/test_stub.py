"""grundy.pyi says what the module holds: every public name, every function's
parameters and defaults, every class's methods and properties, and the
exception tree. Read from the stub's syntax tree and the module's own
`__text_signature__`s, so that the two cannot drift apart. The installed
package ships the stub and `py.typed`."""

import ast
import inspect
import pathlib
import types

import pytest

import grundy

STUB = pathlib.Path(__file__).resolve().parents[1] / "grundy.pyi"
TREE = ast.parse(STUB.read_text(encoding="utf-8"))

# Dunders a type checker needs to know (operators, conversions, ==/hash, NumPy).
TYPED_DUNDERS = {
    "__eq__", "__hash__", "__int__", "__index__", "__bool__", "__array__",
    "__add__", "__radd__", "__sub__", "__rsub__", "__mul__", "__rmul__", "__truediv__", "__rtruediv__",
}


def stub_only(node):
    """Names the stub defines for typing alone: aliases and Protocols."""
    if isinstance(node, ast.Assign):
        return True
    return isinstance(node, ast.ClassDef) and any(getattr(b, "id", None) == "Protocol" for b in node.bases)


def stub_names():
    names = {}
    for node in TREE.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)) and not stub_only(node):
            names[node.name] = node
        elif isinstance(node, ast.AnnAssign):
            names[node.target.id] = node
    return names


STUB_NAMES = stub_names()


def module_names():
    """The public names, less the compiled submodule that maturin's package re-exports."""
    return {
        n for n in dir(grundy)
        if (not n.startswith("_") or n == "__version__") and not isinstance(getattr(grundy, n), types.ModuleType)
    }


def test_the_stub_names_exactly_the_module_public_names():
    missing = module_names() - set(STUB_NAMES)
    extra = set(STUB_NAMES) - module_names()
    assert not missing, f"in the module, not in grundy.pyi: {sorted(missing)}"
    assert not extra, f"in grundy.pyi, not in the module: {sorted(extra)}"


def stub_parameters(fn, drop_self):
    """(name, keyword-only, default) of a stub function's parameters."""
    a = fn.args
    positional = a.posonlyargs + a.args
    defaults = [inspect.Parameter.empty] * (len(positional) - len(a.defaults)) + [
        ast.literal_eval(d) for d in a.defaults
    ]
    params = [(p.arg, False, d) for p, d in zip(positional, defaults)]
    params += [
        (p.arg, True, inspect.Parameter.empty if d is None else ast.literal_eval(d))
        for p, d in zip(a.kwonlyargs, a.kw_defaults)
    ]
    return params[1:] if drop_self else params


def runtime_parameters(obj, drop_self):
    params = list(inspect.signature(obj).parameters.values())
    if drop_self and params and params[0].name in ("self", "cls"):
        params = params[1:]
    return [(p.name, p.kind is inspect.Parameter.KEYWORD_ONLY, p.default) for p in params]


FUNCTIONS = [n for n, node in STUB_NAMES.items() if isinstance(node, ast.FunctionDef)]
CLASSES = [n for n, node in STUB_NAMES.items() if isinstance(node, ast.ClassDef)]


@pytest.mark.parametrize("name", FUNCTIONS)
def test_a_function_has_the_stub_signature(name):
    assert stub_parameters(STUB_NAMES[name], False) == runtime_parameters(getattr(grundy, name), False)


@pytest.mark.parametrize("name", CLASSES)
def test_a_class_has_the_stub_bases(name):
    node, cls = STUB_NAMES[name], getattr(grundy, name)
    stub_bases = [ast.unparse(b) for b in node.bases] or ["object"]
    assert stub_bases == [b.__name__ for b in cls.__bases__]


def class_members(cls):
    return {
        n for n in vars(cls)
        if (not n.startswith("_") or n.startswith("_repr_") or n in TYPED_DUNDERS)
    }


@pytest.mark.parametrize("name", [c for c in CLASSES if not issubclass(getattr(grundy, c), Exception)])
def test_a_class_has_the_stub_members_and_signatures(name):
    node, cls = STUB_NAMES[name], getattr(grundy, name)
    stub = {f.name: f for f in node.body if isinstance(f, ast.FunctionDef)}
    stub_members = set(stub) - {"__init__"}
    assert stub_members == class_members(cls), name
    for member, fn in stub.items():
        is_property = any(getattr(d, "id", None) == "property" for d in fn.decorator_list)
        if member == "__init__":
            assert stub_parameters(fn, True) == runtime_parameters(cls, False)
            continue
        runtime = vars(cls)[member]
        assert is_property == isinstance(runtime, types.GetSetDescriptorType), f"{name}.{member}"
        if not is_property and not member.startswith("__"):
            assert stub_parameters(fn, True) == runtime_parameters(runtime, True), f"{name}.{member}"


def test_the_installed_package_ships_the_stub_and_py_typed():
    folder = pathlib.Path(grundy.__file__).parent
    assert (folder / "py.typed").exists()
    installed = folder / "__init__.pyi"
    assert installed.read_text(encoding="utf-8") == STUB.read_text(encoding="utf-8")
