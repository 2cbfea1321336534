public import LaminaWire
import Synchronization

/// A queue between two threads that wakes the receiver: the sender appends under a lock and signals
/// an eventfd the receiver's epoll watches; the receiver takes everything queued at once.
public final class Mailbox<Item: Sendable>: Sendable {
    /// The receiver watches this.
    public let notifier: EventNotifier
    private let items = Mutex<[Item]>([])

    /// An empty mailbox.
    public init() throws(SystemCallError) {
        notifier = try EventNotifier()
    }

    /// Queues `item` and wakes the receiver.
    public func post(_ item: Item) {
        items.withLock { $0.append(item) }
        notifier.signal()
    }

    /// Queues several items with one wakeup.
    public func post(contentsOf batch: [Item]) {
        guard !batch.isEmpty else { return }
        items.withLock { $0.append(contentsOf: batch) }
        notifier.signal()
    }

    /// Takes everything queued, oldest first.
    public func take() -> [Item] {
        notifier.drain()
        return items.withLock { queue in
            var taken: [Item] = []
            swap(&taken, &queue)
            return taken
        }
    }
}
