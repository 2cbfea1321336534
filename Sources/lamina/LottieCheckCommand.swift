import ArgumentParser
import LaminaLottie
import LaminaScene

/// `lamina lottie-check`: what of a Lottie file plays, and what does not.
struct LottieCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lottie-check",
        abstract: "List every feature of a Lottie file that is not supported, or approximated, with its JSON path.",
        discussion: """
            One line per feature where the importer met it: `PATH: unsupported FEATURE: what happens \
            instead` (or `approximated`). The file still plays as well as it can; docs/lottie.md lists \
            every feature. The last line says what the file became: layers, animations, and the time \
            the import took. Exit status 0 when the file imports (whatever it reports), 1 when it is \
            refused (one line naming the JSON path and the problem). A dotLottie (.lottie) first lists \
            its animations; the active one is checked unless --animation names another.
            """)

    @Argument(help: "The Lottie file (Bodymovin JSON) or dotLottie (.lottie).")
    var file: String

    @Option(help: "Of a dotLottie, the id of the animation to check (default: the active one).")
    var animation: String?

    @Flag(help: "Print the keypath of every property a value provider can set (as lottie-ios's logHierarchyKeypaths), one per line, instead.")
    var keypaths = false

    func run() throws {
        let bytes: [UInt8]
        do { bytes = try SceneLoader.bytes(ofFile: file) } catch { throw Failure("\(error)") }
        if keypaths {
            do {
                for keypath in try LottieImporter.keypaths(of: bytes, animation: animation) { print(keypath) }
            } catch { throw Failure("\(file): \(error)") }
            return
        }
        let clock = ContinuousClock()
        let start = clock.now
        let composition: LottieComposition
        let folder = file.contains("/") ? String(file[..<file.lastIndex(of: "/")!]) : "."
        do { composition = try LottieImporter.compile(bytes, folder: folder.isEmpty ? "/" : folder, animation: animation) } catch {
            throw Failure("\(file): \(error)")
        }
        let elapsed = start.duration(to: clock.now)
        if DotLottie.isDotLottie(bytes), let archive = try? DotLottie(bytes) {
            print("\(file): animations \(archive.animationIDs.joined(separator: ", ")) (active: \(archive.activeAnimationID))")
        }
        for diagnostic in composition.diagnostics { print(diagnostic) }
        let ms = Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000
        let features = Set(composition.diagnostics.map(\.feature)).count
        let supported =
            composition.diagnostics.isEmpty
            ? "every feature is supported; " : "\(features) feature\(features == 1 ? "" : "s") reported in \(composition.diagnostics.count) place\(composition.diagnostics.count == 1 ? "" : "s"); "
        print(
            "\(file): \(supported)\(composition.layerCount) layers, \(composition.animationCount) animations, "
                + "\(Int(composition.size.width))x\(Int(composition.size.height)) at \(composition.frameRate) fps for \(composition.duration) s, "
                + "imported in \((ms * 100).rounded() / 100) ms")
    }
}
