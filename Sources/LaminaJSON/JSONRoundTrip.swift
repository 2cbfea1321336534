/// What every input must keep through the parser and the writer: what the JSON fuzzer
/// (`Fuzz/Sources/JSONFuzzer`) and its regression tests check. Bytes either fail to parse, with a
/// syntax error at a line and column inside them, or parse to a value that the writer writes and the
/// parser reads back equal, compact and indented alike.
public enum JSONRoundTrip {
    /// Why `bytes` break the round trip, or nil when they keep it.
    public static func failure(of bytes: [UInt8]) -> String? {
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes)
        } catch {
            let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).count
            guard error.line >= 1, error.line <= max(lines, 1), error.column >= 1 else {
                return "a syntax error outside the input (\(error), \(lines) lines)"
            }
            return nil
        }
        for pretty in [false, true] {
            let text = JSONWriter.write(value, pretty: pretty)
            do {
                let again = try JSONParser.parse(Array(text.utf8))
                guard again == value else { return "written \(pretty ? "indented" : "compact") as \(text.prefix(200)), read back otherwise" }
            } catch {
                return "written \(pretty ? "indented" : "compact") as \(text.prefix(200)), not read back: \(error)"
            }
        }
        return nil
    }
}
