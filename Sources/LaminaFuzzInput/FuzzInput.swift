/// A fuzzer's bytes read as a stream of choices: every read succeeds (past the end it reads zeros, and
/// `oneIn` says no), so any input, however short, describes a whole, finite program.
///
/// Numbers are drawn mostly from `extremes`, the values that broke the daemon before (infinities,
/// NaN, 1e300, 1e-300, the largest finite double...), so the fuzzer spends its time at the edges of
/// each domain rather than on numbers no check would ever refuse.
public struct FuzzInput {
    private let bytes: [UInt8]
    private var offset = 0

    /// A stream over `bytes`.
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Whether every byte has been read.
    public var isExhausted: Bool { offset >= bytes.count }

    /// The next byte (0 past the end).
    public mutating func byte() -> UInt8 {
        guard offset < bytes.count else { return 0 }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// A number below `count` (which must be positive).
    public mutating func below(_ count: Int) -> Int { Int(byte()) % count }

    /// True about one time in `n`; always false past the end, so that loops on it end.
    public mutating func oneIn(_ n: Int) -> Bool { !isExhausted && below(n) == 0 }

    /// One of `choices` (not empty).
    public mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }

    /// Eight bytes as a `UInt64`, little-endian.
    public mutating func u64() -> UInt64 {
        (0..<8).reduce(0) { $0 | UInt64(byte()) << (8 * UInt64($1)) }
    }

    /// The numbers at the edges of every domain, and a few ordinary ones.
    public static let extremes: [Double] = [
        0, -0.0, 1, -1, 0.5, 2, 10, 100, 0.25, 1e-9, 1e6, 65_536, 1e15, -1e15, 1e40, -1e40, 3e38,
        1e300, -1e300, 1e-300, -1e-300, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
        .leastNonzeroMagnitude, .infinity, -.infinity, .nan,
    ]

    /// A number: an extreme, a small ordinary one, or (rarely) any bit pattern.
    public mutating func double() -> Double {
        switch below(8) {
        case 0: Double(bitPattern: u64())
        case 1, 2: Double(Int(byte()) - 128) / 8
        default: pick(Self.extremes)
        }
    }

    /// A count: mostly small, sometimes a large one. (The keyframe limit's neighbours, 10,000 and
    /// 10,001, are `HostileInputTests`' to try: building a 10,000-value `cubicPaced` table takes
    /// milliseconds, which would cost the fuzzer most of its inputs.)
    public mutating func count(small: Int) -> Int {
        oneIn(32) ? pick([0, 255, 256, 257]) : below(small + 1)
    }
}
