//! The system calls std does not wrap, declared against the C library std
//! already links, and the few async-signal-safe helpers the keeper and the
//! warden use between fork and exec.

#[repr(C)]
pub struct TimeVal {
    pub seconds: i64,
    pub microseconds: i64,
}

#[repr(C)]
pub struct ResourceUsage {
    pub user: TimeVal,
    pub system: TimeVal,
    pub max_rss_kib: i64,
    pub other: [i64; 13],
}

#[repr(C)]
pub struct ResourceLimit {
    pub current: u64,
    pub maximum: u64,
}

/// `struct statvfs` of 64-bit Linux: eleven numbers, then spare room.
#[repr(C)]
pub struct FileSystemStatus {
    pub numbers: [u64; 9],
    pub flags: u64,
    pub name_max: u64,
    pub spare: [i32; 6],
}

pub const ST_NOEXEC: u64 = 8;

#[repr(C)]
pub struct PollFd {
    pub fd: i32,
    pub events: i16,
    pub revents: i16,
}

extern "C" {
    pub fn fork() -> i32;
    pub fn unshare(flags: i32) -> i32;
    pub fn prctl(option: i32, arg2: u64, arg3: u64, arg4: u64, arg5: u64) -> i32;
    pub fn setpgid(pid: i32, pgid: i32) -> i32;
    pub fn getpid() -> i32;
    pub fn getppid() -> i32;
    pub fn waitpid(pid: i32, status: *mut i32, options: i32) -> i32;
    pub fn wait4(pid: i32, status: *mut i32, options: i32, usage: *mut ResourceUsage) -> i32;
    pub fn write(fd: i32, buf: *const u8, count: usize) -> isize;
    pub fn read(fd: i32, buf: *mut u8, count: usize) -> isize;
    pub fn open(path: *const std::ffi::c_char, flags: i32, ...) -> i32;
    pub fn close(fd: i32) -> i32;
    pub fn poll(fds: *mut PollFd, count: u64, timeout_ms: i32) -> i32;
    pub fn pipe2(fds: *mut i32, flags: i32) -> i32;
    pub fn kill(pid: i32, signal: i32) -> i32;
    pub fn setrlimit(resource: i32, limit: *const ResourceLimit) -> i32;
    pub fn getdents64(fd: i32, buf: *mut u8, count: usize) -> isize;
    pub fn syscall(number: i64, ...) -> i64;
    pub fn _exit(code: i32) -> !;
    pub fn mount(
        source: *const std::ffi::c_char,
        target: *const std::ffi::c_char,
        fstype: *const std::ffi::c_char,
        flags: u64,
        data: *const std::ffi::c_void,
    ) -> i32;
    pub fn umount2(target: *const std::ffi::c_char, flags: i32) -> i32;
    pub fn mkdir(path: *const std::ffi::c_char, mode: u32) -> i32;
    pub fn rmdir(path: *const std::ffi::c_char) -> i32;
    pub fn symlink(target: *const std::ffi::c_char, link: *const std::ffi::c_char) -> i32;
    pub fn chdir(path: *const std::ffi::c_char) -> i32;
    pub fn chroot(path: *const std::ffi::c_char) -> i32;
    pub fn chown(path: *const std::ffi::c_char, uid: u32, gid: u32) -> i32;
    pub fn fchown(fd: i32, uid: u32, gid: u32) -> i32;
    pub fn chmod(path: *const std::ffi::c_char, mode: u32) -> i32;
    pub fn umask(mask: u32) -> u32;
    pub fn setresuid(real: u32, effective: u32, saved: u32) -> i32;
    pub fn setresgid(real: u32, effective: u32, saved: u32) -> i32;
    pub fn setgroups(count: usize, groups: *const u32) -> i32;
    pub fn geteuid() -> u32;
    pub fn readlink(path: *const std::ffi::c_char, buf: *mut u8, size: usize) -> isize;
    pub fn statvfs(path: *const std::ffi::c_char, buf: *mut FileSystemStatus) -> i32;
    pub fn getegid() -> u32;
}

pub const CLONE_NEWNS: i32 = 0x0002_0000;
pub const CLONE_NEWUTS: i32 = 0x0400_0000;
pub const CLONE_NEWIPC: i32 = 0x0800_0000;
pub const CLONE_NEWUSER: i32 = 0x1000_0000;
pub const CLONE_NEWPID: i32 = 0x2000_0000;
pub const CLONE_NEWNET: i32 = 0x4000_0000;
pub const PR_SET_PDEATHSIG: i32 = 1;
pub const PR_SET_DUMPABLE: i32 = 4;
pub const PR_CAPBSET_DROP: i32 = 24;
pub const PR_SET_NO_NEW_PRIVS: i32 = 38;
pub const PR_SET_CHILD_SUBREAPER: i32 = 36;
pub const RLIMIT_CPU: i32 = 0;
pub const RLIMIT_FSIZE: i32 = 1;
pub const RLIMIT_CORE: i32 = 4;
pub const RLIMIT_NPROC: i32 = 6;
pub const RLIMIT_AS: i32 = 9;
pub const SIGKILL: i32 = 9;
pub const WNOHANG: i32 = 1;
pub const O_RDONLY: i32 = 0;
pub const O_WRONLY: i32 = 1;
pub const O_CREAT: i32 = 0o100;
pub const O_CLOEXEC: i32 = 0o2_000_000;
#[cfg(not(target_arch = "aarch64"))]
pub const O_DIRECTORY: i32 = 0o200_000;
#[cfg(not(target_arch = "aarch64"))]
pub const O_NOFOLLOW: i32 = 0o400_000;
#[cfg(target_arch = "aarch64")]
pub const O_DIRECTORY: i32 = 0o40_000;
#[cfg(target_arch = "aarch64")]
pub const O_NOFOLLOW: i32 = 0o100_000;
pub const POLLIN: i16 = 1;
pub const EINTR: i32 = 4;
pub const EEXIST: i32 = 17;
/// `close_range`, numbered alike on x86_64 and the generic table (arm64).
pub const SYS_CLOSE_RANGE: i64 = 436;
#[cfg(target_arch = "x86_64")]
pub const SYS_PIVOT_ROOT: i64 = 155;
#[cfg(not(target_arch = "x86_64"))]
pub const SYS_PIVOT_ROOT: i64 = 41;
#[cfg(target_arch = "x86_64")]
pub const SYS_CAPSET: i64 = 126;
#[cfg(not(target_arch = "x86_64"))]
pub const SYS_CAPSET: i64 = 91;
pub const MS_RDONLY: u64 = 1;
pub const MS_NOSUID: u64 = 2;
pub const MS_NODEV: u64 = 4;
pub const MS_NOEXEC: u64 = 8;
pub const MS_REMOUNT: u64 = 32;
pub const MS_BIND: u64 = 4096;
pub const MS_REC: u64 = 16384;
pub const MS_PRIVATE: u64 = 1 << 18;
pub const MNT_DETACH: i32 = 2;

pub fn set_limit(resource: i32, value: u64) -> bool {
    let limit = ResourceLimit {
        current: value,
        maximum: value,
    };
    // SAFETY: a pointer to a live local.
    unsafe { setrlimit(resource, &limit) == 0 }
}

pub fn errno() -> i32 {
    std::io::Error::last_os_error().raw_os_error().unwrap_or(0)
}

pub fn send(fd: i32, message: &[u8]) {
    // SAFETY: a live buffer of the given length.
    unsafe { write(fd, message.as_ptr(), message.len()) };
}

/// Closes every descriptor but those in `keep` (at most four), so that
/// neither the keeper nor the warden holds the program's pipes open.
pub fn close_all_but(keep: &[i32]) {
    let mut kept = [-1i32; 4];
    let count = keep.len().min(4);
    kept[..count].copy_from_slice(&keep[..count]);
    kept[..count].sort_unstable();
    let mut first = 0;
    for &fd in kept[..count].iter().chain([i32::MAX].iter()) {
        let last = fd.saturating_sub(1);
        if first <= last {
            close_range(first, last);
        }
        first = first.max(fd.saturating_add(1));
    }
}

fn close_range(first: i32, last: i32) {
    // SAFETY: close_range takes two descriptor numbers and flags.
    let closed = unsafe { syscall(SYS_CLOSE_RANGE, first as u32, last as u32, 0u32) } == 0;
    if !closed {
        for fd in first..=last.min(4095) {
            // SAFETY: closing a descriptor number, open or not.
            unsafe { close(fd) };
        }
    }
}
