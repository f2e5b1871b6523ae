//! The documentation as a reader meets it (README.md and docs/):
//!
//! - every relative link resolves: the file exists, and an anchor
//!   (`file.md#section`) names one of its headings;
//! - every code block marked as a command runs against the built binary:
//!   in a ```` ```sh ```` block each line must succeed; in a
//!   ```` ```console ```` block each `$ ` line runs and its output (standard
//!   output, then standard error) must be the lines shown under it, where
//!   `...` stands for any text (a line `...` is any one line). An output
//!   starting `sprouts: ` is an error: exit status 2. Such blocks hold
//!   `sprouts` commands only (set-up commands and long benchmarks go in
//!   plain ```` ```text ```` blocks);
//! - a picture a command writes under docs/img/ is the one committed: the
//!   same position (the SVG's title, its canonical form) with as many
//!   spots and lines (`scripts/docs-images.sh` draws them again).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// README.md and every Markdown file under docs/.
fn documents() -> Vec<PathBuf> {
    let mut out = vec![Path::new(ROOT).join("README.md")];
    let mut dirs = vec![Path::new(ROOT).join("docs")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("docs/ exists") {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "md") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// A fenced block: its info string, first line number and lines.
struct Block {
    info: String,
    line: usize,
    lines: Vec<String>,
}

/// The document's prose (code blocks and inline code blanked out) and its
/// fenced blocks.
fn split(text: &str) -> (String, Vec<Block>) {
    let mut prose = String::new();
    let mut blocks = Vec::new();
    let mut open: Option<Block> = None;
    for (k, line) in text.lines().enumerate() {
        let fence = line.trim_start().starts_with("```");
        match (&mut open, fence) {
            (None, true) => {
                let info = line.trim_start().trim_start_matches('`').trim().to_string();
                open = Some(Block { info, line: k + 1, lines: Vec::new() });
            }
            (Some(_), true) => blocks.push(open.take().unwrap()),
            (Some(b), false) => b.lines.push(line.to_string()),
            (None, false) => {
                // Inline code is not a link.
                let mut inside = false;
                for part in line.split('`') {
                    if !inside {
                        prose.push_str(part);
                    }
                    inside = !inside;
                }
            }
        }
        prose.push('\n');
    }
    assert!(open.is_none(), "an unclosed code block");
    (prose, blocks)
}

/// GitHub's anchor for a heading: lowercase, letters, digits, `-` and `_`
/// kept, spaces to `-`, everything else dropped.
fn slug(heading: &str) -> String {
    let text = heading.trim_start_matches('#').trim().replace('`', "");
    text.chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c.to_lowercase().next().unwrap()),
            _ => None,
        })
        .collect()
}

/// The anchors of a Markdown file's headings.
fn anchors(path: &Path) -> BTreeSet<String> {
    let text = std::fs::read_to_string(path).unwrap();
    let mut out = BTreeSet::new();
    let mut in_code = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
        } else if !in_code && line.starts_with('#') {
            out.insert(slug(line));
        }
    }
    out
}

/// The targets of the Markdown links and images in `prose`.
fn links(prose: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = prose;
    while let Some(k) = rest.find("](") {
        let after = &rest[k + 2..];
        let Some(end) = after.find(')') else { break };
        out.push(after[..end].trim().to_string());
        rest = &after[end..];
    }
    out
}

#[test]
fn every_relative_link_resolves() {
    let mut broken = Vec::new();
    let mut checked = 0;
    for doc in documents() {
        let text = std::fs::read_to_string(&doc).unwrap();
        let (prose, _) = split(&text);
        for target in links(&prose) {
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            checked += 1;
            let (file, anchor) = match target.split_once('#') {
                Some((f, a)) => (f, Some(a)),
                None => (target.as_str(), None),
            };
            let path = if file.is_empty() { doc.clone() } else { doc.parent().unwrap().join(file) };
            let name = doc.strip_prefix(ROOT).unwrap().display().to_string();
            if !path.exists() {
                broken.push(format!("{name}: {target}: no such file"));
            } else if let Some(a) = anchor {
                if path.extension().is_some_and(|e| e == "md") && !anchors(&path).contains(a) {
                    broken.push(format!("{name}: {target}: no heading with that anchor"));
                }
            }
        }
    }
    assert!(checked > 40, "only {checked} links found: is the scan broken?");
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

/// Whether `got` is the `want` line, `...` standing for any text.
fn line_matches(want: &str, got: &str) -> bool {
    let parts: Vec<&str> = want.split("...").collect();
    if parts.len() == 1 {
        return want == got;
    }
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if !got.starts_with(first) || got.len() < first.len() + last.len() || !got.ends_with(last) {
        return false;
    }
    let mut at = first.len();
    let end = got.len() - last.len();
    for part in &parts[1..parts.len() - 1] {
        match got[at..end].find(part) {
            Some(k) => at += k + part.len(),
            None => return false,
        }
    }
    true
}

/// Runs one documented command line in `dir`, `sprouts` being the built
/// binary; its exit status and its output lines (standard output, then
/// standard error).
fn run_line(line: &str, dir: &Path) -> (Option<i32>, Vec<String>) {
    let bin = Path::new(env!("CARGO_BIN_EXE_sprouts")).parent().unwrap().to_path_buf();
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap_or_default());
    let o = Command::new("sh").arg("-c").arg(line).current_dir(dir).env("PATH", path).output().expect("sh runs");
    let mut text = String::from_utf8_lossy(&o.stdout).into_owned();
    text.push_str(&String::from_utf8_lossy(&o.stderr));
    (o.status.code(), text.lines().map(str::to_string).collect())
}

/// What a picture shows: its title (the canonical form), its spots and
/// its lines.
fn picture(svg: &str) -> (String, usize, usize) {
    let title = svg.split("<title>").nth(1).and_then(|t| t.split("</title>").next()).unwrap_or("").to_string();
    (title, svg.matches("data-spot=").count(), svg.matches("<path").count())
}

#[test]
fn every_command_in_the_docs_runs() {
    let mut failures = Vec::new();
    let mut ran = 0;
    for doc in documents() {
        let name = doc.strip_prefix(ROOT).unwrap().display().to_string();
        let text = std::fs::read_to_string(&doc).unwrap();
        let (_, blocks) = split(&text);
        for b in blocks.iter().filter(|b| b.info == "sh" || b.info == "console") {
            // A scratch directory per block, with docs/img for pictures.
            let dir = std::env::temp_dir().join(format!("sprouts-docs-{}-{}-{}", std::process::id(), name.replace('/', "_"), b.line));
            std::fs::create_dir_all(dir.join("docs/img")).unwrap();
            let mut k = 0;
            while k < b.lines.len() {
                let line = b.lines[k].trim_end();
                k += 1;
                let at = format!("{name} line {}", b.line + k);
                let command = match b.info.as_str() {
                    "sh" if line.trim().is_empty() || line.starts_with('#') => continue,
                    "sh" => line,
                    _ => match line.strip_prefix("$ ") {
                        Some(c) => c,
                        None => {
                            failures.push(format!("{at}: output with no `$ ` command before it: {line}"));
                            continue;
                        }
                    },
                };
                if !command.starts_with("sprouts ") {
                    failures.push(format!("{at}: not a sprouts command (use a ```text block): {command}"));
                    continue;
                }
                let mut want = Vec::new();
                while b.info == "console" && k < b.lines.len() && !b.lines[k].starts_with("$ ") {
                    want.push(b.lines[k].trim_end().to_string());
                    k += 1;
                }
                let (status, got) = run_line(command, &dir);
                ran += 1;
                let error = want.first().is_some_and(|l| l.starts_with("sprouts: "));
                let status_ok = if error { status == Some(2) } else { status == Some(0) };
                let output_ok = b.info == "sh"
                    || (want.len() == got.len() && want.iter().zip(&got).all(|(w, g)| line_matches(w, g)));
                if !status_ok || !output_ok {
                    failures.push(format!(
                        "{at}: `{command}` exited {status:?}\n  expected:\n    {}\n  got:\n    {}",
                        want.join("\n    "),
                        got.join("\n    ")
                    ));
                }
                // Pictures for the docs: the committed one shows the same.
                for word in command.split_whitespace() {
                    let file = word.trim_matches(|c| c == '"' || c == '\'');
                    if file.starts_with("docs/img/") && file.ends_with(".svg") {
                        let made = std::fs::read_to_string(dir.join(file)).unwrap_or_default();
                        let kept = std::fs::read_to_string(Path::new(ROOT).join(file)).unwrap_or_default();
                        if kept.is_empty() || picture(&made) != picture(&kept) {
                            failures.push(format!(
                                "{at}: {file} is not what `{command}` draws (run scripts/docs-images.sh): {:?} vs {:?}",
                                picture(&kept),
                                picture(&made)
                            ));
                        }
                    }
                }
            }
            let _ = std::fs::remove_dir_all(&dir);
        }
    }
    assert!(ran > 20, "only {ran} commands found: is the scan broken?");
    assert!(failures.is_empty(), "{} of {ran} documented commands failed:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn matching_with_ellipses() {
    assert!(line_matches("... nodes, table: ...", "766 nodes, table: 476 entries"));
    assert!(line_matches("...", "anything"));
    assert!(line_matches("a...c", "abc"));
    assert!(!line_matches("a...c", "ab"));
    assert!(!line_matches("abc", "abd"));
    assert_eq!(slug("## Saved games (`.sprouts.json`)"), "saved-games-sproutsjson");
    assert_eq!(slug("### Hosting: the headers to send"), "hosting-the-headers-to-send");
}
