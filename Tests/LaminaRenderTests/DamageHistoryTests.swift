import LaminaCore
@testable import LaminaRender
@testable import LaminaRenderList
import Testing

/// The buffer-age rule the Wayland output's buffers (shared memory or EGL's) are written by: a buffer
/// shown `age` presents ago gets the damage of every frame since, and nothing else.
struct DamageHistoryTests {
    static func damage(_ regions: PixelRegion...) -> Damage {
        var damage = Damage.none
        for region in regions { damage.add(region) }
        return damage
    }

    let a = PixelRegion(x: 0, y: 0, width: 10, height: 10)
    let b = PixelRegion(x: 50, y: 50, width: 10, height: 10)
    let c = PixelRegion(x: 0, y: 80, width: 20, height: 5)

    @Test func aBufferGetsWhatChangedSinceItsFrame() {
        var history = DamageHistory(capacity: 4)
        history.drawn(Self.damage(a))
        history.present()
        history.drawn(Self.damage(b))
        history.present()
        // Two frames drawn before the next present: both go out together.
        history.drawn(Self.damage(c))
        history.drawn(Self.damage(PixelRegion(x: 0, y: 84, width: 20, height: 4)))
        let pendingOnly = PixelRegion(x: 0, y: 80, width: 20, height: 8)
        // Age 1: the buffer holds the last frame shown, so only the pending change.
        #expect(history.damage(forBufferAge: 1, width: 100, height: 100) == Self.damage(pendingOnly))
        // Age 2: also what the last present changed (b); age 3: and the one before (a).
        // (The boxes' order is immaterial.)
        #expect(Set(history.damage(forBufferAge: 2, width: 100, height: 100).boxes) == [pendingOnly, b])
        #expect(Set(history.damage(forBufferAge: 3, width: 100, height: 100).boxes) == [pendingOnly, b, a])
        // Older than the history, or undefined contents: everything.
        #expect(history.damage(forBufferAge: 4, width: 100, height: 100) == .full)
        #expect(history.damage(forBufferAge: 0, width: 100, height: 100) == .full)
    }

    @Test func theHistoryKeepsItsCapacityAndClipsToTheBuffer() {
        var history = DamageHistory(capacity: 2)
        for _ in 0..<5 {
            history.drawn(Self.damage(a))
            history.present()
        }
        #expect(history.damage(forBufferAge: 3, width: 100, height: 100) == Self.damage(a))
        #expect(history.damage(forBufferAge: 4, width: 100, height: 100) == .full)
        // A box reaching past the buffer is cut at its edge; one covering it all is everything.
        history.drawn(Self.damage(PixelRegion(x: 90, y: 90, width: 30, height: 30)))
        #expect(history.damage(forBufferAge: 1, width: 100, height: 100) == Self.damage(PixelRegion(x: 90, y: 90, width: 10, height: 10)))
        history.drawn(Self.damage(PixelRegion(x: -5, y: -5, width: 200, height: 200)))
        #expect(history.damage(forBufferAge: 1, width: 100, height: 100) == .full)
        // Nothing drawn since the last present: a buffer of the last frame needs nothing.
        history.present()
        #expect(history.damage(forBufferAge: 1, width: 100, height: 100) == .none)
    }
}
