#!/usr/bin/env bash
# Fuzzes the spec pipeline (load → decode → validate → generate) with libFuzzer and AddressSanitizer.
#
#   Tests/Fuzz/run.sh [SECONDS] [LIBFUZZER-OPTION...]
#
# SECONDS defaults to 60 (0: until stopped). Two rounds share the time: small inputs (-max_len=4096) from the
# checked-in seeds, then large ones (-max_len=1048576) from big generated seeds (deep, wide and long specs).
# New inputs go to .build-fuzz/corpus; a crash, timeout or out-of-memory input is written to .build-fuzz/ and
# fails the run. Reproduce one with a plain build: swift run EndpointGenFuzzer .build-fuzz/crash-…
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-60}
shift || true

scratch=.build-fuzz
swift build -c release --product EndpointGenFuzzer --scratch-path "$scratch" \
    --sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING
fuzzer="$scratch/release/EndpointGenFuzzer"

corpus="$scratch/corpus"
large="$scratch/corpus-large"
mkdir -p "$corpus" "$large"
python3 Tests/Fuzz/large_seeds.py "$large"

# The default templates are built once and held for the process: not a leak.
export ASAN_OPTIONS=detect_leaks=0
common=(-dict=Tests/Fuzz/spec.dict -timeout=10 -rss_limit_mb=4096 -artifact_prefix="$scratch/" -print_final_stats=1)
if [ "$seconds" = 0 ]; then
    exec "$fuzzer" "${common[@]}" -max_len=65536 "$@" "$corpus" Tests/Fuzz/Corpus "$large"
fi
small=$(( seconds * 2 / 3 ))
"$fuzzer" "${common[@]}" -max_len=4096 -max_total_time="$small" "$@" "$corpus" Tests/Fuzz/Corpus
"$fuzzer" "${common[@]}" -max_len=1048576 -max_total_time=$(( seconds - small )) "$@" "$large" Tests/Fuzz/Corpus
