#define _GNU_SOURCE
#include "CLaminaSys.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <unistd.h>

ssize_t lamina_send(int socket, const void *bytes, size_t length, const int *fds, int fd_count) {
    struct iovec iov = {.iov_base = (void *)bytes, .iov_len = length};
    struct msghdr msg = {.msg_iov = &iov, .msg_iovlen = 1};
    union {
        char buffer[CMSG_SPACE(sizeof(int) * LAMINA_MAX_FDS_PER_MESSAGE)];
        struct cmsghdr align;
    } control;
    if (fd_count < 0 || fd_count > LAMINA_MAX_FDS_PER_MESSAGE) {
        errno = EINVAL;
        return -1;
    }
    if (fd_count > 0) {
        memset(&control, 0, sizeof control);
        msg.msg_control = control.buffer;
        msg.msg_controllen = CMSG_SPACE(sizeof(int) * (size_t)fd_count);
        struct cmsghdr *cmsg = CMSG_FIRSTHDR(&msg);
        cmsg->cmsg_level = SOL_SOCKET;
        cmsg->cmsg_type = SCM_RIGHTS;
        cmsg->cmsg_len = CMSG_LEN(sizeof(int) * (size_t)fd_count);
        memcpy(CMSG_DATA(cmsg), fds, sizeof(int) * (size_t)fd_count);
    }
    return sendmsg(socket, &msg, MSG_NOSIGNAL);
}

ssize_t lamina_receive(int socket, void *bytes, size_t capacity, int *fds, int fd_capacity, int *fd_count,
                       int *truncated) {
    struct iovec iov = {.iov_base = bytes, .iov_len = capacity};
    union {
        char buffer[CMSG_SPACE(sizeof(int) * LAMINA_MAX_FDS_PER_MESSAGE)];
        struct cmsghdr align;
    } control;
    struct msghdr msg = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = control.buffer,
                         .msg_controllen = sizeof control.buffer};
    *fd_count = 0;
    *truncated = 0;
    ssize_t received = recvmsg(socket, &msg, MSG_CMSG_CLOEXEC | MSG_DONTWAIT);
    if (received < 0) return received;
    if (msg.msg_flags & MSG_CTRUNC) *truncated = 1;
    for (struct cmsghdr *cmsg = CMSG_FIRSTHDR(&msg); cmsg != NULL; cmsg = CMSG_NXTHDR(&msg, cmsg)) {
        if (cmsg->cmsg_level != SOL_SOCKET || cmsg->cmsg_type != SCM_RIGHTS) continue;
        size_t count = (cmsg->cmsg_len - CMSG_LEN(0)) / sizeof(int);
        int *incoming = (int *)CMSG_DATA(cmsg);
        for (size_t i = 0; i < count; i++) {
            if (*fd_count < fd_capacity) {
                fds[(*fd_count)++] = incoming[i];
            } else {
                close(incoming[i]);
                *truncated = 1;
            }
        }
    }
    return received;
}

int lamina_memfd_create(const char *name) {
    return memfd_create(name, MFD_CLOEXEC | MFD_ALLOW_SEALING);
}

int lamina_seal_shrink(int fd) {
    return fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_SEAL);
}

int lamina_has_shrink_seal(int fd) {
    int seals = fcntl(fd, F_GET_SEALS);
    if (seals < 0) return -1;
    return (seals & F_SEAL_SHRINK) ? 1 : 0;
}

int lamina_peer_credentials(int socket, int32_t *pid, uint32_t *uid, uint32_t *gid) {
    struct ucred credentials;
    socklen_t length = sizeof credentials;
    if (getsockopt(socket, SOL_SOCKET, SO_PEERCRED, &credentials, &length) < 0) return -1;
    *pid = credentials.pid;
    *uid = credentials.uid;
    *gid = credentials.gid;
    return 0;
}

int lamina_accept(int socket) {
    return accept4(socket, NULL, NULL, SOCK_CLOEXEC | SOCK_NONBLOCK);
}
