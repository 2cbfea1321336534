import LaminaRenderListChecks
import Testing
import LaminaTestSupport

/// The render-list fuzzer's body in the test suite, on the CPU: every input it ever crashed on
/// (`Fuzz/RenderListRegressions`), its kept corpus (`Fuzz/RenderListCorpus`), and a smoke of seeded
/// random inputs, each run through `RenderListFuzzing` with every frame's invariants checked.
struct RenderListFuzzTests {
    @Test("every input that once broke an invariant, and the kept corpus, run clean")
    func regressions() throws {
        let inputs = try RepositoryFiles.fuzzInputs("RenderListRegressions") + RepositoryFiles.fuzzInputs("RenderListCorpus")
        #expect(inputs.count > 0)
        for (name, bytes) in inputs {
            let violations = RenderListFuzzing.run(bytes)
            #expect(violations.isEmpty, "\(name): \(violations.prefix(4).map(\.description))")
        }
    }

    @Test("a smoke of seeded random inputs keeps every invariant (make fuzz-render-list runs millions)")
    func smoke() {
        var generator = RandomScene.Generator(seed: 23)
        for i in 0..<3_000 {
            let length = Int(generator.next() % 384)
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            let violations = RenderListFuzzing.run(bytes)
            // The bytes, to keep in Fuzz/RenderListRegressions once fixed (`xxd -r -p`).
            #expect(
                violations.isEmpty,
                "input \(i): \(violations.prefix(3).map(\.description)); bytes \(bytes.map { String($0, radix: 16) }.joined(separator: " "))")
        }
    }
}
