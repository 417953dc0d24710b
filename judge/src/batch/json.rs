//! The part of JSON the saved results use: objects, arrays, strings,
//! whole numbers, booleans and null, one value per line. Written and read
//! here (no crates); a bad line is refused with the column and what was
//! expected there.

use std::fmt::Write as _;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    Null,
    Bool(bool),
    Number(u64),
    String(String),
    Array(Vec<Value>),
    /// Keys in the order written, so a value is written back the same.
    Object(Vec<(String, Value)>),
}

impl Value {
    /// The value of `key` in an object.
    pub fn get(&self, key: &str) -> Option<&Value> {
        match self {
            Value::Object(fields) => fields.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// On one line, as JSON.
    pub fn to_line(&self) -> String {
        let mut out = String::new();
        self.write(&mut out);
        out
    }

    fn write(&self, out: &mut String) {
        match self {
            Value::Null => out.push_str("null"),
            Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Value::Number(n) => out.push_str(&n.to_string()),
            Value::String(s) => write_string(s, out),
            Value::Array(items) => {
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    item.write(out);
                }
                out.push(']');
            }
            Value::Object(fields) => {
                out.push('{');
                for (i, (key, value)) in fields.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    write_string(key, out);
                    out.push(':');
                    value.write(out);
                }
                out.push('}');
            }
        }
    }

    /// One line of JSON; Err says where it goes wrong (a 1-based column).
    pub fn parse(line: &str) -> Result<Value, String> {
        let mut parser = Parser {
            text: line.as_bytes(),
            at: 0,
        };
        let value = parser.value(0)?;
        parser.blanks();
        if parser.at < parser.text.len() {
            return Err(parser.error("the end of the line"));
        }
        Ok(value)
    }
}

/// An object from its fields, in this order.
pub fn object(fields: Vec<(&str, Value)>) -> Value {
    Value::Object(
        fields
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect(),
    )
}

fn write_string(s: &str, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Nesting deeper than this is refused rather than overflowing the stack.
const MAX_DEPTH: usize = 64;

struct Parser<'a> {
    text: &'a [u8],
    at: usize,
}

impl Parser<'_> {
    fn error(&self, expected: &str) -> String {
        let found = match self.text.get(self.at) {
            None => "the line ends".to_string(),
            Some(_) => {
                let rest = String::from_utf8_lossy(&self.text[self.at..]);
                let shown: String = rest.chars().take(12).collect();
                format!("found '{shown}'")
            }
        };
        format!("column {}: expected {expected}, {found}", self.at + 1)
    }

    fn blanks(&mut self) {
        while self
            .text
            .get(self.at)
            .is_some_and(|b| matches!(b, b' ' | b'\t' | b'\r'))
        {
            self.at += 1;
        }
    }

    fn eat(&mut self, byte: u8) -> bool {
        self.blanks();
        if self.text.get(self.at) == Some(&byte) {
            self.at += 1;
            true
        } else {
            false
        }
    }

    fn literal(&mut self, word: &str, value: Value) -> Result<Value, String> {
        if self.text[self.at..].starts_with(word.as_bytes()) {
            self.at += word.len();
            Ok(value)
        } else {
            Err(self.error("a value"))
        }
    }

    fn value(&mut self, depth: usize) -> Result<Value, String> {
        if depth > MAX_DEPTH {
            return Err(self.error(&format!("at most {MAX_DEPTH} levels of nesting")));
        }
        self.blanks();
        match self.text.get(self.at) {
            Some(b'{') => {
                self.at += 1;
                let mut fields = Vec::new();
                if self.eat(b'}') {
                    return Ok(Value::Object(fields));
                }
                loop {
                    self.blanks();
                    if self.text.get(self.at) != Some(&b'"') {
                        return Err(self.error("a key in quotes"));
                    }
                    let key = self.string()?;
                    if !self.eat(b':') {
                        return Err(self.error("':' after a key"));
                    }
                    fields.push((key, self.value(depth + 1)?));
                    if self.eat(b'}') {
                        return Ok(Value::Object(fields));
                    }
                    if !self.eat(b',') {
                        return Err(self.error("',' or '}'"));
                    }
                }
            }
            Some(b'[') => {
                self.at += 1;
                let mut items = Vec::new();
                if self.eat(b']') {
                    return Ok(Value::Array(items));
                }
                loop {
                    items.push(self.value(depth + 1)?);
                    if self.eat(b']') {
                        return Ok(Value::Array(items));
                    }
                    if !self.eat(b',') {
                        return Err(self.error("',' or ']'"));
                    }
                }
            }
            Some(b'"') => Ok(Value::String(self.string()?)),
            Some(b't') => self.literal("true", Value::Bool(true)),
            Some(b'f') => self.literal("false", Value::Bool(false)),
            Some(b'n') => self.literal("null", Value::Null),
            Some(b'0'..=b'9') => self.number(),
            _ => Err(self.error("a value")),
        }
    }

    fn number(&mut self) -> Result<Value, String> {
        let start = self.at;
        while self.text.get(self.at).is_some_and(u8::is_ascii_digit) {
            self.at += 1;
        }
        let digits = std::str::from_utf8(&self.text[start..self.at]).unwrap_or("");
        if matches!(self.text.get(self.at), Some(b'.' | b'e' | b'E'))
            || (digits.len() > 1 && digits.starts_with('0'))
        {
            self.at = start;
            return Err(self.error("a whole number without leading zeros"));
        }
        digits.parse().map(Value::Number).map_err(|_| {
            self.at = start;
            self.error("a whole number below 2^64")
        })
    }

    /// A string; `at` is on its opening quote.
    fn string(&mut self) -> Result<String, String> {
        self.at += 1;
        let mut bytes = Vec::new();
        loop {
            let Some(&b) = self.text.get(self.at) else {
                return Err(self.error("the closing '\"'"));
            };
            self.at += 1;
            match b {
                b'"' => break,
                b'\\' => {
                    let escaped = self.text.get(self.at).copied();
                    self.at += 1;
                    let c = match escaped {
                        Some(b'"') => '"',
                        Some(b'\\') => '\\',
                        Some(b'/') => '/',
                        Some(b'n') => '\n',
                        Some(b't') => '\t',
                        Some(b'r') => '\r',
                        Some(b'b') => '\u{8}',
                        Some(b'f') => '\u{c}',
                        Some(b'u') => self.unicode()?,
                        _ => {
                            self.at -= 2;
                            return Err(
                                self.error("an escape (\\\" \\\\ \\/ \\n \\t \\r \\b \\f \\uXXXX)")
                            );
                        }
                    };
                    let mut buf = [0; 4];
                    bytes.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
                }
                b if b < 0x20 => {
                    self.at -= 1;
                    return Err(self.error("no control character inside a string"));
                }
                b => bytes.push(b),
            }
        }
        String::from_utf8(bytes).map_err(|_| "a string is not UTF-8".to_string())
    }

    /// The character of `\uXXXX` (a surrogate pair takes two); `at` is
    /// after the `u`.
    fn unicode(&mut self) -> Result<char, String> {
        let first = self.hex4()?;
        let code = if (0xD800..0xDC00).contains(&first) {
            if !self.text[self.at..].starts_with(b"\\u") {
                return Err(self.error("the second half of a surrogate pair"));
            }
            self.at += 2;
            let second = self.hex4()?;
            if !(0xDC00..0xE000).contains(&second) {
                return Err(self.error("the second half of a surrogate pair"));
            }
            0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
        } else {
            first
        };
        char::from_u32(code).ok_or_else(|| self.error("a character, not a lone surrogate"))
    }

    fn hex4(&mut self) -> Result<u32, String> {
        let digits = self.text.get(self.at..self.at + 4).unwrap_or(b"");
        let text = std::str::from_utf8(digits).unwrap_or("");
        match u32::from_str_radix(text, 16) {
            Ok(v) if text.len() == 4 && text.bytes().all(|b| b.is_ascii_hexdigit()) => {
                self.at += 4;
                Ok(v)
            }
            _ => Err(self.error("four hex digits")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_written_and_read_back() {
        let value = object(vec![
            ("name", Value::String("{O,S} \"x\" \\ \n é \u{1}".into())),
            ("n", Value::Number(u64::MAX)),
            ("ok", Value::Bool(true)),
            ("none", Value::Null),
            (
                "list",
                Value::Array(vec![Value::Number(0), Value::Array(vec![])]),
            ),
            ("empty", Value::Object(vec![])),
        ]);
        let line = value.to_line();
        assert!(!line.contains('\n'));
        assert_eq!(Value::parse(&line), Ok(value.clone()));
        assert_eq!(value.get("n"), Some(&Value::Number(u64::MAX)));
        let spaced = " { \"a\" : [ 1 , \"\\u00e9\\ud83d\\ude00\" ] } ";
        assert_eq!(
            Value::parse(spaced).unwrap().get("a"),
            Some(&Value::Array(vec![
                Value::Number(1),
                Value::String("é😀".into())
            ]))
        );
    }

    #[test]
    fn bad_lines_say_where_and_what() {
        for (line, says) in [
            ("", "column 1: expected a value, the line ends"),
            ("{\"a\" 1}", "column 6: expected ':' after a key"),
            ("{\"a\":1,}", "column 8: expected a key in quotes"),
            ("[1 2]", "column 4: expected ',' or ']'"),
            ("{\"a\":1} x", "column 9: expected the end of the line"),
            ("-1", "column 1: expected a value"),
            ("1.5", "whole number"),
            ("01", "leading zeros"),
            ("99999999999999999999", "below 2^64"),
            ("\"abc", "the closing"),
            ("\"\\q\"", "an escape"),
            ("\"\\ud800\"", "surrogate"),
            ("tru", "column 1: expected a value"),
        ] {
            let e = Value::parse(line).unwrap_err();
            assert!(e.contains(says), "{line}: {e}");
        }
        let deep = "[".repeat(1000);
        assert!(Value::parse(&deep).unwrap_err().contains("nesting"));
    }
}
