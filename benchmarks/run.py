"""`make bench`: the engine's random-playout and bot benchmarks, then each game's own benchmark scripts
(benchmarks/<game>_*.py with a main() that prints JSON), one after another on one core, and last each engine's
random play side by side with a pinned earlier commit (benchmarks/pinned.py), so a slowdown shows. The bots'
strength and decision studies are in experiments/, run by hand, never by `make bench`."""
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
sys.exit(status)
