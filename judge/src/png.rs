//! A minimal PNG writer for flat pictures: 8-bit palette images, each row
//! filtered "Up" (a row equal to the one above becomes zeros), compressed
//! by deflate with its fixed Huffman codes and runs of repeated bytes only.
//! Figures made of rectangles shrink to a few kilobytes that way.

/// Bits written least significant first, as deflate packs them.
struct Bits {
    bytes: Vec<u8>,
    used: u32,
}

impl Bits {
    fn put(&mut self, value: u32, count: u32) {
        for i in 0..count {
            if self.used == 0 {
                self.bytes.push(0);
            }
            let last = self.bytes.len() - 1;
            self.bytes[last] |= ((value >> i & 1) as u8) << self.used;
            self.used = (self.used + 1) % 8;
        }
    }

    /// A Huffman code, whose bits go most significant first.
    fn code(&mut self, code: u32, length: u32) {
        for i in (0..length).rev() {
            self.put(code >> i & 1, 1);
        }
    }

    /// A literal byte or the end of the block (256), in the fixed code.
    fn symbol(&mut self, symbol: u32) {
        match symbol {
            0..=143 => self.code(0x30 + symbol, 8),
            144..=255 => self.code(0x190 + symbol - 144, 9),
            256..=279 => self.code(symbol - 256, 7),
            _ => self.code(0xc0 + symbol - 280, 8),
        }
    }

    /// A copy of `length` (3..=258) bytes from one byte back.
    fn repeat(&mut self, length: u32) {
        const BASE: [u32; 29] = [
            3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99,
            115, 131, 163, 195, 227, 258,
        ];
        const EXTRA: [u32; 29] = [
            0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
        ];
        let index = BASE.iter().rposition(|&base| base <= length).unwrap_or(0);
        self.symbol(257 + index as u32);
        self.put(length - BASE[index], EXTRA[index]);
        // Distance 1: distance code 0, five bits, no extra bits.
        self.code(0, 5);
    }
}

/// `data` as one fixed-Huffman deflate block: literals, and runs of a
/// repeated byte as copies from one byte back.
fn deflate(data: &[u8]) -> Vec<u8> {
    let mut bits = Bits {
        bytes: Vec::new(),
        used: 0,
    };
    bits.put(1, 1); // the last block
    bits.put(1, 2); // fixed Huffman codes
    let mut i = 0;
    while i < data.len() {
        let run = data[i..].iter().take_while(|&&b| b == data[i]).count();
        bits.symbol(u32::from(data[i]));
        let mut left = run - 1;
        while left >= 3 {
            let length = left.min(258);
            // Never leave 1 or 2 bytes, which a copy cannot take.
            let length = if left - length > 0 && left - length < 3 {
                length - 3
            } else {
                length
            };
            bits.repeat(length as u32);
            left -= length;
        }
        for _ in 0..left {
            bits.symbol(u32::from(data[i]));
        }
        i += run;
    }
    bits.symbol(256);
    bits.bytes
}

fn adler32(data: &[u8]) -> u32 {
    let (mut a, mut b) = (1u32, 0u32);
    for &byte in data {
        a = (a + u32::from(byte)) % 65521;
        b = (b + a) % 65521;
    }
    b << 16 | a
}

fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    let start = out.len();
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    let crc = crate::zip::crc32(&out[start..]);
    out.extend_from_slice(&crc.to_be_bytes());
}

/// A PNG of `width` x `height` pixels, each an index into `palette` (at
/// most 256 colours), rows top first.
pub fn encode(width: u32, height: u32, palette: &[[u8; 3]], pixels: &[u8]) -> Vec<u8> {
    debug_assert_eq!(pixels.len(), (width * height) as usize);
    let stride = width as usize;
    let mut filtered = Vec::with_capacity(pixels.len() + height as usize);
    for (y, row) in pixels.chunks(stride).enumerate() {
        // Filter "Up": each byte minus the byte above (zero above row 0).
        filtered.push(2);
        for (x, &p) in row.iter().enumerate() {
            let above = if y == 0 {
                0
            } else {
                pixels[(y - 1) * stride + x]
            };
            filtered.push(p.wrapping_sub(above));
        }
    }
    let mut zlib = vec![0x78, 0x01];
    zlib.extend_from_slice(&deflate(&filtered));
    zlib.extend_from_slice(&adler32(&filtered).to_be_bytes());

    let mut header = Vec::new();
    header.extend_from_slice(&width.to_be_bytes());
    header.extend_from_slice(&height.to_be_bytes());
    header.extend_from_slice(&[8, 3, 0, 0, 0]); // 8-bit palette, no interlace
    let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
    chunk(&mut out, b"IHDR", &header);
    chunk(&mut out, b"PLTE", &palette.concat());
    chunk(&mut out, b"IDAT", &zlib);
    chunk(&mut out, b"IEND", &[]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adler32_of_the_standard_example() {
        assert_eq!(adler32(b"Wikipedia"), 0x11E6_0398);
    }

    #[test]
    fn runs_become_copies_and_a_lone_byte_a_literal() {
        // A literal 'a' (8 bits), a copy of 3 from one back (7 + 5 bits),
        // the end (7 bits), after the 3-bit header: 30 bits, 4 bytes.
        assert_eq!(deflate(b"aaaa").len(), 4);
        // 1000 equal bytes: one literal and four copies, not 1000 literals.
        assert!(deflate(&[7; 1000]).len() < 12);
        assert_eq!(deflate(b"").len(), 2);
    }

    #[test]
    fn the_file_has_its_chunks_with_their_lengths_and_crcs() {
        let png = encode(2, 2, &[[0, 0, 0], [255, 255, 255]], &[0, 1, 1, 0]);
        assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"));
        let mut at = 8;
        let mut kinds = Vec::new();
        while at < png.len() {
            let length = u32::from_be_bytes(png[at..at + 4].try_into().unwrap()) as usize;
            let body = &png[at + 4..at + 8 + length];
            let crc =
                u32::from_be_bytes(png[at + 8 + length..at + 12 + length].try_into().unwrap());
            assert_eq!(crate::zip::crc32(body), crc);
            kinds.push(String::from_utf8(body[..4].to_vec()).unwrap());
            at += 12 + length;
        }
        assert_eq!(kinds, ["IHDR", "PLTE", "IDAT", "IEND"]);
        assert_eq!(&png[16..24], &[0, 0, 0, 2, 0, 0, 0, 2]);
    }
}
