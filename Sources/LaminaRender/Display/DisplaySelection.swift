public import LaminaRenderList
/// Which EGL display Lamina renders with: candidates tried in order, each step logged, the first that
/// works returned, and when none does one error listing every attempt.
///
/// The standard order is GBM on a DRM render node (real GPUs under Mesa; buffers KMS can show), then
/// the EGL device platform (NVIDIA headless), then Mesa's surfaceless platform (llvmpipe, no GPU). A
/// value rather than a hard-coded sequence, so configuration can name a node or a platform and tests
/// can force each path, including failing ones.
public struct DisplaySelection: Hashable, Sendable {
    /// The candidates, first tried first.
    public var candidates: [DisplayCandidate]
    /// Where `.gbm(renderNode: nil)` looks for `renderD*` nodes.
    public var renderNodeDirectory: String

    /// A selection over `candidates`.
    public init(_ candidates: [DisplayCandidate], renderNodeDirectory: String = "/dev/dri") {
        self.candidates = candidates
        self.renderNodeDirectory = renderNodeDirectory
    }

    /// GBM (on `renderNode`, else the first render node), then the EGL device platform, then surfaceless.
    public static func standard(renderNode: String? = nil) -> DisplaySelection {
        DisplaySelection([.gbm(renderNode: renderNode), .eglDevice(index: nil), .surfaceless])
    }

    /// The first candidate that gives a display able to make surfaceless OpenGL ES 3 contexts. Each try
    /// and its outcome go to `log`. A display opened before (by any selection in this process) is
    /// returned again rather than reopened.
    public func select(log: RenderLog = .silent) throws(DisplaySelectionError) -> Display {
        var attempts: [DisplaySelectionError.Attempt] = []
        for candidate in candidates {
            log("display: trying \(candidate)")
            do {
                let display = try open(candidate, log: log)
                log("display: using \(display)")
                return display
            } catch {
                log("display: \(candidate) failed: \(error)")
                attempts.append(.init(candidate: candidate, failure: error))
            }
        }
        log("display: none of \(candidates.count) candidates worked")
        throw DisplaySelectionError(attempts: attempts)
    }

    private func open(_ candidate: DisplayCandidate, log: RenderLog) throws(DisplayFailure) -> Display {
        switch candidate {
        case .gbm(let configured):
            let path: String
            if let configured {
                path = configured
            } else {
                path = try GBMPlatform.firstRenderNode(in: renderNodeDirectory)
                log("  first render node: \(path)")
            }
            return try DisplayRegistry.display(for: .gbm(renderNode: path)) { () throws(DisplayFailure) in
                try GBMPlatform.open(path: path, log: log)
            }
        case .eglDevice(let index):
            let devices = try DevicePlatform.devices()
            log("  eglQueryDevicesEXT: " + devices.map { "device:\($0.index) (\($0.name))" }.joined(separator: ", "))
            if let index {
                guard let device = devices.first(where: { $0.index == index }) else {
                    throw .deviceIndexOutOfRange(index: index, count: devices.count)
                }
                return try openDevice(device, log: log)
            }
            guard !devices.isEmpty else { throw .noDevices }
            let hardware = devices.filter { !$0.isSoftware }
            guard !hardware.isEmpty else { throw .onlySoftwareDevices(count: devices.count) }
            var failures: [DisplayFailure.DeviceAttempt] = []
            for device in hardware {
                do {
                    return try openDevice(device, log: log)
                } catch {
                    log("  device:\(device.index) (\(device.name)) failed: \(error)")
                    failures.append(.init(index: device.index, name: device.name, failure: error))
                }
            }
            throw .everyDeviceFailed(failures)
        case .surfaceless:
            return try DisplayRegistry.display(for: .surfaceless) { () throws(DisplayFailure) in
                try SurfacelessPlatform.open(log: log)
            }
        }
    }

    private func openDevice(_ device: DevicePlatform.Device, log: RenderLog) throws(DisplayFailure) -> Display {
        try DisplayRegistry.display(for: .eglDevice(index: device.index)) { () throws(DisplayFailure) in
            try DevicePlatform.open(device, log: log)
        }
    }
}
