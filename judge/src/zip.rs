//! A minimal ZIP writer (stored entries, no compression), enough for a
//! contest system to import a package as one file.

use std::path::Path;

/// CRC-32 (IEEE), bit by bit: packages are small.
pub(crate) fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = (crc >> 1) ^ (0xEDB8_8320 & (!(crc & 1)).wrapping_add(1));
        }
    }
    !crc
}

/// Every file under `dir`, with its path relative to `dir` ('/'-separated),
/// in name order so the archive is the same on every machine.
fn files(
    dir: &Path,
    prefix: &str,
    found: &mut Vec<(String, std::path::PathBuf)>,
) -> std::io::Result<()> {
    let mut entries: Vec<_> = std::fs::read_dir(dir)?.collect::<Result<_, _>>()?;
    entries.sort_by_key(|e| e.file_name());
    for entry in entries {
        let name = format!("{prefix}{}", entry.file_name().to_string_lossy());
        if entry.file_type()?.is_dir() {
            files(&entry.path(), &format!("{name}/"), found)?;
        } else {
            found.push((name, entry.path()));
        }
    }
    Ok(())
}

/// Writes every file under `dir` into the ZIP archive `target`. Executable
/// files keep their mode (in the Unix attributes), which importers honour.
pub fn zip_folder(dir: &Path, target: &Path) -> std::io::Result<()> {
    let mut found = Vec::new();
    files(dir, "", &mut found)?;
    let mut archive = Vec::new();
    let mut central = Vec::new();
    for (name, path) in &found {
        let data = std::fs::read(path)?;
        let mode = unix_mode(path);
        let crc = crc32(&data);
        let offset = archive.len() as u32;
        let size = data.len() as u32;
        let fixed = |out: &mut Vec<u8>| {
            out.extend_from_slice(&20u16.to_le_bytes()); // version needed
            out.extend_from_slice(&0u16.to_le_bytes()); // flags
            out.extend_from_slice(&0u16.to_le_bytes()); // stored
            out.extend_from_slice(&0u16.to_le_bytes()); // time
            out.extend_from_slice(&0x21u16.to_le_bytes()); // date: 1980-01-01
            out.extend_from_slice(&crc.to_le_bytes());
            out.extend_from_slice(&size.to_le_bytes());
            out.extend_from_slice(&size.to_le_bytes());
            out.extend_from_slice(&(name.len() as u16).to_le_bytes());
            out.extend_from_slice(&0u16.to_le_bytes()); // extra length
        };
        archive.extend_from_slice(&0x0403_4b50u32.to_le_bytes());
        fixed(&mut archive);
        archive.extend_from_slice(name.as_bytes());
        archive.extend_from_slice(&data);
        central.extend_from_slice(&0x0201_4b50u32.to_le_bytes());
        central.extend_from_slice(&(0x0300u16 | 20).to_le_bytes()); // made by Unix
        fixed(&mut central);
        central.extend_from_slice(&0u16.to_le_bytes()); // comment length
        central.extend_from_slice(&0u16.to_le_bytes()); // disk
        central.extend_from_slice(&0u16.to_le_bytes()); // internal attributes
        central.extend_from_slice(&(mode << 16).to_le_bytes());
        central.extend_from_slice(&offset.to_le_bytes());
        central.extend_from_slice(name.as_bytes());
    }
    let central_offset = archive.len() as u32;
    let central_size = central.len() as u32;
    archive.extend_from_slice(&central);
    archive.extend_from_slice(&0x0605_4b50u32.to_le_bytes());
    archive.extend_from_slice(&[0; 4]); // disk numbers
    archive.extend_from_slice(&(found.len() as u16).to_le_bytes());
    archive.extend_from_slice(&(found.len() as u16).to_le_bytes());
    archive.extend_from_slice(&central_size.to_le_bytes());
    archive.extend_from_slice(&central_offset.to_le_bytes());
    archive.extend_from_slice(&0u16.to_le_bytes());
    std::fs::write(target, archive)
}

#[cfg(unix)]
fn unix_mode(path: &Path) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).map_or(0o100644, |m| m.permissions().mode())
}

#[cfg(not(unix))]
fn unix_mode(_path: &Path) -> u32 {
    0o100644
}

#[cfg(test)]
mod tests {
    use super::crc32;

    #[test]
    fn crc32_of_the_standard_check_string() {
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
    }
}
