import LaminaCore
import LaminaWire

/// Puts bitmaps' pixels into shared-memory pools, once each, and says where they are.
///
/// Pools are made as needed (4 MiB, doubling with each new pool, or the size of a bitmap larger than
/// that) and filled front to back; a bitmap is never written twice, since bitmaps are immutable.
struct BitmapUploader {
    private var pools: [SharedMemoryPool] = []
    private var used = 0
    private var sent: [BitmapID: WireBitmap] = [:]
    private var nextPool: UInt32 = 1

    /// Forgets that `bitmaps` were sent (their commit was rejected, so the daemon never kept them).
    mutating func forget(_ bitmaps: [Bitmap]) {
        for bitmap in bitmaps { sent[bitmap.id] = nil }
    }

    /// The wire descriptions of `bitmaps` not sent before, and the pools to announce first.
    mutating func upload(_ bitmaps: [Bitmap]) throws(LaminaError) -> (pools: [ClientMessage], bitmaps: [WireBitmap]) {
        var newPools: [ClientMessage] = []
        var described: [WireBitmap] = []
        for bitmap in bitmaps where sent[bitmap.id] == nil {
            let bytes = bitmap.pixels.count
            if pools.isEmpty || used + bytes > pools[pools.count - 1].size {
                let size = Swift.max(bytes, (4 << 20) << Swift.min(pools.count, 8))
                let pool: SharedMemoryPool
                do { pool = try SharedMemoryPool.create(name: "lamina-bitmaps", size: size) } catch {
                    throw .sharedMemory("cannot make a shared-memory pool of \(size) bytes for bitmaps: \(error)")
                }
                pools.append(pool)
                used = 0
                newPools.append(.createPool(id: nextPool, size: UInt64(size), descriptor: pool.descriptor))
                nextPool += 1
            }
            let pool = pools[pools.count - 1]
            bitmap.pixels.withUnsafeBytes { pixels in
                UnsafeMutableRawBufferPointer(rebasing: pool.bytes[used..<(used + bytes)]).copyMemory(from: pixels)
            }
            let wire = WireBitmap(
                id: bitmap.id, pool: nextPool - 1, offset: UInt64(used), width: UInt32(bitmap.width),
                height: UInt32(bitmap.height), stride: UInt32(bitmap.width * 4), format: bitmap.format,
                premultiplied: bitmap.premultiplied)
            used += (bytes + 63) & ~63
            sent[bitmap.id] = wire
            described.append(wire)
        }
        return (newPools, described)
    }
}
