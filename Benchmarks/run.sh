#!/usr/bin/env bash
# Runs every benchmark (release builds of the tools and benchmarks) and writes the tables to
# Benchmarks/results.md. Progress goes to standard error, the tables to standard output and the file.
#
# Usage: Benchmarks/run.sh [--quick]
#   --quick  fewer runs; generation up to 1,000 endpoints, compile cost at 100 endpoints with one run.
#   (full)   generation up to 10,000 endpoints, compile cost at 100 and 1,000 endpoints, median of 3.
set -euo pipefail
cd "$(dirname "$0")"

quick=false
for argument in "$@"; do
    case "$argument" in
        --quick) quick=true ;;
        *) echo "usage: Benchmarks/run.sh [--quick]" >&2; exit 2 ;;
    esac
done
if $quick; then
    runs=3; sizes="10 100 1000"; compile_runs=1; compile_sizes="100"; mode=(--quick)
else
    runs=5; sizes="10 100 1000 10000"; compile_runs=3; compile_sizes="100 1000"; mode=()
fi

step() { printf '\n==> %s (%s)\n' "$1" "$(date +%H:%M:%S)" >&2; }
started=$(date +%s)

step "Building (release): endpointgen, swift-openapi-generator 1.14.3, the runtime and reactive benchmarks"
# SwiftPM keeps the build plan of the path dependency (the main package) and misses source files added since;
# the plan is cheap to make again.
rm -f .build/*.yaml .build/*/description.json .build/*/plugin-tools-description.json
swift build -c release --package-path .. --product endpointgen >&2
swift build -c release --product swift-openapi-generator >&2
swift build -c release --product RuntimeBenchmark >&2
swift build -c release --product ReactiveBenchmark >&2
swift build -c release --product TransferBenchmark >&2
endpointgen="$(swift build -c release --package-path .. --show-bin-path)/endpointgen"
bin="$(swift build -c release --show-bin-path)"
generator="$bin/swift-openapi-generator"
machine="$(nproc) cores, $(uname -m), $(swift --version 2>&1 | grep -o 'Swift version [0-9.]*')"

{
    echo "# EndpointGen benchmarks"
    echo
    echo "$(date -u +%Y-%m-%d), \`Benchmarks/run.sh${mode[*]:+ ${mode[*]}}\`. Machine: $machine."
    echo
    echo "## Generation: endpointgen vs swift-openapi-generator 1.14.3"
    echo
    echo "The same synthetic API (Scripts/synthetic_api.py) as our spec and as OpenAPI 3.0; whole-process wall time"
    echo "and peak memory, median of $runs interleaved runs; the peer generates types and client."
    echo
    step "Generation: $sizes endpoints, $runs runs each" >&2
    python3 Scripts/generation.py "$endpointgen" "$generator" "$runs" $sizes
    echo
    echo "## Growth: every dimension of a spec at n and 10 n"
    echo
    echo "One dimension at a time, the rest small; endpointgen's in-process total (\`--timings\`), min / median of"
    echo "$runs interleaved runs; CPU time and peak memory of the whole process. Linear growth is a ratio near 10."
    echo
    step "Growth: each dimension at n and 10 n, $runs runs each" >&2
    if $quick; then
        python3 Scripts/growth.py "$endpointgen" "$runs" 2
    else
        python3 Scripts/growth.py "$endpointgen" "$runs"
    fi
    echo
    echo "## Compile cost of the generated code (debug build, rebuild after a touch)"
    echo
    echo "Each client alone in a target, its runtime already built; time of \`swift build --target …\` after"
    echo "touching the target's files, median of $compile_runs interleaved runs, and the peak memory of the largest"
    echo "process (the compiler). A build past 15 minutes or 18 GiB is stopped and reported as such."
    echo
    step "Compile cost: $compile_sizes endpoints, $compile_runs runs each (the first build compiles the runtimes)" >&2
    python3 Scripts/compile.py "$endpointgen" "$generator" .. .build/compile-bench "$compile_runs" $compile_sizes
    echo "## Runtime: a generated endpoint vs hand-written URLRequest + JSONDecoder"
    echo
    step "Runtime overhead" >&2
    "$bin/RuntimeBenchmark" "${mode[@]}"
    echo
    echo "## Downloads: peak memory"
    echo
    echo "A 50 MB body from a local http.server, one process per measurement (peak resident memory, VmHWM),"
    echo "modes interleaved, $runs runs."
    echo
    step "Download memory" >&2
    python3 Scripts/download_memory.py "$bin/TransferBenchmark" "$runs"
    echo
    echo "## Uploads: peak memory"
    echo
    echo "A 100 MB file sent to a local server that counts and discards it, one process per measurement (peak"
    echo "resident memory, VmHWM), modes interleaved, $runs runs."
    echo
    step "Upload memory" >&2
    python3 Scripts/upload_memory.py "$bin/TransferBenchmark" "$runs"
    echo
    echo "## Reactive core vs OpenCombine"
    echo
    echo "Median of runs, interleaved; an event is one element delivered to one subscriber."
    echo
    step "Reactive core vs OpenCombine" >&2
    "$bin/ReactiveBenchmark" "${mode[@]}"
} | tee results.md

step "Done in $(( ($(date +%s) - started) / 60 )) min; the tables are in Benchmarks/results.md" >&2
