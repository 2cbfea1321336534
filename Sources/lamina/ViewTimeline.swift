/// Where `lamina view` is in a scene's time: playing at the wall clock's pace, or paused on a frame of
/// the viewer's frame grid, from which the arrow keys step one frame at a time.
///
/// Pausing snaps the time to the nearest frame of the grid (`framesPerSecond`), so a paused frame is a
/// frame `lamina render --time N/fps` draws too; stepping moves by whole frames and never below 0.
struct ViewTimeline {
    /// The frame grid's rate.
    let framesPerSecond: Double
    /// The scene time shown.
    private(set) var time: Double
    /// Whether time stands still.
    private(set) var isPaused = false

    init(framesPerSecond: Double = 60, start: Double = 0) {
        self.framesPerSecond = framesPerSecond
        time = max(start, 0)
    }

    /// The frame of the grid the time is on, or nearest to.
    var frame: Int { Int((time * framesPerSecond).rounded()) }

    /// Moves on by `elapsed` seconds of wall time while playing.
    mutating func advance(by elapsed: Double) {
        guard !isPaused, elapsed > 0 else { return }
        time += elapsed
    }

    /// Pauses on the nearest frame, or plays on from it.
    mutating func togglePause() {
        isPaused.toggle()
        if isPaused { time = Double(frame) / framesPerSecond }
    }

    /// Pauses (if playing) and moves `frames` frames on (negative: back), stopping at 0.
    mutating func step(_ frames: Int) {
        if !isPaused { togglePause() }
        time = Double(max(frame + frames, 0)) / framesPerSecond
    }

    /// The window title: the scene's name, the time and frame, and whether paused.
    func title(scene: String) -> String {
        let seconds = (time * 1000).rounded() / 1000
        return "\(scene) — \(seconds) s, frame \(frame)\(isPaused ? " — paused" : "")"
    }
}
