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

/// accept4(socket, NULL, NULL, SOCK_CLOEXEC | SOCK_NONBLOCK).
int lamina_accept(int socket);

#endif
