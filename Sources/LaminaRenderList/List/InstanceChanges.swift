/// Which of a retained list's instances changed since the renderer last uploaded them: all of them
/// after a build, else the ones the retained paths rewrote in place (a leaf patched, an instance
/// collapsed or restored, a run's colours rounded, a detached instance appended), each whole or only
/// its matrix.
///
/// The renderer keeps the retained list's instances in a GPU buffer of their own and copies only
/// these: one layer changing colour among 100,000 copied 22 MB a frame, all of them, where 224 bytes
/// changed. The matrices have a buffer of their own besides (`LayerInstance`'s first 64 bytes, packed),
/// so a leaf that only moved or turned copies those 64 bytes: a hundred thousand turning layers copy
/// 6.4 MB a frame, not 22. Past `limit` indices, it is cheaper to copy everything than to sort them:
/// the changes then count as all (of the instances, or of the matrices).
public struct InstanceChanges: Sendable {
    /// Every instance changed (or none was uploaded yet).
    public private(set) var all = true
    /// Every instance's matrix changed (and, when not `all`, only the instances `indices` besides).
    public private(set) var allMatrices = true
    private var indices: [Int] = []
    /// The instances whose matrix alone changed (those in `indices` changed whole).
    private var matrixIndices: [Int] = []
    /// How many indices are kept before the changes count as all.
    static let limit = 4096

    /// Everything changed.
    public init() {}

    /// Instance `index` changed.
    mutating func mark(_ index: Int) {
        guard !all else { return }
        if indices.count >= Self.limit {
            markAll()
        } else {
            indices.append(index)
        }
    }

    /// Instances `indices` changed, in order (a range of them, or a patch's list): `mark(_:)` each,
    /// checked against `limit` once. (A hundred thousand turning leaves' instances, marked one by one,
    /// were a serial loop of a tenth of a millisecond every frame.)
    mutating func mark(_ indices: some Collection<Int>) {
        guard !all, !indices.isEmpty else { return }
        if self.indices.count + indices.count > Self.limit {
            markAll()
        } else {
            self.indices.append(contentsOf: indices)
        }
    }

    /// Only the matrices of instances `indices` changed (`LayerInstance`'s `matrix0` to `matrix3`), in
    /// order; past `limit`, every matrix counts as changed.
    mutating func markMatrices(_ indices: some Collection<Int>) {
        guard !allMatrices, !indices.isEmpty else { return }
        if matrixIndices.count + indices.count > Self.limit {
            allMatrices = true
            matrixIndices.removeAll()
        } else {
            matrixIndices.append(contentsOf: indices)
        }
    }

    /// Every instance changed.
    mutating func markAll() {
        (all, allMatrices) = (true, true)
        indices.removeAll()
        matrixIndices.removeAll()
    }

    /// Nothing changed since now: the renderer has what the list holds.
    public mutating func clear() {
        (all, allMatrices) = (false, false)
        indices.removeAll(keepingCapacity: true)
        matrixIndices.removeAll(keepingCapacity: true)
    }

    /// The instances that changed whole, as sorted, disjoint ranges (empty when `all`: everything is to
    /// be copied).
    public func ranges() -> [Range<Int>] {
        guard !all else { return [] }
        return Self.ranges(of: indices)
    }

    /// The instances whose matrix changed, alone or with the rest, as sorted, disjoint ranges (empty
    /// when `allMatrices`): what moved.
    public func matrixRanges() -> [Range<Int>] {
        guard !allMatrices else { return [] }
        return Self.ranges(of: indices + matrixIndices)
    }

    private static func ranges(of indices: [Int]) -> [Range<Int>] {
        guard !indices.isEmpty else { return [] }
        var result: [Range<Int>] = []
        for index in indices.sorted() {
            if let last = result.last, index <= last.upperBound {
                if index == last.upperBound { result[result.count - 1] = last.lowerBound..<(index + 1) }
            } else {
                result.append(index..<(index + 1))
            }
        }
        return result
    }
}

extension InstanceChanges {
    /// What a copy of the list's instances held elsewhere (the renderer's GPU buffer) takes to be the
    /// list's again: one definition for the renderer and for the invariant harness, which keeps such
    /// a copy and compares it with the list every frame.
    public enum Upload: Equatable, Sendable {
        /// Every instance.
        case all
        /// These instances (sorted, disjoint, within the list).
        case ranges([Range<Int>])
    }

    /// The upload for a list of `count` instances, to a copy that holds the list as it was when last
    /// uploaded, or (`holdsList` false) nothing of it: the instances to copy whole.
    public func upload(count: Int, holdsList: Bool) -> Upload {
        guard holdsList, !all else { return .all }
        return Self.clamped(ranges(), count: count)
    }

    /// The same for the copy's matrices (`LayerInstance`'s first 64 bytes): those to copy, whole
    /// instances' included.
    public func matrixUpload(count: Int, holdsList: Bool) -> Upload {
        guard holdsList, !allMatrices else { return .all }
        return Self.clamped(matrixRanges(), count: count)
    }

    // Never past the list: a mark beyond it would copy whatever memory follows.
    private static func clamped(_ ranges: [Range<Int>], count: Int) -> Upload {
        .ranges(ranges.map { $0.clamped(to: 0..<count) }.filter { !$0.isEmpty })
    }
}
