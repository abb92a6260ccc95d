"""Peak memory of a 100 MB upload: a file sent from disk as a raw body and as a multipart part, and from an
`AsyncSequence` of chunks, against the client's idle footprint and against the same file read into `Data` first;
through URLSession and through AsyncHTTPClient, saying where the client wrote a temporary copy of the body first. Each measurement is its own process (VmHWM is per process), the modes and transports interleaved,
a local server on 127.0.0.1 that counts the body and throws it away. Prints a markdown table per transport.

Usage: python3 Scripts/upload_memory.py BENCHMARK_BINARY [RUNS]
"""

import http.server
import json
import os
import subprocess
import sys
import tempfile
import threading

from peak_memory import print_table, write_pattern

SIZE = 100 * 1000 * 1000
TRANSPORTS = [("urlsession", "URLSession"), ("asynchttpclient", "AsyncHTTPClient")]


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args) -> None:
        pass

    def reply(self, body: bytes, type: str = "application/json") -> None:
        self.send_response(200)
        self.send_header("Content-Type", type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self) -> None:
        self.reply(b"x" * 1024, "application/octet-stream")

    def do_POST(self) -> None:
        received = 0
        if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
            while True:
                size = int(self.rfile.readline().split(b";")[0], 16)
                if size == 0:
                    self.rfile.readline()
                    break
                remaining = size
                while remaining:
                    remaining -= len(self.rfile.read(min(remaining, 1 << 20)))
                received += size
                self.rfile.readline()
        else:
            remaining = int(self.headers.get("Content-Length", "0"))
            while remaining:
                chunk = self.rfile.read(min(remaining, 1 << 20))
                if not chunk:
                    break
                remaining -= len(chunk)
                received += len(chunk)
        self.reply(json.dumps({"bytes": received}).encode())


def main() -> None:
    binary = sys.argv[1]
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "big.bin")
        write_pattern(path, SIZE)
        modes = ["idle", "upload-raw", "upload-multipart", "upload-stream", "upload-data"]
        peaks = {transport: {mode: [] for mode in modes} for transport, _ in TRANSPORTS}
        copies = {transport: {mode: set() for mode in modes} for transport, _ in TRANSPORTS}
        for _ in range(runs):
            for transport, _ in TRANSPORTS:
                for mode in modes:
                    output = subprocess.run(
                        [binary, mode, base, path], check=True, capture_output=True, text=True,
                        env={**os.environ, "TRANSFER_TRANSPORT": transport}).stdout.split()
                    peak, received = int(output[0]), int(output[1])
                    copies[transport][mode].add(output[2])
                    # A multipart body is the file plus its part headers and boundaries.
                    if mode != "idle" and not (SIZE <= received <= SIZE + 1024):
                        sys.exit(f"{transport} {mode}: the server received {received} bytes, expected {SIZE} and framing")
                    peaks[transport][mode].append(peak)
    server.shutdown()
    for transport, name in TRANSPORTS:
        def copy(mode: str) -> str:
            return {"copy": "a temporary copy first", "direct": "no copy"}.get(
                "/".join(sorted(copies[transport][mode])), "sometimes a copy")
        print_table(f"100 MB upload, {name}", peaks[transport], [
            ("idle", "idle client (one small request)"),
            ("upload-raw", f"`raw` body, `Upload(fileURL:)`, streamed from disk ({copy('upload-raw')})"),
            ("upload-multipart", f"`multipart` file part, `Upload(fileURL:)` ({copy('upload-multipart')})"),
            ("upload-stream", f"`raw` body, `Upload(chunks:length:)` from an AsyncSequence ({copy('upload-stream')})"),
            ("upload-data", "`raw` body from `Data` read whole (contrast)"),
        ])
        print()

if __name__ == "__main__":
    main()
