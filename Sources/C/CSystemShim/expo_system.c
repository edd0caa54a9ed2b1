#define _GNU_SOURCE
#include "expo_system.h"

#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <linux/fs.h>
#include <unistd.h>

static volatile sig_atomic_t stop_signal = 0;
static volatile sig_atomic_t child_pipe = -1;

static void on_stop(int number) {
    if (stop_signal != 0) return;
    stop_signal = number;
    // Every wait is bounded: if the orderly stop has not ended the process 1.5 s from now (a
    // library call that does not return, such as libdispatch retrying a thread the system
    // refuses), it ends anyway. The publication is atomic, so the previous output stays whole.
    struct itimerval deadline;
    memset(&deadline, 0, sizeof deadline);
    deadline.it_value.tv_sec = 1;
    deadline.it_value.tv_usec = 500000;
    (void)setitimer(ITIMER_REAL, &deadline, NULL);
}

static void on_stop_deadline(int number) {
    (void)number;
    _exit(128 + (stop_signal != 0 ? stop_signal : SIGALRM));
}

static void on_child_end(int number) {
    (void)number;
    int saved = errno;
    unsigned char byte = 1;
    if (child_pipe >= 0) (void)write(child_pipe, &byte, 1);
    errno = saved;
}

static void install(int number, void (*handler)(int)) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = handler;
    sigemptyset(&action.sa_mask);
    // No SA_RESTART: a blocking read or wait returns EINTR, so the stop is seen at once.
    action.sa_flags = 0;
    sigaction(number, &action, NULL);
}

void expo_install_stop_handlers(void) {
    install(SIGALRM, on_stop_deadline);
    install(SIGINT, on_stop);
    install(SIGTERM, on_stop);
    install(SIGHUP, on_stop);
}

static void on_stop_exit(int number) {
    _exit(128 + number);
}

void expo_install_exiting_stop_handlers(void) {
    install(SIGINT, on_stop_exit);
    install(SIGTERM, on_stop_exit);
    install(SIGHUP, on_stop_exit);
}

int expo_stop_signal(void) { return stop_signal; }

void expo_install_child_end_handler(int write_end) {
    child_pipe = write_end;
    install(SIGCHLD, on_child_end);
}

int expo_start_writeback(int fd, off_t offset, off_t length) {
    return sync_file_range(fd, offset, length, SYNC_FILE_RANGE_WRITE);
}

int expo_preallocate_keep_size(int fd, off_t offset, off_t length) {
    return fallocate(fd, FALLOC_FL_KEEP_SIZE, offset, length);
}

ssize_t expo_copy_file_range(int in, off_t *in_offset, int out, size_t length) {
    return copy_file_range(in, in_offset, out, NULL, length, 0);
}

int expo_syncfs(int fd) { return syncfs(fd); }

int expo_malloc_trim(void) { return malloc_trim(0); }

int expo_exited_normally(int status) { return WIFEXITED(status) ? 1 : 0; }
int expo_exit_status(int status) { return WEXITSTATUS(status); }
int expo_terminating_signal(int status) { return WIFSIGNALED(status) ? WTERMSIG(status) : 0; }

int expo_lock_exclusive(int fd, int wait) {
    return flock(fd, LOCK_EX | (wait ? 0 : LOCK_NB));
}

int expo_lock_shared(int fd, int wait) {
    return flock(fd, LOCK_SH | (wait ? 0 : LOCK_NB));
}

int expo_clone_file(int in, int out) {
#ifdef FICLONE
    return ioctl(out, FICLONE, in);
#else
    (void)in; (void)out;
    errno = EOPNOTSUPP;
    return -1;
#endif
}

void expo_make_standard_descriptors_valid(void) {
    for (int fd = 0; fd <= 2; fd++) {
        if (fcntl(fd, F_GETFD) != -1 || errno != EBADF) continue;
        // The lowest free descriptor is `fd` itself, as every lower one is open by now.
        int opened = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY);
        if (opened >= 0 && opened != fd) {
            (void)dup2(opened, fd);
            (void)close(opened);
        }
    }
}

// Before anything else in the process (the Swift runtime, Foundation, espeak-ng) opens a file
// that would otherwise get a closed standard descriptor's number.
__attribute__((constructor)) static void make_standard_descriptors_valid_at_start(void) {
    expo_make_standard_descriptors_valid();
    // An abort under a memory or process limit (in espeak-ng or the runtime) leaves no core
    // file in the user's folder: the soft limit only, which the user may raise again.
    struct rlimit core;
    if (getrlimit(RLIMIT_CORE, &core) == 0 && core.rlim_cur != 0) {
        core.rlim_cur = 0;
        (void)setrlimit(RLIMIT_CORE, &core);
    }
}

int expo_rename_exchange(const char *first, const char *second) {
    return renameat2(AT_FDCWD, first, AT_FDCWD, second, RENAME_EXCHANGE);
}

int expo_rename_noreplace(const char *source, const char *target) {
    return renameat2(AT_FDCWD, source, AT_FDCWD, target, RENAME_NOREPLACE);
}

int expo_unnamed_file_flags(void) {
    return O_TMPFILE | O_RDWR | O_EXCL | O_CLOEXEC;
}
