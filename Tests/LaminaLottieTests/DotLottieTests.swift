import Foundation
import LaminaCore
import LaminaLottie
import LaminaTestSupport
import Testing

/// dotLottie archives read through libzip (written by Python's zipfile, `Tests/Fixtures/lottie/dotlottie/make.py`): both
/// layouts, the animation chosen, images read from the archive, and archives that lie refused.
@Suite struct DotLottieTests {
    static func fixture(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: RepositoryFiles.root.appendingPathComponent("Tests/Fixtures/lottie/dotlottie/\(name)")))
    }

    func refusal(_ bytes: [UInt8], animation: String? = nil) -> LottieError? {
        do {
            _ = try LottieImporter.compile(bytes, animation: animation)
            return nil
        } catch {
            return error
        }
    }

    /// The 2x1 image the picture animation shows: red, then green, straight alpha.
    static let redGreen: [UInt8] = [255, 0, 0, 255, 0, 255, 0, 255]

    @Test("dotLottie 1: the manifest's animations, its active one compiled with its image from images/")
    func versionOne() throws {
        let bytes = try Self.fixture("version1.lottie")
        #expect(DotLottie.isDotLottie(bytes))
        let archive = try DotLottie(bytes)
        #expect(archive.animationIDs == ["solid", "picture"])
        #expect(archive.activeAnimationID == "picture")
        let active = try LottieImporter.compile(bytes)
        #expect(active.name == "picture")
        #expect(active.images.count == 1)
        #expect(active.images.first?.image.width == 2 && active.images.first?.image.bytes == Self.redGreen)
        let solid = try LottieImporter.compile(bytes, animation: "solid")
        #expect(solid.name == "solid" && solid.images.isEmpty)
        #expect(solid.size == Size(width: 40, height: 20))
    }

    @Test("dotLottie 2: a/ and i/, the first animation active when the manifest names none")
    func versionTwo() throws {
        let bytes = try Self.fixture("version2.lottie")
        let archive = try DotLottie(bytes)
        #expect(archive.animationIDs == ["picture", "solid"])
        #expect(archive.activeAnimationID == "picture")
        let active = try LottieImporter.compile(bytes)
        #expect(active.images.first?.image.bytes == Self.redGreen)
    }

    @Test("an animation the archive lacks, or an id given for a JSON file, is refused naming it")
    func unknownAnimations() throws {
        let error = try #require(refusal(try Self.fixture("version1.lottie"), animation: "walk"))
        #expect(error.message == #"no animation "walk" in the dotLottie (it has ["solid", "picture"])"#, "\(error)")
        let missing = try #require(refusal(try Self.fixture("missing-animation.lottie")))
        #expect(missing.path == "manifest.json" && missing.message.contains(#"the animation "gone" is not in the archive"#), "\(missing)")
        let json = Array(#"{"v": "5.7.0", "fr": 30, "ip": 0, "op": 60, "w": 10, "h": 10, "layers": []}"#.utf8)
        let named = try #require(refusal(json, animation: "solid"))
        #expect(named.message.contains("names one of a dotLottie's animations"), "\(named)")
    }

    @Test("an archive that lies is refused: declared or inflated size past the limit, a wrong CRC, no zip")
    func hostileArchives() throws {
        let large = try #require(refusal(try Self.fixture("large-image.lottie")))
        #expect(large.path == "assets[0]", "\(large)")
        #expect(large.message.contains("an entry of \(65 << 20) bytes (at most \(LottieLimits.maximumImageBytes))"), "\(large)")
        let lying = try #require(refusal(try Self.fixture("lying-size.lottie")))
        #expect(lying.message.contains("inflates past \(LottieLimits.maximumImageBytes) bytes"), "\(lying)")
        let crc = try #require(refusal(try Self.fixture("bad-crc.lottie")))
        #expect(crc.message.contains("CRC error"), "\(crc)")
        let truncated = Array(try Self.fixture("version1.lottie").prefix(100))
        let broken = try #require(refusal(truncated))
        #expect(broken.message.contains("not a readable zip archive"), "\(broken)")
    }
}
