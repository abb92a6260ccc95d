#!/usr/bin/env bash
# Runs every benchmark (release builds of the tools and benchmarks) and writes the tables to
# Benchmarks/results.md. Progress goes to standard error, the tables to standard output and the file.
#
# Usage: Benchmarks/run.sh [--quick]
#   --quick  generation up to 1,000 endpoints; growth at n and 10 n; compile cost at 100 endpoints, 3 rounds.
#   (full)   generation up to 10,000 endpoints; growth at n, 10 n and 100 n; compile cost at 100 and 1,000
#            endpoints, 5 rounds. Every timing is 5 interleaved rounds or more, reported as min / median.
set -euo pipefail
cd "$(dirname "$0")"

quick=false
for argument in "$@"; do
    case "$argument" in
        --quick) quick=true ;;
        *) echo "usage: Benchmarks/run.sh [--quick]" >&2; exit 2 ;;
    esac
done
# The peer generates at up to 1,000 endpoints (minutes per run at 10,000) and compiles at 100 (its 1,000-endpoint
# client ran past 15 minutes and 22 GiB here).
peer_max=1000; peer_compile_max=100
if $quick; then
    runs=5; sizes="10 100 1000"; growth=10; compile_runs=3; compile_sizes="100"; mode=(--quick)
else
    runs=5; sizes="10 100 1000 10000"; growth=100; compile_runs=5; compile_sizes="100 1000"; mode=()
fi

step() { printf '\n==> %s (%s)\n' "$1" "$(date +%H:%M:%S)" >&2; }
started=$(date +%s)

step "Building (release): endpointgen, swift-openapi-generator 1.14.3, the runtime and reactive benchmarks"
# SwiftPM keeps the build plan of the path dependency (the main package) and misses source files added since;
# the plan is cheap to make again.
rm -f .build/*.yaml .build/*/description.json .build/*/plugin-tools-description.json
swift build -c release --package-path .. --product endpointgen >&2
swift build -c release --product swift-openapi-generator >&2
swift build -c release --product PeerGenerate >&2
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
    echo "The same synthetic API (Scripts/synthetic_api.py) as our spec and as OpenAPI 3.0; the peer generates types"
    echo "and client. Whole process, $runs interleaved rounds, min / median; CPU is user + system time; the"
    echo "ratios are median over median. The peer runs up to ${peer_max} endpoints."
    echo
    step "Generation: $sizes endpoints, $runs rounds each" >&2
    python3 Scripts/generation.py "$endpointgen" "$generator" "$runs" "$peer_max" $sizes
    echo
    echo "## Instructions (callgrind): the ratio of record"
    echo
    echo "Every instruction of the whole process (all threads, start-up included) under \`valgrind --tool=callgrind\`;"
    echo "one run each, since the count does not move with machine noise. The peer runs at 100 endpoints, as its"
    echo "generator core driven from a synchronous main (Sources/PeerGenerate: valgrind cannot run its CLI's async"
    echo "entry point; the output is byte-identical)."
    echo
    step "Instruction counts under callgrind: 100 and 1,000 endpoints" >&2
    python3 Scripts/instructions.py "$endpointgen" "$bin/PeerGenerate" 100 100 1000
    echo
    echo "## Growth: every dimension of a spec"
    echo
    echo "One dimension at a time, the rest small; endpointgen's in-process total (\`--timings\`), min / median of"
    echo "$runs interleaved runs; CPU time and peak memory of the whole process. Linear growth is a time ratio near"
    echo "the input ratio (10×, 100×); fixed costs pull the ratios below it."
    echo
    step "Growth: each dimension up to ${growth} n, $runs runs each" >&2
    python3 Scripts/growth.py "$endpointgen" "$runs" "$growth"
    echo
    echo "## Compile cost of the generated code above its floor (debug build, rebuild after a touch)"
    echo
    echo "Each client alone in a target, its runtime already built, and for each runtime a floor target of one"
    echo "small file with the same dependencies; time of \`swift build --target …\` after touching the target's"
    echo "files, $compile_runs interleaved rounds, min / median, and the peak memory of the largest process (the"
    echo "compiler). Above the floor is the median minus the floor's median. A build past 15 minutes or 18 GiB is"
    echo "stopped and reported as such. The peer compiles at up to ${peer_compile_max} endpoints."
    echo
    step "Compile cost: $compile_sizes endpoints, $compile_runs rounds each (the first build compiles the runtimes)" >&2
    python3 Scripts/compile.py "$endpointgen" "$generator" .. .build/compile-bench "$compile_runs" \
        "$peer_compile_max" $compile_sizes
    echo
    echo "## Runtime: a generated endpoint vs hand-written URLRequest + JSONDecoder"
    echo
    step "Runtime overhead" >&2
    "$bin/RuntimeBenchmark" "${mode[@]}"
    echo
    echo "## Downloads: peak memory"
    echo
    echo "A 1 GB body from a local http.server through each transport, one process per measurement (peak resident"
    echo "memory, VmHWM), modes and transports interleaved, $runs runs."
    echo
    step "Download memory" >&2
    python3 Scripts/download_memory.py "$bin/TransferBenchmark" "$runs" 1000
    echo
    echo "## Uploads: peak memory"
    echo
    echo "A 100 MB file sent to a local server that counts and discards it through each transport, one process per"
    echo "measurement (peak resident memory, VmHWM), modes and transports interleaved, $runs runs."
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
