/// Who is at the other end of a client's socket, as the kernel reports it (`SO_PEERCRED` and
/// `SO_PEERGROUPS`): the one identity a client cannot forge.
public struct PeerCredentials: Hashable, Sendable, CustomStringConvertible {
    /// The peer's process id when it connected.
    public var pid: Int32
    /// Its effective user id.
    public var uid: UInt32
    /// Its effective group id.
    public var gid: UInt32
    /// Its supplementary groups (empty when the kernel could not tell).
    public var groups: [UInt32]

    /// Credentials.
    public init(pid: Int32, uid: UInt32, gid: UInt32, groups: [UInt32] = []) {
        self.pid = pid
        self.uid = uid
        self.gid = gid
        self.groups = groups
    }

    /// `pid 12, uid 1000`.
    public var description: String { "pid \(pid), uid \(uid)" }
}

/// Who may read beyond their own layers: other clients' trees and the whole output's pixels.
///
/// A client sees its own layers always. Reading what other applications show (`tree` of every client,
/// `screenshot`) is a privilege, because one user's daemon may serve several users' applications (a kiosk
/// shell and a sandboxed app, say) and a screenshot can reveal anything on screen. Privileged peers are
/// the daemon's own user, root, and members of one configured group (`--privileged-group`), checked
/// against the kernel's credentials of the socket, never against anything the client says.
public struct AccessPolicy: Hashable, Sendable {
    /// The daemon's effective user id.
    public var daemonUID: UInt32
    /// Members of this group (primary or supplementary) are privileged too.
    public var privilegedGroup: UInt32?

    /// A policy.
    public init(daemonUID: UInt32, privilegedGroup: UInt32? = nil) {
        self.daemonUID = daemonUID
        self.privilegedGroup = privilegedGroup
    }

    /// Whether `peer` may read other clients' trees and take screenshots. Unknown credentials are not.
    public func isPrivileged(_ peer: PeerCredentials?) -> Bool {
        guard let peer else { return false }
        if peer.uid == 0 || peer.uid == daemonUID { return true }
        guard let group = privilegedGroup else { return false }
        return peer.gid == group || peer.groups.contains(group)
    }

    /// What a refused client is told it needs.
    public var requirement: String {
        var who = "the daemon's user (uid \(daemonUID)) or root"
        if let group = privilegedGroup { who = "the daemon's user (uid \(daemonUID)), root, or a member of group \(group)" }
        return who
    }
}
