public import LaminaFuzzInput

/// SplitMix64, seeded: the generator the random scenes and fuzz smokes already use
/// (`LaminaFuzzInput.SeededGenerator`), so that every suite replays the same streams.
public typealias SeededGenerator = LaminaFuzzInput.SeededGenerator
