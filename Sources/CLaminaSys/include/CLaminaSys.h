// CLaminaSys: the few Linux system calls Swift cannot reach cleanly through Glibc's module.
//
// The CMSG_* macros that frame SCM_RIGHTS file descriptors are C macros over pointer arithmetic, and
// memfd_create, its seals and SO_PEERCRED need _GNU_SOURCE; SwiftNIO cannot pass descriptors on stream
// sockets. Every function returns -1 and leaves errno set on failure, as the calls it wraps do.
#ifndef CLAMINASYS_H
#define CLAMINASYS_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/// The most descriptors one message may carry (a client sending more is refused).
#define LAMINA_MAX_FDS_PER_MESSAGE 28

/// Sends `length` bytes with `fd_count` descriptors attached as SCM_RIGHTS (MSG_NOSIGNAL: a peer that
/// went away is an EPIPE, never a SIGPIPE). Returns the bytes sent.
ssize_t lamina_send(int socket, const void *bytes, size_t length, const int *fds, int fd_count);

/// Receives up to `capacity` bytes and the descriptors that came with them (close-on-exec), at most
/// `fd_capacity`. `*fd_count` is set to the descriptors received; `*truncated` to 1 when the kernel
/// dropped descriptors because the control buffer was too small (MSG_CTRUNC; those that did arrive are
/// still returned and must be closed). Returns the bytes received, 0 at end of stream.
ssize_t lamina_receive(int socket, void *bytes, size_t capacity, int *fds, int fd_capacity, int *fd_count,
                       int *truncated);

/// memfd_create(name, MFD_CLOEXEC | MFD_ALLOW_SEALING).
int lamina_memfd_create(const char *name);

/// Adds F_SEAL_SHRINK and F_SEAL_SEAL (the size can grow but never shrink under a reader's mapping).
int lamina_seal_shrink(int fd);

/// Whether the descriptor carries F_SEAL_SHRINK: 1 yes, 0 no, -1 when it cannot have seals at all.
int lamina_has_shrink_seal(int fd);

/// The peer's process, user and group ids of a connected Unix socket (SO_PEERCRED).
int lamina_peer_credentials(int socket, int32_t *pid, uint32_t *uid, uint32_t *gid);

/// The peer's supplementary groups (SO_PEERGROUPS), at most `capacity`. Returns how many, or -1.
int lamina_peer_groups(int socket, uint32_t *groups, int capacity);

/// accept4(socket, NULL, NULL, SOCK_CLOEXEC | SOCK_NONBLOCK).
int lamina_accept(int socket);

// MARK: The daemon's event loop (epoll_event is packed on x86-64, which Swift cannot import as is).

/// Readiness bits `lamina_epoll_wait` reports.
#define LAMINA_READABLE 1u
#define LAMINA_WRITABLE 2u
#define LAMINA_HANGUP 4u

/// epoll_create1(EPOLL_CLOEXEC).
int lamina_epoll_create(void);

/// Adds (op 0), modifies (1) or removes (2) `fd`, watched for what `interest` names (LAMINA_READABLE:
/// EPOLLIN and the peer's half-close, EPOLLRDHUP; LAMINA_WRITABLE: EPOLLOUT; EPOLLHUP and EPOLLERR
/// always, as epoll reports them anyway); `token` comes back with its readiness.
int lamina_epoll_control(int epoll, int op, int fd, unsigned interest, uint64_t token);

/// Waits up to `timeout_ms` (-1: forever); fills `tokens` and `readiness` (LAMINA_* bits) and
/// returns how many are ready (0 on timeout or EINTR).
int lamina_epoll_wait(int epoll, uint64_t *tokens, uint32_t *readiness, int capacity, int timeout_ms);

/// eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK).
int lamina_eventfd(void);

/// timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC | TFD_NONBLOCK).
int lamina_timerfd(void);

/// Arms a timerfd: first expiry at CLOCK_MONOTONIC time `first_ns` (absolute), then every
/// `interval_ns` (both 0: disarm).
int lamina_timerfd_set(int fd, uint64_t first_ns, uint64_t interval_ns);

/// Names the calling thread (at most 15 bytes show).
void lamina_set_thread_name(const char *name);

/// Fixes glibc's mmap threshold and trim threshold (mallopt M_MMAP_THRESHOLD, M_TRIM_THRESHOLD), which
/// also stops glibc sliding them. Returns 0, or -1 when glibc refused either value.
int lamina_set_heap_thresholds(int mmap_threshold, int trim_threshold);

/// The bytes the C heap has handed out and not taken back, in every arena and in blocks mapped on
/// their own (glibc's `mallinfo2`: `uordblks + hblkhd`). Free memory the heap keeps is not counted.
size_t lamina_heap_bytes_in_use(void);

#endif
