import LaminaCore
import LaminaFuzzInput

/// One fuzz input through the compositor's CPU half, with every frame checked: the render-list
/// fuzzer's body (`Fuzz/Sources/RenderListFuzzer`) and its regression tests. No GPU: millions of frames
/// run where the pipeline fuzzer draws thousands.
///
/// The input is read as choices (`FuzzInput`): the bitmaps to register (sizes, opacity), then rounds
/// of a transaction of synthesized operations (`OperationSynthesizer`: every layer kind, key path and
/// animation, numbers at the edges of their domains) or a bitmap repainted, replaced or dropped, each
/// followed by a frame at a time from a long-running daemon's range.
public enum RenderListFuzzing {
    /// Frame times: the first frames of a client, then a long-running daemon's.
    static let times: [Double] = [0, 1.0 / 60, 2.0 / 60, 0.25, 0.5, 1, 10, 86_400]

    /// Runs `bytes`; returns what every frame broke, described (the fuzzer's entry point: another package).
    public static func violations(of bytes: [UInt8]) -> [String] {
        run(bytes).map(\.description)
    }

    /// Runs `bytes`; returns every invariant a frame broke.
    package static func run(_ bytes: [UInt8]) -> [InvariantViolation] {
        var input = FuzzInput(bytes)
        let harness = RenderListHarness(width: 64, height: 48)
        for id in 1...UInt64(1 + input.below(3)) {
            harness.upload(BitmapID(id), width: 1 + input.below(48), height: 1 + input.below(48), opaque: input.oneIn(2))
        }
        var violations: [InvariantViolation] = []
        var time = 0.0
        for round in 0..<(1 + input.below(12)) {
            switch input.below(8) {
            case 0: harness.repaint(BitmapID(UInt64(1 + input.below(3))))
            case 1: harness.upload(BitmapID(UInt64(1 + input.below(3))), width: 1 + input.below(48), height: 1 + input.below(48))
            case 2 where input.oneIn(4): harness.remove(BitmapID(UInt64(1 + input.below(3))))
            default:
                // A refused transaction is refused whole, as a client's would be: nothing to check.
                try? harness.commit(OperationSynthesizer.operations(&input), at: time)
            }
            time = max(time, times[min(round + input.below(2), times.count - 1)])
            violations += harness.frame(at: time)
            if input.isExhausted, round > 0 { break }
        }
        return violations
    }
}
