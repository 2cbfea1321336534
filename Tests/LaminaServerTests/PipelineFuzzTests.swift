import Foundation
import LaminaFuzzing
import Testing
import LaminaTestSupport

/// The whole-path fuzz harness in the test suite: every input the fuzzer ever crashed on
/// (`Fuzz/Regressions`), the kept corpus (`Fuzz/Corpus`), and a bounded smoke of seeded random inputs,
/// each run decode → validate → apply → evaluate → build (`PipelineHarness`), with nothing left behind.
@Suite(.serialized) struct PipelineFuzzTests {
    static let harness = try! PipelineHarness()

    @Test("every input that once crashed the fuzzer, and the kept corpus, run clean")
    func regressions() throws {
        let inputs = try RepositoryFiles.fuzzInputs("Regressions") + RepositoryFiles.fuzzInputs("Corpus")
        #expect(inputs.count > 0)
        for (name, bytes) in inputs {
            do { try Self.harness.run(bytes) } catch { Issue.record("\(name): \(error)") }
        }
        try Self.harness.checkNothingLeft()
    }

    @Test("a smoke of seeded random inputs runs clean (make fuzz runs millions)")
    func smoke() throws {
        var generator = SeededGenerator(seed: 17)
        for i in 0..<Self.smokeCount {
            let length = Int(generator.next() % 512)
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            do { try Self.harness.run(bytes) } catch {
                // The bytes, to keep in Fuzz/Regressions once fixed (`xxd -r -p`).
                Issue.record("input \(i): \(error); bytes \(bytes.map { String($0, radix: 16) }.joined(separator: " "))")
            }
        }
        try Self.harness.checkNothingLeft()
    }

    static let smokeCount = 2_000
}
