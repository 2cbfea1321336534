import CFFmpeg
public import LaminaImage

/// Encodes frames into a video file as they come (H.264 in MP4, VP9 in WebM, by the path's
/// extension) through FFmpeg's libraries: each frame's premultiplied RGBA pixels (over black, as a
/// video shows them) are converted to YUV 4:2:0 by swscale and encoded at once, so no frame is kept.
///
/// YUV 4:2:0 needs even sides: an odd width or height is padded with one black column or row, on the
/// right or at the bottom (the pixels are copied once for it). `finish()` drains the encoder and writes the file's index; a writer that is
/// released unfinished leaves an unplayable file.
public final class VideoWriter {
    /// The file.
    public let path: String
    /// The frames' size in pixels, and the encoded size (the next even numbers).
    public let width: Int, height: Int
    public let encodedWidth: Int, encodedHeight: Int
    /// The encoder used.
    public let encoder: String
    /// How many frames went in.
    public private(set) var frameCount = 0
    /// The least frame index the next frame may have.
    private var nextIndex = 0

    private var format: UnsafeMutablePointer<AVFormatContext>?
    private var codec: UnsafeMutablePointer<AVCodecContext>?
    private let stream: UnsafeMutablePointer<AVStream>
    private var frame: UnsafeMutablePointer<AVFrame>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private let scaler: OpaquePointer
    private var finished = false

    /// Opens `path` for frames of `width` x `height` pixels at `framesPerSecond`; `lossless` keeps every
    /// YUV value (H.264 at quantiser 0, VP9 lossless), so two encodings of the same frames decode alike.
    public init(path: String, width: Int, height: Int, framesPerSecond: Double, lossless: Bool = false) throws(VideoError) {
        guard let container = VideoContainer(path: path) else {
            throw VideoError(path: path, doing: "choosing the container", reason: "the extension is not .mp4 or .webm")
        }
        guard width > 0, height > 0, width <= 16384, height <= 16384 else {
            throw VideoError(path: path, doing: "sizing the video", reason: "\(width)x\(height) pixels is not 1...16384 a side")
        }
        guard framesPerSecond.isFinite, framesPerSecond > 0, framesPerSecond <= 1000 else {
            throw VideoError(path: path, doing: "timing the video", reason: "\(framesPerSecond) frames per second is not above 0 and at most 1000")
        }
        av_log_set_level(AV_LOG_ERROR)  // FFmpeg's progress chatter is not the caller's output
        self.path = path
        (self.width, self.height) = (width, height)
        (encodedWidth, encodedHeight) = (width + width % 2, height + height % 2)

        var format: UnsafeMutablePointer<AVFormatContext>?
        try check(avformat_alloc_output_context2(&format, nil, container.muxer, path), path, "choosing the \(container.muxer) muxer")
        guard let format else { throw VideoError(path: path, doing: "choosing the muxer", reason: "no context") }
        self.format = format
        guard let found = container.encoders.lazy.compactMap({ avcodec_find_encoder_by_name($0) }).first else {
            avformat_free_context(format)
            throw VideoError(path: path, doing: "finding an encoder", reason: "FFmpeg has none of \(container.encoders.joined(separator: ", "))")
        }
        encoder = String(cString: found.pointee.name)
        guard let stream = avformat_new_stream(format, nil), let codec = avcodec_alloc_context3(found) else {
            avformat_free_context(format)
            throw VideoError(path: path, doing: "making the stream", reason: "out of memory")
        }
        self.stream = stream
        self.codec = codec
        // A whole frame rate is exact; any other is kept to a thousandth.
        let rate =
            framesPerSecond == framesPerSecond.rounded()
            ? AVRational(num: Int32(framesPerSecond), den: 1) : AVRational(num: Int32((framesPerSecond * 1000).rounded()), den: 1000)
        codec.pointee.width = Int32(encodedWidth)
        codec.pointee.height = Int32(encodedHeight)
        codec.pointee.time_base = AVRational(num: rate.den, den: rate.num)
        codec.pointee.framerate = rate
        codec.pointee.pix_fmt = AV_PIX_FMT_YUV420P
        codec.pointee.gop_size = 60
        // No frames reordered: decode order is display order, so segments join end to end
        // (`VideoJoiner`) with timestamps that only grow.
        codec.pointee.max_b_frames = 0
        codec.pointee.color_primaries = AVCOL_PRI_BT709
        codec.pointee.color_trc = AVCOL_TRC_BT709
        codec.pointee.colorspace = AVCOL_SPC_BT709
        codec.pointee.color_range = AVCOL_RANGE_MPEG
        codec.pointee.thread_count = 0  // as many as the machine has
        if format.pointee.oformat.pointee.flags & lamina_avfmt_globalheader() != 0 {
            codec.pointee.flags |= lamina_av_codec_flag_global_header()
        }
        // Quality over size, at a speed that keeps up with rendering on two cores.
        switch encoder {
        case "libx264":
            av_opt_set(codec.pointee.priv_data, "preset", "veryfast", 0)
            av_opt_set(codec.pointee.priv_data, lossless ? "qp" : "crf", lossless ? "0" : "18", 0)
        case "libvpx-vp9":
            av_opt_set(codec.pointee.priv_data, "deadline", "realtime", 0)
            av_opt_set(codec.pointee.priv_data, "cpu-used", "8", 0)
            av_opt_set(codec.pointee.priv_data, "crf", "30", 0)
            av_opt_set(codec.pointee.priv_data, "row-mt", "1", 0)
            if lossless { av_opt_set(codec.pointee.priv_data, "lossless", "1", 0) }
            codec.pointee.bit_rate = 0
        default: break
        }
        stream.pointee.time_base = codec.pointee.time_base
        stream.pointee.avg_frame_rate = rate

        func fail(_ doing: String, _ code: Int32) -> VideoError {
            VideoError(path: path, doing: doing, reason: ffmpegMessage(code))
        }
        var code = avcodec_open2(codec, found, nil)
        guard code >= 0 else { defer { Self.free(format, codec) }; throw fail("opening the encoder \(encoder)", code) }
        code = avcodec_parameters_from_context(stream.pointee.codecpar, codec)
        guard code >= 0 else { defer { Self.free(format, codec) }; throw fail("describing the stream", code) }
        if format.pointee.oformat.pointee.flags & lamina_avfmt_nofile() == 0 {
            code = avio_open(&format.pointee.pb, path, AVIO_FLAG_WRITE)
            guard code >= 0 else { defer { Self.free(format, codec) }; throw fail("opening the file", code) }
        }
        code = avformat_write_header(format, nil)
        guard code >= 0 else { defer { Self.free(format, codec) }; throw fail("writing the header", code) }

        guard let frame = av_frame_alloc(), let packet = av_packet_alloc(),
            let scaler = sws_getContext(
                Int32(encodedWidth), Int32(encodedHeight), AV_PIX_FMT_RGBA, Int32(encodedWidth), Int32(encodedHeight), AV_PIX_FMT_YUV420P,
                SWS_BILINEAR | SWS_ACCURATE_RND, nil, nil, nil)
        else {
            Self.free(format, codec)
            throw VideoError(path: path, doing: "making the frame and the colour converter", reason: "out of memory")
        }
        frame.pointee.format = AV_PIX_FMT_YUV420P.rawValue
        frame.pointee.width = Int32(encodedWidth)
        frame.pointee.height = Int32(encodedHeight)
        code = av_frame_get_buffer(frame, 0)
        guard code >= 0 else { defer { Self.free(format, codec) }; throw fail("allocating a frame", code) }
        // Limited-range BT.709, as the stream says.
        let coefficients = sws_getCoefficients(SWS_CS_ITU709)
        sws_setColorspaceDetails(scaler, coefficients, 0, coefficients, 0, 0, 1 << 16, 1 << 16)
        self.frame = frame
        self.packet = packet
        self.scaler = scaler
    }

    /// Encodes one frame: premultiplied (or straight: converted) RGBA pixels of the writer's size, as
    /// the next frame.
    public func append(_ image: RGBAImage) throws(VideoError) {
        try append(image, frameIndex: nextIndex)
    }

    /// Encodes one frame at `frameIndex` frames from the start (more than the last one's): frames
    /// skipped leave the last one showing.
    public func append(_ image: RGBAImage, frameIndex: Int) throws(VideoError) {
        guard frameIndex >= nextIndex else {
            throw VideoError(path: path, doing: "adding frame \(frameIndex)", reason: "frame \(nextIndex - 1) was added already")
        }
        guard !finished, let frame, codec != nil else {
            throw VideoError(path: path, doing: "adding a frame", reason: "the video is finished")
        }
        guard image.width == width, image.height == height else {
            throw VideoError(path: path, doing: "adding frame \(frameCount)", reason: "it is \(image.width)x\(image.height), not \(width)x\(height)")
        }
        let pixels = Self.padded(image.alpha == .premultiplied ? image : image.premultipliedAlpha, encodedWidth, encodedHeight)
        try check(av_frame_make_writable(frame), path, "reusing the frame")
        pixels.bytes.withUnsafeBufferPointer { bytes in
            var source: [UnsafePointer<UInt8>?] = [bytes.baseAddress, nil, nil, nil]
            var stride: [Int32] = [Int32(encodedWidth * 4), 0, 0, 0]
            withUnsafeMutablePointer(to: &frame.pointee.data) { data in
                data.withMemoryRebound(to: UnsafeMutablePointer<UInt8>?.self, capacity: 8) { planes in
                    withUnsafeMutablePointer(to: &frame.pointee.linesize) { lines in
                        lines.withMemoryRebound(to: Int32.self, capacity: 8) { linesize in
                            _ = sws_scale(scaler, &source, &stride, 0, Int32(encodedHeight), planes, linesize)
                        }
                    }
                }
            }
        }
        frame.pointee.pts = Int64(frameIndex)
        nextIndex = frameIndex + 1
        frameCount += 1
        try send(frame)
    }

    /// Drains the encoder and writes the file's trailer (its index). Called once; later frames are
    /// refused.
    public func finish() throws(VideoError) {
        guard !finished, let format else { return }
        finished = true
        try send(nil)
        try check(av_write_trailer(format), path, "writing the trailer")
        release()
    }

    /// Sends a frame (nil: the end) and writes every packet the encoder has ready.
    private func send(_ frame: UnsafeMutablePointer<AVFrame>?) throws(VideoError) {
        guard let codec, let packet, let format else { return }
        try check(avcodec_send_frame(codec, frame), path, "encoding frame \(frameCount - 1)")
        while true {
            let code = avcodec_receive_packet(codec, packet)
            if code == lamina_averror_eagain() || code == lamina_averror_eof() { return }
            try check(code, path, "taking an encoded packet")
            av_packet_rescale_ts(packet, codec.pointee.time_base, stream.pointee.time_base)
            packet.pointee.stream_index = stream.pointee.index
            try check(av_interleaved_write_frame(format, packet), path, "writing a packet")
        }
    }

    /// `image` with opaque black columns and rows added on the right and at the bottom up to `w` x `h`.
    private static func padded(_ image: RGBAImage, _ w: Int, _ h: Int) -> RGBAImage {
        guard image.width != w || image.height != h else { return image }
        var bytes = [UInt8](repeating: 0, count: w * h * 4)
        for i in stride(from: 3, to: bytes.count, by: 4) { bytes[i] = 255 }
        for y in 0..<image.height {
            bytes.replaceSubrange((y * w * 4)..<(y * w * 4 + image.width * 4), with: image.bytes[(y * image.width * 4)..<((y + 1) * image.width * 4)])
        }
        return RGBAImage(width: w, height: h, bytes: bytes, alpha: .premultiplied)
    }

    private static func free(_ format: UnsafeMutablePointer<AVFormatContext>, _ codec: UnsafeMutablePointer<AVCodecContext>) {
        var codec: UnsafeMutablePointer<AVCodecContext>? = codec
        avcodec_free_context(&codec)
        if format.pointee.oformat.pointee.flags & lamina_avfmt_nofile() == 0, format.pointee.pb != nil { avio_closep(&format.pointee.pb) }
        avformat_free_context(format)
    }

    private func release() {
        if let format, let codec { Self.free(format, codec) }
        format = nil
        codec = nil
        av_frame_free(&frame)
        av_packet_free(&packet)
        sws_freeContext(scaler)
    }

    deinit {
        if format != nil || frame != nil { release() }
    }
}

@available(*, unavailable)
extension VideoWriter: Sendable {}
