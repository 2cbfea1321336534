import Foundation
import LaminaTestSupport
import Testing

/// What links GL and what must not: the render list, its checks and its tests, and the client session,
/// read from `Package.swift`'s targets and their dependencies, followed to the end.
struct DependencyClosureTests {
    /// Each target's dependencies on other targets of the package, from the manifest's text.
    static let targets: [String: [String]] = {
        let manifest = RepositoryFiles.text("Package.swift")
        var result: [String: [String]] = [:]
        let blocks = manifest.components(separatedBy: ".target(") + manifest.components(separatedBy: ".testTarget(").dropFirst()
            + manifest.components(separatedBy: ".executableTarget(").dropFirst() + manifest.components(separatedBy: ".systemLibrary(").dropFirst()
        for block in blocks.dropFirst() {
            guard let nameStart = block.range(of: "name: \""), let nameEnd = block[nameStart.upperBound...].firstIndex(of: "\"")
            else { continue }
            let name = String(block[nameStart.upperBound..<nameEnd])
            var dependencies: [String] = []
            if let listStart = block.range(of: "dependencies: ["), let listEnd = block[listStart.upperBound...].firstIndex(of: "]") {
                // Only the package's own targets: quoted names outside `.product(...)`.
                let list = block[listStart.upperBound..<listEnd].replacingOccurrences(of: #"\.product\([^)]*\)"#, with: "", options: .regularExpression)
                dependencies = list.split(separator: "\"", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
            }
            if result[name] == nil { result[name] = dependencies }
        }
        return result
    }()

    /// Every target `name` depends on, directly or not.
    static func closure(of name: String) -> Set<String> {
        var seen: Set<String> = []
        var queue = [name]
        while let next = queue.popLast() {
            for dependency in targets[next] ?? [] where seen.insert(dependency).inserted { queue.append(dependency) }
        }
        return seen
    }

    static let gl: Set<String> = ["CEGL", "CGLES3", "CGBM", "CDRM", "LaminaRender", "Shaders"]

    @Test("the manifest is read: the renderer links EGL and GLES")
    func renderLinksGL() {
        #expect(Self.closure(of: "LaminaRender").isSuperset(of: ["CEGL", "CGLES3", "LaminaRenderList"]))
    }

    @Test("the render list, its checks and its invariant suite link no GL", arguments: ["LaminaRenderList", "LaminaRenderListChecks", "LaminaRenderListTests"])
    func renderListLinksNoGL(target: String) {
        #expect(Self.targets[target] != nil)
        #expect(Self.closure(of: target).isDisjoint(with: Self.gl), "\(target) reaches \(Self.closure(of: target).intersection(Self.gl))")
    }

    @Test("the client session links no GL, and no compositor")
    func sessionLinksNoGL() {
        #expect(Self.targets["LaminaSession"] != nil)
        #expect(Self.closure(of: "LaminaSession").isDisjoint(with: Self.gl.union(["LaminaCompositor", "LaminaRenderList"])))
    }

    @Test("the Lottie importer links neither GL nor the model store, so the client library can use it")
    func lottieImporterLinksNoGLNorModel() {
        #expect(Self.targets["LaminaLottie"] != nil)
        #expect(Self.closure(of: "LaminaLottie").isDisjoint(with: Self.gl.union(["LaminaModel", "LaminaCompositor", "LaminaRenderList", "LaminaWire"])))
        #expect(Self.closure(of: "Lamina").contains("LaminaLottie"))
    }
}
