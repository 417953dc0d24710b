// Problem A2 "Tetris" (Bulgarian olympiad 2012): the rules of the game, in
// C++17 with the standard library only. Written from the statement
// (docs/problems/olympiad-a2.md) as a second referee beside the judge's
// Rust one; the differential test (judge/tests/referee_cpp.rs) holds them to
// the same pieces placed, points and verdicts on seeded games.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace tetris {

constexpr int kWidth = 10;
constexpr int kHeight = 20;
// A piece resting on a column 20 rows high reaches row 23; blocks only fall
// after that, so nothing is ever higher.
constexpr int kRows = kHeight + 4;
constexpr int kPieceKinds = 7;
constexpr int kRotations = 4;

// A turned piece: the size of its box and its blocks as (row, column), row 0
// the bottom row of the box.
struct Shape {
    int width = 0;
    int height = 0;
    std::vector<std::pair<int, int>> blocks;
};

// Rotation 0 of pieces 1..7 as the statement draws them, top row first.
inline const std::array<const char*, kPieceKinds> kDrawings = {
    "#/#/#/#", "##/#./#.", "##/.#/.#", "##/##", "#./##/.#", "#./##/#.", ".#/##/#.",
};

// Every shape, [piece - 1][rotation]: rotation r is r quarter turns clockwise
// of the drawing. A drawing fills its box, so a turned one does too: there
// is nothing to trim.
inline const std::array<std::array<Shape, kRotations>, kPieceKinds>& shapes() {
    static const auto table = [] {
        std::array<std::array<Shape, kRotations>, kPieceKinds> all{};
        for (int p = 0; p < kPieceKinds; ++p) {
            std::vector<std::string> grid(1);  // top row first
            for (const char* c = kDrawings[p]; *c; ++c) {
                if (*c == '/') {
                    grid.emplace_back();
                } else {
                    grid.back() += *c;
                }
            }
            for (int r = 0; r < kRotations; ++r) {
                Shape& shape = all[p][r];
                shape.height = static_cast<int>(grid.size());
                shape.width = static_cast<int>(grid[0].size());
                for (int i = 0; i < shape.height; ++i) {
                    for (int j = 0; j < shape.width; ++j) {
                        if (grid[i][j] == '#') shape.blocks.emplace_back(shape.height - 1 - i, j);
                    }
                }
                // A clockwise quarter turn: the left column, read bottom to
                // top, becomes the top row.
                std::vector<std::string> turned(shape.width, std::string(shape.height, '.'));
                for (int i = 0; i < shape.width; ++i) {
                    for (int j = 0; j < shape.height; ++j) turned[i][j] = grid[shape.height - 1 - j][i];
                }
                grid = turned;
            }
        }
        return all;
    }();
    return table;
}

// The well: cell[row][column], row 0 at the bottom; 0 is empty.
class Well {
public:
    // Drops a shape from above with its box's left column at `column`: it
    // stops on the highest block of any column it covers.
    void drop(const Shape& shape, int column) {
        int bottom = 0;
        for (const auto& block : shape.blocks) {
            const int top = column_top(column + block.second);
            if (top - block.first > bottom) bottom = top - block.first;
        }
        for (const auto& block : shape.blocks) cell_[bottom + block.first][column + block.second] = 1;
    }

    // After a drop: full rows are emptied (nothing shifts), the components
    // left fall as rigid bodies, and again while rows are full.
    void settle() {
        while (empty_full_rows()) fall();
    }

    // Whether a block is above the 20 rows of the well.
    bool overflows() const {
        for (int row = kHeight; row < kRows; ++row) {
            for (int c = 0; c < kWidth; ++c) {
                if (cell_[row][c]) return true;
            }
        }
        return false;
    }

private:
    // The number of rows up to the highest block of a column (0 if empty).
    int column_top(int c) const {
        for (int row = kRows - 1; row >= 0; --row) {
            if (cell_[row][c]) return row + 1;
        }
        return 0;
    }

    bool empty_full_rows() {
        bool any = false;
        for (int row = 0; row < kRows; ++row) {
            int c = 0;
            while (c < kWidth && cell_[row][c]) ++c;
            if (c == kWidth) {
                any = true;
                cell_[row].fill(0);
            }
        }
        return any;
    }

    // The components (4-neighbours) are found once; then, step by step,
    // every component that neither rests on the floor nor on a stopped
    // component moves down one row, all at once, until all have stopped.
    void fall() {
        std::array<std::array<int, kWidth>, kRows> label{};
        std::vector<std::vector<std::pair<int, int>>> parts;
        for (int row = 0; row < kRows; ++row) {
            for (int c = 0; c < kWidth; ++c) {
                if (!cell_[row][c] || label[row][c]) continue;
                parts.emplace_back();
                const int id = static_cast<int>(parts.size());
                std::vector<std::pair<int, int>> stack{{row, c}};
                label[row][c] = id;
                while (!stack.empty()) {
                    const auto at = stack.back();
                    stack.pop_back();
                    parts.back().push_back(at);
                    const int dr[4] = {1, -1, 0, 0};
                    const int dc[4] = {0, 0, 1, -1};
                    for (int k = 0; k < 4; ++k) {
                        const int r = at.first + dr[k];
                        const int cc = at.second + dc[k];
                        if (r < 0 || r >= kRows || cc < 0 || cc >= kWidth) continue;
                        if (cell_[r][cc] && !label[r][cc]) {
                            label[r][cc] = id;
                            stack.emplace_back(r, cc);
                        }
                    }
                }
            }
        }
        std::vector<bool> stopped(parts.size() + 1, false);
        for (;;) {
            // Stopping spreads upwards: a component on a stopped one stops.
            for (bool spread = true; spread;) {
                spread = false;
                for (size_t i = 0; i < parts.size(); ++i) {
                    if (stopped[i + 1]) continue;
                    for (const auto& at : parts[i]) {
                        const int below = at.first == 0 ? -1 : label[at.first - 1][at.second];
                        if (at.first == 0 || (below != 0 && below != static_cast<int>(i + 1) && stopped[below])) {
                            stopped[i + 1] = spread = true;
                            break;
                        }
                    }
                }
            }
            // Lift every moving component before putting it one row lower:
            // one may move into the cells another leaves.
            bool moved = false;
            for (size_t i = 0; i < parts.size(); ++i) {
                if (stopped[i + 1]) continue;
                moved = true;
                for (const auto& at : parts[i]) {
                    cell_[at.first][at.second] = 0;
                    label[at.first][at.second] = 0;
                }
            }
            for (size_t i = 0; i < parts.size(); ++i) {
                if (stopped[i + 1]) continue;
                for (auto& at : parts[i]) {
                    at.first -= 1;
                    cell_[at.first][at.second] = 1;
                    label[at.first][at.second] = static_cast<int>(i + 1);
                }
            }
            if (!moved) return;
        }
    }

    std::array<std::array<char, kWidth>, kRows> cell_{};
};

// round(10 X / N), halves up, in exact integers.
inline int points(long long placed, long long pieces) {
    return pieces == 0 ? 0 : static_cast<int>((20 * placed + pieces) / (2 * pieces));
}

}  // namespace tetris
