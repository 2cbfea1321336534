import Foundation
import LaminaCore
import LaminaImage
import LaminaVideo
import LaminaWire
import Testing

/// `laminad --record FILE`: the output recorded into a video while the daemon runs, written out when it
/// stops, its frames what the clients showed.
@Suite struct RecordTests {
    static func set(_ h: UInt64, _ key: PropertyKey, _ value: PropertyValue) -> LayerOperation {
        .set(LayerHandle(h), LayerKeyPath(key), value)
    }

    @Test("the recording holds the output's frames, red then blue, at the output's size and rate")
    func record() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("record-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let video = folder.appendingPathComponent("out.mp4").path
        let daemon = try DaemonProcess(["--size", "64x48", "--refresh", "30", "--record", video])
        let client = try daemon.connect()
        _ = try client.commit(1, [
            .create(LayerHandle(1), name: nil), Self.set(1, .bounds, .rect(Rect(x: 0, y: 0, width: 64, height: 48))),
            Self.set(1, .anchorPoint, .point(.zero)), Self.set(1, .backgroundColor, .color(Color(red: 1, green: 0, blue: 0))),
            .insertSublayer(LayerHandle(1), into: nil, at: nil),
        ])
        _ = try client.screenshot()
        _ = try client.commit(2, [Self.set(1, .backgroundColor, .color(Color(red: 0, green: 0, blue: 1)))])
        _ = try client.screenshot(serial: 903)
        let (status, log) = daemon.stop()
        #expect(status == 0)
        #expect(log.contains("recorded "), "\(log)")
        let reader = try VideoReader(path: video)
        #expect(reader.width == 64 && reader.height == 48 && reader.framesPerSecond == 30)
        var frames: [RGBAImage] = []
        try reader.forEachFrame { frames.append($0) }
        #expect(frames.count >= 2, "\(frames.count) frames")
        let (first, last) = (try #require(frames.first), try #require(frames.last))
        #expect(first[32, 24].x > 200 && first[32, 24].z < 60, "red first: \(first[32, 24])")
        #expect(last[32, 24].z > 200 && last[32, 24].x < 60, "blue last: \(last[32, 24])")
    }

    @Test("a path that cannot be written stops the daemon at start, naming it")
    func unwritable() throws {
        let process = Process()
        process.executableURL = buildFolder.appendingPathComponent("laminad")
        process.arguments = ["--socket", "/tmp/lamina-record-test-\(UUID().uuidString).sock", "--record", "/nonexistent/folder/out.mp4"]
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus != 0)
        #expect(text.contains("/nonexistent/folder/out.mp4: opening the file: No such file or directory"), "\(text)")
    }
}
