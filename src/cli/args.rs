//! A small argument reader: positionals, `--flag`, `--key value`.

use sprouts::text::parse_position;
use sprouts::Position;

pub struct Args {
    positionals: Vec<String>,
    flags: Vec<(String, Option<String>)>,
}

/// Options that take a value.
const VALUED: &[&str] = &[
    "--spots",
    "--seed",
    "--depth",
    "--max-nodes",
    "--table-mb",
    "--max-seconds",
    "--first",
    "--second",
    "--games",
    "--svg",
    "--move",
];

impl Args {
    pub fn parse(argv: &[String]) -> Result<Args, String> {
        let mut positionals = Vec::new();
        let mut flags = Vec::new();
        let mut it = argv.iter();
        while let Some(a) = it.next() {
            if a.starts_with("--") {
                if VALUED.contains(&a.as_str()) {
                    let v = it.next().ok_or_else(|| format!("{a} needs a value"))?;
                    flags.push((a.clone(), Some(v.clone())));
                } else {
                    flags.push((a.clone(), None));
                }
            } else {
                positionals.push(a.clone());
            }
        }
        Ok(Args { positionals, flags })
    }

    pub fn flag(&self, name: &str) -> bool {
        self.flags.iter().any(|f| f.0 == name)
    }

    pub fn value(&self, name: &str) -> Option<&str> {
        self.flags.iter().find(|f| f.0 == name).and_then(|f| f.1.as_deref())
    }

    /// A numeric option, if given.
    pub fn number(&self, name: &str) -> Result<Option<u64>, String> {
        match self.value(name) {
            None => Ok(None),
            Some(v) => v.parse().map(Some).map_err(|_| format!("{name}: {v:?} is not a number")),
        }
    }

    pub fn positional(&self, i: usize) -> Result<&str, String> {
        self.positionals.get(i).map(|s| s.as_str()).ok_or_else(|| "missing argument".to_string())
    }

    pub fn json(&self) -> bool {
        self.flag("--json")
    }

    /// The position: `--spots N`, or the first positional in any format.
    pub fn position(&self) -> Result<Position, String> {
        if let Some(n) = self.number("--spots")? {
            if !(1..=1000).contains(&n) {
                return Err(format!("--spots {n}: choose 1 to 1000 spots"));
            }
            return Position::start(n as usize).map_err(|e| e.to_string());
        }
        let s = self.positional(0).map_err(|_| "missing position (or --spots N)".to_string())?;
        // Quoted with escapes so that the error stays on one line.
        parse_position(s).map_err(|e| format!("position {s:?}: {e}"))
    }

    /// Positionals after the position (which is absent with `--spots`).
    pub fn after_position(&self, i: usize) -> Result<&str, String> {
        let skip = if self.value("--spots").is_some() { 0 } else { 1 };
        self.positional(skip + i)
    }
}

/// A JSON string literal.
pub fn json_str(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}
