import LaminaCompositor
import LaminaCore
import LaminaModel
import LaminaRenderList
import Testing

/// What a daemon asks of its clients' tile drawers, and which answers it takes, without a socket.
@Suite struct TileRequestTrackerTests {
    static func request(_ client: UInt64, _ column: Int) -> TileRequest {
        TileRequest(
            client: ClientID(client), layer: LayerHandle(1), key: TileKey(level: 0, column: column, row: 0),
            rect: Rect(x: Double(column) * 64, y: 0, width: 64, height: 64), bounds: Rect(x: 0, y: 0, width: 256, height: 64),
            width: 64, height: 64, scale: 1)
    }

    @Test("a tile is asked once, again after askAgainAfter frames unanswered, and not once answered")
    func askAndAskAgain() {
        var tracker = TileRequestTracker()
        let needed = [Self.request(1, 0), Self.request(1, 1)]
        var asked = tracker.toAsk(needed)
        #expect(asked == needed && tracker.hasOutstanding)
        for _ in 1..<TileRequestTracker.askAgainAfter {
            asked = tracker.toAsk(needed)
            #expect(asked.isEmpty)
        }
        asked = tracker.toAsk(needed)
        #expect(asked == needed, "asked again after \(TileRequestTracker.askAgainAfter) frames")
        let answered = tracker.answer(client: ClientID(1), layer: LayerHandle(1), key: TileKey(level: 0, column: 0, row: 0))
        #expect(answered)
        // Answered: no longer asked (the compositor holds it, so it is not needed either).
        asked = tracker.toAsk([Self.request(1, 1)])
        #expect(asked.isEmpty)
        #expect(tracker.ignored == 0)
    }

    @Test("an answer to a tile not asked, asked of another client, answered already or no longer needed is ignored and counted")
    func ignoredAnswers() {
        var tracker = TileRequestTracker()
        _ = tracker.toAsk([Self.request(1, 0), Self.request(1, 1)])
        let key0 = TileKey(level: 0, column: 0, row: 0)
        var answers: [Bool] = []
        answers.append(tracker.answer(client: ClientID(2), layer: LayerHandle(1), key: key0))
        answers.append(tracker.answer(client: ClientID(1), layer: LayerHandle(1), key: TileKey(level: 0, column: 7, row: 0)))
        answers.append(tracker.answer(client: ClientID(1), layer: LayerHandle(1), key: key0))
        answers.append(tracker.answer(client: ClientID(1), layer: LayerHandle(1), key: key0))
        // The view moved on: tile 1 is no longer needed, and its late answer is ignored.
        _ = tracker.toAsk([Self.request(1, 3)])
        answers.append(tracker.answer(client: ClientID(1), layer: LayerHandle(1), key: TileKey(level: 0, column: 1, row: 0)))
        #expect(answers == [false, false, true, false, false])
        #expect(tracker.ignored == 4)
        tracker.forget(ClientID(1))
        #expect(!tracker.hasOutstanding)
    }
}
