"""The scripts of ``benchmarks/`` (speed) and ``experiments/`` (bots' strength and decisions) loaded as modules, for
the tests that run them small (they are scripts, not a package: each is loaded from its file)."""
import importlib.util
import pathlib
from types import ModuleType

ROOT = pathlib.Path(__file__).resolve().parents[1]
BENCHMARKS = ROOT / "benchmarks"
EXPERIMENTS = ROOT / "experiments"


def _load(path: pathlib.Path, name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def load_benchmark(name: str) -> ModuleType:
    """``benchmarks/<name>.py`` as a module named ``name``."""
    return _load(BENCHMARKS / f"{name}.py", name)


def load_experiment(name: str) -> ModuleType:
    """``experiments/<name>.py`` as a module named ``name``."""
    return _load(EXPERIMENTS / f"{name}.py", name)
