/// No display candidate worked: one error listing every attempt, in order, with its reason.
///
/// Selection falls through GBM, the EGL device platform and surfaceless; reporting only the last
/// failure would hide the interesting one (usually why the GPU was refused), so all of them travel.
public struct DisplaySelectionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// One candidate tried and why it failed.
    public struct Attempt: Hashable, Sendable, CustomStringConvertible {
        /// The candidate as configured.
        public let candidate: DisplayCandidate
        /// Why it failed.
        public let failure: DisplayFailure

        /// `candidate: failure`.
        public var description: String { "\(candidate): \(failure)" }
    }

    /// Every attempt, in the order tried. Empty only when the selection listed no candidates.
    public let attempts: [Attempt]

    /// `no EGL display: ` then each attempt.
    public var description: String {
        guard !attempts.isEmpty else { return "no EGL display: the selection lists no candidates" }
        return "no EGL display; tried " + attempts.map(\.description).joined(separator: "; then ")
    }
}
