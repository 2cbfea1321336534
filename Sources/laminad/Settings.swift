import ArgumentParser
import Glibc
import LaminaModel
import LaminaServer
import LaminaWire
import Logging
import LaminaSession

/// The daemon's settings: the configuration file's keys overridden by the command line's options.
struct Settings {
    var daemon: DaemonConfiguration
    var logLevel: Logger.Level

    /// The keys a configuration file may set (the long options' names).
    static let keys: Set<String> = [
        "socket", "size", "scale", "refresh", "max-layers", "max-animations", "max-pools", "max-pool-bytes",
        "max-message-bytes", "max-queued-bytes", "max-bitmap-pixels", "privileged-group", "log-level",
        "redraw-everything", "record", "output", "wayland-display", "wayland-buffers", "fullscreen", "threads", "tile-budget",
    ]

    init(options: Laminad) throws {
        var file: [String: String] = [:]
        if let path = options.config { file = try Self.read(path) }
        func pick<T>(_ option: T?, _ key: String, _ parse: (String) -> T?) throws -> T? {
            if let option { return option }
            guard let text = file[key] else { return nil }
            guard let value = parse(text) else {
                throw ValidationError("\(options.config ?? ""): '\(text)' is not a valid value for \(key)")
            }
            return value
        }

        let defaultSocket = getenv("XDG_RUNTIME_DIR").map { String(cString: $0) + "/lamina-0" } ?? "/run/lamina/laminad.sock"
        let socket = try pick(options.socket, "socket") { $0 } ?? defaultSocket
        let sizeText = try pick(options.size, "size") { $0 } ?? "1280x720"
        let parts = sizeText.split(separator: "x")
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]), width > 0, height > 0 else {
            throw ValidationError("the size must be WIDTHxHEIGHT in points, such as 1280x720, not '\(sizeText)'")
        }
        let scale = try pick(options.scale, "scale") { Double($0) } ?? 1
        let refresh = try pick(options.refresh, "refresh") { Double($0) } ?? 60
        guard refresh.isFinite, refresh > 0, refresh <= 1000 else {
            throw ValidationError("the refresh rate must be in (0, 1000] Hz, not \(refresh)")
        }
        var limits = ClientLimits()
        if let v = try pick(options.maxLayers, "max-layers", { UInt32($0) }) { limits.maxLayers = v }
        if let v = try pick(options.maxAnimations, "max-animations", { UInt32($0) }) { limits.maxAnimations = v }
        if let v = try pick(options.maxPools, "max-pools", { UInt32($0) }) { limits.maxPools = v }
        if let v = try pick(options.maxPoolBytes, "max-pool-bytes", { UInt64($0) }) { limits.maxPoolBytes = v }
        if let v = try pick(options.maxMessageBytes, "max-message-bytes", { UInt32($0) }) {
            guard v >= 64 else { throw ValidationError("max-message-bytes must be at least 64, not \(v)") }
            limits.maxMessageBytes = v
        }
        if let v = try pick(options.maxQueuedBytes, "max-queued-bytes", { UInt32($0) }) { limits.maxQueuedBytes = v }
        let maxBitmapPixels = try pick(options.maxBitmapPixels, "max-bitmap-pixels") { UInt64($0) }
            ?? SessionSettings.defaultMaxBitmapPixels
        guard maxBitmapPixels >= 1 else { throw ValidationError("max-bitmap-pixels must be at least 1") }
        var privilegedGroup: UInt32?
        if let name = try pick(options.privilegedGroup, "privileged-group", { $0 }) {
            if let group = getgrnam(name) {
                privilegedGroup = group.pointee.gr_gid
            } else if let number = UInt32(name) {
                privilegedGroup = number
            } else {
                throw ValidationError("the privileged group '\(name)' is neither a group name nor a number")
            }
        }
        let levelText = try pick(options.logLevel, "log-level") { $0 } ?? "info"
        guard let level = Logger.Level(rawValue: levelText) else {
            throw ValidationError("the log level must be trace, debug, info, notice, warning, error or critical, not '\(levelText)'")
        }

        daemon = DaemonConfiguration(
            socketPath: socket, output: OutputConfiguration(width: width, height: height, scale: scale),
            refreshRate: refresh, limits: limits, privilegedGroup: privilegedGroup, maxBitmapPixels: maxBitmapPixels)
        daemon.redrawsEverything = try options.redrawEverything
            || (pick(nil, "redraw-everything") { ["true": true, "false": false][$0] } ?? false)
        if let threads = try pick(options.threads, "threads", { Int($0) }) {
            guard (1...256).contains(threads) else { throw ValidationError("threads must be 1...256, not \(threads)") }
            daemon.frameThreads = threads
        }
        if let budget = try pick(options.tileBudget, "tile-budget", { Int($0) }) {
            guard budget >= 0 else { throw ValidationError("tile-budget must be 0 or more bytes, not \(budget)") }
            daemon.tileBudget = budget
        }
        logLevel = level
        switch try pick(options.output, "output", { $0 }) ?? "headless" {
        case "headless":
            daemon.presentation = .headless
        case "wayland":
            let fullscreen = try options.fullscreen || (pick(nil, "fullscreen") { ["true": true, "false": false][$0] } ?? false)
            let buffersText = try pick(options.waylandBuffers, "wayland-buffers") { $0 } ?? "auto"
            guard let buffers = DaemonConfiguration.WaylandBuffers(rawValue: buffersText) else {
                throw ValidationError("wayland-buffers must be auto, egl or shm, not '\(buffersText)'")
            }
            daemon.presentation = .wayland(
                display: try pick(options.waylandDisplay, "wayland-display") { $0 }, fullscreen: fullscreen, buffers: buffers)
        case let other:
            throw ValidationError("the output must be headless or wayland, not '\(other)'")
        }
        daemon.recordingPath = try pick(options.record, "record", { $0 })
    }

    /// Reads `key = value` lines; unknown keys and lines without `=` are errors naming the line.
    static func read(_ path: String) throws -> [String: String] {
        guard let file = fopen(path, "r") else {
            throw ValidationError("cannot read the configuration file \(path): \(String(cString: strerror(errno)))")
        }
        defer { fclose(file) }
        var result: [String: String] = [:]
        var lineNumber = 0
        var buffer = [CChar](repeating: 0, count: 4096)
        while fgets(&buffer, Int32(buffer.count), file) != nil {
            lineNumber += 1
            let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let text = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
            let trimmed = text.trimmingCharacters(in: " \t\r\n")
            guard !trimmed.isEmpty else { continue }
            let pair = trimmed.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { throw ValidationError("\(path):\(lineNumber): expected key = value, found '\(trimmed)'") }
            let key = String(pair[0]).trimmingCharacters(in: " \t")
            guard keys.contains(key) else {
                throw ValidationError("\(path):\(lineNumber): unknown key '\(key)' (known: \(keys.sorted().joined(separator: ", ")))")
            }
            result[key] = String(pair[1]).trimmingCharacters(in: " \t")
        }
        return result
    }
}

extension String {
    /// The string without the leading and trailing Unicode scalars in `set`. By scalar, not by
    /// character: "\r\n" is one Swift `Character`, so a set of characters written " \t\r\n" would not
    /// hold a lone "\n", and every line's newline would stay on its value.
    fileprivate func trimmingCharacters(in set: String) -> String {
        let scalars = Set(set.unicodeScalars)
        var s = Substring(self).unicodeScalars
        while let f = s.first, scalars.contains(f) { s = s.dropFirst() }
        while let l = s.last, scalars.contains(l) { s = s.dropLast() }
        return String(s)
    }
}
