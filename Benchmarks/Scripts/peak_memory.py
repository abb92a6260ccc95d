"""What the download and upload memory scripts share: the test file's bytes and the table of peaks."""

import statistics


def write_pattern(path: str, size: int) -> None:
    """Writes `size` bytes cycling through every byte value, 1 MiB at a time."""
    chunk = bytes(range(256)) * 4096
    with open(path, "wb") as file:
        written = 0
        while written < size:
            part = chunk[: size - written]
            file.write(part)
            written += len(part)


def print_table(title: str, peaks: dict, labels: list) -> None:
    """A markdown table of each mode's peak (KiB) as min / median MiB and the median against the idle mode's."""
    idle = statistics.median(peaks["idle"])
    print(f"| {title} | peak resident memory, min / median | × idle (median) |")
    print("|---|---|---|")
    for mode, label in labels:
        values = peaks[mode]
        print(f"| {label} | {min(values) / 1024:.1f} / {statistics.median(values) / 1024:.1f} MiB "
              f"| {statistics.median(values) / idle:.2f}× |")
