import LaminaCore
import LaminaModel
import LaminaWire

/// What a session refuses because its protocol version predates it.
extension ClientSession {
    /// Refuses what was added after the session's version — a layer kind (a version-9 client's tiled
    /// layer), a property, a keyword choice (a version-8 client's `hue` blend mode) — as that
    /// version's daemon refused what it did not have.
    func refuseNewerChoices(_ commit: Commit<WireBitmap>) throws(ErrorReportError) {
        func refuse(_ message: String) -> ErrorReportError {
            ErrorReportError(ErrorReport(serial: commit.serial, code: .invalidTree, message: message))
        }
        for operation in commit.operations {
            switch operation {
            case .create(let handle, _, let kind) where kind.introducedIn > protocolVersion:
                throw refuse(
                    "layer kind \(kind.rawValue) (of \(handle)) is not in protocol version \(protocolVersion); `\(kind)` came with version \(kind.introducedIn)")
            case .set(_, let keyPath, let value):
                let descriptor = LayerProperties.table[Int(keyPath.key.rawValue)]
                if descriptor.since > protocolVersion {
                    throw refuse("'\(keyPath)' is not a property in protocol version \(protocolVersion); it came with version \(descriptor.since)")
                }
                guard case .keyword(let index) = value else { continue }
                let added = descriptor.choiceVersion(index)
                guard added > protocolVersion else { continue }
                let known = zip(descriptor.choices, descriptor.choiceVersions).filter { $0.1 <= protocolVersion }.map(\.0)
                throw refuse(
                    "'\(keyPath)' has no choice number \(index) in protocol version \(protocolVersion) (\(known.count) choices: "
                        + "\(known.joined(separator: ", ")); \(descriptor.choices[Int(index)]) came with version \(added))")
            case .addAnimation(_, let animation, _):
                guard let keyPath = animation.keyPath else { continue }
                let descriptor = LayerProperties.table[Int(keyPath.key.rawValue)]
                if descriptor.since > protocolVersion {
                    throw refuse(
                        "'\(keyPath)' is not a property in protocol version \(protocolVersion); it came with version \(descriptor.since)")
                }
            default: continue
            }
        }
    }
}
