import ArgumentParser
import LaminaVideo

/// `lamina join`: video segments (the shards of one `lamina render --shard`) end to end in one file,
/// without encoding again.
struct JoinCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "join",
        abstract: "Join video segments end to end into one file, without encoding them again.",
        discussion: """
            The segments must be alike (container, codec, size, frame rate), as the shards of one \\
            `lamina render --frames ... --shard K/N` are.
              lamina join clip.mp4 part-1.mp4 part-2.mp4 part-3.mp4
            """)

    @Argument(help: "The video to write (.mp4 or .webm).")
    var output: String

    @Argument(help: "The segments, in order.")
    var segments: [String]

    func validate() throws {
        guard !segments.isEmpty else { throw ValidationError("give at least one segment") }
        guard VideoContainer(path: output) != nil else { throw ValidationError("the output must end in .mp4 or .webm") }
    }

    func run() throws {
        do {
            let frames = try VideoJoiner.join(segments, into: output)
            print("joined \(frames) frames from \(segments.count) segments into \(output)")
        } catch {
            throw Failure("\(error)")
        }
    }
}
