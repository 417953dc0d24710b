//! File formats of problem A2: the test input (written by the jury, so any
//! defect is a judge failure) and the contestant's output (read as a stream
//! of tokens; any defect ends the game with a verdict that names the token).

use std::fmt;
use std::io::{self, BufRead, BufReader, Read};

use crate::rules::{Move, MovePart, MoveSource, OutputProblem};
use crate::tetromino::Piece;

/// The most pieces a test the judges read may have: larger ones are
/// refused. Above the statement's limit, so that a jury can judge larger
/// games (stress runs, attacks) with the same judges.
pub const MAX_PIECES: usize = 1_000_000;

/// The statement's limit, 1 <= N <= 10 000: the input validators of the
/// packages hold a contest's tests to it (the judges read up to
/// `MAX_PIECES`). The C++ referee's `kStatementMaxPieces` is the same.
pub const STATEMENT_MAX_PIECES: usize = 10_000;

/// A defect of a test input, with its place: line and column are 1-based.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.message
        )
    }
}

impl std::error::Error for InputError {}

/// Whitespace-separated tokens of a text with their line and column.
fn tokens_with_places(text: &str) -> impl Iterator<Item = (&str, usize, usize)> {
    text.lines().enumerate().flat_map(|(l, line)| {
        let base = line.as_ptr() as usize;
        line.split_ascii_whitespace()
            .map(move |tok| (tok, l + 1, tok.as_ptr() as usize - base + 1))
    })
}

/// Reads "N" then N piece numbers 1..7; nothing may follow.
pub fn parse_input(text: &str) -> Result<Vec<Piece>, InputError> {
    let mut tokens = tokens_with_places(text);
    let err = |line, column, message: String| InputError {
        line,
        column,
        message,
    };
    let (tok, line, column) = tokens.next().ok_or_else(|| {
        err(
            1,
            1,
            "the input is empty; expected the number of pieces N".into(),
        )
    })?;
    let n = jury_number(tok)
        .and_then(|n| match (1..=MAX_PIECES as u64).contains(&n) {
            true => Ok(n as usize),
            false => Err(""),
        })
        .map_err(|why| {
            err(
                line,
                column,
                format!(
                    "N must be an integer from 1 to {MAX_PIECES}, found '{}'{why}",
                    printable(tok.as_bytes()),
                    MAX_PIECES = MAX_PIECES,
                    why = why
                ),
            )
        })?;
    let mut pieces = Vec::with_capacity(n);
    for i in 1..=n {
        let (tok, line, column) = tokens.next().ok_or_else(|| {
            let last = text.lines().count().max(1);
            err(
                last,
                1,
                format!("N is {n} but the input ends after {} pieces", i - 1, n = n),
            )
        })?;
        let piece = jury_number(tok)
            .and_then(|p| Piece::new(p as i64).ok_or(""))
            .map_err(|why| {
                err(
                    line,
                    column,
                    format!(
                        "piece {i} must be an integer from 1 to 7, found '{}'{why}",
                        printable(tok.as_bytes()),
                        i = i,
                        why = why
                    ),
                )
            })?;
        pieces.push(piece);
    }
    if let Some((tok, line, column)) = tokens.next() {
        return Err(err(
            line,
            column,
            format!(
                "N is {n} but more follows: '{}'",
                printable(tok.as_bytes()),
                n = n
            ),
        ));
    }
    Ok(pieces)
}

/// A number of a test input, written as the statement writes numbers:
/// decimal digits, no sign, no leading zero. Err says what else it is.
fn jury_number(token: &str) -> Result<u64, &'static str> {
    let bytes = token.as_bytes();
    if !bytes.iter().all(u8::is_ascii_digit) {
        return Err(match bytes[0] {
            b'+' | b'-' if bytes.len() > 1 && bytes[1..].iter().all(u8::is_ascii_digit) => {
                " (a test input writes numbers without a sign)"
            }
            _ => "",
        });
    }
    if bytes.len() > 1 && bytes[0] == b'0' {
        return Err(" (a test input writes numbers without leading zeros)");
    }
    token.parse().map_err(|_| "")
}

/// Writes an input file in the statement's layout.
pub fn format_input(pieces: &[Piece]) -> String {
    let numbers: Vec<String> = pieces.iter().map(|p| p.to_string()).collect();
    format!("{}\n{}\n", pieces.len(), numbers.join(" "))
}

/// Which of a move's two numbers a problem is about.
/// The bytes of a token kept to show it in messages; the value is decided
/// while streaming, so a token of any length costs no memory.
const SHOWN_TOKEN_BYTES: usize = 20;

/// One token as read: its first bytes, its full length, its offset and
/// its value as an integer.
pub struct Token {
    pub head: Vec<u8>,
    pub len: u64,
    pub offset: u64,
    number: Integer,
}

/// An integer `[+-]digits` read one byte at a time.
#[derive(Clone, Copy, Default)]
struct Integer {
    negative: bool,
    digits: u64,
    value: i64,
    overflow: bool,
    not_integer: bool,
}

impl Integer {
    fn push(&mut self, byte: u8, first: bool) {
        match byte {
            b'-' | b'+' if first => self.negative = byte == b'-',
            b'0'..=b'9' => {
                self.digits += 1;
                let digit = i64::from(byte - b'0');
                let next = self
                    .value
                    .checked_mul(10)
                    .and_then(|v| match self.negative {
                        true => v.checked_sub(digit),
                        false => v.checked_add(digit),
                    });
                match next {
                    Some(v) => self.value = v,
                    None => self.overflow = true,
                }
            }
            _ => self.not_integer = true,
        }
    }

    /// None if not an integer, Some(Err) if it does not fit i64.
    fn value(&self) -> Option<Result<i64, ()>> {
        if self.not_integer || self.digits == 0 {
            None
        } else if self.overflow {
            Some(Err(()))
        } else {
            Some(Ok(self.value))
        }
    }
}

/// Streams whitespace-separated tokens with byte offsets.
pub struct OutputReader<R: Read> {
    input: BufReader<R>,
    offset: u64,
}

impl<R: Read> OutputReader<R> {
    pub fn new(input: R) -> Self {
        OutputReader {
            input: BufReader::with_capacity(1 << 16, input),
            offset: 0,
        }
    }

    /// The next token, or None at the end of the output.
    pub fn next_token(&mut self) -> io::Result<Option<Token>> {
        let mut token: Option<Token> = None;
        loop {
            let buf = match self.input.fill_buf() {
                Ok(buf) => buf,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if buf.is_empty() {
                return Ok(token);
            }
            let mut used = 0;
            for &b in buf {
                if b.is_ascii_whitespace() {
                    if token.is_some() {
                        break;
                    }
                } else {
                    let offset = self.offset + used as u64;
                    let t = token.get_or_insert_with(|| Token {
                        head: Vec::new(),
                        len: 0,
                        offset,
                        number: Integer::default(),
                    });
                    if t.head.len() < SHOWN_TOKEN_BYTES {
                        t.head.push(b);
                    }
                    t.number.push(b, t.len == 0);
                    t.len += 1;
                }
                used += 1;
            }
            let ended = used < buf.len();
            self.input.consume(used);
            self.offset += used as u64;
            if ended {
                return Ok(token);
            }
        }
    }

    fn next_number(&mut self, field: MovePart) -> Result<i64, OutputProblem> {
        let token = self
            .next_token()
            .map_err(|e| OutputProblem::Unreadable(e.to_string()))?
            .ok_or(OutputProblem::Missing {
                field,
                offset: self.offset,
            })?;
        let shown = printable_token(&token);
        match token.number.value() {
            Some(Ok(value)) => Ok(value),
            Some(Err(())) => Err(OutputProblem::OutOfRange {
                field,
                token: shown,
                offset: token.offset,
            }),
            None => Err(OutputProblem::NotInteger {
                field,
                token: shown,
                offset: token.offset,
            }),
        }
    }

    /// After the last move: the first token that follows, if any, for a note.
    pub fn trailing(&mut self) -> Option<(String, u64)> {
        match self.next_token() {
            Ok(Some(token)) => Some((printable_token(&token), token.offset)),
            _ => None,
        }
    }
}

impl<R: Read> MoveSource for OutputReader<R> {
    fn next_move(&mut self) -> Result<Move, OutputProblem> {
        let rotation = self.next_number(MovePart::Rotation)?;
        let column = self.next_number(MovePart::Column)?;
        Ok(Move { rotation, column })
    }
}

fn printable_token(token: &Token) -> String {
    let mut shown = printable(&token.head);
    if token.len > SHOWN_TOKEN_BYTES as u64 {
        shown.push_str(&format!("... ({} bytes)", token.len));
    }
    shown
}

/// Bytes as text safe to print: non-printable bytes as \xNN.
pub fn printable(bytes: &[u8]) -> String {
    bytes
        .iter()
        .map(|&b| {
            if b.is_ascii_graphic() {
                (b as char).to_string()
            } else {
                format!("\\x{b:02x}", b = b)
            }
        })
        .collect()
}

/// Writes moves as the statement's output: one "r x" pair per line.
pub fn format_moves(moves: &[Move]) -> String {
    moves
        .iter()
        .map(|m| format!("{} {}\n", m.rotation, m.column))
        .collect()
}
