import Foundation
import LaminaCore
import LaminaCompositor
import LaminaModel
import LaminaRender
import LaminaTestSupport
import Testing

/// A steady frame makes nothing: once a scene's effects have run, frames that draw them again create
/// no GL object (texture, framebuffer, renderbuffer, buffer, program), counted at the one place every
/// `glGen*` and `glCreate*` goes through.
@Suite("steady frames create no GL objects")
struct SteadyFrameTests {
    @Test("a backdrop blur, a blurred and saturated layer, a shadow, a mask and group opacity, redrawn whole each frame: after the first frames, no GL object is made")
    func effectsReuseTheirTargets() throws {
        let created = try DamageTests.gpu.perform { context -> [Int] in
            let compositor = try Compositor(context, output: OutputConfiguration(width: 160, height: 100, background: Color(red: 0.1, green: 0.2, blue: 0.3)))
            compositor.redrawsEverything = true
            let client = compositor.addClient()
            func set(_ h: UInt64, _ key: PropertyKey, _ value: PropertyValue) -> LayerOperation { .set(LayerHandle(h), LayerKeyPath(key), value) }
            func layer(_ h: UInt64, _ frame: Rect, _ color: Color, under parent: UInt64? = nil) -> [LayerOperation] {
                [
                    .create(LayerHandle(h), name: nil), set(h, .bounds, .rect(Rect(x: 0, y: 0, width: frame.width, height: frame.height))),
                    set(h, .position, .point(Point(x: frame.midX, y: frame.midY))), set(h, .backgroundColor, .color(color)),
                    .insertSublayer(LayerHandle(h), into: parent.map(LayerHandle.init), at: nil),
                ]
            }
            var ops = layer(1, Rect(x: 10, y: 10, width: 40, height: 40), Color(red: 1, green: 0, blue: 0))
            ops += layer(2, Rect(x: 60, y: 10, width: 40, height: 30), Color(red: 0, green: 1, blue: 0))
            ops += [set(2, .shadowOpacity, .number(0.8)), set(2, .shadowRadius, .number(6)), set(2, .opacity, .number(0.7))]
            ops += layer(3, Rect(x: 5, y: 5, width: 10, height: 10), Color(red: 0, green: 0, blue: 1), under: 2)
            ops += [set(2, .filters, .filters([LayerFilter(.blur(radius: 3)), LayerFilter(.saturation(0.4))]))]
            ops += layer(4, Rect(x: 110, y: 10, width: 40, height: 40), Color(red: 1, green: 1, blue: 0))
            ops += [.create(LayerHandle(5), name: nil), set(5, .bounds, .rect(Rect(x: 0, y: 0, width: 30, height: 30))),
                    set(5, .position, .point(Point(x: 20, y: 20))), set(5, .cornerRadius, .number(15)),
                    set(5, .backgroundColor, .color(.white)), .setMask(LayerHandle(4), mask: LayerHandle(5))]
            ops += layer(6, Rect(x: 20, y: 40, width: 120, height: 50), Color(red: 1, green: 1, blue: 1, alpha: 0.2))
            ops += [set(6, .cornerRadius, .number(12)), set(6, .backgroundFilters, .filters([LayerFilter(.blur(radius: 8))]))]
            compositor.commit(Commit(operations: ops), from: client)
            var created: [Int] = []
            for frame in 0..<8 {
                // Something moves each frame, behind the frosted panel.
                compositor.commit(Commit(operations: [set(1, .position, .point(Point(x: 30 + Double(frame) * 3, y: 30)))]), from: client)
                created.append(try compositor.frame(at: Double(frame) / 60).statistics.glObjectsCreated)
            }
            return created
        }
        #expect(created[0] > 0, "the first frame made its targets, and the count saw them: \(created)")
        #expect(created.dropFirst(2).allSatisfy { $0 == 0 }, "GL objects made per frame: \(created)")
    }

    @Test("GLObjects is the one place the daemon's GL objects are made: no other source calls glGen* or glCreate* (apps' own, in LaminaGL and the examples, aside)")
    func oneChokePoint() throws {
        let folder = RepositoryFiles.root.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(atPath: folder.path)!.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        let call = try Regex(#"(^|[^A-Za-z_])gl(Gen(?!erateMipmap)[A-Z]\w*|Create[A-Z]\w*)\s*\("#)
        var found: [String] = []
        // LaminaGL makes an app's drawables in the app's context, never the daemon's.
        for file in files where !file.hasSuffix("LaminaRender/GPU/GLObjects.swift") && !file.hasPrefix("LaminaGL/") {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if line.trimmingCharacters(in: .whitespaces).hasPrefix("//") { continue }
                if line.contains(call) { found.append("\(file):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))") }
            }
        }
        #expect(files.count > 100, "the sources were read")
        #expect(found.isEmpty, "\(found)")
        let choke = try String(contentsOf: folder.appendingPathComponent("LaminaRender/GPU/GLObjects.swift"), encoding: .utf8)
        #expect(choke.contains("glGenTextures(") && choke.contains("glCreateShader("), "the regular expression finds the calls it is for")
    }
}
