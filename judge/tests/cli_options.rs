//! Options are declared once per command: every option `judge help` and
//! `judge COMMAND --help` show is accepted by that command's parser, and
//! every `--option` the README and the manuals give a `judge` command is
//! one the command has.

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

#[test]
fn every_documented_option_exists() {
    let mut texts = vec![root().join("README.md")];
    for entry in std::fs::read_dir(root().join("docs")).unwrap() {
        texts.push(entry.unwrap().path());
    }
    let mut checked = 0;
    for path in texts
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
    {
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
