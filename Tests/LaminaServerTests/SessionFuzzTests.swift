import LaminaFuzzing
import LaminaTestSupport
import Testing
import LaminaSession

/// The session fuzzer's body in the test suite: every input it ever crashed on
/// (`Fuzz/SessionRegressions`), its kept corpus (`Fuzz/SessionCorpus`), and a smoke of seeded random
/// inputs, each through a `ClientSession` with its promises checked after every chunk
/// (`SessionFuzzing`).
struct SessionFuzzTests {
    @Test("every input that once broke the session, and the kept corpus, run clean")
    func regressions() throws {
        let inputs = try RepositoryFiles.fuzzInputs("SessionRegressions") + RepositoryFiles.fuzzInputs("SessionCorpus")
        #expect(inputs.count > 0)
        for (name, bytes) in inputs {
            let failure = SessionFuzzing.failure(of: bytes)
            #expect(failure == nil, "\(name): \(failure ?? "")")
        }
    }

    @Test("a smoke of seeded random inputs keeps the session's promises (make fuzz-session runs millions)")
    func smoke() {
        var generator = SeededGenerator(seed: 41)
        for i in 0..<2_000 {
            let length = Int(generator.next() % 512)
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            let failure = SessionFuzzing.failure(of: bytes)
            #expect(failure == nil, "input \(i): \(failure ?? ""); bytes \(bytes.map { String($0, radix: 16) }.joined(separator: " "))")
        }
    }
}
