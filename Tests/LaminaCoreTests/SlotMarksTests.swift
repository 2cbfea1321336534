@testable import LaminaCore
import Testing

struct SlotMarksTests {
    @Test("a round starts empty, holds what it marks, and a wrapped round number does not revive old marks")
    func rounds() {
        var marks = SlotMarks()
        marks.startRound(slotCount: 4)
        marks.mark(1)
        marks.mark(3)
        #expect((0..<4).map(marks.contains) == [false, true, false, true])
        marks.startRound(slotCount: 6)
        #expect((0..<6).map(marks.contains) == [false, false, false, false, false, false])
        marks.mark(5)
        let markedIn = marks.round
        // Four billion rounds later the number comes round to `markedIn` again: the wrap clears.
        marks.round = .max
        marks.startRound(slotCount: 6)
        while marks.round != markedIn { marks.startRound(slotCount: 6) }
        #expect(!marks.contains(5))
    }
}
