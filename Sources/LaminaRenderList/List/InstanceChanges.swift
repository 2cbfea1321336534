/// Which of a retained list's instances changed since the renderer last uploaded them: all of them
/// after a build, else the ones the retained paths rewrote in place (a leaf patched, an instance
/// collapsed or restored, a run's colours rounded, a detached instance appended).
///
/// The renderer keeps the retained list's instances in a GPU buffer of their own and copies only
/// these: one layer changing colour among 100,000 copied 22 MB a frame, all of them, where 224 bytes
/// changed. Past `limit` indices, it is cheaper to copy everything than to sort them: the changes
/// then count as all.
public struct InstanceChanges: Sendable {
    /// Every instance changed (or none was uploaded yet).
    public private(set) var all = true
    private var indices: [Int] = []
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

    /// Instances `range` changed.
    mutating func mark(_ range: Range<Int>) {
        guard !all else { return }
        if indices.count + range.count > Self.limit {
            markAll()
        } else {
            indices.append(contentsOf: range)
        }
    }

    /// Every instance changed.
    mutating func markAll() {
        all = true
        indices.removeAll()
    }

    /// Nothing changed since now: the renderer has what the list holds.
    public mutating func clear() {
        all = false
        indices.removeAll(keepingCapacity: true)
    }

    /// The changed instances as sorted, disjoint ranges (empty when `all`: everything is to be copied).
    public func ranges() -> [Range<Int>] {
        guard !all, !indices.isEmpty else { return [] }
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
    /// uploaded, or (`holdsList` false) nothing of it.
    public func upload(count: Int, holdsList: Bool) -> Upload {
        guard holdsList, !all else { return .all }
        // Never past the list: a mark beyond it would copy whatever memory follows.
        return .ranges(ranges().map { $0.clamped(to: 0..<count) }.filter { !$0.isEmpty })
    }
}
