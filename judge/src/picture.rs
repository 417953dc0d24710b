//! Flat pictures made of filled rectangles on white, written as SVG (for
//! Markdown and web pages), as a one-page PDF (for LaTeX, which takes it
//! as a vector figure) and as PNG (for HTML made from LaTeX). Text is drawn with a small pixel font made of the same
//! rectangles, so a figure looks the same in every format and needs no
//! font from the reader's machine.

use std::fmt::Write;

/// An sRGB colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Colour(pub u8, pub u8, pub u8);

/// A picture in whole units, the origin at the top left, y downwards.
/// SVG draws a unit as a pixel, PDF as `PDF_POINTS_PER_UNIT` points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    pub width: u32,
    pub height: u32,
    rects: Vec<(u32, u32, u32, u32, Colour)>,
}

/// A unit in PDF points: a 20-unit cell of a well is 8 points (2.8 mm).
pub const PDF_POINTS_PER_UNIT: f64 = 0.4;

/// Size of a pixel of the font, in units.
pub const FONT_PIXEL: u32 = 2;
/// A character's advance: 5 pixels and a pixel of space.
pub const CHAR_ADVANCE: u32 = 6 * FONT_PIXEL;
/// A character's height: 7 pixels.
pub const CHAR_HEIGHT: u32 = 7 * FONT_PIXEL;

/// The characters the figures write, 5 by 7 pixels, top row first, bit 4
/// the leftmost pixel.
const GLYPHS: &[(char, [u8; 7])] = &[
    ('0', [14, 17, 19, 21, 25, 17, 14]),
    ('1', [4, 12, 4, 4, 4, 4, 14]),
    ('2', [14, 17, 1, 2, 4, 8, 31]),
    ('3', [31, 2, 4, 2, 1, 17, 14]),
    ('4', [2, 6, 10, 18, 31, 2, 2]),
    ('5', [31, 16, 30, 1, 1, 17, 14]),
    ('6', [6, 8, 16, 30, 17, 17, 14]),
    ('7', [31, 1, 2, 4, 8, 8, 8]),
    ('8', [14, 17, 17, 14, 17, 17, 14]),
    ('9', [14, 17, 17, 15, 1, 2, 12]),
    ('I', [14, 4, 4, 4, 4, 4, 14]),
    ('J', [7, 2, 2, 2, 2, 18, 12]),
    ('L', [16, 16, 16, 16, 16, 16, 31]),
    ('O', [14, 17, 17, 17, 17, 17, 14]),
    ('S', [15, 16, 16, 14, 1, 1, 30]),
    ('T', [31, 4, 4, 4, 4, 4, 4]),
    ('Z', [31, 1, 2, 4, 8, 16, 31]),
    ('r', [0, 0, 22, 25, 16, 16, 16]),
    ('x', [0, 0, 17, 10, 4, 10, 17]),
    ('=', [0, 0, 31, 0, 31, 0, 0]),
    ('+', [0, 4, 4, 31, 4, 4, 0]),
    (' ', [0; 7]),
];

impl Picture {
    /// A white picture: white, not transparent, so that it reads the same
    /// on a dark page.
    pub fn new(width: u32, height: u32) -> Picture {
        Picture {
            width,
            height,
            rects: vec![(0, 0, width, height, Colour(255, 255, 255))],
        }
    }

    pub fn rect(&mut self, x: u32, y: u32, width: u32, height: u32, colour: Colour) {
        self.rects.push((x, y, width, height, colour));
    }

    /// The outline of a rectangle, `line` units thick, inside its bounds.
    pub fn frame(&mut self, x: u32, y: u32, width: u32, height: u32, line: u32, colour: Colour) {
        self.rect(x, y, width, line, colour);
        self.rect(x, y + height - line, width, line, colour);
        self.rect(x, y, line, height, colour);
        self.rect(x + width - line, y, line, height, colour);
    }

    /// Writes `text` with its top left corner at (x, y). Characters the
    /// font lacks are a programming error of the figure that writes them.
    pub fn text(&mut self, x: u32, y: u32, text: &str, colour: Colour) {
        for (i, ch) in text.chars().enumerate() {
            let glyph = GLYPHS
                .iter()
                .find(|(c, _)| *c == ch)
                .map(|(_, rows)| rows)
                .unwrap_or_else(|| panic!("the figures' font has no '{ch}'"));
            let left = x + i as u32 * CHAR_ADVANCE;
            for (row, bits) in glyph.iter().enumerate() {
                for column in 0..5 {
                    if bits >> (4 - column) & 1 == 1 {
                        self.rect(
                            left + column * FONT_PIXEL,
                            y + row as u32 * FONT_PIXEL,
                            FONT_PIXEL,
                            FONT_PIXEL,
                            colour,
                        );
                    }
                }
            }
        }
    }

    /// Width of `text` in units.
    pub fn text_width(text: &str) -> u32 {
        (text.chars().count() as u32 * CHAR_ADVANCE).saturating_sub(FONT_PIXEL)
    }

    /// The picture as an SVG document, a unit a pixel.
    pub fn svg(&self) -> String {
        let mut out = format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
             viewBox=\"0 0 {w} {h}\" shape-rendering=\"crispEdges\">\n",
            w = self.width,
            h = self.height
        );
        for &(x, y, width, height, Colour(r, g, b)) in &self.rects {
            let _ = writeln!(
                out,
                "<rect x=\"{x}\" y=\"{y}\" width=\"{width}\" height=\"{height}\" \
                 fill=\"#{r:02x}{g:02x}{b:02x}\"/>"
            );
        }
        out.push_str("</svg>\n");
        out
    }

    /// The picture as a PNG, a unit a pixel.
    pub fn png(&self) -> Vec<u8> {
        let mut palette: Vec<Colour> = Vec::new();
        let mut pixels = vec![0u8; (self.width * self.height) as usize];
        for &(x, y, width, height, colour) in &self.rects {
            let index = match palette.iter().position(|&c| c == colour) {
                Some(i) => i,
                None => {
                    palette.push(colour);
                    palette.len() - 1
                }
            };
            assert!(index < 256, "a PNG palette holds 256 colours");
            for row in y..(y + height).min(self.height) {
                let start = (row * self.width) as usize;
                let line = &mut pixels[start..start + self.width as usize];
                for pixel in
                    &mut line[x.min(self.width) as usize..(x + width).min(self.width) as usize]
                {
                    *pixel = index as u8;
                }
            }
        }
        let palette: Vec<[u8; 3]> = palette.iter().map(|&Colour(r, g, b)| [r, g, b]).collect();
        crate::png::encode(self.width, self.height, &palette, &pixels)
    }

    /// The picture as a one-page PDF whose page is the picture, with no
    /// date or identifier in it: the same picture gives the same bytes.
    pub fn pdf(&self) -> Vec<u8> {
        let points = |units: u32| units as f64 * PDF_POINTS_PER_UNIT;
        let mut content = String::new();
        let mut current = None;
        for &(x, y, width, height, colour) in &self.rects {
            if current != Some(colour) {
                let Colour(r, g, b) = colour;
                let channel = |c: u8| f64::from(c) / 255.0;
                let _ = writeln!(
                    content,
                    "{:.4} {:.4} {:.4} rg",
                    channel(r),
                    channel(g),
                    channel(b)
                );
                current = Some(colour);
            }
            let _ = writeln!(
                content,
                "{:.2} {:.2} {:.2} {:.2} re f",
                points(x),
                points(self.height - y - height),
                points(width),
                points(height)
            );
        }
        let objects = [
            "<< /Type /Catalog /Pages 2 0 R >>".to_string(),
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>".to_string(),
            format!(
                "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {:.2} {:.2}] \
                 /Resources << >> /Contents 4 0 R >>",
                points(self.width),
                points(self.height)
            ),
            format!(
                "<< /Length {} >>\nstream\n{content}endstream",
                content.len()
            ),
        ];
        let mut out = b"%PDF-1.4\n".to_vec();
        let mut offsets = Vec::new();
        for (i, object) in objects.iter().enumerate() {
            offsets.push(out.len());
            out.extend_from_slice(format!("{} 0 obj\n{object}\nendobj\n", i + 1).as_bytes());
        }
        let xref = out.len();
        let mut table = format!("xref\n0 {}\n0000000000 65535 f \n", objects.len() + 1);
        for offset in offsets {
            let _ = writeln!(table, "{offset:010} 00000 n ");
        }
        let _ = write!(
            table,
            "trailer\n<< /Size {} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n",
            objects.len() + 1
        );
        out.extend_from_slice(table.as_bytes());
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const RED: Colour = Colour(255, 0, 0);

    #[test]
    fn svg_has_one_rect_per_rectangle_at_its_place() {
        let mut picture = Picture::new(30, 20);
        picture.rect(1, 2, 3, 4, RED);
        assert_eq!(
            picture.svg(),
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"30\" height=\"20\" \
             viewBox=\"0 0 30 20\" shape-rendering=\"crispEdges\">\n\
             <rect x=\"0\" y=\"0\" width=\"30\" height=\"20\" fill=\"#ffffff\"/>\n\
             <rect x=\"1\" y=\"2\" width=\"3\" height=\"4\" fill=\"#ff0000\"/>\n</svg>\n"
        );
    }

    #[test]
    fn pdf_flips_y_and_its_cross_reference_points_at_each_object() {
        let mut picture = Picture::new(100, 50);
        picture.rect(10, 0, 20, 10, RED);
        let pdf = picture.pdf();
        let text = String::from_utf8(pdf.clone()).unwrap();
        // 100 x 50 units are 40 x 20 points; the rectangle is at the top.
        assert!(text.contains("/MediaBox [0 0 40.00 20.00]"), "{text}");
        assert!(text.contains("1.0000 1.0000 1.0000 rg\n0.00 0.00 40.00 20.00 re f\n"));
        assert!(text.contains("1.0000 0.0000 0.0000 rg\n4.00 16.00 8.00 4.00 re f\n"));
        let xref: usize = text
            .split("startxref\n")
            .nth(1)
            .unwrap()
            .lines()
            .next()
            .unwrap()
            .parse()
            .unwrap();
        assert!(text[xref..].starts_with("xref\n0 5\n"));
        for (i, line) in text[xref..].lines().skip(3).take(4).enumerate() {
            let offset: usize = line[..10].parse().unwrap();
            assert!(
                text[offset..].starts_with(&format!("{} 0 obj", i + 1)),
                "object {}",
                i + 1
            );
        }
        let length: usize = text
            .split("/Length ")
            .nth(1)
            .unwrap()
            .split(' ')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        let start = text.find(">>\nstream\n").unwrap() + ">>\nstream\n".len();
        assert!(text[start + length..].starts_with("endstream\n"));
    }

    #[test]
    fn text_is_drawn_with_the_pixel_font() {
        let mut picture = Picture::new(40, 20);
        picture.text(0, 0, "1", RED);
        // The background, and the '1''s 1 + 2 + 1 + 1 + 1 + 1 + 3 pixels.
        assert_eq!(picture.rects.len(), 11);
        assert!(picture.rects.contains(&(4, 0, 2, 2, RED)));
        assert_eq!(Picture::text_width("r=0"), 3 * CHAR_ADVANCE - FONT_PIXEL);
    }
}
