import LaminaRender
import LaminaRenderList
import Testing

/// A render-thread object a job keeps between jobs.
private final class Counter {
    var value = 0
}

@Suite("GPU context and render thread")
struct GPUContextTests {
    @Test("A context is OpenGL ES 3 or later and says so in the log")
    func version() throws {
        let lines = LogLines()
        let display = try DisplaySelection.standard().select()
        let context = try GPUContext(display: display, log: lines.log)
        #expect(context.info.major >= 3)
        #expect(context.info.version.hasPrefix("OpenGL ES 3"))
        #expect(lines.all.contains("gpu: \(context.info)"))
    }

    @Test("Jobs run in order on one thread that is not the caller's, sync and async")
    func jobsRunOnTheRenderThread() async throws {
        let context = try makeContext()
        let first = context.perform { render in
            render.state(Counter.self) { Counter() }.value += 1
            return render.state(Counter.self) { Counter() }.value
        }
        let second = await context.run { render in
            render.state(Counter.self) { Counter() }.value += 1
            return render.state(Counter.self) { Counter() }.value
        }
        #expect(first == 1)
        #expect(second == 2)
    }

    @Test("A job's typed error comes back to the caller")
    func errorsComeBack() async throws {
        struct Refused: Error, Equatable {}
        let context = try makeContext()
        #expect(throws: Refused()) { try context.perform { (_) throws(Refused) -> Int in throw Refused() } }
        await #expect(throws: Refused()) { try await context.run { (_) throws(Refused) -> Int in throw Refused() } }
    }

    @Test("Several contexts live at once and end without touching the shared display")
    func severalContexts() throws {
        let contexts = try (0..<3).map { _ in try makeContext() }
        #expect(Set(contexts.map { ObjectIdentifier($0.display) }).count == 1)
        for context in contexts { #expect(context.perform { $0.info.major } >= 3) }
        let display = contexts[0].display
        _ = consume contexts
        let again = try GPUContext(display: display)
        #expect(again.perform { $0.info.major } >= 3)
    }
}
