"""The benchmark scripts of ``benchmarks/`` loaded as modules, for the tests that run them small (they are scripts,
not a package: each is loaded from its file)."""
import importlib.util
import pathlib
from types import ModuleType

BENCHMARKS = pathlib.Path(__file__).resolve().parents[1] / "benchmarks"


def load_benchmark(name: str) -> ModuleType:
    """``benchmarks/<name>.py`` as a module named ``name``."""
    spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
