import LaminaCore
public import LaminaLottie
import Synchronization

/// A layer that plays a Lottie animation (lottie-ios's `LottieAnimationLayer` with its Core Animation
/// engine): the file's layer tree, made once, under this layer, played by the daemon through layer
/// timing alone. Playing, pausing, looping and scrubbing set the timing of the tree's root (`speed`,
/// `beginTime`, `timeOffset`, `duration`, `repeatCount`, `autoreverses`), so a playing animation costs
/// the app nothing per frame.
///
/// The layer's frame starts as the animation's bounds at the origin; it starts paused at progress 0.
@MainActor
public final class LottieLayer: Layer {
    /// The animation shown (with the value providers set on this layer).
    public private(set) var animation: LottieAnimation
    /// How `play()` repeats.
    public var loopMode: LottieLoopMode = .playOnce
    /// The rate of play (negative plays backwards); changing it while playing goes on from where the
    /// animation is. A speed that is not finite is ignored.
    public var animationSpeed: Double = 1 {
        didSet {
            guard animationSpeed.isFinite else {
                animationSpeed = oldValue
                return
            }
            guard isAnimationPlaying, let current = playing else { return }
            play(fromProgress: currentProgress, toProgress: current.to, loopMode: current.mode, completion: completion)
        }
    }
    /// Whether a `play` is running.
    public private(set) var isAnimationPlaying = false

    private var root = LayerHandle(0)
    private var timeOrigin = LayerHandle(0)
    /// The file's images, shown by layers of the composition.
    private var bitmaps: [Bitmap] = []
    /// Every layer of the composition, destroyed with this one.
    private let owned = Mutex<[LayerHandle]>([])
    private var playing: (from: Double, to: Double, mode: LottieLoopMode)?
    private var pausedProgress = 0.0
    private var completion: (@MainActor (Bool) -> Void)?
    /// Bumped by every play, pause and stop, so a late "finished" from an earlier play is ignored.
    private var generation = 0

    /// A layer showing `animation`, paused at its first frame.
    public init(animation: LottieAnimation, name: String? = nil) {
        self.animation = animation
        super.init(name: name)
        install(animation)
        // As lottie-ios's layer sets `frame = animation.bounds`.
        frame = Rect(origin: .zero, size: animation.size)
        freeze(at: 0)
    }

    /// Puts the composition's tree under this layer, its images uploaded as this process's bitmaps.
    private func install(_ animation: LottieAnimation) {
        let session = Session.shared
        let composition = animation.composition.numbered(from: session.upcomingHandle)
        root = composition.root
        timeOrigin = composition.timeOrigin
        owned.withLock { $0 = composition.layerNames.map(\.handle) }
        // The file's images become bitmaps of this process, held while the layer lives; the
        // operations name them by the bitmaps' own identities.
        var identities: [BitmapID: BitmapID] = [:]
        bitmaps = []
        for (id, image) in composition.images {
            guard let bitmap = try? Bitmap(image) else { continue }
            bitmaps.append(bitmap)
            session.use(bitmap)
            identities[id] = bitmap.id
        }
        let operations = composition.operations.map { operation -> LayerOperation in
            guard case .set(let h, let path, .bitmap(let id?)) = operation else { return operation }
            return .set(h, path, .bitmap(identities[id]))
        }
        session.adopt(operations, layers: composition.layerCount)
        session.record(.insertSublayer(root, into: handle, at: nil))
    }

    /// Replaces the values of the properties `keypath` matches with `provider`'s (lottie-ios's
    /// `setValueProvider(_:keypath:)`): the animation is compiled again and its tree replaced, at the
    /// same progress, still playing if it was (the running play's completion carries over).
    public func setValueProvider(_ provider: LottieValueProvider, keypath: LottieKeypath) throws(LottieError) {
        let changed = try animation.setting(provider, for: keypath)
        let progress = currentProgress
        let running = isAnimationPlaying ? playing : nil
        let pending = completion
        completion = nil
        let old = owned.withLock { $0 }
        Session.freed.withLock { $0 += old }
        animation = changed
        install(changed)
        if let running {
            play(fromProgress: progress, toProgress: running.to, loopMode: running.mode, completion: pending)
        } else {
            freeze(at: progress)
        }
    }

    deinit {
        let handles = owned.withLock { $0 }
        Session.freed.withLock { $0 += handles }
    }

    // MARK: Playing

    /// Plays from where the animation is to its end (from the start when it is at the end), with
    /// `loopMode`.
    public func play(completion: (@MainActor (Bool) -> Void)? = nil) {
        let from = currentProgress >= 1 ? 0 : currentProgress
        play(fromProgress: from, toProgress: 1, loopMode: loopMode, completion: completion)
    }

    /// Plays from `fromProgress` (nil: where it is) to `toProgress`, backwards when that is lower,
    /// repeating as `loopMode` (nil: the layer's) says. `completion` gets true when the play ran to its
    /// end, false when another play, `pause()`, `stop()` or scrubbing cut it short; a looping play never
    /// completes by itself.
    public func play(
        fromProgress: Double? = nil, toProgress: Double, loopMode: LottieLoopMode? = nil,
        completion: (@MainActor (Bool) -> Void)? = nil
    ) {
        guard (fromProgress ?? 0).isFinite, toProgress.isFinite else {
            completion?(false)
            return
        }
        let from = min(max(fromProgress ?? currentProgress, 0), 1)
        let to = min(max(toProgress, 0), 1)
        let mode = loopMode ?? self.loopMode
        interrupt()
        let d = animation.duration
        let (low, high) = (min(from, to), max(from, to))
        guard high > low, animationSpeed != 0 else {
            freeze(at: to)
            completion?(true)
            return
        }
        let backwards = (to < from) != (animationSpeed < 0)
        var count = 1.0, reverses = false
        switch mode {
        case .playOnce: break
        case .loop: count = .infinity
        case .autoReverse: (count, reverses) = (.infinity, true)
        case .repeat(let n): count = max(n, 0)
        case .repeatBackwards(let n): (count, reverses) = (max(n, 0), true)
        }
        // The root plays [low, high] of the file: its time origin starts there, its duration is the
        // span, and a negative speed plays the span from its end.
        // The last frame shown is op − 0.001, as the composition's own duration has it.
        let played = animation.composition.playedDuration
        set(timeOrigin, .timeOffset, .number(animation.composition.inPoint / animation.framerate + min(low * d, played)))
        set(root, .duration, .number(min(high * d, played) - min(low * d, played)))
        set(root, .timeOffset, .number(0))
        set(root, .speed, .number(abs(animationSpeed) * (backwards ? -1 : 1)))
        set(root, .repeatCount, .number(count == 1 ? 0 : count))
        set(root, .autoreverses, .bool(reverses))
        set(root, .beginTime, .number(convertTime(currentMediaTime(), from: nil)))
        playing = (from, to, mode)
        isAnimationPlaying = true
        self.completion = completion
        guard count.isFinite else { return }
        // A do-nothing animation as long as the play tells the daemon's frames when it ends.
        let length = (min(high * d, played) - min(low * d, played)) / abs(animationSpeed) * count * (reverses ? 2 : 1)
        let tracker = BasicAnimation(keyPath: "opacity")
        tracker.fromValue = 0.0
        tracker.toValue = 0.0
        tracker.isAdditive = true
        tracker.duration = max(length, 1e-6)
        let current = generation
        let end = reverses ? from : to
        tracker.delegate = PlaybackObserver { [weak self] finished in
            guard let self, self.generation == current, finished else { return }
            self.isAnimationPlaying = false
            self.playing = nil
            self.pausedProgress = end
            let completion = self.completion
            self.completion = nil
            completion?(true)
        }
        add(tracker, forKey: "lottie.playback")
    }

    /// Plays from one frame to another (see `play(fromProgress:toProgress:loopMode:completion:)`).
    public func play(
        fromFrame: Double? = nil, toFrame: Double, loopMode: LottieLoopMode? = nil, completion: (@MainActor (Bool) -> Void)? = nil
    ) {
        play(
            fromProgress: fromFrame.map(animation.progress(ofFrame:)), toProgress: animation.progress(ofFrame: toFrame), loopMode: loopMode,
            completion: completion)
    }

    /// Plays from one marker's frame to another's (nil: from where it is); an unknown marker plays
    /// nothing and completes with false.
    public func play(
        fromMarker: String? = nil, toMarker: String, loopMode: LottieLoopMode? = nil, completion: (@MainActor (Bool) -> Void)? = nil
    ) {
        guard let to = animation.marker(named: toMarker), fromMarker.map({ animation.marker(named: $0) != nil }) ?? true else {
            completion?(false)
            return
        }
        play(fromFrame: fromMarker.flatMap { animation.marker(named: $0)?.frame }, toFrame: to.frame, loopMode: loopMode, completion: completion)
    }

    /// Stops where the animation is (its completion gets false).
    public func pause() { freeze(at: currentProgress) }

    /// Stops and goes back to the first frame (its completion gets false).
    public func stop() { freeze(at: 0) }

    /// Where the animation is, 0 at `startFrame` to 1 at `endFrame`; setting it shows that frame and
    /// stops any play (scrubbing). A progress that is not finite is ignored.
    public var currentProgress: Double {
        get {
            guard isAnimationPlaying, let id = Session.shared.layerID(timeOrigin) else { return pausedProgress }
            let seconds = Session.shared.model.localTime(of: id, at: currentMediaTime())
            return min(max(animation.progress(ofFrame: seconds * animation.framerate), 0), 1)
        }
        set {
            guard newValue.isFinite else { return }
            freeze(at: min(max(newValue, 0), 1))
        }
    }

    /// `currentProgress` as a frame of the file.
    public var currentFrame: Double {
        get { animation.frame(atProgress: currentProgress) }
        set { currentProgress = animation.progress(ofFrame: newValue) }
    }

    // MARK: Timing

    /// Shows the frame at `progress`, still: the root's time stands at 0 and the time origin at that
    /// frame.
    private func freeze(at progress: Double) {
        interrupt()
        let offset = min(progress * animation.duration, animation.composition.playedDuration)
        set(timeOrigin, .timeOffset, .number(animation.composition.inPoint / animation.framerate + offset))
        set(root, .speed, .number(0))
        set(root, .timeOffset, .number(0))
        set(root, .beginTime, .number(0))
        set(root, .repeatCount, .number(0))
        set(root, .autoreverses, .bool(false))
        set(root, .duration, .number(animation.composition.playedDuration))
        pausedProgress = progress
    }

    /// Ends the running play, if any, telling its completion it did not finish.
    private func interrupt() {
        generation += 1
        let completion = self.completion
        self.completion = nil
        if isAnimationPlaying {
            isAnimationPlaying = false
            playing = nil
            removeAnimation(forKey: "lottie.playback")
        }
        completion?(false)
    }

    private func set(_ layer: LayerHandle, _ key: PropertyKey, _ value: PropertyValue) {
        Session.shared.record(.set(layer, LayerKeyPath(key), value))
    }
}

/// Hears when a play's tracking animation stops.
@MainActor
private final class PlaybackObserver: AnimationDelegate {
    let stopped: @MainActor (Bool) -> Void
    init(_ stopped: @escaping @MainActor (Bool) -> Void) { self.stopped = stopped }
    func animationDidStop(_ animation: Animation, finished: Bool) { stopped(finished) }
}
