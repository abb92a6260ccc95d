"""Peak memory of a download (50 MB unless SIZE_MB says): streamed to a file, against the client's idle footprint
and, up to 200 MB, against the same body read into memory; through URLSession and through AsyncHTTPClient. Each
measurement is its own process (VmHWM is per process), the modes and transports interleaved, a local http.server
on 127.0.0.1 serving the file. Prints a markdown table per transport.

Usage: python3 Scripts/download_memory.py BENCHMARK_BINARY [RUNS] [SIZE_MB]
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
TRANSPORTS = [("urlsession", "URLSession"), ("asynchttpclient", "AsyncHTTPClient")]


def main() -> None:
    global SIZE
    binary = sys.argv[1]
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    if len(sys.argv) > 3:
        SIZE = int(sys.argv[3]) * 1000 * 1000
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
            modes = ["idle", "file"] + (["memory"] if SIZE <= 200 * 1000 * 1000 else [])
            peaks = {transport: {mode: [] for mode in modes} for transport, _ in TRANSPORTS}
            for _ in range(runs):
                for transport, _ in TRANSPORTS:
                    for mode in modes:
                        output = subprocess.run(
                            [binary, mode, base], check=True, capture_output=True, text=True,
                            env={**os.environ, "TRANSFER_TRANSPORT": transport}).stdout.split()
                        peak, received = int(output[0]), int(output[1])
                        if mode != "idle" and received != SIZE:
                            sys.exit(f"{transport} {mode}: received {received} bytes, expected {SIZE}")
                        peaks[transport][mode].append(peak)
        finally:
            server.terminate()
            server.wait()
    labels = {
        "idle": "idle client (one small request)", "file": "`download(_:to:)` to a file",
        "memory": "`send` into `Data` (contrast)",
    }
    for transport, name in TRANSPORTS:
        print_table(f"{SIZE // 1000 // 1000} MB body, {name}", peaks[transport], [(m, labels[m]) for m in modes])
        print()

if __name__ == "__main__":
    main()
