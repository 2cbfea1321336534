/// A set of layer slots emptied in constant time: per slot, the round that last marked it. A frame that
/// asks "is this layer among those?" of a hundred thousand layers clears nothing between rounds; only a
/// wrapped round number (every four billion rounds) clears the marks.
package struct SlotMarks: Sendable {
    @usableFromInline var marks: ContiguousArray<UInt32> = []
    /// The current round; marks of other rounds count as unmarked.
    @usableFromInline var round: UInt32 = 0

    package init() {}

    /// Starts a round over `slotCount` slots: none marked.
    package mutating func startRound(slotCount: Int) {
        round &+= 1
        if round == 0 {  // wrapped: old marks could pass for this round's
            marks.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
            round = 1
        }
        if marks.count < slotCount { marks.append(contentsOf: repeatElement(0, count: slotCount - marks.count)) }
    }

    /// Marks `slot` (below the round's `slotCount`).
    @inlinable
    package mutating func mark(_ slot: Int) { marks[slot] = round }

    /// Whether `slot` (below the round's `slotCount`) was marked in this round.
    @inlinable
    package func contains(_ slot: Int) -> Bool { marks[slot] == round }

    /// Calls `body` with the marks in place and the round's value: for a loop over many slots that
    /// should not check the storage's uniqueness at every mark.
    @inlinable
    package mutating func withUnsafeMarks<R>(_ body: (UnsafeMutableBufferPointer<UInt32>, UInt32) -> R) -> R {
        let round = round
        return marks.withUnsafeMutableBufferPointer { body($0, round) }
    }

    /// Keeps the marks of the first `slotCount` slots only (for a tree that shrank for good).
    package mutating func shrink(to slotCount: Int) {
        marks = ContiguousArray(marks.prefix(slotCount))
    }
}
