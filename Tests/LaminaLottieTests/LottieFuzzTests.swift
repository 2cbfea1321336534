import LaminaCore
import LaminaJSON
import LaminaLottie
import LaminaTestSupport
import Testing

/// The Lottie fuzzer's body in the test suite: every input it ever broke on (`Fuzz/LottieRegressions`),
/// its kept corpus (`Fuzz/LottieCorpus`, real files), and a seeded smoke of hostile variants of them,
/// each through `LottieImportCheck`: refused with an error, or compiled into operations the model's
/// rules accept.
struct LottieFuzzTests {
    @Test("every input that once broke the importer, and the kept corpus, keep its promise")
    func regressions() throws {
        let inputs = try RepositoryFiles.fuzzInputs("LottieRegressions") + RepositoryFiles.fuzzInputs("LottieCorpus")
        #expect(inputs.count >= 20)
        for (name, bytes) in inputs {
            #expect(LottieImportCheck.failure(of: bytes) == nil, "\(name): \(LottieImportCheck.failure(of: bytes) ?? "")")
        }
    }

    /// `value` with a few of its numbers, arrays and objects replaced by hostile ones, at random.
    static func mutate(_ value: JSONValue, _ generator: inout SeededGenerator, rate: UInt64) -> JSONValue {
        if generator.next() % rate == 0 {
            let extremes: [JSONValue] = [
                .number(0), .number(-1), .number(1e308), .number(-1e308), .number(1e-308), .number(4_294_967_296), .number(0.5),
                .array([]), .object([]), .string("#zz"), .null, .bool(true), .array([.number(1e300), .number(-1e300)]),
            ]
            return extremes[Int(generator.next() % UInt64(extremes.count))]
        }
        switch value {
        case .array(let elements): return .array(elements.map { mutate($0, &generator, rate: rate) })
        case .object(let members): return .object(members.map { ($0.key, mutate($0.value, &generator, rate: rate)) })
        default: return value
        }
    }

    @Test("hostile variants of the corpus (extreme numbers, emptied and retyped values) are refused or play")
    func smoke() throws {
        var generator = SeededGenerator(seed: 47)
        let corpus = try RepositoryFiles.fuzzInputs("LottieCorpus")
        for (name, bytes) in corpus {
            // A dotLottie: its bytes flipped here and there (headers, sizes, deflate streams, CRCs).
            if DotLottie.isDotLottie(bytes) {
                for round in 0..<48 {
                    var variant = bytes
                    for _ in 0...(round % 6) { variant[Int(generator.next() % UInt64(variant.count))] ^= UInt8(truncatingIfNeeded: generator.next() | 1) }
                    let failure = LottieImportCheck.failure(of: variant)
                    #expect(failure == nil, "\(name), variant \(round): \(failure ?? "")")
                }
                continue
            }
            let document = try JSONParser.parse(bytes)
            for round in 0..<12 {
                let variant = Array(JSONWriter.write(Self.mutate(document, &generator, rate: 40 + UInt64(round) * 20)).utf8)
                let failure = LottieImportCheck.failure(of: variant)
                #expect(failure == nil, "\(name), variant \(round): \(failure ?? "")")
            }
        }
    }

    @Test("a self-referencing precomp, a layer parented to itself and a matte pointing nowhere are refused or reported, never loop")
    func structuralHostility() throws {
        let cases = [
            #"{"v":"5","fr":30,"ip":0,"op":10,"w":10,"h":10,"assets":[{"id":"a","layers":[{"ty":0,"refId":"a","ks":{}}]}],"layers":[{"ty":0,"refId":"a","ks":{}}]}"#,
            #"{"v":"5","fr":30,"ip":0,"op":10,"w":10,"h":10,"layers":[{"ty":3,"ind":1,"parent":1,"ks":{}}]}"#,
            #"{"v":"5","fr":30,"ip":0,"op":10,"w":10,"h":10,"layers":[{"ty":3,"ind":1,"tt":1,"tp":99,"ks":{}}]}"#,
            #"{"v":"5","fr":30,"ip":0,"op":10,"w":10,"h":10,"layers":[{"ty":4,"ks":{},"shapes":[{"ty":"rp","c":{"k":1e9}},{"ty":"rc","s":{"k":[1,1]}},{"ty":"fl","c":{"k":[1,0,0]}}]}]}"#,
        ]
        for text in cases {
            #expect(LottieImportCheck.failure(of: Array(text.utf8)) == nil, "\(text)")
        }
    }
}
