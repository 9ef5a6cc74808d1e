"""`make bench`: the engine's random-playout and bot benchmarks, then each game's own benchmark scripts
(benchmarks/<game>_*.py with a main() that prints JSON), one after another on one core, and last each engine's
random play side by side with a pinned earlier commit (benchmarks/pinned.py), so a slowdown shows, and last the
bots against the population of opponents their search does not assume (benchmarks/population.py) at a small budget,
to show it runs (its measured runs are in docs/bots.md). The bots' strength and decision studies are in experiments/,
run by hand, never by `make bench`."""
import importlib.util
import pathlib
import sys

from gamenight import benchmark

here = pathlib.Path(__file__).parent
status = benchmark.main(sys.argv[1:])
for script in sorted(here.glob("*_*.py")):
    if script.name.endswith("_peers.py"):
        continue  # peers need their own environment: see the Makefile's bench target
    spec = importlib.util.spec_from_file_location(script.stem, script)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    print(f"\n# {script.name}", flush=True)
    module.main()
print("\n# pinned.py: each engine against its pinned commit", flush=True)
pinned = importlib.util.spec_from_file_location("pinned", here / "pinned.py")
module = importlib.util.module_from_spec(pinned)
pinned.loader.exec_module(module)
module.main()
print("\n# population.py: each game's bots against the population, and the ladder (a small budget)", flush=True)
population = importlib.util.spec_from_file_location("population", here / "population.py")
module = importlib.util.module_from_spec(population)
population.loader.exec_module(module)
module.main(["--deals", "1", "--iterations", "4", "--bots", "heuristic,expert"])
sys.exit(status)
