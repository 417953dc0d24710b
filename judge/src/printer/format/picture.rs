//! Pictures for the Tetris printer: a text grid or a PPM image (P3 or P6),
//! at most 17 x 32 pixels, at most 3 opaque colours plus transparency.

use std::fmt;

pub const MAX_WIDTH: usize = 17;
pub const MAX_HEIGHT: usize = 32;
pub const MAX_COLOURS: usize = 3;
/// The PPM colour that means "transparent" unless another is chosen.
pub const DEFAULT_TRANSPARENT: [u8; 3] = [255, 0, 255];

/// Pixels top row first: 0 transparent, 1..=3 a colour.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    pub width: usize,
    pub height: usize,
    pub pixels: Vec<Vec<u8>>,
    /// RGB of colours 1..=3 (for rendering).
    pub palette: Vec<[u8; 3]>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PictureError(pub String);

impl fmt::Display for PictureError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

fn error<T>(message: String) -> Result<T, PictureError> {
    Err(PictureError(message))
}

/// Default colours of a text picture: blue, vermillion, bluish green.
const TEXT_PALETTE: [[u8; 3]; 3] = [[0, 114, 178], [213, 94, 0], [0, 158, 115]];

impl Picture {
    /// The text grid: `.` transparent, `1` to `3` a colour, top row first.
    pub fn to_text(&self) -> String {
        let mut text = String::with_capacity((self.width + 1) * self.height);
        for row in &self.pixels {
            text.extend(row.iter().map(|&p| match p {
                0 => '.',
                p => (b'0' + p) as char,
            }));
            text.push('\n');
        }
        text
    }

    /// Reads a PPM (by its magic number) or a text grid.
    pub fn parse(bytes: &[u8], transparent: [u8; 3]) -> Result<Picture, PictureError> {
        if bytes.starts_with(b"P3") || bytes.starts_with(b"P6") {
            parse_ppm(bytes, transparent)
        } else {
            parse_text(bytes)
        }
    }

    fn check_size(width: usize, height: usize) -> Result<(), PictureError> {
        if width == 0 || height == 0 {
            return error("the picture is empty".into());
        }
        if width > MAX_WIDTH || height > MAX_HEIGHT {
            return error(format!(
                "the picture is {width} x {height} pixels; at most {MAX_WIDTH} x {MAX_HEIGHT} fit the printer"
            ));
        }
        Ok(())
    }

    /// Opaque pixels.
    pub fn pixel_count(&self) -> usize {
        self.pixels.iter().flatten().filter(|&&p| p != 0).count()
    }

    /// Fully transparent rows at the bottom: a margin, not printed (the
    /// lowest row with pixels stands on the floor).
    pub fn bottom_margin(&self) -> usize {
        self.pixels
            .iter()
            .rev()
            .take_while(|row| row.iter().all(|&p| p == 0))
            .count()
    }

    /// Under ordinary gravity no row can be empty below a row that is not
    /// (a piece always rests on something), so a transparent row between
    /// rows with pixels cannot be printed; transparent rows above or below
    /// all the pixels are margins.
    pub fn printable(&self) -> Result<(), PictureError> {
        let empty = |r: usize| self.pixels[r].iter().all(|&p| p == 0);
        let lowest = self.height - self.bottom_margin();
        let highest = (0..self.height).find(|&r| !empty(r)).unwrap_or(0);
        match (highest..lowest).find(|&r| empty(r)) {
            Some(r) => error(format!(
                "row {} (from the top) is transparent between rows with pixels: with ordinary \
                 gravity no empty row can stay under blocks, so this picture cannot be printed",
                r + 1
            )),
            None => Ok(()),
        }
    }
}

fn parse_text(bytes: &[u8]) -> Result<Picture, PictureError> {
    let text = match std::str::from_utf8(bytes) {
        Ok(t) => t,
        Err(e) => {
            return error(format!(
                "not a PPM file and not text (invalid UTF-8 at byte {})",
                e.valid_up_to()
            ))
        }
    };
    let lines: Vec<&str> = text.lines().map(|l| l.trim_end()).collect();
    let end = lines
        .iter()
        .rposition(|l| !l.is_empty())
        .map_or(0, |i| i + 1);
    let lines = &lines[..end];
    let width = lines.first().map_or(0, |l| l.chars().count());
    Picture::check_size(width, lines.len())?;
    let mut pixels = Vec::with_capacity(lines.len());
    for (i, line) in lines.iter().enumerate() {
        if line.chars().count() != width {
            return error(format!(
                "line {}: {} pixels wide, but line 1 is {width}: every row must be as wide",
                i + 1,
                line.chars().count()
            ));
        }
        let mut row = Vec::with_capacity(width);
        for (c, ch) in line.chars().enumerate() {
            row.push(match ch {
                '.' => 0,
                '1'..='3' => ch as u8 - b'0',
                other => {
                    return error(format!(
                        "line {}, column {}: '{other}' is not a pixel ('.' transparent, '1' to '3' a colour)",
                        i + 1,
                        c + 1
                    ))
                }
            });
        }
        pixels.push(row);
    }
    Ok(Picture {
        width,
        height: pixels.len(),
        pixels,
        palette: TEXT_PALETTE.to_vec(),
    })
}

/// A PPM header field: whitespace-separated, `#` comments to the end of a line.
fn header_field(bytes: &[u8], at: &mut usize, name: &str) -> Result<usize, PictureError> {
    loop {
        match bytes.get(*at) {
            Some(b) if b.is_ascii_whitespace() => *at += 1,
            Some(b'#') => {
                while bytes.get(*at).is_some_and(|&b| b != b'\n') {
                    *at += 1;
                }
            }
            _ => break,
        }
    }
    let start = *at;
    // Decided by value, however many digits: a huge number saturates and is
    // refused by the range checks (the printer reads numbers the same way).
    let mut value: usize = 0;
    while let Some(&digit) = bytes.get(*at).filter(|b| b.is_ascii_digit()) {
        value = value
            .saturating_mul(10)
            .saturating_add(usize::from(digit - b'0'));
        *at += 1;
    }
    if start == *at {
        return match bytes.get(start) {
            None => error(format!("the PPM file ends before its {name}")),
            Some(_) => error(format!("byte {start}: the PPM {name} must be a number")),
        };
    }
    Ok(value)
}

fn parse_ppm(bytes: &[u8], transparent: [u8; 3]) -> Result<Picture, PictureError> {
    let binary = bytes[1] == b'6';
    let mut at = 2;
    let width = header_field(bytes, &mut at, "width")?;
    let height = header_field(bytes, &mut at, "height")?;
    let maxval = header_field(bytes, &mut at, "maximum value")?;
    if maxval == 0 || maxval > 255 {
        return error(format!(
            "the PPM maximum value is {maxval}; 1 to 255 are supported"
        ));
    }
    Picture::check_size(width, height)?;
    let count = width * height * 3;
    let samples: Vec<usize> = if binary {
        // Exactly one whitespace byte separates the header from the samples.
        let start = at + 1;
        let data = bytes.get(start..).unwrap_or(&[]);
        if data.len() < count {
            return error(format!(
                "the PPM file is truncated: {count} sample bytes expected, {} found",
                data.len()
            ));
        }
        data[..count].iter().map(|&b| usize::from(b)).collect()
    } else {
        let mut samples = Vec::with_capacity(count);
        for i in 0..count {
            match header_field(bytes, &mut at, "samples") {
                Ok(v) => samples.push(v),
                Err(_) if at >= bytes.len() => {
                    return error(format!(
                        "the PPM file is truncated: {count} samples expected, {i} found"
                    ))
                }
                Err(e) => return Err(e),
            }
        }
        samples
    };
    if let Some(i) = samples.iter().position(|&s| s > maxval) {
        return error(format!(
            "sample {} is {}, above the maximum value {maxval}",
            i + 1,
            samples[i]
        ));
    }
    let scale = |s: usize| (s * 255 / maxval) as u8;
    let mut palette: Vec<[u8; 3]> = Vec::new();
    let mut pixels = vec![vec![0u8; width]; height];
    for (i, rgb) in samples.chunks(3).enumerate() {
        let colour = [scale(rgb[0]), scale(rgb[1]), scale(rgb[2])];
        if colour == transparent {
            continue;
        }
        let index = match palette.iter().position(|&p| p == colour) {
            Some(k) => k,
            None => {
                if palette.len() == MAX_COLOURS {
                    return error(format!(
                        "pixel ({}, {}) has a 4th colour #{:02x}{:02x}{:02x}: at most {MAX_COLOURS} colours besides the transparent one",
                        i % width + 1,
                        i / width + 1,
                        colour[0],
                        colour[1],
                        colour[2]
                    ));
                }
                palette.push(colour);
                palette.len() - 1
            }
        };
        pixels[i / width][i % width] = index as u8 + 1;
    }
    Ok(Picture {
        width,
        height,
        pixels,
        palette,
    })
}
