#!/usr/bin/env python3
"""Instruction counts of generation, the ratio of record: `valgrind --tool=callgrind` counts every instruction
the process executes (all threads, start-up included), which machine noise does not move. Both tools generate
the same synthetic API; for endpointgen the share spent inside libyaml's parser (the floor's own work) is shown
beside the total. Prints markdown.

The peer runs as PEER_GENERATE (Benchmarks/Sources/PeerGenerate): its generator core called for types and client
exactly as its CLI does with no configuration file, but from a synchronous main. The CLI's async entry point stops
valgrind 3.19 with an internal error in libdispatch; the driver's output is byte-identical to the CLI's, and the
argument parsing and start-up it skips are a few million instructions of the billions counted.

Usage: instructions.py ENDPOINTGEN PEER_GENERATE PEER_MAX N [N ...]
  PEER_MAX: the peer runs at sizes up to this many endpoints (under valgrind it is 50 to 100 times slower).
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import synthetic_api  # noqa: E402


def stripped(binary, work):
    """A copy of `binary` without debug information: valgrind 3.19 cannot read the DWARF 5 that some Swift builds
    carry (the peer's does), and the instructions executed are the same."""
    copy = os.path.join(work, os.path.basename(binary) + ".stripped")
    shutil.copy2(binary, copy)
    subprocess.run(["strip", "--strip-debug", copy], check=True)
    return copy


def profile(command, work, environment=None, one_cpu=False):
    """(instructions, `callgrind_annotate --inclusive=yes` output) of one run of `command` under callgrind, its
    binary stripped first; `one_cpu` pins it to one CPU (with `taskset`, when there is one)."""
    copy = stripped(command[0], work)
    out = os.path.join(work, "callgrind.out")
    pin = ["taskset", "-c", "0"] if one_cpu and shutil.which("taskset") else []
    result = subprocess.run(pin + ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", copy] + command[1:],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=environment)
    stderr = result.stderr.decode()
    if result.returncode != 0:
        sys.exit(f"failed under valgrind: {' '.join(command)}\n{stderr[-3000:]}")
    total = int(re.search(r"Collected : (\d+)", stderr).group(1))
    annotated = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--threshold=100", out],
                               capture_output=True, text=True).stdout
    os.remove(out)
    os.remove(copy)
    return total, annotated


def inclusive(annotated, pattern):
    """The inclusive count of the first function whose name matches `pattern` (a regular expression over the
    rest of the line after the file), or None. The first line naming a function is its own total; the lines are
    sorted by count."""
    match = re.search(r"^\s*([\d,]+) \([^)]*\)\s+\S*?" + pattern, annotated, re.MULTILINE)
    return int(match.group(1).replace(",", "")) if match else None


def callgrind(command, work):
    """(instructions, instructions inside yaml_parser_parse) of one run under callgrind."""
    total, annotated = profile(command, work)
    return total, inclusive(annotated, r":yaml_parser_parse \[") or 0


def main():
    endpointgen, peer_generate, peer_max = sys.argv[1], sys.argv[2], int(sys.argv[3])
    sizes = [int(n) for n in sys.argv[4:]]
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (`apt-get install -y valgrind`); no instruction counts.")
        return
    print("| endpoints | endpointgen | of which libyaml's parser | swift-openapi-generator | peer / ours |")
    print("|---|---|---|---|---|")
    for n in sizes:
        print(f"  {n:,} endpoints under callgrind …", file=sys.stderr, flush=True)
        work = tempfile.mkdtemp(prefix=f"instructions-{n}-")
        with open(os.path.join(work, "Synthetic.yaml"), "w") as file:
            file.write(synthetic_api.ours(n))
        with open(os.path.join(work, "openapi.yaml"), "w") as file:
            file.write(synthetic_api.openapi(n))
        ours, libyaml = callgrind(
            [endpointgen, "generate", os.path.join(work, "Synthetic.yaml"), "--output", os.path.join(work, "ours")],
            work)
        row = f"| {n:,} | {ours / 1e6:,.1f} M | {libyaml / 1e6:,.1f} M ({ours / max(libyaml, 1):.1f}× in all) "
        if n <= peer_max:
            os.makedirs(os.path.join(work, "peer"))
            peer, _ = callgrind([peer_generate, os.path.join(work, "openapi.yaml"), os.path.join(work, "peer")], work)
            row += f"| {peer / 1e6:,.1f} M | **{peer / ours:,.0f}×** |"
        else:
            row += "| — | — |"
        print(row, flush=True)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
