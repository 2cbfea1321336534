#define _GNU_SOURCE
#include "CLaminaSys.h"

#include <errno.h>
#include <malloc.h>
#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <pthread.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/timerfd.h>
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

int lamina_peer_groups(int socket, uint32_t *groups, int capacity) {
#ifdef SO_PEERGROUPS
    socklen_t length = (socklen_t)(capacity * sizeof(gid_t));
    if (getsockopt(socket, SOL_SOCKET, SO_PEERGROUPS, groups, &length) < 0) return -1;
    return (int)(length / sizeof(gid_t));
#else
    (void)socket; (void)groups; (void)capacity;
    errno = ENOPROTOOPT;
    return -1;
#endif
}

int lamina_accept(int socket) {
    return accept4(socket, NULL, NULL, SOCK_CLOEXEC | SOCK_NONBLOCK);
}

int lamina_epoll_create(void) {
    return epoll_create1(EPOLL_CLOEXEC);
}

int lamina_epoll_control(int epoll, int op, int fd, unsigned interest, uint64_t token) {
    struct epoll_event event = {
        .events = ((interest & LAMINA_READABLE) ? EPOLLIN | EPOLLRDHUP : 0) | ((interest & LAMINA_WRITABLE) ? EPOLLOUT : 0),
        .data.u64 = token};
    int ops[] = {EPOLL_CTL_ADD, EPOLL_CTL_MOD, EPOLL_CTL_DEL};
    if (op < 0 || op > 2) {
        errno = EINVAL;
        return -1;
    }
    return epoll_ctl(epoll, ops[op], fd, &event);
}

int lamina_epoll_wait(int epoll, uint64_t *tokens, uint32_t *readiness, int capacity, int timeout_ms) {
    struct epoll_event events[64];
    if (capacity > 64) capacity = 64;
    int n = epoll_wait(epoll, events, capacity, timeout_ms);
    if (n < 0) return errno == EINTR ? 0 : -1;
    for (int i = 0; i < n; i++) {
        tokens[i] = events[i].data.u64;
        uint32_t r = 0;
        if (events[i].events & (EPOLLIN | EPOLLRDHUP)) r |= LAMINA_READABLE;
        if (events[i].events & EPOLLOUT) r |= LAMINA_WRITABLE;
        if (events[i].events & (EPOLLHUP | EPOLLERR)) r |= LAMINA_HANGUP;
        readiness[i] = r;
    }
    return n;
}

int lamina_eventfd(void) {
    return eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
}

int lamina_timerfd(void) {
    return timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC | TFD_NONBLOCK);
}

int lamina_timerfd_set(int fd, uint64_t first_ns, uint64_t interval_ns) {
    struct itimerspec spec = {
        .it_interval = {.tv_sec = (time_t)(interval_ns / 1000000000u), .tv_nsec = (long)(interval_ns % 1000000000u)},
        .it_value = {.tv_sec = (time_t)(first_ns / 1000000000u), .tv_nsec = (long)(first_ns % 1000000000u)},
    };
    return timerfd_settime(fd, first_ns ? TFD_TIMER_ABSTIME : 0, &spec, NULL);
}

void lamina_set_thread_name(const char *name) {
    char truncated[16];
    strncpy(truncated, name, 15);
    truncated[15] = 0;
    pthread_setname_np(pthread_self(), truncated);
}

int lamina_set_heap_thresholds(int mmap_threshold, int trim_threshold) {
    int mapped = mallopt(M_MMAP_THRESHOLD, mmap_threshold);
    int trimmed = mallopt(M_TRIM_THRESHOLD, trim_threshold);
    return mapped == 1 && trimmed == 1 ? 0 : -1;
}

size_t lamina_heap_bytes_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
}
