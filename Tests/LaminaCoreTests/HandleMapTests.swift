import LaminaCore
import Testing
import LaminaTestSupport

/// Handles to layers, kept in an array for handles numbered densely and a dictionary for the rest:
/// it must answer as one dictionary would, whatever numbers a client picks.
@Suite("A committer's handles")
struct HandleMapTests {
    static func id(_ n: UInt32) -> LayerID { LayerID(index: n, generation: n % 3) }

    /// Random edits of handles from a few ranges (dense from 0, scattered, huge), mirrored in a
    /// dictionary: every lookup, the count and the contents agree after each.
    @Test(arguments: 1...8)
    func answersAsADictionaryWould(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        var map = HandleMap()
        var reference: [LayerHandle: LayerID] = [:]
        let ranges: [ClosedRange<UInt64>] = [0...300, 0...5_000, 1_000_000...1_000_050, (UInt64.max - 10)...UInt64.max]
        for step in 0..<3_000 {
            let handle = LayerHandle(UInt64.random(in: ranges.randomElement(using: &rng)!, using: &rng))
            if Bool.random(using: &rng) || step < 200 {
                let id = Self.id(UInt32(step))
                #expect(map.updateValue(id, forKey: handle) == reference.updateValue(id, forKey: handle))
            } else {
                #expect(map.removeValue(forKey: handle) == reference.removeValue(forKey: handle))
            }
            #expect(map.count == reference.count)
            #expect(map[handle] == reference[handle])
        }
        let contents = Dictionary(uniqueKeysWithValues: map.map { ($0.key, $0.value) })
        #expect(contents == reference)
        #expect(map.values.count == reference.count)
    }

    /// Handles a client numbers from 1 go to the array; a huge one does not make it grow.
    @Test func denseHandlesAndAHugeOne() {
        var map = HandleMap()
        for n in 1...2_000 { map.updateValue(Self.id(UInt32(n)), forKey: LayerHandle(UInt64(n))) }
        map.updateValue(Self.id(7), forKey: LayerHandle(1 << 40))
        #expect(map.count == 2_001)
        #expect(map[LayerHandle(1_500)] == Self.id(1_500) && map[LayerHandle(1 << 40)] == Self.id(7))
        #expect(map[LayerHandle(0)] == nil && map[LayerHandle(2_001)] == nil)
        // In handle order first.
        #expect(Array(map.prefix(3)).map(\.key) == [LayerHandle(1), LayerHandle(2), LayerHandle(3)])
    }
}
