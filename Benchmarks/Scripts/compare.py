#!/usr/bin/env python3
"""Before and after, phase by phase: two endpointgen binaries (say a release build of an older commit and of
this one) generate the same synthetic API. Prints markdown: each phase's in-process time (`--timings`, min and
median of RUNS interleaved runs) and its instructions (one run each under `valgrind --tool=callgrind`, all
threads counted, pinned to one CPU and with ENDPOINTGEN_CORES=1, so each phase's work is done in order on the
thread that asks for it and counted inside the phase).

Phases are found in the profile by their functions' mangled names; a phase whose function a binary does not have
(renamed, inlined) shows as "—". The instruction count of a phase is its function's inclusive count.

Usage: compare.py BEFORE AFTER [N] [RUNS]     (N endpoints, 1,000 unless given; RUNS 15 unless given)
  e.g. git worktree add /tmp/before c300511 && swift build -c release --package-path /tmp/before \\
         --product endpointgen
       swift build -c release --product endpointgen
       python3 Benchmarks/Scripts/compare.py /tmp/before/.build/release/endpointgen .build/release/endpointgen
"""
import os
import shutil
import statistics
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import synthetic_api  # noqa: E402
from generation import phases, run  # noqa: E402
from instructions import inclusive, profile  # noqa: E402

# (row, the phases of `--timings` it sums, the mangled-name patterns whose inclusive counts it sums)
ROWS = [
    ("read + parse (YAML to our tree)", ["read", "parse"], [r"YAMLReaderV4read_4file\w*F \["]),
    ("of which libyaml's parser", [], [r":yaml_parser_parse \["]),
    ("decode", ["decode"], [r"0B7DecoderV4spec\w*YAMLNodeVF \["]),
    # The validate phase's time includes resolving, which the validator does not call.
    ("validate and resolve", ["validate"],
     [r"0B9ValidatorV3run\w*yyF \[", r"0B8Resolver[OV]7resolveyAA08ResolvedB0V\w*?FZ(Tf\w+)? \["]),
    ("translate (view models)", ["translate"], [r"CodeGeneratorV4plan\w*"]),
    ("render", ["render"], [r"TemplateSetV6render_8template\w* \["]),
    ("write", ["write"], [r"OutputDirectoryV6update\w* \["]),
    # Binaries before 2026-11-26 do not report it, and their total leaves that time out.
    ("between the phases (`other`)", ["other"], []),
    ("start (loading, arguments, templates)", [],
     [r"rtld\.c:_dl_start \[", r"ParsableCommandPAAE11parseAsRoot\w* \[", r"TemplateSetV8defaults\w* \["]),
]


def timings(binary, spec, work):
    """Phase name → milliseconds, with `total` and `floor`, from one `--timings` run."""
    out = os.path.join(work, "out")
    stderr = run([binary, "generate", spec, "--output", out, "--timings"])[3]
    shutil.rmtree(out, ignore_errors=True)
    return phases(stderr)


def instructions(binary, spec, work):
    """(total, {pattern: inclusive count}) of one run under callgrind, on one CPU."""
    # On one CPU a binary without the ENDPOINTGEN_CORES switch finds one core too, so work that other threads
    # would do is counted inside the phase that asks for it.
    total, annotated = profile([binary, "generate", spec, "--output", os.path.join(work, "out")], work,
                               environment=dict(os.environ, ENDPOINTGEN_CORES="1"), one_cpu=True)
    shutil.rmtree(os.path.join(work, "out"), ignore_errors=True)
    return total, {pattern: inclusive(annotated, pattern) for _, _, patterns in ROWS for pattern in patterns}


def millions(count):
    return "—" if count is None else f"{count / 1e6:,.1f} M"


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    before, after = sys.argv[1], sys.argv[2]
    n = int(sys.argv[3]) if len(sys.argv) > 3 else 1000
    runs = int(sys.argv[4]) if len(sys.argv) > 4 else 15
    binaries = [before, after]
    with tempfile.TemporaryDirectory() as work:
        spec = os.path.join(work, "Synthetic.yaml")
        with open(spec, "w") as file:
            file.write(synthetic_api.ours(n))
        times = {binary: [] for binary in binaries}
        for _ in range(runs):
            for binary in binaries:
                times[binary].append(timings(binary, spec, work))
        counted = {}
        if shutil.which("valgrind"):
            for binary in binaries:
                counted[binary] = instructions(binary, spec, work)

    def cell(binary, phases, patterns):
        parts = []
        if phases and not any(phase in run for phase in phases for run in times[binary]):
            parts.append("—")
        elif phases:
            values = [sum(run.get(phase, 0.0) for phase in phases) for run in times[binary]]
            parts.append(f"{min(values):.1f} / {statistics.median(values):.1f} ms")
        if binary in counted and patterns:
            found = [counted[binary][1][pattern] for pattern in patterns]
            parts.append(millions(None if None in found else sum(found)))
        return ", ".join(parts)

    print(f"{n:,} endpoints; time: min / median of {runs} interleaved `--timings` runs (default cores); "
          "instructions: one callgrind run each on one CPU, inclusive counts.")
    print()
    print("| phase | before | after |")
    print("|---|---|---|")
    for name, phases, patterns in ROWS:
        print(f"| {name} | {cell(before, phases, patterns)} | {cell(after, phases, patterns)} |")
    total = []
    for binary in binaries:
        values = [run["total"] for run in times[binary]]
        text = f"{min(values):.1f} / {statistics.median(values):.1f} ms"
        if binary in counted:
            text += f", {millions(counted[binary][0])}"
        total.append(text)
    print(f"| total (whole process for instructions) | {total[0]} | {total[1]} |")
    floors = [statistics.median(run["floor"] for run in times[binary]) for binary in binaries]
    ratios = [statistics.median(run["total"] / run["floor"] for run in times[binary]) for binary in binaries]
    print(f"| floor: libyaml's events, median | {floors[0]:.1f} ms | {floors[1]:.1f} ms |")
    print(f"| total / floor, median of runs | {ratios[0]:.1f}× | {ratios[1]:.1f}× |")
    if not counted:
        print()
        print("valgrind is not installed (`apt-get install -y valgrind`); no instruction counts.")


if __name__ == "__main__":
    main()
