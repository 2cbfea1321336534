public import LaminaCore
public import LaminaModel
public import LaminaRender
import LaminaRenderList

/// What one frame did: where its time went, what it drew, and what happened to animations and
/// transactions.
public struct FrameReport: Sendable {
    /// The media time the frame shows.
    public var time: Double
    /// Seconds spent in each phase.
    public var phases: FramePhases
    /// What the renderer drew.
    public var statistics: FrameStatistics
    /// Animations that started and stopped (including those replaced or removed by transactions).
    public var events: [ClientEvent]
    /// Transactions rejected at this frame boundary, with their clients and serials.
    public var rejected: [(client: ClientID, serial: UInt32, error: TransactionError)]
    /// Transactions applied at this frame boundary: their clients, serials, commit times and the
    /// animations they added (a transaction completes when all of those have stopped).
    public var applied: [(client: ClientID, serial: UInt32, commitTime: Double, animations: [AnimationID])]

    /// An empty report for a frame at `time`.
    public init(time: Double) {
        self.time = time
        phases = FramePhases()
        statistics = FrameStatistics()
        events = []
        rejected = []
        applied = []
    }
}

/// The phases of a frame, in seconds: apply (transactions and uploads), evaluate (animations into the
/// presentation tree), build (the render list), encode (instances copied to the GPU), draw (GL
/// commands issued), finish (`glFinish`: the GPU's work done).
public struct FramePhases: Hashable, Sendable {
    public var apply = 0.0
    public var evaluate = 0.0
    public var build = 0.0
    /// Instances copied to the GPU (`FrameStatistics.encodeSeconds`), out of what `execute` took.
    public var encode = 0.0
    /// The GL commands issued (`execute` less `encode`).
    public var draw = 0.0
    public var finish = 0.0

    /// Nothing measured yet.
    public init() {}

    /// The whole frame.
    public var total: Double { apply + evaluate + build + encode + draw + finish }
}

/// An animation event, told in the client's own names.
public struct ClientEvent: Hashable, Sendable {
    /// Whose layer.
    public var client: ClientID
    /// The client's handle of the layer.
    public var layer: LayerHandle
    /// The animation.
    public var animation: AnimationID
    /// The key it was added under.
    public var key: String?
    /// Started, or stopped (finished, or removed before it finished).
    public var kind: AnimationEvent.Kind

    /// An event.
    public init(client: ClientID, layer: LayerHandle, animation: AnimationID, key: String?, kind: AnimationEvent.Kind) {
        self.client = client
        self.layer = layer
        self.animation = animation
        self.key = key
        self.kind = kind
    }
}
