import CFFmpeg

/// FFmpeg's text for an error code (`av_strerror`).
func ffmpegMessage(_ code: Int32) -> String {
    var buffer = [CChar](repeating: 0, count: 256)
    av_strerror(code, &buffer, buffer.count)
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// Throws a `VideoError` for a negative FFmpeg return code.
@discardableResult
func check(_ code: Int32, _ path: String, _ doing: @autoclosure () -> String) throws(VideoError) -> Int32 {
    guard code >= 0 else { throw VideoError(path: path, doing: doing(), reason: ffmpegMessage(code)) }
    return code
}
