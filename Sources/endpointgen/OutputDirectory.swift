import EndpointCodegen
import EndpointSpec

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The folder generated files go to: writes only files whose bytes change, and removes files it generated
/// earlier from the same spec that are no longer generated (for example after a change of `--files`), known by
/// their names (`Shop+Models3.swift`), so custom templates change nothing about it.
struct OutputDirectory {
    /// What bringing the folder up to date does (or, with `--check`, would do).
    struct Changes {
        var written: [String] = []
        var unchanged: [String] = []
        var removed: [String] = []

        var isEmpty: Bool { written.isEmpty && removed.isEmpty }
    }

    /// A file or folder that could not be written, with the system's reason.
    struct Failure: Error, CustomStringConvertible {
        var path: String
        var reason: String

        var description: String {
            "error: cannot write '\(path)': \(reason); give an --output folder you may write to, or move what is in the way"
        }
    }

    let path: String

    /// Compares `files` (generated from the spec file `specFileName`) with the folder; writes unless `dryRun`.
    func update(with files: [GeneratedFile], specFileName: String, dryRun: Bool) throws(Failure) -> Changes {
        var changes = Changes()
        if !dryRun {
            do {
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            } catch {
                throw Failure(path: path, reason: "the folder cannot be created (\(Self.reason(error)))")
            }
        }
        for file in files {
            let filePath = PathText.joining(path, file.name)
            if file.withUnsafeBytes({ Self.file(at: filePath, holds: $0) }) {
                changes.unchanged.append(filePath)
                continue
            }
            changes.written.append(filePath)
            if !dryRun {
                try file.withUnsafeBytes { bytes throws(Failure) in try Self.replace(file.name, in: path, with: bytes) }
            }
        }
        let current = Set(files.map(\.name))
        // Ours by name, not by content: a custom header template must not keep stale files alive.
        let base = FileLayout.baseName(ofSpec: specFileName)
        let existing = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        for name in existing.sorted()
        where !current.contains(name) && FileLayout.isGeneratedFileName(name, base: base) {
            let filePath = PathText.joining(path, name)
            changes.removed.append(filePath)
            if !dryRun {
                do {
                    try FileManager.default.removeItem(atPath: filePath)
                } catch {
                    throw Failure(path: filePath, reason: "the old file cannot be removed (\(Self.reason(error)))")
                }
            }
        }
        return changes
    }

    /// Replaces the file `name` in `folder` with `bytes` as compilers and build tools write their outputs: into a
    /// new file beside it, renamed over it once complete, so that a reader (a compiler, an editor, a concurrent
    /// build) sees the old file or the new one and never part of one. An existing file's permissions are kept.
    ///
    /// Nothing is flushed to disk (`fsync`): a generated file is made again from its spec, and flushing each one
    /// was most of the write phase.
    static func replace(_ name: String, in folder: String, with bytes: UnsafeRawBufferPointer) throws(Failure) {
        let path = PathText.joining(folder, name)
        var existing = stat()
        let keptMode = stat(path, &existing) == 0 ? existing.st_mode & 0o7777 : nil
        var temporary = ""
        var descriptor: Int32 = -1
        for attempt in 0..<100 where descriptor < 0 {
            // Hidden, beside the target (so the rename stays on one file system), and unique to this process.
            temporary = PathText.joining(folder, ".\(name).\(getpid()).\(attempt).tmp")
            // A new file gets the usual 0666 less the umask, as Foundation would give it.
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, keptMode ?? 0o666)
            if descriptor < 0 && errno != EEXIST {
                throw Failure(path: path, reason: Self.reason(errno: errno))
            }
        }
        guard descriptor >= 0 else { throw Failure(path: path, reason: "no free name for a temporary file") }
        var failure = writeAll(bytes, to: descriptor)
        // The umask may have narrowed a kept mode at `open`; `fchmod` restores it exactly.
        if failure == 0, let keptMode, fchmod(descriptor, keptMode) != 0 { failure = errno }
        if close(descriptor) != 0 && failure == 0 { failure = errno }
        if failure == 0 && rename(temporary, path) != 0 { failure = errno }
        if failure != 0 {
            unlink(temporary)
            throw Failure(path: path, reason: Self.reason(errno: failure))
        }
    }

    /// Whether the regular file at `path` holds exactly `expected`: false at once when the sizes differ, else read
    /// and compared a block at a time, so checking a file of megabytes neither allocates nor touches a copy of it.
    static func file(at path: String, holds expected: UnsafeRawBufferPointer) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
            Int(status.st_size) == expected.count
        else { return false }
        var block = [UInt8](repeating: 0, count: Swift.min(expected.count, 1 << 16))
        return block.withUnsafeMutableBytes { block in
            var compared = 0
            while compared < expected.count {
                let count = read(descriptor, block.baseAddress!, Swift.min(block.count, expected.count - compared))
                if count < 0 && errno == EINTR { continue }
                // An error, or the file shrank since `fstat`: not the same.
                guard count > 0, memcmp(block.baseAddress!, expected.baseAddress! + compared, count) == 0 else {
                    return false
                }
                compared += count
            }
            // Nothing may follow (the file grew since `fstat`).
            var extra: UInt8 = 0
            return read(descriptor, &extra, 1) == 0
        }
    }

    /// Writes every byte of `bytes`, going on after a partial write or an interrupt; the `errno` of a failure, or 0.
    private static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32 {
        var written = 0
        while written < bytes.count {
            let count = write(descriptor, bytes.baseAddress! + written, bytes.count - written)
            if count > 0 {
                written += count
            } else if count == 0 {
                return EIO
            } else if errno != EINTR {
                return errno
            }
        }
        return 0
    }

    /// The system's words for an `errno`, such as "Is a directory".
    private static func reason(errno code: Int32) -> String {
        String(cString: strerror(code))
    }

    /// The system's words for a Foundation file error, such as "Not a directory".
    private static func reason(_ error: any Error) -> String {
        if let error = error as? CocoaError, let underlying = error.underlying as? POSIXError {
            return reason(errno: underlying.code.rawValue)
        }
        return "\(error)"
    }
}
