import LaminaCore

/// One client's names for things in the compositor: its layer handles and bitmap identities, mapped
/// to the compositor's tree and texture cache. A client reaches nothing that is not in here.
struct Namespace: Sendable {
    /// The client's layers.
    var handles = HandleTable()
    /// The client's bitmaps: its identity to the compositor's.
    var bitmaps: [BitmapID: BitmapID] = [:]
    /// What the client may hold.
    var limits = LayerStore.Limits()

    /// The client's layers by handle.
    var layers: HandleMap { handles.layers }
}
