//! Options are declared once per command: every option `judge help` and
//! `judge COMMAND --help` show is accepted by that command's parser, every
//! `--option` any Markdown file of the repository gives a `judge` command
//! is one the command has, and docs/judge.md has a section for every
//! command of `judge help`.

mod common;

use common::{judge, root};

#[test]
fn every_option_of_every_command_is_accepted() {
    let help = judge(&["help"]).stdout;
    for command in judge::commands() {
        let spec = command.spec;
        let words: Vec<&str> = spec.command.split(' ').collect();
        assert!(
            help.contains(&format!("judge {}", spec.command)),
            "{}",
            spec.command
        );
        for option in spec.options {
            assert!(
                help.contains(option.name),
                "judge help lacks {} of {}",
                option.name,
                spec.command
            );
            let mut args: Vec<&str> = words.clone();
            args.push(option.name);
            if option.value.is_some() {
                args.push("1");
            }
            // Parsed in order: the option first, then --help answers.
            args.push("--help");
            let ran = judge(&args);
            assert_eq!(ran.code, 0, "judge {}: {}", args.join(" "), ran.stderr);
            assert!(ran.stdout.contains(option.help), "{}", ran.stdout);
        }
        let mut unknown = words.clone();
        unknown.push("--no-such-option");
        let ran = judge(&unknown);
        assert_eq!(ran.code, 2, "{}", spec.command);
        assert!(
            ran.stderr.contains("unknown option --no-such-option"),
            "{}",
            ran.stderr
        );
    }
}

/// `judge COMMAND ... --option` mentions in a Markdown text, per command.
fn documented_options(text: &str) -> Vec<(String, String)> {
    let mut found = Vec::new();
    for line in text.lines() {
        let Some(at) = line.find("judge ") else {
            continue;
        };
        let rest = &line[at + "judge ".len()..];
        // A shell comment after the command is prose.
        let rest = rest.split(" #").next().unwrap_or(rest);
        let words: Vec<&str> = rest.split_whitespace().collect();
        let Some(first) = words.first() else { continue };
        let two = words
            .get(1)
            .map(|w| format!("{first} {w}"))
            .unwrap_or_default();
        let command = judge::commands()
            .map(|c| c.spec.command)
            .find(|c| *c == two || c == first);
        let Some(command) = command else { continue };
        for word in &words {
            let word = word.trim_matches(|c: char| !(c.is_ascii_alphanumeric() || c == '-'));
            if word.starts_with("--") && word.len() > 2 {
                found.push((command.to_string(), word.to_string()));
            }
        }
    }
    found
}

/// Every Markdown file of the repository (not under target/ or .git/).
fn markdown_files() -> Vec<std::path::PathBuf> {
    let mut found = Vec::new();
    let mut folders = vec![root()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if path.is_dir() && name != "target" && !name.starts_with('.') {
                folders.push(path);
            } else if name.ends_with(".md") {
                found.push(path);
            }
        }
    }
    found
}

#[test]
fn every_command_has_a_section_in_the_judge_manual() {
    let manual = std::fs::read_to_string(root().join("docs/judge.md")).unwrap();
    for command in judge::commands() {
        let heading = format!("## `judge {}", command.spec.command);
        let found = manual.lines().any(|line| {
            line.starts_with(&heading) && line[heading.len()..].starts_with([' ', '`'])
        });
        assert!(found, "docs/judge.md has no section {heading}`");
    }
}

#[test]
fn every_documented_option_exists() {
    let texts = markdown_files();
    assert!(texts.iter().any(|p| p.ends_with("docs/problems/golf.md")));
    let mut checked = 0;
    for path in &texts {
        let text = std::fs::read_to_string(path).unwrap();
        for (command, option) in documented_options(&text) {
            if option == "--help" {
                continue;
            }
            let spec = judge::commands()
                .find(|c| c.spec.command == command)
                .unwrap()
                .spec;
            assert!(
                spec.options.iter().any(|o| o.name == option),
                "{}: judge {command} has no option {option}",
                path.display()
            );
            checked += 1;
        }
    }
    assert!(checked > 20, "only {checked} documented options found");
}

#[test]
fn a_bad_option_is_a_usage_error_before_anything_is_compiled() {
    let dir = common::scratch("bad-option-first");
    // A source that does not compile: were it compiled first, the result
    // would be a graded compilation error (exit 0), not a usage error.
    let source = common::write(dir.path(), "broken.c", "this is not C\n");
    let ran = judge(&["grade", source.to_str().unwrap(), "--jobs", "0"]);
    assert_eq!(ran.code, 2, "{}{}", ran.stdout, ran.stderr);
    assert!(ran.stderr.contains("--jobs"), "{}", ran.stderr);
    assert!(!ran.stdout.contains("compilation error"), "{}", ran.stdout);
}
