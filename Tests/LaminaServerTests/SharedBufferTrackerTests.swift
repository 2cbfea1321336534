import LaminaCompositor
import LaminaCore
import LaminaModel
import Testing

/// When the compositor releases a client's imported buffer, as plain data: once a layer showed it and
/// none does any more; never one not shown yet, nor one the client dropped.
@Suite("Shared buffer releases")
struct SharedBufferTrackerTests {
    let client = ClientID(3)

    @Test("a buffer is released once, when it stops being shown; one never shown, or dropped, is not")
    func releases() {
        var tracker = SharedBufferTracker()
        #expect(tracker.isEmpty)
        // Compositor identities 100, 101, 102 for the client's 1, 2, 3.
        for (id, clientID) in [(100, 1), (101, 2), (102, 3)] {
            tracker.add(BitmapID(UInt64(id)), clientID: BitmapID(UInt64(clientID)), of: client)
        }
        #expect(tracker.buffers(of: client) == [BitmapID(100), BitmapID(101), BitmapID(102)])
        #expect(tracker.update(client, shown: []).isEmpty, "nothing was shown: nothing to release")
        #expect(tracker.update(client, shown: [BitmapID(100)]).isEmpty)
        // 101 replaces 100 on screen: 100 is released, by the client's identity.
        #expect(tracker.update(client, shown: [BitmapID(101)]) == [BitmapID(1)])
        #expect(tracker.update(client, shown: [BitmapID(101)]).isEmpty, "released once")
        #expect(tracker.update(client, shown: [BitmapID(102), BitmapID(100)]) == [BitmapID(2)])
        // The client drops 102 while shown: no release for it.
        tracker.remove(BitmapID(102), of: client)
        #expect(tracker.update(client, shown: []) == [BitmapID(1)])
        tracker.remove(client)
        #expect(tracker.isEmpty)
    }
}
