import LaminaJSON
import LaminaTestSupport
import Testing

/// The JSON fuzzer's body in the test suite: every input it ever crashed on (`Fuzz/JSONRegressions`),
/// its kept corpus (`Fuzz/JSONCorpus`, the example scenes among it), and a smoke of seeded random
/// inputs, each through `JSONRoundTrip`.
struct JSONFuzzTests {
    @Test("every input that once broke the round trip, and the kept corpus, keep it")
    func regressions() throws {
        let inputs = try RepositoryFiles.fuzzInputs("JSONRegressions") + RepositoryFiles.fuzzInputs("JSONCorpus")
        #expect(inputs.count > 0)
        for (name, bytes) in inputs {
            #expect(JSONRoundTrip.failure(of: bytes) == nil, "\(name): \(JSONRoundTrip.failure(of: bytes) ?? "")")
        }
    }

    @Test("a smoke of seeded random inputs, of JSON's own bytes, keeps the round trip (make fuzz-json runs millions)")
    func smoke() {
        var generator = SeededGenerator(seed: 31)
        let alphabet = Array("{}[]:,\"\\ \n\t0123456789.eE+-truefalsenull/bfnrtu".utf8)
        for i in 0..<5_000 {
            let length = Int(generator.next() % 96)
            let bytes = (0..<length).map { _ in
                generator.next() % 8 == 0 ? UInt8(truncatingIfNeeded: generator.next()) : alphabet[Int(generator.next() % UInt64(alphabet.count))]
            }
            let failure = JSONRoundTrip.failure(of: bytes)
            #expect(failure == nil, "input \(i): \(failure ?? ""); bytes \(bytes.map { String($0, radix: 16) }.joined(separator: " "))")
        }
    }

    @Test("members keep their order, a duplicate key is an error at its place, and so is nesting too deep")
    func strictness() throws {
        let value = try JSONParser.parse(Array(#"{"b": 1, "a": 2}"#.utf8))
        #expect(value == .object([("b", .number(1)), ("a", .number(2))]))
        #expect(throws: JSONParser.SyntaxError.self) { try JSONParser.parse(Array(#"{"a": 1, "a": 2}"#.utf8)) }
        do {
            _ = try JSONParser.parse(Array("{\n  \"a\": 1,\n  \"a\": 2\n}".utf8))
            Issue.record("a duplicate key was taken")
        } catch {
            #expect(error.line == 3)
        }
        let deep = Array(String(repeating: "[", count: JSONParser.maxDepth + 1).utf8)
        #expect(throws: JSONParser.SyntaxError.self) { try JSONParser.parse(deep) }
    }
}
