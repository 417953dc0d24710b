// Problem A2 "Tetris": one game judged, the one path every C++ front end
// takes. The game ends at the first missing, non-integer or invalid move,
// or at the first piece that leaves a block above the well (that piece is
// not placed); round(10 X / N) points for X of N pieces placed.
#pragma once

#include <string>
#include <vector>

#include "formats.hpp"
#include "rules.hpp"

namespace tetris {

// What a game earned: a judgement, never a failure (the caller checks the
// test and reading errors before).
struct Judgement {
    long long pieces = 0;
    long long placed = 0;
    bool all_placed() const { return placed == pieces; }
    int points() const { return tetris::points(placed, pieces); }
    // "placed X of N pieces, P points; why the game ended".
    std::string message;
};

// Why a well-formed move breaks the rules, or "".
inline std::string invalid_move(int piece, long long rotation, long long column) {
    if (rotation < 0 || rotation >= kRotations) return "rotation must be 0, 1, 2 or 3";
    if (column < 0) return "column must not be negative";
    const int width = shapes()[piece - 1][rotation].width;
    if (column > kWidth - width) return "width " + std::to_string(width) + " does not fit in the well";
    return "";
}

// Plays `pieces` with the moves streamed from `source` (see OutputTokens).
template <class Source>
Judgement judge(const std::vector<int>& pieces, Source& source) {
    OutputTokens<Source> tokens(source);
    Well well;
    Judgement j;
    j.pieces = static_cast<long long>(pieces.size());
    std::string end = "all pieces placed";
    for (size_t i = 0; i < pieces.size(); ++i) {
        long long move[2] = {0, 0};
        std::string problem;
        for (Field field : {Field::Rotation, Field::Column}) {
            const Token token = tokens.next();
            const std::string name = field_name(field);
            if (!token.present) {
                problem = "the output ends (byte " + std::to_string(tokens.offset()) + ") where its " + name +
                          " was expected";
            } else if (!token.integer) {
                problem = name + " token '" + token.shown() + "' at byte " + std::to_string(token.offset) +
                          " is not an integer";
            } else if (token.overflow) {
                problem = name + " token '" + token.shown() + "' at byte " + std::to_string(token.offset) +
                          " is out of range";
            }
            if (!problem.empty()) break;
            move[field == Field::Rotation ? 0 : 1] = token.value;
        }
        if (problem.empty()) {
            const std::string why = invalid_move(pieces[i], move[0], move[1]);
            if (!why.empty()) {
                problem = "rotation " + std::to_string(move[0]) + ", column " + std::to_string(move[1]) + ": " + why;
            }
        }
        if (!problem.empty()) {
            end = "piece " + std::to_string(i + 1) + ": " + problem;
            break;
        }
        well.drop(shapes()[pieces[i] - 1][move[0]], static_cast<int>(move[1]));
        well.settle();
        if (well.overflows()) {
            end = "piece " + std::to_string(i + 1) + ": a block is above the well after all deletions and falls";
            break;
        }
        j.placed = static_cast<long long>(i + 1);
    }
    if (j.all_placed()) {
        const Token extra = tokens.next();
        if (extra.present) {
            end += " (output after the last move ignored, from '" + extra.shown() + "' at byte " +
                   std::to_string(extra.offset) + ")";
        }
    }
    const int p = j.points();
    j.message = "placed " + std::to_string(j.placed) + " of " + std::to_string(j.pieces) + " pieces, " +
                std::to_string(p) + (p == 1 ? " point; " : " points; ") + end;
    return j;
}

// Reads a whole file into `bytes`; false if it cannot be opened or read.
inline bool read_file(const std::string& path, std::string& bytes) {
    std::FILE* file = std::fopen(path.c_str(), "rb");
    if (!file) return false;
    bytes.clear();
    char buffer[1 << 16];
    size_t got;
    while ((got = std::fread(buffer, 1, sizeof buffer, file)) > 0) bytes.append(buffer, got);
    const bool ok = !std::ferror(file);
    std::fclose(file);
    return ok;
}

// A byte source over a C stream, with a read error kept for the caller.
class FileBytes {
public:
    explicit FileBytes(std::FILE* file) : file_(file) {}
    int next() {
        if (at_ == size_) {
            if (done_) return -1;
            size_ = std::fread(buffer_, 1, sizeof buffer_, file_);
            at_ = 0;
            if (size_ == 0) {
                done_ = true;
                failed_ = std::ferror(file_) != 0;
                return -1;
            }
        }
        return static_cast<unsigned char>(buffer_[at_++]);
    }
    bool failed() const { return failed_; }

private:
    std::FILE* file_;
    char buffer_[1 << 16];
    size_t at_ = 0, size_ = 0;
    bool done_ = false, failed_ = false;
};

}  // namespace tetris
