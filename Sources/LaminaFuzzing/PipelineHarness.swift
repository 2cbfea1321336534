import LaminaCore
import LaminaFuzzInput
public import LaminaRender
import LaminaRenderList
import LaminaCompositor
import LaminaModel
import LaminaWire

/// Runs one fuzz input through the daemon's whole path, in process: decode → validate → apply →
/// evaluate at several times → build the render list (and now and then draw it) → presentation
/// queries → the client leaves. What the libFuzzer target and the regression tests both call.
///
/// Half the inputs are structure-aware (`OperationSynthesizer` builds transactions that decode, with
/// extreme numbers), the other half are raw `commit` bodies, so the decoder's own paths are walked too.
/// Each synthesized commit also goes through the wire codec and must come back equal.
///
/// One compositor serves every input, as one daemon serves every client; after each input its client
/// is removed and the harness checks that nothing of it is left (layers, textures), so memory cannot
/// grow from input to input unnoticed.
public final class PipelineHarness: Sendable {
    private let gpu: GPUContext

    /// The output the compositor draws: small, so a drawn frame is cheap.
    static let output = OutputConfiguration(width: 64, height: 48)

    /// Frame times: the first frames of a client, then a long-running daemon's.
    static let times: [Double] = [0, 1.0 / 60, 0.5, 1, 10, 86_400, 1e7]

    /// A harness drawing with `gpu`.
    public init(gpu: GPUContext) {
        self.gpu = gpu
    }

    /// A harness on the first display that works (llvmpipe's surfaceless display without a GPU).
    public convenience init() throws {
        self.init(gpu: try GPUContext(display: DisplaySelection.standard().select()))
    }

    /// Why an input failed a check (any other failure is a crash).
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Runs one input; throws `Failure` when a check fails.
    public func run(_ bytes: [UInt8]) throws {
        let failure = gpu.perform { (context) -> String? in
            let compositor: Compositor
            do {
                compositor = try context.state(Compositor.self) { () throws(CompositorError) in
                    try Compositor(context, output: Self.output)
                }
            } catch {
                return "no compositor: \(error)"
            }
            return Self.run(bytes, on: compositor)
        }
        if let failure { throw Failure(description: failure) }
    }

    /// The transactions an input describes, each checked through the wire codec.
    static func transactions(_ bytes: [UInt8]) -> Result<[Commit<BitmapContents>], Failure> {
        var input = FuzzInput(Array(bytes.dropFirst()))
        guard let mode = bytes.first, mode & 1 == 0 else {
            // Raw: the bytes are the body of a commit, as a client would send it.
            let raw = RawMessage(opcode: ClientMessage.Opcode.commit.rawValue, body: Array(bytes.dropFirst()))
            guard case .commit(let commit)? = try? ClientMessage(raw) else { return .success([]) }
            return .success([Commit(operations: commit.operations, serial: commit.serial)])
        }
        var transactions: [Commit<BitmapContents>] = []
        for serial in 0...UInt32(input.below(3)) {
            let operations = OperationSynthesizer.operations(&input)
            let message = ClientMessage.commit(Commit(serial: serial, operations: operations))
            // Compared as bytes: a NaN is never equal to itself, but must come back bit for bit.
            let encoded = message.raw.encoded
            let decoded: Commit<WireBitmap>
            do {
                guard case .commit(let commit) = try ClientMessage(message.raw), ClientMessage.commit(commit).raw.encoded == encoded
                else {
                    return .failure(Failure(description: "a commit came back different from the wire codec: \(operations)"))
                }
                decoded = commit
            } catch {
                // Refused at the boundary, as the daemon answers malformedMessage (a NaN, for one).
                continue
            }
            var bitmaps: [BitmapContents] = []
            while input.oneIn(3) {
                let (width, height) = (input.below(9), input.below(9))
                let image = RGBAImage(width: width, height: height, filledWith: SIMD4(255, 0, 0, input.byte()), alpha: .straight)
                bitmaps.append(BitmapContents(id: BitmapID(UInt64(input.below(4) + 1)), image: image))
            }
            transactions.append(Commit(operations: decoded.operations, bitmaps: bitmaps, serial: serial))
        }
        return .success(transactions)
    }

    static func run(_ bytes: [UInt8], on compositor: Compositor) -> String? {
        let transactions: [Commit<BitmapContents>]
        switch Self.transactions(bytes) {
        case .success(let t): transactions = t
        case .failure(let failure): return failure.description
        }
        let client = ClientID(1)
        let limits = ClientLimits()
        compositor.addClient(client, limits: LayerStore.Limits(layers: Int(limits.maxLayers), animations: Int(limits.maxAnimations)))
        defer { compositor.removeClient(client) }
        var input = FuzzInput(bytes.reversed())
        do {
            for (i, transaction) in transactions.enumerated() {
                compositor.commit(transaction, from: client)
                // Now and then two transactions meet in one frame, under a budget.
                if i + 1 < transactions.count, input.oneIn(2) { continue }
                _ = try compositor.frame(at: times[i], applyBudget: input.oneIn(2) ? 0 : nil, draws: input.oneIn(16))
            }
            for time in times.dropFirst(transactions.count) {
                _ = try compositor.frame(at: time, draws: input.oneIn(32))
            }
            // What a presentation query reads, at a time the input picks.
            let time = times[input.below(times.count)]
            for handle in 1...12 as ClosedRange<UInt64> {
                guard let id = compositor.store.layer(LayerHandle(handle), of: client) else { continue }
                for key in [PropertyKey.position, .opacity, .transform, .bounds] {
                    _ = try? compositor.tree.presentationValue(LayerKeyPath(key), of: id, at: time)
                }
            }
        } catch {
            return "a frame failed: \(error)"
        }
        return nil
    }

    /// Checks that nothing of the inputs run so far is left: only the canvas root, no textures.
    public func checkNothingLeft() throws {
        let left = gpu.perform { (context) -> String? in
            guard let compositor = try? context.state(Compositor.self, create: { () throws(CompositorError) in
                try Compositor(context, output: Self.output)
            }) else { return nil }
            // The removal runs after each input's frames; one more frame lets the renderer let go.
            _ = try? compositor.frame(at: 1e7 + 1, draws: false)
            let textures = compositor.textureStatistics
            if compositor.tree.count != 1 || textures.count != 0 {
                return "left behind: \(compositor.tree.count - 1) layers, \(textures.count) textures"
            }
            return nil
        }
        if let left { throw Failure(description: left) }
    }
}
