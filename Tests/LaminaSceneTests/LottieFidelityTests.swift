import Foundation
import LaminaImage
import LaminaJSON
import LaminaTestSupport
import Testing

/// Lamina's renders of the Lottie corpus in `Tests/Fixtures/lottie` against ThorVG's, frame by frame,
/// held to the table of `docs/lottie.md`: every frame marked ✓ there must match, and a frame marked ✗
/// that now matches is reported too, so the table says what the code does.
///
/// The rule (the issue's, and `scripts/lottie-fidelity.py`'s): both images scaled to at most 256
/// pixels on the longer side (a box filter on premultiplied colour), a frame matches when at most 3%
/// of all its pixels, and at most 25% of the pixels either image draws, differ by more than 40 of 255
/// in any channel.
@Suite(.serialized) struct LottieFidelityTests {
    static let percents = [0, 25, 50, 75, 100]

    /// `docs/lottie.md`'s fidelity table: file → the five marks.
    static func table() -> [String: [Bool]] {
        var rows: [String: [Bool]] = [:]
        for line in RepositoryFiles.text("docs/lottie.md").split(separator: "\n") where line.hasPrefix("| `") && line.contains(".json`") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 6 else { continue }
            rows[cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = cells[1...].map { $0 == "✓" }
        }
        return rows
    }

    /// Premultiplied, box-filtered by the smallest whole factor that brings the longer side to at most
    /// 256, back to straight alpha (as floats).
    static func scaled(_ image: RGBAImage) -> (width: Int, height: Int, pixels: [SIMD4<Double>]) {
        let f = max(1, (max(image.width, image.height) + 255) / 256)
        let (w, h) = (image.width / f, image.height / f)
        var pixels = [SIMD4<Double>](repeating: .zero, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                var sum = SIMD4<Double>.zero
                for dy in 0..<f {
                    for dx in 0..<f {
                        let i = ((y * f + dy) * image.width + (x * f + dx)) * 4
                        let a = Double(image.bytes[i + 3])
                        sum += SIMD4(Double(image.bytes[i]) * a / 255, Double(image.bytes[i + 1]) * a / 255, Double(image.bytes[i + 2]) * a / 255, a)
                    }
                }
                var p = sum / Double(f * f)
                if p.w > 0 {
                    p = SIMD4(p.x * 255 / p.w, p.y * 255 / p.w, p.z * 255 / p.w, p.w)
                } else {
                    p = .zero
                }
                pixels[y * w + x] = p
            }
        }
        return (w, h, pixels)
    }

    /// Whether Lamina's full-size render matches a reference already scaled.
    static func matches(_ mine: RGBAImage, _ reference: RGBAImage) -> (match: Bool, summary: String) {
        let a = scaled(mine)
        guard a.width == reference.width, a.height == reference.height else {
            return (false, "sizes \(a.width)x\(a.height) and \(reference.width)x\(reference.height)")
        }
        var differ = 0, drawn = 0
        for (i, p) in a.pixels.enumerated() {
            let j = i * 4
            let r = SIMD4(Double(reference.bytes[j]), Double(reference.bytes[j + 1]), Double(reference.bytes[j + 2]), Double(reference.bytes[j + 3]))
            let d = (p - r).replacing(with: r - p, where: p .< r)
            if d.x > 40 || d.y > 40 || d.z > 40 || d.w > 40 { differ += 1 }
            if p.w > 0 || r.w > 0 { drawn += 1 }
        }
        let ofAll = Double(differ) / Double(max(a.pixels.count, 1))
        let ofDrawn = drawn == 0 ? 0 : Double(differ) / Double(drawn)
        return (ofAll <= 0.03 && ofDrawn <= 0.25, "\(Int((ofAll * 1000).rounded()) / 10)% of all, \(Int((ofDrawn * 1000).rounded()) / 10)% of drawn")
    }

    /// The corpus files, as `source/name.json`.
    static let files: [String] = RepositoryFiles.text("Tests/Fixtures/lottie/PROVENANCE.tsv").split(separator: "\n").dropFirst()
        .compactMap { $0.split(separator: "\t").first.map(String.init) }

    @Test func theTableCoversTheCorpus() {
        #expect(Set(Self.table().keys) == Set(Self.files))
        #expect(Self.files.count == 59)
    }

    @Test(arguments: files)
    func framesMatchAsTheTableSays(_ file: String) throws {
        let marks = try #require(Self.table()[file], "docs/lottie.md has no row for \(file)")
        let path = RepositoryFiles.root.appendingPathComponent("Tests/Fixtures/lottie/corpus/\(file)").path
        guard case .object(let members) = try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: path)))),
            case .number(let ip)? = members.first(where: { $0.key == "ip" })?.value,
            case .number(let op)? = members.first(where: { $0.key == "op" })?.value,
            case .number(let fr)? = members.first(where: { $0.key == "fr" })?.value
        else { throw Failure("\(file) has no ip, op or fr") }
        let duration = (op - ip) / fr
        let folder = try temporaryFolder()
        // The five frames in one run: 0, 25, 50, 75 and 100% of the duration.
        let run = try lamina("render", path, "--frames", "0:\(duration):\(4 / duration)", "--output", folder.path + "/")
        try #require(run.status == 0, "lamina render failed: \(run.stderr)")
        let stem = file.replacingOccurrences(of: "/", with: "-").replacingOccurrences(of: ".json", with: "")
        for (k, percent) in Self.percents.enumerated() {
            let mine = try PNG.decode(fileAtPath: folder.appendingPathComponent(String(format: "frame-%05d.png", k)).path)
            let reference = try PNG.decode(
                fileAtPath: RepositoryFiles.root.appendingPathComponent("Tests/Fixtures/lottie/references/\(stem)/\(percent).png").path)
            let (match, summary) = Self.matches(mine, reference)
            if marks[k] {
                #expect(match, "\(file) at \(percent)% no longer matches ThorVG (\(summary))")
            } else {
                #expect(!match, "\(file) at \(percent)% now matches ThorVG (\(summary)): mark it ✓ in docs/lottie.md")
            }
        }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
