import LaminaCore
import Testing

struct LayerIDTests {
    @Test("two lists are the same exactly when == says so: a difference in any place, in either half of an ID, or in the count")
    func sameLists() {
        // 21 layers: two blocks of eight words, then five compared one by one.
        let list = ContiguousArray((0..<21).map { LayerID(index: UInt32($0 * 3), generation: UInt32($0 % 4)) })
        #expect(LayerID.same(list, ContiguousArray(list)))
        #expect(LayerID.same(list, list))
        #expect(LayerID.same(ContiguousArray<LayerID>(), []))
        for place in list.indices {
            var index = list
            index[place] = LayerID(index: list[place].index + 1, generation: list[place].generation)
            var generation = list
            generation[place] = LayerID(index: list[place].index, generation: list[place].generation + 1)
            #expect(!LayerID.same(list, index), "index differs at \(place)")
            #expect(!LayerID.same(generation, list), "generation differs at \(place)")
            #expect((list == index) == LayerID.same(list, index))
        }
        #expect(!LayerID.same(list, ContiguousArray(list.dropLast())))
        #expect(!LayerID.same(Array(list), Array(list) + [list[0]]))
        #expect(LayerID.same(Array(list), Array(list)))
    }
}
