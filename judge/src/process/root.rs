//! The steps that build a program's root, planned before the fork (every
//! path a C string) and run by the warden (`confine::build`): the scratch
//! tmpfs and its three folders, devices, /proc, the system's folders and
//! the named paths read-only (the private folders inside them covered by
//! empty read-only ones), then the root made read-only and entered.

use std::ffi::CString;
use std::path::Path;

use super::confine::Step;
use super::sandbox::{Named, SYSTEM, WORK};
use super::sys::*;

const DEVICES: [&str; 5] = ["null", "zero", "full", "random", "urandom"];

/// The files and folders the scratch may hold, as isolate's `--quota`
/// limits inodes with blocks: 64 per MB (4096 for the default 64 MB).
pub fn scratch_inodes(scratch_bytes: u64) -> u64 {
    (scratch_bytes >> 20).max(1) * 64
}

/// A path as the system calls take it; Err names one holding a NUL byte.
pub fn c_path(path: &Path) -> Result<CString, String> {
    use std::os::unix::ffi::OsStrExt;
    CString::new(path.as_os_str().as_bytes())
        .map_err(|_| format!("{}: a path with a NUL byte", path.display()))
}

/// The flags a read-only bind of `source` keeps: a mount's noexec cannot
/// be lifted inside a user namespace, so it is carried over.
fn read_only_flags(source: &Path) -> u64 {
    let mut status = FileSystemStatus {
        numbers: [0; 9],
        flags: 0,
        name_max: 0,
        spare: [0; 6],
    };
    let base = MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID | MS_NODEV;
    match c_path(source) {
        // SAFETY: a C path and a correctly laid out local.
        Ok(path) if unsafe { statvfs(path.as_ptr(), &mut status) } == 0 => {
            base | if status.flags & ST_NOEXEC != 0 {
                MS_NOEXEC
            } else {
                0
            }
        }
        _ => base,
    }
}

/// The steps that build the root in `root`: the scratch tmpfs and its
/// three folders first, then devices, /proc, the system's folders and the
/// named paths, then the root made read-only and entered.
pub fn steps(
    root: &Path,
    scratch_bytes: u64,
    (uid, gid): (u32, u32),
    named: &[Named],
) -> Result<Vec<Step>, String> {
    let at = |inside: &str| c_path(&root.join(inside.trim_start_matches('/')));
    let c = |text: &str| CString::new(text).map_err(|_| "a NUL byte".to_string());
    let bind = |source: &Path, path: CString| -> Result<Step, String> {
        Ok(Step::Mount {
            source: c_path(source)?,
            path,
            fstype: None,
            flags: MS_BIND,
            data: None,
        })
    };
    let scratch = root.join(".scratch");
    let mut steps = vec![
        // Nothing mounted from here on reaches the machine's namespace.
        Step::Mount {
            source: c("none")?,
            path: c("/")?,
            fstype: None,
            flags: MS_REC | MS_PRIVATE,
            data: None,
        },
        Step::Mount {
            source: c("tmpfs")?,
            path: c_path(root)?,
            fstype: Some(c("tmpfs")?),
            flags: MS_NOSUID | MS_NODEV,
            data: Some(c("size=1m,nr_inodes=4096,mode=755")?),
        },
        Step::Dir {
            path: at(".scratch")?,
            mode: 0o700,
        },
        Step::Mount {
            source: c("tmpfs")?,
            path: at(".scratch")?,
            fstype: Some(c("tmpfs")?),
            flags: MS_NOSUID | MS_NODEV,
            data: Some(c(&format!(
                "size={scratch_bytes},nr_inodes={},mode=755",
                scratch_inodes(scratch_bytes)
            ))?),
        },
    ];
    for (folder, inside, mode) in [("box", WORK, 0o755), ("tmp", "/tmp", 0o1777)] {
        let held = c_path(&scratch.join(folder))?;
        steps.push(Step::Dir {
            path: held.clone(),
            mode,
        });
        steps.push(Step::Mode {
            path: held.clone(),
            mode,
        });
        steps.push(Step::Dir {
            path: at(inside)?,
            mode: 0o755,
        });
        steps.push(bind(&scratch.join(folder), at(inside)?)?);
    }
    steps.push(Step::Own {
        path: c_path(&scratch.join("box"))?,
        uid,
        gid,
    });
    steps.push(Step::Dir {
        path: at("dev")?,
        mode: 0o755,
    });
    let shm = c_path(&scratch.join("shm"))?;
    steps.extend([
        Step::Dir {
            path: shm.clone(),
            mode: 0o1777,
        },
        Step::Mode {
            path: shm,
            mode: 0o1777,
        },
        Step::Dir {
            path: at("dev/shm")?,
            mode: 0o755,
        },
        bind(&scratch.join("shm"), at("dev/shm")?)?,
        Step::Detach {
            path: c_path(&scratch)?,
        },
        Step::RemoveDir {
            path: c_path(&scratch)?,
        },
    ]);
    for device in DEVICES {
        let host = Path::new("/dev").join(device);
        if host.exists() {
            steps.push(Step::File {
                path: at(&format!("dev/{device}"))?,
            });
            steps.push(bind(&host, at(&format!("dev/{device}"))?)?);
        }
    }
    for (name, target) in [
        ("fd", "/proc/self/fd"),
        ("stdin", "/proc/self/fd/0"),
        ("stdout", "/proc/self/fd/1"),
        ("stderr", "/proc/self/fd/2"),
    ] {
        steps.push(Step::Link {
            target: c(target)?,
            path: at(&format!("dev/{name}"))?,
        });
    }
    steps.push(Step::Dir {
        path: at("proc")?,
        mode: 0o555,
    });
    steps.push(Step::Mount {
        source: c("proc")?,
        path: at("proc")?,
        fstype: Some(c("proc")?),
        flags: MS_NOSUID | MS_NODEV | MS_NOEXEC,
        data: None,
    });
    for name in SYSTEM {
        let host = Path::new("/").join(name);
        match std::fs::symlink_metadata(&host) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let target = std::fs::read_link(&host).map_err(|e| format!("{name}: {e}"))?;
                steps.push(Step::Link {
                    target: c_path(&target)?,
                    path: at(name)?,
                });
            }
            Ok(meta) if meta.is_dir() => show(
                &mut steps,
                root,
                &host,
                Path::new("/").join(name).as_path(),
                true,
            )?,
            _ => {}
        }
    }
    for n in named {
        for ancestor in n
            .inside
            .ancestors()
            .skip(1)
            .collect::<Vec<_>>()
            .iter()
            .rev()
        {
            if ancestor.parent().is_some() {
                steps.push(Step::Dir {
                    path: c_path(&root.join(ancestor.strip_prefix("/").unwrap_or(ancestor)))?,
                    mode: 0o755,
                });
            }
        }
        show(&mut steps, root, &n.source, &n.inside, n.folder)?;
        for hidden in &n.hidden {
            steps.push(Step::Mount {
                source: c("tmpfs")?,
                path: c_path(&root.join(hidden.strip_prefix("/").unwrap_or(hidden)))?,
                fstype: Some(c("tmpfs")?),
                flags: MS_RDONLY | MS_NOSUID | MS_NODEV | MS_NOEXEC,
                data: Some(c("size=4k,mode=555")?),
            });
        }
    }
    steps.push(Step::Mount {
        source: c("none")?,
        path: c_path(root)?,
        fstype: None,
        flags: MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID | MS_NODEV,
        data: None,
    });
    steps.push(Step::EnterRoot {
        path: c_path(root)?,
        work: c(WORK)?,
    });
    Ok(steps)
}

/// The steps that show `source` read-only at `inside` in the root.
fn show(
    steps: &mut Vec<Step>,
    root: &Path,
    source: &Path,
    inside: &Path,
    folder: bool,
) -> Result<(), String> {
    let path = c_path(&root.join(inside.strip_prefix("/").unwrap_or(inside)))?;
    steps.push(if folder {
        Step::Dir {
            path: path.clone(),
            mode: 0o755,
        }
    } else {
        Step::File { path: path.clone() }
    });
    steps.push(Step::Mount {
        source: c_path(source)?,
        path: path.clone(),
        fstype: None,
        flags: MS_BIND,
        data: None,
    });
    steps.push(Step::Mount {
        source: CString::new("none").expect("no NUL"),
        path,
        fstype: None,
        flags: read_only_flags(source),
        data: None,
    });
    Ok(())
}
