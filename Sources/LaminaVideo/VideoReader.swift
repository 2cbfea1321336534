import CFFmpeg
public import LaminaImage

/// Reads a video file's first video stream through FFmpeg's libraries: its size, frame rate and
/// duration, and its frames decoded to RGBA (what tests check written videos by, and what `lamina
/// join` copies packets from).
public final class VideoReader {
    /// The file.
    public let path: String
    /// The frames' size in pixels.
    public let width: Int, height: Int
    /// Frames per second, as the stream declares it.
    public let framesPerSecond: Double
    /// The container's duration in seconds (0 when unknown).
    public let duration: Double
    /// The codec's name (`h264`, `vp9`).
    public let codecName: String

    var format: UnsafeMutablePointer<AVFormatContext>?
    private var codec: UnsafeMutablePointer<AVCodecContext>?
    let streamIndex: Int32

    /// Opens `path`.
    public init(path: String) throws(VideoError) {
        av_log_set_level(AV_LOG_ERROR)
        self.path = path
        var format: UnsafeMutablePointer<AVFormatContext>?
        try check(avformat_open_input(&format, path, nil, nil), path, "opening the file")
        guard let format else { throw VideoError(path: path, doing: "opening the file", reason: "no context") }
        var code = avformat_find_stream_info(format, nil)
        guard code >= 0 else {
            var f: UnsafeMutablePointer<AVFormatContext>? = format
            avformat_close_input(&f)
            throw VideoError(path: path, doing: "reading the streams", reason: ffmpegMessage(code))
        }
        var decoder: UnsafePointer<AVCodec>?
        code = av_find_best_stream(format, AVMEDIA_TYPE_VIDEO, -1, -1, &decoder, 0)
        guard code >= 0, let decoder, let codec = avcodec_alloc_context3(decoder) else {
            var f: UnsafeMutablePointer<AVFormatContext>? = format
            avformat_close_input(&f)
            throw VideoError(path: path, doing: "finding a video stream", reason: code < 0 ? ffmpegMessage(code) : "no decoder")
        }
        streamIndex = code
        let stream = format.pointee.streams[Int(code)]!
        avcodec_parameters_to_context(codec, stream.pointee.codecpar)
        code = avcodec_open2(codec, decoder, nil)
        guard code >= 0 else {
            var c: UnsafeMutablePointer<AVCodecContext>? = codec
            avcodec_free_context(&c)
            var f: UnsafeMutablePointer<AVFormatContext>? = format
            avformat_close_input(&f)
            throw VideoError(path: path, doing: "opening the decoder", reason: ffmpegMessage(code))
        }
        self.format = format
        self.codec = codec
        width = Int(codec.pointee.width)
        height = Int(codec.pointee.height)
        let rate = stream.pointee.avg_frame_rate
        framesPerSecond = rate.den != 0 ? Double(rate.num) / Double(rate.den) : 0
        duration = format.pointee.duration > 0 ? Double(format.pointee.duration) / Double(AV_TIME_BASE) : 0
        codecName = String(cString: decoder.pointee.name)
    }

    /// Decodes every frame in order, handing each to `body` as premultiplied RGBA (opaque); returns
    /// how many there were.
    @discardableResult
    public func forEachFrame(_ body: (RGBAImage) throws -> Void) throws -> Int {
        guard let format, let codec else { return 0 }
        guard let packet = av_packet_alloc(), let frame = av_frame_alloc() else {
            throw VideoError(path: path, doing: "decoding", reason: "out of memory")
        }
        var p: UnsafeMutablePointer<AVPacket>? = packet
        var f: UnsafeMutablePointer<AVFrame>? = frame
        defer {
            av_packet_free(&p)
            av_frame_free(&f)
        }
        var scaler: OpaquePointer?
        defer { sws_freeContext(scaler) }
        var count = 0
        func drain() throws {
            while true {
                let code = avcodec_receive_frame(codec, frame)
                if code == lamina_averror_eagain() || code == lamina_averror_eof() { return }
                try check(code, path, "decoding frame \(count)")
                if scaler == nil {
                    scaler = sws_getContext(
                        frame.pointee.width, frame.pointee.height, AVPixelFormat(frame.pointee.format), frame.pointee.width,
                        frame.pointee.height, AV_PIX_FMT_RGBA, SWS_BILINEAR | SWS_ACCURATE_RND, nil, nil, nil)
                    let coefficients = sws_getCoefficients(SWS_CS_ITU709)
                    sws_setColorspaceDetails(scaler, coefficients, 0, coefficients, 1, 0, 1 << 16, 1 << 16)
                }
                let (w, h) = (Int(frame.pointee.width), Int(frame.pointee.height))
                var bytes = [UInt8](repeating: 255, count: w * h * 4)
                bytes.withUnsafeMutableBufferPointer { out in
                    var destination: [UnsafeMutablePointer<UInt8>?] = [out.baseAddress, nil, nil, nil]
                    var stride: [Int32] = [Int32(w * 4), 0, 0, 0]
                    withUnsafePointer(to: &frame.pointee.data) { data in
                        data.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 8) { planes in
                            withUnsafePointer(to: &frame.pointee.linesize) { lines in
                                lines.withMemoryRebound(to: Int32.self, capacity: 8) { linesize in
                                    _ = sws_scale(scaler, planes, linesize, 0, Int32(h), &destination, &stride)
                                }
                            }
                        }
                    }
                }
                try body(RGBAImage(width: w, height: h, bytes: bytes, alpha: .premultiplied))
                count += 1
            }
        }
        while av_read_frame(format, packet) >= 0 {
            defer { av_packet_unref(packet) }
            guard packet.pointee.stream_index == streamIndex else { continue }
            try check(avcodec_send_packet(codec, packet), path, "decoding a packet")
            try drain()
        }
        try check(avcodec_send_packet(codec, nil), path, "draining the decoder")
        try drain()
        return count
    }

    deinit {
        avcodec_free_context(&codec)
        avformat_close_input(&format)
    }
}

@available(*, unavailable)
extension VideoReader: Sendable {}
