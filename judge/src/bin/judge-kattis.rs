//! The kattis front end as its own executable, for installing into the system.

fn main() {
    judge::olympiad::frontends::main(judge::olympiad::frontends::kattis::run)
}
