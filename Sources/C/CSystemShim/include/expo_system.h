// C declarations that the ExpoSystem target needs and Swift cannot state itself:
// signal flags that handlers may write (volatile sig_atomic_t), and Linux-only calls that
// glibc declares only under _GNU_SOURCE, here with their real prototypes.
#ifndef EXPO_SYSTEM_H
#define EXPO_SYSTEM_H

#include <stddef.h>
#include <sys/types.h>

/// Installs handlers for SIGINT, SIGTERM and SIGHUP that record the signal number (the
/// first one wins) and arm a 1.5 s timer (SIGALRM) that ends the process with status
/// 128 + that signal if the orderly stop has not ended it by then.
void expo_install_stop_handlers(void);

/// Installs handlers for SIGINT, SIGTERM and SIGHUP that end the process at once with status
/// 128 + the signal (_exit): for phases that have written nothing (reading the catalog, --list).
void expo_install_exiting_stop_handlers(void);

/// The stop signal received so far, or 0.
int expo_stop_signal(void);

/// Installs a SIGCHLD handler that writes one byte to `write_end` (a non-blocking pipe).
void expo_install_child_end_handler(int write_end);

/// sync_file_range(fd, offset, length, SYNC_FILE_RANGE_WRITE): start writeback, do not wait.
int expo_start_writeback(int fd, off_t offset, off_t length);

/// fallocate(fd, FALLOC_FL_KEEP_SIZE, offset, length).
int expo_preallocate_keep_size(int fd, off_t offset, off_t length);

/// copy_file_range(in, in_offset, out, NULL, length, 0).
ssize_t expo_copy_file_range(int in, off_t *in_offset, int out, size_t length);

/// syncfs(fd): flushes the whole file system that holds `fd`.
int expo_syncfs(int fd);

/// malloc_trim(0): gives the free memory of every malloc arena back to the system (<malloc.h>,
/// which Swift's Glibc module leaves out).
int expo_malloc_trim(void);

/// Decoded wait status: 1 and the exit status, or 0 and the signal number.
int expo_exited_normally(int status);
int expo_exit_status(int status);
int expo_terminating_signal(int status);

/// flock(fd, LOCK_EX), without waiting if `wait` is 0. 0 on success, else -1 and errno
/// (EWOULDBLOCK: another process holds it; EINTR: a signal arrived while waiting).
int expo_lock_exclusive(int fd, int wait);

/// flock(fd, LOCK_SH), likewise: any number of shared holders, none while one holds it
/// exclusively.
int expo_lock_shared(int fd, int wait);

/// ioctl(out, FICLONE, in): makes `out` share `in`'s blocks (copy-on-write), where the file
/// system can. 0 on success, else -1 and errno.
int expo_clone_file(int in, int out);

/// Makes descriptors 0, 1 and 2 valid: each closed one is opened on /dev/null, so that no
/// file this process opens later is taken for stdin, stdout or stderr. Runs by itself before
/// main (a constructor); callable again.
void expo_make_standard_descriptors_valid(void);

/// renameat2(AT_FDCWD, first, AT_FDCWD, second, RENAME_EXCHANGE): swaps two existing paths in
/// one step. 0 on success, else -1 and errno (EINVAL: the file system cannot exchange).
int expo_rename_exchange(const char *first, const char *second);

/// renameat2(AT_FDCWD, source, AT_FDCWD, target, RENAME_NOREPLACE): renames unless `target`
/// exists (then -1 and EEXIST). 0 on success, else -1 and errno.
int expo_rename_noreplace(const char *source, const char *target);

/// The flags of an unnamed file (O_TMPFILE | O_RDWR | O_EXCL | O_CLOEXEC, which glibc declares
/// only under _GNU_SOURCE): open(folder, these) makes a file that has no name, never will
/// (O_EXCL), and is gone when its last descriptor closes, whatever ends the process.
int expo_unnamed_file_flags(void);

#endif
