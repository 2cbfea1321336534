import LaminaCore
import LaminaWire

/// Puts bitmaps' pixels into shared-memory pools and says where they are, reusing pool space.
///
/// The daemon copies a commit's pixels to the GPU when it applies the commit and never reads them
/// again, so a bitmap's space in a pool is needed only until that commit is answered (`committed`
/// or an error): then it is free for the next upload. A client redrawing a layer every frame thus
/// cycles through the same few megabytes instead of filling pool after pool. Pools are made as needed
/// (4 MiB, doubling with each new pool, or the size of a bitmap larger than that) and never shrink.
///
/// A new version of a bitmap already sent (`Bitmap(updating:...)`) goes with its damaged rectangle:
/// only those rows are copied, and the daemon updates only that part of its texture.
struct BitmapUploader {
    /// A pool and its free space (offset, length), in offset order.
    private struct PoolSpace {
        let pool: SharedMemoryPool
        let id: UInt32
        var free: [(offset: Int, length: Int)]
    }

    private var pools: [PoolSpace] = []
    private var nextPool: UInt32 = 1
    /// The version of each bitmap the daemon has (or is being sent).
    private var sentVersion: [BitmapID: UInt64] = [:]
    /// Space holding the pixels of commits not answered yet, by serial, with the bitmap version it holds.
    private var inFlight: [(serial: UInt32, pool: Int, offset: Int, length: Int, bitmap: BitmapID, version: UInt64)] = []
    /// The latest version of each bitmap the daemon has taken (or refused): its pixels in the pools are
    /// read no more. A GL layer's swap chain waits on it (`Connection.hasTaken`).
    private var takenVersion: [BitmapID: UInt64] = [:]
    /// Space holding tiles' pixels, by the serial of the `requestFrame` sent after them: the daemon
    /// copies a tile when it takes the request, so the frame that answers has no more use for it.
    private var tilesInFlight: [(serial: UInt32, pool: Int, offset: Int, length: Int)] = []

    /// Bytes of the pools (what the client maps), and of them the bytes holding pixels in flight.
    var poolBytes: Int { pools.reduce(0) { $0 + $1.pool.size } }
    var bytesInFlight: Int { inFlight.reduce(0) { $0 + $1.length } + tilesInFlight.reduce(0) { $0 + $1.length } }

    /// Forgets that `bitmaps` were sent (their commit was rejected, so the daemon never kept them):
    /// they go whole the next time they are used.
    mutating func forget(_ bitmaps: [Bitmap]) {
        for bitmap in bitmaps {
            sentVersion[bitmap.id] = nil
            takenVersion[bitmap.id] = Swift.max(takenVersion[bitmap.id] ?? 0, bitmap.version)
        }
    }

    /// Whether the daemon has taken version `version` of bitmap `id` or a later one (or refused it):
    /// the pool space it was sent in is free again.
    func hasTaken(_ id: BitmapID, version: UInt64) -> Bool { (takenVersion[id] ?? 0) >= version }

    /// Forgets a bitmap the daemon is told to drop.
    mutating func release(_ id: BitmapID) {
        sentVersion[id] = nil
        takenVersion[id] = nil
    }

    /// Frees the space of the commits answered up to `serial`.
    mutating func acknowledge(_ serial: UInt32) {
        guard inFlight.contains(where: { $0.serial <= serial }) else { return }
        for piece in inFlight where piece.serial <= serial {
            free(pool: piece.pool, offset: piece.offset, length: piece.length)
            takenVersion[piece.bitmap] = Swift.max(takenVersion[piece.bitmap] ?? 0, piece.version)
        }
        inFlight.removeAll { $0.serial <= serial }
    }

    /// Frees the space of the tiles sent before the `requestFrame` `serial` (its frame came).
    mutating func acknowledgeTiles(_ serial: UInt32) {
        for piece in tilesInFlight where piece.serial == serial { free(pool: piece.pool, offset: piece.offset, length: piece.length) }
        tilesInFlight.removeAll { $0.serial == serial }
    }

    /// A tile's pixels (premultiplied BGRA, tightly packed) put in a pool until the frame `serial`
    /// comes, and the pools to announce first.
    mutating func uploadTile(
        _ pixels: [UInt8], width: Int, height: Int, serial: UInt32
    ) throws(LaminaError) -> (pools: [ClientMessage], pixels: WireBitmap) {
        var newPools: [ClientMessage] = []
        let length = width * height * 4
        let (index, offset) = try allocate(length, announcing: &newPools)
        let pool = pools[index].pool
        pixels.withUnsafeBytes { UnsafeMutableRawBufferPointer(rebasing: pool.bytes[offset..<(offset + length)]).copyMemory(from: $0) }
        tilesInFlight.append((serial, index, offset, length))
        return (
            newPools,
            WireBitmap(
                id: BitmapID(0), pool: pools[index].id, offset: UInt64(offset), width: UInt32(width), height: UInt32(height),
                stride: UInt32(width * 4), format: .bgra8, premultiplied: true)
        )
    }

    /// The wire descriptions of the versions of `bitmaps` the daemon lacks (the latest of each), and
    /// the pools to announce first, for the commit `serial`.
    mutating func upload(_ bitmaps: [Bitmap], serial: UInt32) throws(LaminaError) -> (pools: [ClientMessage], bitmaps: [WireBitmap]) {
        var newPools: [ClientMessage] = []
        var described: [WireBitmap] = []
        var latest: [BitmapID: Bitmap] = [:]
        for bitmap in bitmaps where (latest[bitmap.id]?.version ?? 0) < bitmap.version { latest[bitmap.id] = bitmap }
        for bitmap in bitmaps where latest[bitmap.id] === bitmap {
            latest[bitmap.id] = nil  // once, even when listed twice
            guard !bitmap.isShared else { continue }  // the daemon samples the GPU buffer itself
            let known = sentVersion[bitmap.id]
            guard known != bitmap.version else { continue }
            // Damage applies to the version just before; otherwise the whole bitmap goes.
            let damage = known == bitmap.version - 1 ? bitmap.damage : nil
            let stride = bitmap.width * 4, length = stride * bitmap.height
            let (index, offset) = try allocate(length, announcing: &newPools)
            let pool = pools[index].pool
            bitmap.pixels.withUnsafeBytes { pixels in
                if let damage {
                    for row in Int(damage.y)..<Int(damage.y + damage.height) {
                        let start = row * stride + Int(damage.x) * 4, count = Int(damage.width) * 4
                        UnsafeMutableRawBufferPointer(rebasing: pool.bytes[(offset + start)..<(offset + start + count)])
                            .copyMemory(from: UnsafeRawBufferPointer(rebasing: pixels[start..<(start + count)]))
                    }
                } else {
                    UnsafeMutableRawBufferPointer(rebasing: pool.bytes[offset..<(offset + length)]).copyMemory(from: pixels)
                }
            }
            inFlight.append((serial, index, offset, length, bitmap.id, bitmap.version))
            sentVersion[bitmap.id] = bitmap.version
            described.append(
                WireBitmap(
                    id: bitmap.id, pool: pools[index].id, offset: UInt64(offset), width: UInt32(bitmap.width),
                    height: UInt32(bitmap.height), stride: UInt32(stride), format: bitmap.format,
                    premultiplied: bitmap.premultiplied, damage: damage))
        }
        return (newPools, described)
    }

    /// First-fit space of `length` bytes (rounded up to 64), in a new pool when none has room.
    private mutating func allocate(_ length: Int, announcing newPools: inout [ClientMessage]) throws(LaminaError) -> (Int, Int) {
        let size = (length + 63) & ~63
        for i in pools.indices {
            if let f = pools[i].free.firstIndex(where: { $0.length >= size }) {
                let space = pools[i].free[f]
                if space.length == size {
                    pools[i].free.remove(at: f)
                } else {
                    pools[i].free[f] = (space.offset + size, space.length - size)
                }
                return (i, space.offset)
            }
        }
        let poolSize = Swift.max(size, (4 << 20) << Swift.min(pools.count, 8))
        let pool: SharedMemoryPool
        do { pool = try SharedMemoryPool.create(name: "lamina-bitmaps", size: poolSize) } catch {
            throw .sharedMemory("cannot make a shared-memory pool of \(poolSize) bytes for bitmaps: \(error)")
        }
        newPools.append(.createPool(id: nextPool, size: UInt64(poolSize), descriptor: pool.descriptor))
        pools.append(PoolSpace(pool: pool, id: nextPool, free: poolSize > size ? [(size, poolSize - size)] : []))
        nextPool += 1
        return (pools.count - 1, 0)
    }

    /// Returns space to its pool, merged with free neighbours.
    private mutating func free(pool index: Int, offset: Int, length: Int) {
        let size = (length + 63) & ~63
        var free = pools[index].free
        let at = free.firstIndex { $0.offset > offset } ?? free.count
        free.insert((offset, size), at: at)
        if at + 1 < free.count, free[at].offset + free[at].length == free[at + 1].offset {
            free[at].length += free[at + 1].length
            free.remove(at: at + 1)
        }
        if at > 0, free[at - 1].offset + free[at - 1].length == free[at].offset {
            free[at - 1].length += free[at].length
            free.remove(at: at)
        }
        pools[index].free = free
    }
}
