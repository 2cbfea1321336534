import CFFmpeg

/// Joins video files end to end without encoding again (what FFmpeg's concat demuxer does): the
/// packets of each, in order, are copied into one file, their timestamps moved past the files before.
/// The files must be alike — the same container, codec, size and frame rate, as the shards of one
/// `lamina render --shard` are — or the join is refused naming the one that differs.
public enum VideoJoiner {
    /// Writes the concatenation of `segments` to `path`; returns how many frames it holds.
    @discardableResult
    public static func join(_ segments: [String], into path: String) throws(VideoError) -> Int {
        guard let first = segments.first else { throw VideoError(path: path, doing: "joining", reason: "no segments") }
        guard let container = VideoContainer(path: path) else {
            throw VideoError(path: path, doing: "choosing the container", reason: "the extension is not .mp4 or .webm")
        }
        av_log_set_level(AV_LOG_ERROR)
        var output: UnsafeMutablePointer<AVFormatContext>?
        try check(avformat_alloc_output_context2(&output, nil, container.muxer, path), path, "choosing the \(container.muxer) muxer")
        guard let output else { throw VideoError(path: path, doing: "choosing the muxer", reason: "no context") }
        defer {
            if output.pointee.pb != nil { avio_closep(&output.pointee.pb) }
            avformat_free_context(output)
        }
        var stream: UnsafeMutablePointer<AVStream>?
        var reference: (codec: AVCodecID, width: Int32, height: Int32, rate: AVRational)?
        var offset: Int64 = 0  // in the output stream's time base
        var frames = 0
        guard let packet = av_packet_alloc() else { throw VideoError(path: path, doing: "joining", reason: "out of memory") }
        var p: UnsafeMutablePointer<AVPacket>? = packet
        defer { av_packet_free(&p) }
        for segment in segments {
            let reader = try VideoReader(path: segment)
            guard let input = reader.format else { continue }
            let inputStream = input.pointee.streams[Int(reader.streamIndex)]!
            let parameters = inputStream.pointee.codecpar!
            let mine = (parameters.pointee.codec_id, parameters.pointee.width, parameters.pointee.height, inputStream.pointee.avg_frame_rate)
            if let reference {
                guard mine.0 == reference.codec, mine.1 == reference.width, mine.2 == reference.height,
                    av_cmp_q(mine.3, reference.rate) == 0
                else {
                    throw VideoError(
                        path: segment, doing: "joining it to \(first)",
                        reason: "its stream (\(reader.codecName) \(mine.1)x\(mine.2) at \(reader.framesPerSecond) fps) differs from the first's")
                }
            } else {
                reference = (mine.0, mine.1, mine.2, mine.3)
                guard let made = avformat_new_stream(output, nil) else { throw VideoError(path: path, doing: "making the stream", reason: "out of memory") }
                try check(avcodec_parameters_copy(made.pointee.codecpar, parameters), path, "copying the stream's parameters")
                made.pointee.codecpar.pointee.codec_tag = 0
                made.pointee.time_base = inputStream.pointee.time_base
                made.pointee.avg_frame_rate = inputStream.pointee.avg_frame_rate
                stream = made
                if output.pointee.oformat.pointee.flags & lamina_avfmt_nofile() == 0 {
                    try check(avio_open(&output.pointee.pb, path, AVIO_FLAG_WRITE), path, "opening the file")
                }
                try check(avformat_write_header(output, nil), path, "writing the header")
            }
            guard let stream else { continue }
            var end = offset
            let frameTicks = av_rescale_q(1, av_inv_q(inputStream.pointee.avg_frame_rate), stream.pointee.time_base)
            while av_read_frame(input, packet) >= 0 {
                defer { av_packet_unref(packet) }
                guard packet.pointee.stream_index == reader.streamIndex else { continue }
                av_packet_rescale_ts(packet, inputStream.pointee.time_base, stream.pointee.time_base)
                if packet.pointee.pts != lamina_av_nopts_value() { packet.pointee.pts += offset }
                if packet.pointee.dts != lamina_av_nopts_value() { packet.pointee.dts += offset }
                end = max(end, (packet.pointee.pts != lamina_av_nopts_value() ? packet.pointee.pts : packet.pointee.dts) + max(packet.pointee.duration, frameTicks))
                packet.pointee.stream_index = stream.pointee.index
                packet.pointee.pos = -1
                frames += 1
                try check(av_interleaved_write_frame(output, packet), path, "writing a packet of \(segment)")
            }
            offset = end
        }
        try check(av_write_trailer(output), path, "writing the trailer")
        return frames
    }
}
