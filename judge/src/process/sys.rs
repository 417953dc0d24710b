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
}

pub const CLONE_NEWUSER: i32 = 0x1000_0000;
pub const CLONE_NEWPID: i32 = 0x2000_0000;
pub const PR_SET_PDEATHSIG: i32 = 1;
pub const PR_SET_CHILD_SUBREAPER: i32 = 36;
pub const RLIMIT_CPU: i32 = 0;
pub const RLIMIT_CORE: i32 = 4;
pub const RLIMIT_NPROC: i32 = 6;
pub const RLIMIT_AS: i32 = 9;
pub const SIGKILL: i32 = 9;
pub const WNOHANG: i32 = 1;
pub const O_RDONLY: i32 = 0;
pub const O_CLOEXEC: i32 = 0o2_000_000;
pub const O_DIRECTORY: i32 = 0o200_000;
pub const POLLIN: i16 = 1;
pub const EINTR: i32 = 4;
/// `close_range`, numbered alike on x86_64 and the generic table (arm64).
pub const SYS_CLOSE_RANGE: i64 = 436;

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

/// Closes every descriptor but `keep` (at most two), so that neither the
/// keeper nor the warden holds the program's pipes open.
pub fn close_all_but(keep: [i32; 2]) {
    let (low, high) = (keep[0].min(keep[1]), keep[0].max(keep[1]));
    let ranges = [(0, low - 1), (low + 1, high - 1), (high + 1, i32::MAX)];
    for (first, last) in ranges {
        if first > last {
            continue;
        }
        // SAFETY: close_range takes two descriptor numbers and flags.
        let closed = unsafe { syscall(SYS_CLOSE_RANGE, first as u32, last as u32, 0u32) } == 0;
        if !closed {
            for fd in first..=last.min(4095) {
                // SAFETY: closing a descriptor number, open or not.
                unsafe { close(fd) };
            }
        }
    }
}
