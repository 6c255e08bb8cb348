"""The numba kernel against the same search in plain C, on the same deals: nodes per second.

``benchmarks/solver_reference.c`` is the kernel (:mod:`twentyeight.solver.kernel`) written
again in C, recursive, with the same move ordering and the same exact transposition table.
This script compiles it with the system's C compiler (``cc``, or ``$CC``) into a temporary
directory, with the kernel's slot numbers given to it in a generated header, loads it with
:mod:`ctypes`, and then, deal by deal (complete deals of 28 from the first lead, as
``benchmarks/solver_speed.py``; the two interleaved, the order alternating), solves every
legal move of the leader on both.  Before any time counts, both must give the same values and
search the same nodes: a difference stops the run.

It reports, for each, nodes per second of processor time (``time.process_time``: on a shared
machine the wall clock also counts other processes' turns) and of wall time, and the ratio.
Only the search is timed on either side (the position is encoded once, for both).  The C
search allocates its table afresh per deal (``calloc``); the kernel keeps its arena from call
to call, as in the package.

    python benchmarks/solver_c_speed.py [--deals 20] [--seed 0] [--rules 28] [--cflags "-O2"]
                                        [--json]

Needs ``twentyeight[fast]`` (numba) and a C compiler; not part of the package.
"""

from __future__ import annotations

import argparse
import ctypes
import json
import os
import shlex
import statistics
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np
from solver_speed import deals, kernel_inputs

from twentyeight.solver import fast, jit

SOURCE = Path(__file__).with_name("solver_reference.c")


def slot_header(k: Any) -> str:
    """``#define`` lines for every upper-case integer constant of kernel module ``k``."""
    lines = [f"#define {name} ((int64_t){value}LL)" for name, value in sorted(vars(k).items())
             if name.isupper() and isinstance(value, int) and not isinstance(value, bool)]
    return "#include <stdint.h>\n" + "\n".join(lines) + "\n"


def build(k: Any, cflags: list[str], folder: Path) -> ctypes.CDLL:
    """Compile the C search against the slots of ``k``; the loaded library."""
    header = folder / "slots.h"
    header.write_text(slot_header(k))
    library = folder / "solver_reference.so"
    cc = os.environ.get("CC", "cc")
    subprocess.run([cc, *cflags, "-shared", "-fPIC", "-include", str(header), str(SOURCE),
                    "-o", str(library)], check=True)
    lib = ctypes.CDLL(str(library))
    p = ctypes.c_void_p
    i = ctypes.c_int64
    lib.solve_codes.argtypes = [p, p, p, i, i, i, i, i, i, p]
    lib.solve_codes.restype = i
    return lib


def pointer(a: Any) -> int:
    """The address of a numpy array's data."""
    return int(a.ctypes.data)


def run_c(lib: ctypes.CDLL, cfg: Any, root: Any, codes: Any, guess: int
          ) -> tuple[float, float, int, list[int]]:
    """Processor and wall seconds, nodes and values of the C search on one deal."""
    out = np.zeros(len(codes), np.int64)
    cpu, wall = time.process_time(), time.perf_counter()
    nodes = lib.solve_codes(pointer(cfg), pointer(root), pointer(codes), len(codes), guess, 0,
                            0, 2_000_000, -1, pointer(out))
    return time.process_time() - cpu, time.perf_counter() - wall, nodes, [int(v) for v in out]


def run_kernel(k: Any, cfg: Any, root: Any, codes: Any, guess: int
               ) -> tuple[float, float, int, list[int]]:
    """The same for the compiled kernel ``k``, in the memory the package keeps for it."""
    out = np.zeros(len(codes), np.int64)
    work, arena = fast._memory(k)
    cpu, wall = time.process_time(), time.perf_counter()
    nodes = int(k.solve_codes(cfg, root, codes, guess, 0, 0, 2_000_000, -1, out, work, arena))
    return time.process_time() - cpu, time.perf_counter() - wall, nodes, [int(v) for v in out]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=20)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--rules", default="28")
    ap.add_argument("--cflags", default="-O2", help="the C compiler's options (default -O2)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    if not jit.have_numba():
        raise SystemExit("numba is not installed (or TWENTYEIGHT_NO_NUMBA is set)")
    k = fast.compiled_kernel()
    compile_seconds = fast.warm_up()
    totals = {"c": [0.0, 0.0, 0.0], "kernel": [0.0, 0.0, 0.0]}   # processor s, wall s, nodes
    ratios: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        lib = build(k, shlex.split(args.cflags), Path(folder))
        done = 0
        for seed, h in deals(args.rules, args.seed, args.deals):
            done += 1
            pos, codes, guess = kernel_inputs(h)
            cfg, root = fast.encode(pos, k)
            arr = np.array(codes, np.int64)
            found = {}
            for path in (("c", "kernel") if done % 2 else ("kernel", "c")):
                found[path] = (run_c(lib, cfg, root, arr, guess) if path == "c"
                               else run_kernel(k, cfg, root, arr, guess))
            if found["c"][2:] != found["kernel"][2:]:
                raise SystemExit(f"deal {done} (seed {seed}): C and kernel disagree: "
                                 f"{found['c'][2:]} against {found['kernel'][2:]}")
            for path, (cpu, wall, nodes, _) in found.items():
                totals[path][0] += cpu
                totals[path][1] += wall
                totals[path][2] += nodes
            ratios.append(found["kernel"][0] / max(found["c"][0], 1e-9))
            if not args.json:
                print(f"deal {done:3} (seed {seed:3}): {found['c'][2]:>10,} nodes  "
                      f"C {found['c'][0]:7.3f} s  kernel {found['kernel'][0]:7.3f} s "
                      "(processor)", flush=True)
    report: dict[str, object] = {
        "rules": args.rules, "deals": done, "cflags": args.cflags,
        "kernel_first_call_seconds": round(compile_seconds, 2),
        "load_average": [round(x, 2) for x in os.getloadavg()],
    }
    for path, (cpu_s, wall_s, visited) in totals.items():
        report[path] = {"nodes": int(visited), "processor_seconds": round(cpu_s, 3),
                        "nodes_per_processor_second": round(visited / cpu_s),
                        "nodes_per_wall_second": round(visited / wall_s)}
    c_rate = totals["c"][2] / totals["c"][0]
    k_rate = totals["kernel"][2] / totals["kernel"][0]
    report["c_over_kernel"] = round(c_rate / k_rate, 2)
    report["per_deal_ratio_median"] = round(statistics.median(ratios), 2)
    if args.json:
        print(json.dumps(report))
        return
    print(f"{done} deals of {args.rules} from the first lead; the same values and nodes on both")
    for path in ("c", "kernel"):
        r = report[path]
        assert isinstance(r, dict)
        print(f"  {path:7} {r['nodes']:,} nodes in {r['processor_seconds']} processor s: "
              f"{r['nodes_per_processor_second']:,} nodes/s ({r['nodes_per_wall_second']:,} "
              "per wall second)")
    print(f"C / kernel: {report['c_over_kernel']}× overall, per deal median "
          f"{report['per_deal_ratio_median']}× (cc {args.cflags}; load average "
          f"{report['load_average']})")


if __name__ == "__main__":
    main()
