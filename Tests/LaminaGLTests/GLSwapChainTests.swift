@testable import LaminaGL
import Testing

/// The swap chain's rules as plain data: which drawable goes next, when one is free again, and what a
/// limit of 2 or 3 means. Frames are numbers; "taken" is whatever the test says the daemon took.
@Suite("GL layer swap chain")
struct GLSwapChainTests {
    @Test("three drawables go out in turn; a fourth waits until the daemon takes a presented frame, and the least recently used free one goes next")
    func turns() {
        var chain = GLSwapChain<Int>(limit: 3)
        var taken: Set<Int> = []
        let a = chain.acquire(), b = chain.acquire(), c = chain.acquire()
        #expect([a, b, c] == [0, 1, 2])
        #expect(chain.acquire() == nil && chain.inUse == 3)
        chain.present(0, frame: 10)
        chain.present(1, frame: 11)
        chain.collect { taken.contains($0) }
        #expect(!chain.hasFree, "presented frames the daemon has not taken keep their drawables")
        taken = [10, 11]
        chain.collect { taken.contains($0) }
        // 0 and 1 are free; 0 was presented first, so it goes before 1.
        #expect(chain.acquire() == 0)
        chain.abandon(2)
        // 2 was handed out before 1 was presented: 2 is the least recently used.
        #expect(chain.acquire() == 2)
        #expect(chain.acquire() == 1)
        #expect(chain.acquire() == nil)
    }

    @Test("the limit is 2 or 3; lowered while drawables are in use, it takes effect as they come free")
    func limits() {
        var chain = GLSwapChain<Int>(limit: 7)
        #expect(chain.limit == 3)
        chain.limit = 1
        #expect(chain.limit == 2)
        chain.limit = 3
        _ = chain.acquire(); _ = chain.acquire(); _ = chain.acquire()
        chain.present(2, frame: 1)
        chain.limit = 2
        chain.abandon(0)
        #expect(chain.acquire() == nil, "three in use against a limit of two")
        chain.collect { $0 == 1 }
        #expect(chain.acquire() == 0, "the third drawable is not handed out past the limit")
    }

    @Test("presenting or abandoning a drawable not held by the app changes nothing")
    func strayCalls() {
        var chain = GLSwapChain<Int>(limit: 2)
        chain.present(0, frame: 5)
        chain.abandon(1)
        chain.abandon(9)
        #expect(chain.inUse == 0)
        let slot = chain.acquire()!
        chain.present(slot, frame: 5)
        chain.abandon(slot)
        #expect(chain.inUse == 1, "a presented frame stays in use until taken, whatever else is called")
    }
}
