import Foundation
import LaminaCore
import LaminaModel
import Testing

@Suite struct TmpTiming {
    @Test func apply30k() throws {
        var ops: [LayerOperation] = [.create(LayerHandle(1), name: nil), .set(LayerHandle(1), LayerKeyPath(.hidden), .bool(true)), .insertSublayer(LayerHandle(1), into: nil, at: nil)]
        for h in UInt64(2)...30_001 {
            ops += [.create(LayerHandle(h), name: nil), .insertSublayer(LayerHandle(h), into: LayerHandle(1), at: nil)]
        }
        var best = [Double](repeating: 1e9, count: 4)
        for _ in 0..<8 {
            var store = LayerStore(width: 64, height: 64)
            let client = ClientID(1)
            store.addClient(client)
            let t0 = Date()
            _ = try store.apply(ops, from: client, at: 0)
            let t1 = Date()
            _ = store.tree.roots
            let t2 = Date()
            _ = store.tree.hasActiveAnimations
            let t3 = Date()
            _ = store.removeClient(client)
            let t4 = Date()
            best[0] = min(best[0], t1.timeIntervalSince(t0)*1000); best[1] = min(best[1], t2.timeIntervalSince(t1)*1000); best[3] = min(best[3], t4.timeIntervalSince(t3)*1000)
            _ = ("TIMING apply \(t1.timeIntervalSince(t0)*1000) ms roots \(t2.timeIntervalSince(t1)*1000) active \(t3.timeIntervalSince(t2)*1000) remove \(t4.timeIntervalSince(t3)*1000)")
        }
        print("TIMING min apply \(best[0]) roots \(best[1]) remove \(best[3])")
    }
}
