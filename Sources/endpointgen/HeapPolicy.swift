#if canImport(Glibc)
import Glibc
#endif

/// How glibc's allocator should serve a run that lasts tens of milliseconds.
///
/// glibc's defaults suit long-lived servers: it hands blocks from 128 KiB up (a threshold that rises as such
/// blocks are freed) to fresh `mmap`s and gives them back on `free`, and it returns free memory at the top of
/// the heap to the kernel past 128 KiB. Generation grows and frees large buffers and whole trees, so with the
/// defaults it keeps touching new zeroed pages, each a fault the kernel must serve; keeping freed memory in the
/// heap for reuse touches about a quarter fewer (`Benchmarks/README.md`, *Why the generator is written as it
/// is*). The process is short-lived, so nothing is lost by not trimming.
/// On other C libraries this does nothing.
enum HeapPolicy {
    /// Blocks up to this size come from the heap, so a freed one is reused instead of unmapped.
    static let mmapThreshold: Int32 = 64 << 20
    /// Free memory at the top of the heap is given back only past this size.
    static let trimThreshold: Int32 = 256 << 20
    /// The heap grows by this much more than it needs each time (address space; pages come when touched).
    static let topPad: Int32 = 16 << 20

    /// Applies the policy; call it once, first thing in `main`. glibc's `mallopt` is looked up by name
    /// because its header is not part of Swift's Glibc module.
    static func applyForShortRun() {
        #if canImport(Glibc)
        typealias MallOpt = @convention(c) (Int32, Int32) -> Int32
        // RTLD_DEFAULT is a null handle in glibc; the option numbers are those of <malloc.h>.
        guard let symbol = dlsym(nil, "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: MallOpt.self)
        _ = mallopt(-3, mmapThreshold)  // M_MMAP_THRESHOLD (also stops its dynamic adjustment)
        _ = mallopt(-1, trimThreshold)  // M_TRIM_THRESHOLD
        _ = mallopt(-2, topPad)  // M_TOP_PAD
        #endif
    }
}
