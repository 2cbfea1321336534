import LaminaRenderList
import Synchronization

/// One value handed from one thread to another that blocks until it arrives: a render thread's result
/// to a synchronous caller, or its start-up outcome to whoever started it.
final class OneShot<Value: Sendable>: Sendable {
    private let value = Mutex<Value?>(nil)
    private let arrived = Semaphore()

    /// Delivers the value; call once.
    func put(_ newValue: Value) {
        value.withLock { $0 = newValue }
        arrived.signal()
    }

    /// Blocks until the value is delivered, then returns it; call once.
    func take() -> Value {
        arrived.wait()
        return value.withLock { $0! }
    }
}
