#!/usr/bin/env python3
"""Compile cost of generated code: ours (with EndpointRuntime) against swift-openapi-generator's (with
OpenAPIRuntime) for the same synthetic API. Debug builds, as in day-to-day work: a package with one target per
client, dependencies built first, then the time to rebuild each target after touching its files, interleaved,
min and median of RUNS, and the peak memory of the largest process (the compiler).

The floor: for each runtime, a target of one small file with the same dependencies, touched and rebuilt the
same way in the same rounds. What a client costs above its floor is what its generated code costs; it is
reported per endpoint and per model. Also the slowest function bodies to type-check in our output. Prints
markdown.

Usage: compile.py ENDPOINTGEN OPENAPI_GENERATOR REPOSITORY WORK_DIR RUNS PEER_MAX N|DOCUMENT [N|DOCUMENT ...]
  N: a synthetic API of N endpoints (Benchmarks/Scripts/synthetic_api.py), ours from its spec, the peer's from
     its OpenAPI twin.
  DOCUMENT: a real OpenAPI document (a path, such as ../shared/openapi/stripe.spec3.yaml): both clients are
     generated from that same document, ours by our OpenAPI front end.
  PEER_MAX: the peer's client is compiled at sizes up to this many endpoints (at 1,000 its first build ran
  past 15 minutes and 22 GiB on a 24 GiB machine).
  COMPILE_TIME_LIMIT_MIN (environment, default 15): a first build longer than this is stopped and reported.
"""
import os
import re
import signal
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import synthetic_api  # noqa: E402

PACKAGE = """// swift-tools-version: 6.0
// Written by Benchmarks/Scripts/compile.py: one target per generated client.
import PackageDescription

let package = Package(
    name: "CompileBench",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "EndpointGen", path: "{repository}"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
    ],
    targets: [
        .target(name: "Ours", dependencies: [.product(name: "EndpointRuntime", package: "EndpointGen")]),
        // The floors: one small file each, with the same dependencies as the clients they are compared with.
        .target(name: "Floor", dependencies: [.product(name: "EndpointRuntime", package: "EndpointGen")]),
        .target(
            name: "PeerFloor",
            dependencies: [
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]),
        .target(name: "OursOneFile", dependencies: [.product(name: "EndpointRuntime", package: "EndpointGen")]),
        // The same files as Ours, with the compiler reporting each function body's type-checking time.
        .target(
            name: "OursTimed", dependencies: [.product(name: "EndpointRuntime", package: "EndpointGen")],
            swiftSettings: [.unsafeFlags(["-Xfrontend", "-debug-time-function-bodies"])]),
        .target(
            name: "Peer",
            dependencies: [
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]),
    ]
)
"""

# Timed targets: the floor of our runtime, our client (the default file count, chosen from the spec's size), our
# client in one models file and one endpoints file (`--files 1`), the peer's floor and client.
TARGETS = ["Floor", "Ours", "OursOneFile", "PeerFloor", "Peer"]
FLOORS = {
    "Floor": "import EndpointRuntime\n\n/// Nothing generated: what any target importing the runtime costs.\npublic enum Floor {}\n",
    "PeerFloor": "import HTTPTypes\nimport OpenAPIRuntime\n\n/// Nothing generated.\npublic enum PeerFloor {}\n",
}


def log(message):
    print(message, file=sys.stderr, flush=True)


# A build that runs longer, or whose largest process grows bigger, is stopped and reported as such: on a 24 GiB
# machine the peer's 1,000-endpoint client drove the compiler past 22 GiB, and the machine into swapping.
TIME_LIMIT = int(os.environ.get("COMPILE_TIME_LIMIT_MIN", "15")) * 60
MEMORY_LIMIT_MB = 18 * 1024


class Stopped(Exception):
    def __init__(self, reason, elapsed, peak):
        super().__init__(reason)
        self.reason, self.elapsed, self.peak = reason, elapsed, peak


def process_tree(root):
    """The pids of `root` and all its descendants, with their resident sets (MB), from /proc. The driver starts
    each compiler in a process group of its own, so groups would miss them."""
    parents, sizes = {}, {}
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/stat") as file:
                fields = file.read().rsplit(")", 1)[1].split()
            parents[int(pid)] = int(fields[1])
            sizes[int(pid)] = int(fields[21]) * os.sysconf("SC_PAGE_SIZE") / 2**20
        except (OSError, IndexError, ValueError):
            continue
    tree, frontier = {root}, [root]
    while frontier:
        parent = frontier.pop()
        for pid, ppid in parents.items():
            if ppid == parent and pid not in tree:
                tree.add(pid)
                frontier.append(pid)
    return {pid: sizes.get(pid, 0) for pid in tree}


def build(work, arguments):
    """Runs `swift build` in `work`; returns wall seconds, CPU seconds (user + system, of the build and every
    process it waited for: the driver and the compilers), the peak memory (MB) of its largest process, output.
    Raises Stopped past the time or memory limit.

    The build is waited for directly, so its time ends when it does. A watcher thread looks at the process tree
    every half second for the limits; timing by those looks instead rounded every build up to the next half
    second (so the records up to commit 1c0dd2f read 1.0, 2.0, 2.5, 3.0 s)."""
    command = ["swift", "build", "--package-path", work] + arguments
    with tempfile.TemporaryFile() as log:
        start = time.perf_counter()
        process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        done = threading.Event()
        watched = {"peak": 0.0, "stopped": None}

        def watch():
            while not done.wait(0.5):
                tree = process_tree(process.pid)
                watched["peak"] = max([watched["peak"]] + list(tree.values()))
                elapsed = time.perf_counter() - start
                if elapsed > TIME_LIMIT or watched["peak"] > MEMORY_LIMIT_MB:
                    watched["stopped"] = ("time" if elapsed > TIME_LIMIT else "memory", elapsed)
                    for pid in tree:
                        try:
                            os.kill(pid, signal.SIGKILL)
                        except OSError:
                            pass
                    return

        watcher = threading.Thread(target=watch, daemon=True)
        watcher.start()
        # wait4's usage covers the waited-for descendants: ru_maxrss is the largest of them, the compiler.
        _, status, usage = os.wait4(process.pid, 0)
        elapsed = time.perf_counter() - start
        done.set()
        watcher.join()
        process.returncode = os.waitstatus_to_exitcode(status)
        if watched["stopped"]:
            reason, at = watched["stopped"]
            raise Stopped(reason, at, watched["peak"])
        log.seek(0)
        output = log.read().decode(errors="replace")
    if process.returncode != 0:
        sys.exit(f"failed: {' '.join(command)}\n{output[-4000:]}")
    return elapsed, usage.ru_utime + usage.ru_stime, max(watched["peak"], usage.ru_maxrss / 1024), output


def quietly(command):
    """Runs a generator, showing its output only if it fails; its output."""
    result = subprocess.run(command, capture_output=True)
    output = result.stdout.decode() + result.stderr.decode()
    if result.returncode != 0:
        sys.exit(f"failed: {' '.join(command)}\n{output}")
    return output


def swift_lines(folder):
    return sum(open(os.path.join(folder, name), "rb").read().count(b"\n")
               for name in os.listdir(folder) if name.endswith(".swift"))


def slowest_function_bodies(work, folder, count=5):
    """Type-checking time of each function body in our generated files (target OursTimed, a copy of Ours built
    with -debug-time-function-bodies)."""
    for name in os.listdir(folder):
        os.utime(os.path.join(folder, name))
    folder = os.path.abspath(folder)  # the compiler prints absolute paths
    _, _, _, output = build(work, ["--target", "OursTimed"])
    bodies, synthesized = {}, 0.0
    for line in output.splitlines():
        parts = line.split("\t")
        if len(parts) != 3 or not parts[0].endswith("ms"):
            continue
        milliseconds = float(parts[0][:-2])
        if parts[1].startswith(folder):
            where = os.path.relpath(parts[1], folder)
            bodies[where] = (milliseconds, parts[2].split("@")[0])
        elif parts[1] == "<invalid loc>":
            synthesized += milliseconds
    ranked = sorted(bodies.items(), key=lambda item: -item[1][0])
    return ranked[:count], sum(ms for ms, _ in bodies.values()), len(bodies), synthesized


def document_size(output):
    """(endpoints, models) of an OpenAPI document, from the line our generator printed for it
    ("stripe.spec3.yaml: 1,020 models, 468 endpoints → …")."""
    found = re.search(r"([\d,]+) models?, ([\d,]+) endpoints? →", output)
    if not found:
        sys.exit(f"endpointgen printed no size line:\n{output}")
    return int(found.group(2).replace(",", "")), int(found.group(1).replace(",", ""))


def main():
    endpointgen, generator, repository, work, runs, peer_max = sys.argv[1:7]
    runs, peer_max = int(runs), int(peer_max)
    sizes = sys.argv[7:]
    os.makedirs(work, exist_ok=True)
    with open(os.path.join(work, "Package.swift"), "w") as file:
        file.write(PACKAGE.format(repository=os.path.abspath(repository)))

    print("| endpoints (models) | generated Swift, ours / peer | floor: runtime only | ours (files) | ours, `--files 1` "
          "| peer's floor | swift-openapi-generator | above the floor, ours / peer | per endpoint, ours / peer "
          "| per model, ours / peer | peer / ours above the floor, wall / CPU |")
    print("|---|---|---|---|---|---|---|---|---|---|---|", flush=True)
    details = []
    for item in sizes:
        specs = tempfile.mkdtemp(prefix="compile-")
        if item.isdigit():
            n = int(item)
            label = f"{n:,}"
            models = synthetic_api.models(n) + 1  # and the error model
            spec, document = os.path.join(specs, "Synthetic.yaml"), os.path.join(specs, "openapi.yaml")
            with open(spec, "w") as file:
                file.write(synthetic_api.ours(n))
            with open(document, "w") as file:
                file.write(synthetic_api.openapi(n))
        else:
            spec = document = os.path.abspath(item)
        folders = {}
        for target in TARGETS + ["OursTimed"]:
            folder = os.path.join(work, "Sources", target)
            shutil.rmtree(folder, ignore_errors=True)
            os.makedirs(folder)
            folders[target] = folder
        for target, text in FLOORS.items():
            with open(os.path.join(folders[target], f"{target}.swift"), "w") as file:
                file.write(text)
        generated = quietly([endpointgen, "generate", spec, "--output", folders["Ours"]])
        if not item.isdigit():
            n, models = document_size(generated)
            label = f"{os.path.basename(document)}: {n:,}"
        quietly([endpointgen, "generate", spec, "--output", folders["OursOneFile"], "--files", "1"])
        quietly([endpointgen, "generate", spec, "--output", folders["OursTimed"]])
        with_peer = n <= peer_max
        if with_peer:
            quietly([generator, "generate", document, "--mode", "types", "--mode",
                     "client", "--output-directory", folders["Peer"]])
        else:
            with open(os.path.join(folders["Peer"], "Peer.swift"), "w") as file:
                file.write("// Not compiled at this size.\n")
        shutil.rmtree(specs, ignore_errors=True)

        log(f"  {label} endpoints: first build of the runtimes and our clients …")
        for target in ["Floor", "Ours", "OursOneFile", "OursTimed"]:
            build(work, ["--target", target])
        timed = ["Floor", "Ours", "OursOneFile"]
        stopped = None
        if with_peer:
            log(f"  {label} endpoints: first build of the peer's runtime and client (stopped past "
                f"{TIME_LIMIT // 60} min or {MEMORY_LIMIT_MB // 1024} GiB) …")
            build(work, ["--target", "PeerFloor"])
            timed.append("PeerFloor")
            try:
                build(work, ["--target", "Peer"])
                timed.append("Peer")
            except Stopped as error:
                stopped = error
        times = {target: [] for target in timed}
        cpu = {target: [] for target in timed}
        memory = {target: [] for target in timed}
        for run in range(runs):
            for target in timed:
                log(f"  {label} endpoints: rebuild {target} after a touch ({run + 1}/{runs}) …")
                for name in os.listdir(folders[target]):
                    os.utime(os.path.join(folders[target], name))
                elapsed, seconds, peak, output = build(work, ["--target", target])
                if f"Compiling {target}" not in output:
                    sys.exit(f"touching {target}'s files did not make SwiftPM recompile it:\n{output}")
                times[target].append(elapsed)
                cpu[target].append(seconds)
                memory[target].append(peak)

        def median(target):
            return statistics.median(times[target])

        def cpu_median(target):
            return statistics.median(cpu[target])

        def cell(target):
            return (f"{min(times[target]):.1f} / {median(target):.1f} s, CPU {cpu_median(target):.1f} s, "
                    f"{statistics.median(memory[target]) / 1024:.2f} GiB")

        ours_files = sum(1 for name in os.listdir(folders["Ours"]) if name.endswith(".swift"))
        ours_above = median("Ours") - median("Floor")
        ours_cpu_above = cpu_median("Ours") - cpu_median("Floor")
        ours_lines = swift_lines(folders["Ours"])
        if "Peer" in times:
            peer_above = median("Peer") - median("PeerFloor")
            peer_cpu_above = cpu_median("Peer") - cpu_median("PeerFloor")
            peer_cells = (f"| {cell('PeerFloor')} | {cell('Peer')} | {ours_above:.1f} / {peer_above:.1f} s "
                          f"| {ours_above * 1000 / n:.1f} / {peer_above * 1000 / n:.1f} ms "
                          f"| {ours_above * 1000 / models:.1f} / {peer_above * 1000 / models:.1f} ms "
                          f"| **{peer_above / max(ours_above, 0.01):.1f}×** / "
                          f"{peer_cpu_above / max(ours_cpu_above, 0.01):.1f}× |")
            lines = f"{ours_lines:,} / {swift_lines(folders['Peer']):,} lines"
        else:
            if stopped:
                what = (f"did not finish its first build: more than {TIME_LIMIT // 60} min"
                        if stopped.reason == "time"
                        else f"stopped at {stopped.peak / 1024:.0f} GiB after {stopped.elapsed / 60:.0f} min")
            else:
                what = f"not compiled above {peer_max:,} endpoints"
            peer_floor = cell("PeerFloor") if "PeerFloor" in times else "—"
            peer_cells = (f"| {peer_floor} | {what} | {ours_above:.1f} s / — | {ours_above * 1000 / n:.1f} ms / — "
                          f"| {ours_above * 1000 / models:.1f} ms / — | — |")
            lines = f"{ours_lines:,} / — lines"
        print(f"| {label} ({models:,}) | {lines} | {cell('Floor')} | {cell('Ours')} ({ours_files}) "
              f"| {cell('OursOneFile')} "
              + peer_cells, flush=True)

        log(f"  {label} endpoints: slowest function bodies in our output …")
        slowest, total, count, synthesized = slowest_function_bodies(work, folders["OursTimed"])
        details.append(f"Slowest function bodies to type-check in our output for {label} endpoints "
                       f"(`-debug-time-function-bodies`; {count:,} bodies in our files took {total:,.0f} ms in all, "
                       f"the compiler-synthesized Codable and Hashable members {synthesized:,.0f} ms):")
        details.append("")
        details.extend(f"- {ms:.1f} ms `{where}` {name}" for where, (ms, name) in slowest)
        details.append("")

    print()
    print("\n".join(details))


if __name__ == "__main__":
    main()
