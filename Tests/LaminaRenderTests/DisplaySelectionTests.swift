import LaminaRender
import LaminaRenderList
import Testing

@Suite("Display selection")
struct DisplaySelectionTests {
    @Test("The standard order logs each step and falls through to the first platform that works")
    func standardSelectionLogs() throws {
        let lines = LogLines()
        let display = try DisplaySelection.standard().select(log: lines.log)
        let log = lines.all
        #expect(log.first == "display: trying gbm")
        #expect(log.last == "display: using \(display)")
        let order: [DisplayCandidate] = [.gbm(renderNode: nil), .eglDevice(index: nil), .surfaceless]
        let chosen = switch display.platform {
        case .gbm: 0
        case .eglDevice: 1
        case .surfaceless: 2
        case .wayland: -1
        }
        #expect(chosen >= 0, "a selection never opens a Wayland connection")
        for candidate in order[..<max(chosen, 0)] {
            #expect(log.contains("display: trying \(candidate)"))
            #expect(log.contains { $0.hasPrefix("display: \(candidate) failed: ") })
        }
    }

    @Test("With no render node and only Mesa's software device, surfaceless is chosen")
    func fallsBackToSurfaceless() throws {
        var selection = DisplaySelection.standard()
        selection.renderNodeDirectory = "/nonexistent-dri"
        let lines = LogLines()
        let display = try selection.select(log: lines.log)
        #expect(display.platform != .gbm)
        let failure = DisplayFailure.noRenderNode(directory: "/nonexistent-dri", errno: nil)
        #expect(lines.all.contains("display: gbm failed: \(failure)"))
        // On a machine without a GPU (this project's CI) the device step finds only llvmpipe's software
        // device, which it leaves to the surfaceless step.
        if display.platform == .surfaceless {
            #expect(lines.all.contains { $0.hasPrefix("display: device failed: ") })
        }
    }

    @Test("An EGL device can be forced by index, software included")
    func forcedDevice() throws {
        let display = try DisplaySelection([.eglDevice(index: 0)]).select()
        #expect(display.platform == .eglDevice)
        #expect(display.candidate == .eglDevice(index: 0))
        #expect(display.name.hasPrefix("EGL device 0 ("))
    }

    @Test("Surfaceless can be forced, and selecting again returns the same display")
    func forcedSurfaceless() throws {
        let first = try DisplaySelection([.surfaceless]).select()
        let second = try DisplaySelection([.surfaceless]).select()
        #expect(first.platform == .surfaceless)
        #expect(first.candidate == .surfaceless)
        #expect(first === second)
        #expect(first.extensions.contains("EGL_KHR_surfaceless_context"))
        #expect(first.eglVersion.major == 1 && first.eglVersion.minor >= 4)
    }

    @Test("GBM on /dev/null is rejected because no buffer can be made")
    func gbmOnDevNullIsRejected() throws {
        let error = try #require(throws: DisplaySelectionError.self) {
            try DisplaySelection([.gbm(renderNode: "/dev/null")]).select()
        }
        #expect(error.attempts.count == 1)
        let attempt = try #require(error.attempts.first)
        #expect(attempt.candidate == .gbm(renderNode: "/dev/null"))
        guard case .gbmBufferFailed(let path, _) = attempt.failure else {
            Issue.record("expected gbm_bo_create to fail, got \(attempt.failure)")
            return
        }
        #expect(path == "/dev/null")
        #expect(attempt.description.contains("gbm_bo_create failed on /dev/null"))
    }

    @Test("When every candidate fails, one error lists each attempt and why")
    func everythingFails() throws {
        let candidates: [DisplayCandidate] = [
            .gbm(renderNode: "/dev/null"), .gbm(renderNode: "/nonexistent/renderD128"), .eglDevice(index: 1000),
        ]
        let lines = LogLines()
        let error = try #require(throws: DisplaySelectionError.self) {
            try DisplaySelection(candidates).select(log: lines.log)
        }
        #expect(error.attempts.map(\.candidate) == candidates)
        #expect(error.attempts[1].failure == .cannotOpen(path: "/nonexistent/renderD128", errno: 2))
        guard case .gbmBufferFailed = error.attempts[0].failure else {
            Issue.record("expected gbm_bo_create to fail, got \(error.attempts[0].failure)")
            return
        }
        guard case .deviceIndexOutOfRange(1000, _) = error.attempts[2].failure else {
            Issue.record("expected no device 1000, got \(error.attempts[2].failure)")
            return
        }
        let message = error.description
        for candidate in candidates { #expect(message.contains("\(candidate): ")) }
        #expect(lines.all.last == "display: none of 3 candidates worked")
    }

    @Test("An empty selection fails without trying anything")
    func emptySelection() throws {
        let error = try #require(throws: DisplaySelectionError.self) { try DisplaySelection([]).select() }
        #expect(error.attempts.isEmpty)
        #expect(error.description.contains("no candidates"))
    }

    @Test("Candidates read back what they write", arguments: [
        DisplayCandidate.gbm(renderNode: nil), .gbm(renderNode: "/dev/dri/renderD129"), .eglDevice(index: nil),
        .eglDevice(index: 2), .surfaceless,
    ])
    func candidateSpelling(candidate: DisplayCandidate) {
        #expect(DisplayCandidate(parsing: candidate.description) == candidate)
    }

    @Test("Nonsense is not a candidate", arguments: ["", "gbm:", "device:-1", "device:x", "surfaceless:1", "x11"])
    func badSpelling(text: String) {
        #expect(DisplayCandidate(parsing: text) == nil)
    }
}
