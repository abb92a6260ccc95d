"""Peak memory of a 50 MB download: streamed to a file, against the client's idle footprint and against the
same body read into memory. Each measurement is its own process (VmHWM is per process), the three modes
interleaved, a local http.server on 127.0.0.1 serving the file. Prints a markdown table.

Usage: python3 Scripts/download_memory.py BENCHMARK_BINARY [RUNS]
"""

import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

from peak_memory import print_table, write_pattern

SIZE = 50 * 1000 * 1000


def main() -> None:
    binary = sys.argv[1]
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    with tempfile.TemporaryDirectory() as folder:
        write_pattern(os.path.join(folder, "big.bin"), SIZE)
        with open(os.path.join(folder, "small.bin"), "wb") as file:
            file.write(b"x" * 1024)
        probe = socket.socket()
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
        probe.close()
        server = subprocess.Popen(
            [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "--directory", folder],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            base = f"http://127.0.0.1:{port}"
            for _ in range(100):
                try:
                    urllib.request.urlopen(base + "/small.bin", timeout=1)
                    break
                except OSError:
                    time.sleep(0.1)
            peaks = {"idle": [], "file": [], "memory": []}
            for _ in range(runs):
                for mode in peaks:
                    output = subprocess.run(
                        [binary, mode, base], check=True, capture_output=True, text=True).stdout.split()
                    peak, received = int(output[0]), int(output[1])
                    if mode != "idle" and received != SIZE:
                        sys.exit(f"{mode}: received {received} bytes, expected {SIZE}")
                    peaks[mode].append(peak)
        finally:
            server.terminate()
            server.wait()
    print_table("50 MB body", peaks, [
        ("idle", "idle client (one small request)"), ("file", "`download(_:to:)` to a file"),
        ("memory", "`send` into `Data` (contrast)"),
    ])

if __name__ == "__main__":
    main()
