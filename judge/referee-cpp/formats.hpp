// Problem A2 "Tetris": the two file formats, as the statement gives them.
// The test input is the jury's (any defect is a judge failure; the input
// validators also hold it to its exact two-line layout); the contestant's
// output is a stream of tokens, read one byte at a time so that any length
// costs no memory.
#pragma once

#include <climits>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "rules.hpp"

namespace tetris {

// The most pieces a test the judges read may have (above the statement's
// limit, so that a jury can judge larger games with the same judges).
constexpr long long kMaxPieces = 1000000;
// The statement's limit, 1 <= N <= 10 000, to which the input validators
// hold a contest's tests; MAX_PIECES and STATEMENT_MAX_PIECES of the Rust
// judge (judge/core/src/format.rs) are the same.
constexpr long long kStatementMaxPieces = 10000;

// White space between tokens: space, tab, line feed, form feed, carriage
// return (not the vertical tab, which is no separator of the statement's).
inline bool is_space(int byte) {
    return byte == ' ' || byte == '\t' || byte == '\n' || byte == '\f' || byte == '\r';
}

// Bytes safe to print: anything but '!'..'~' as \xNN.
inline std::string printable(const std::string& bytes) {
    std::string shown;
    for (unsigned char b : bytes) {
        if (b > 0x20 && b < 0x7f) {
            shown += static_cast<char>(b);
        } else {
            char hex[8];
            std::snprintf(hex, sizeof hex, "\\x%02x", b);
            shown += hex;
        }
    }
    return shown;
}

// "line L, column C: " for a byte offset of a text (both counted from 1).
inline std::string place(const std::string& text, size_t at) {
    size_t line = 1, start = 0;
    for (size_t i = 0; i < at && i < text.size(); ++i) {
        if (text[i] == '\n') {
            ++line;
            start = i + 1;
        }
    }
    return "line " + std::to_string(line) + ", column " + std::to_string(at - start + 1) + ": ";
}

// A number of a test written as the statement writes them: decimal digits,
// no sign, no leading zero. -1 if it is not one (or exceeds `max`).
inline long long jury_number(const std::string& token, long long max) {
    if (token.empty() || (token[0] == '0' && token.size() > 1)) return -1;
    long long value = 0;
    for (char c : token) {
        if (c < '0' || c > '9') return -1;
        value = value * 10 + (c - '0');
        if (value > max) return -1;
    }
    return value;
}

// Reads a test: N, then N pieces 1..7, any white space between, nothing
// after. Returns "" and fills `pieces`, or says what is wrong and where.
inline std::string read_test(const std::string& text, std::vector<int>& pieces) {
    size_t at = 0;
    auto next = [&](std::string& token) {
        while (at < text.size() && is_space(static_cast<unsigned char>(text[at]))) ++at;
        const size_t start = at;
        while (at < text.size() && !is_space(static_cast<unsigned char>(text[at]))) ++at;
        token = text.substr(start, at - start);
        return start;
    };
    std::string token;
    size_t start = next(token);
    if (token.empty()) return "line 1, column 1: the input is empty; expected the number of pieces N";
    const long long n = jury_number(token, kMaxPieces);
    if (n < 1) {
        return place(text, start) + "N must be an integer from 1 to " + std::to_string(kMaxPieces) +
               " without sign or leading zeros, found '" + printable(token) + "'";
    }
    pieces.clear();
    for (long long i = 1; i <= n; ++i) {
        start = next(token);
        if (token.empty()) {
            return place(text, start) + "N is " + std::to_string(n) + " but the input ends after " +
                   std::to_string(i - 1) + " pieces";
        }
        const long long piece = jury_number(token, kPieceKinds);
        if (piece < 1) {
            return place(text, start) + "piece " + std::to_string(i) +
                   " must be an integer from 1 to 7, found '" + printable(token) + "'";
        }
        pieces.push_back(static_cast<int>(piece));
    }
    start = next(token);
    if (!token.empty()) {
        return place(text, start) + "N is " + std::to_string(n) + " but more follows: '" + printable(token) + "'";
    }
    return "";
}

// The exact layout the statement promises, which the input validators
// check: N (at most the statement's limit), a line feed, the N pieces separated by single spaces, a line
// feed, and nothing else. Returns "" or what is wrong and where.
inline std::string check_layout(const std::string& text) {
    size_t at = 0;
    auto found = [&]() {
        return at < text.size() ? "'" + printable(text.substr(at, 1)) + "'" : std::string("the end of the file");
    };
    auto expect = [&](char c, const std::string& what) {
        if (at < text.size() && text[at] == c) {
            ++at;
            return std::string();
        }
        return place(text, at) + "expected " + what + ", found " + found();
    };
    const size_t n_start = at;
    while (at < text.size() && text[at] >= '0' && text[at] <= '9') ++at;
    const long long n = jury_number(text.substr(n_start, at - n_start), kMaxPieces);
    if (n < 1) {
        return place(text, n_start) + "expected N, an integer from 1 to " + std::to_string(kMaxPieces) +
               " in decimal without sign or leading zeros, alone on the first line";
    }
    if (n > kStatementMaxPieces) {
        return place(text, n_start) + "N is " + std::to_string(n) + ", above the statement's limit of " +
               std::to_string(kStatementMaxPieces);
    }
    std::string wrong = expect('\n', "a line feed after N");
    for (long long i = 1; i <= n && wrong.empty(); ++i) {
        if (at < text.size() && text[at] >= '1' && text[at] <= '7') {
            ++at;
        } else {
            return place(text, at) + "expected piece " + std::to_string(i) + " of " + std::to_string(n) +
                   " (a digit 1 to 7), found " + found();
        }
        wrong = i < n ? expect(' ', "a single space after piece " + std::to_string(i))
                      : expect('\n', "a line feed after the last piece");
    }
    if (wrong.empty() && at < text.size()) {
        return place(text, at) + "expected the end of the file after the two lines, found " + found();
    }
    return wrong;
}

enum class Field { Rotation, Column };

inline const char* field_name(Field field) { return field == Field::Rotation ? "rotation" : "column"; }

// One token of the output: how it reads, where it is and what it shows.
struct Token {
    bool present = false;
    bool integer = false;  // [+-]digits
    bool overflow = false; // an integer beyond 64 bits: out of range
    long long value = 0;
    uint64_t offset = 0;
    uint64_t length = 0;
    std::string head;  // the first bytes, for messages

    std::string shown() const {
        std::string s = printable(head);
        if (length > head.size()) s += "... (" + std::to_string(length) + " bytes)";
        return s;
    }
};

// Streams the tokens of the contestant's output from `Source`, which has
// `int next()`: the next byte 0..255, or -1 at the end.
template <class Source>
class OutputTokens {
public:
    explicit OutputTokens(Source& source) : source_(source) {}

    Token next() {
        Token token;
        int byte = pending_ == kEnded ? -1 : pending_ >= 0 ? pending_ : source_.next();
        pending_ = -1;
        while (byte >= 0 && is_space(byte)) {
            ++offset_;
            byte = source_.next();
        }
        if (byte < 0) {
            pending_ = kEnded;
            return token;
        }
        token.present = true;
        token.offset = offset_;
        bool negative = false, digits = false, junk = false;
        while (byte >= 0 && !is_space(byte)) {
            if (token.head.size() < 20) token.head += static_cast<char>(byte);
            if ((byte == '+' || byte == '-') && token.length == 0) {
                negative = byte == '-';
            } else if (byte >= '0' && byte <= '9') {
                digits = true;
                const int d = byte - '0';
                if (token.overflow) {
                } else if (!negative && token.value > (LLONG_MAX - d) / 10) {
                    token.overflow = true;
                } else if (negative && token.value < (LLONG_MIN + d) / 10) {
                    token.overflow = true;
                } else {
                    token.value = token.value * 10 + (negative ? -d : d);
                }
            } else {
                junk = true;
            }
            ++token.length;
            ++offset_;
            byte = source_.next();
        }
        pending_ = byte < 0 ? kEnded : byte;
        token.integer = digits && !junk;
        return token;
    }

    // Bytes read so far (at the end: the size of the output).
    uint64_t offset() const { return offset_; }

private:
    // The end was seen: the source is not asked again.
    static constexpr int kEnded = -2;

    Source& source_;
    uint64_t offset_ = 0;
    // The byte that ended the last token, not yet counted; -1: none.
    int pending_ = -1;
};

}  // namespace tetris
