//! Finding and reading the logs a command was given: files, directories searched for `*.tlog`
//! (in sorted order, so output is stable), and `-` for standard input.

use crate::diagnostics::visible::visible;
use std::collections::HashMap;
use std::io::Read;
use std::path::{Path, PathBuf};

/// One input to read.
pub enum Input {
    Stdin,
    File(PathBuf),
}

impl Input {
    pub fn name(&self) -> String {
        match self {
            Input::Stdin => "<stdin>".to_string(),
            Input::File(p) => p.display().to_string(),
        }
    }

    /// The name as a message for people shows it (control characters replaced).
    pub fn shown_name(&self) -> String {
        visible(&self.name()).into_owned()
    }

    pub fn read(&self) -> std::io::Result<Vec<u8>> {
        match self {
            Input::Stdin => {
                let mut buf = Vec::new();
                std::io::stdin().read_to_end(&mut buf)?;
                Ok(buf)
            }
            Input::File(p) => std::fs::read(p),
        }
    }
}

/// A path as a message for people shows it: a file's name may hold control characters too.
pub fn shown(path: &Path) -> String {
    visible(&path.display().to_string()).into_owned()
}

/// Reads one log named on the command line and parses it; on failure, prints why (with any
/// syntax errors) on stderr and returns the exit code to use.
pub fn read_one(path: &Path) -> Result<(crate::diagnostics::render::SourceFile, crate::model::log::Log), u8> {
    let input = if path.as_os_str() == "-" { Input::Stdin } else { Input::File(path.to_path_buf()) };
    let bytes = input.read().map_err(|e| {
        eprintln!("tribbles: {}: {e}", input.shown_name());
        2
    })?;
    let (text, log, diags) = crate::syntax::parse_owned(bytes);
    let file = crate::diagnostics::render::SourceFile::new(input.name(), text);
    let errors: Vec<_> = diags.iter().filter(|d| d.is_syntax_error()).collect();
    if !errors.is_empty() {
        let style = crate::diagnostics::render::HumanStyle { color: false, width: 100 };
        for d in errors {
            eprint!("{}", crate::diagnostics::render::human(&file, d, style));
        }
        eprintln!("tribbles: {}: the log has syntax errors", input.shown_name());
        return Err(1);
    }
    Ok((file, log))
}

/// Expands the paths given on the command line. Paths that cannot be read are reported on stderr
/// and counted in the returned number of failures. Each log is read once: a file reached twice
/// (named twice, named and found in a directory given too, or linked to) is passed over the second
/// time with a warning, as is a directory searched already, so a summary counts it once.
pub fn collect(paths: &[PathBuf]) -> (Vec<Input>, usize) {
    let mut inputs = Vec::new();
    let mut failures = 0;
    let mut searched = HashMap::new();
    for path in paths {
        if path.as_os_str() == "-" {
            // Standard input holds one text: a second `-` would find it read already (or, checked
            // in parallel, take it from the first).
            if inputs.iter().any(|i| matches!(i, Input::Stdin)) {
                eprintln!("tribbles: -: warning: standard input is read once; given again, it is passed over");
            } else {
                inputs.push(Input::Stdin);
            }
        } else if path.is_dir() {
            let mut found = Vec::new();
            let before = searched.len();
            failures += walk(path, true, &mut searched, &mut found);
            if found.is_empty() && searched.len() > before {
                // Not a failure, but a judge who named the wrong folder should hear of it.
                eprintln!("tribbles: {}: warning: no `.tlog` file in this directory", shown(path));
            }
            found.sort();
            inputs.extend(found.into_iter().map(Input::File));
        } else if path.exists() {
            inputs.push(Input::File(path.clone()));
        } else {
            eprintln!("tribbles: {}: no such file or directory", shown(path));
            failures += 1;
        }
    }
    let mut seen: HashMap<PathBuf, usize> = HashMap::new();
    let mut kept: Vec<Input> = Vec::with_capacity(inputs.len());
    for input in inputs {
        if let Input::File(path) = &input {
            let real = std::fs::canonicalize(path).unwrap_or_else(|_| path.clone());
            if let Some(&first) = seen.get(&real) {
                let first = kept[first].name();
                if first == input.name() {
                    eprintln!("tribbles: {}: warning: given again; it is read once", shown(path));
                } else {
                    eprintln!(
                        "tribbles: {}: warning: the same file as {}; it is read once",
                        shown(path),
                        visible(&first)
                    );
                }
                continue;
            }
            seen.insert(real, kept.len());
        }
        kept.push(input);
    }
    (kept, failures)
}

/// Searches `dir` and the directories under it for `*.tlog` files. Symbolic links are followed,
/// but each directory is searched once: a link back up the tree (or a second link to one place)
/// would otherwise find the same logs again and again, so it is named on stderr and passed over.
/// `searched` maps each directory's real path to the path it was first searched under; `given`
/// says `dir` was named on the command line, not found in a search. What cannot be read is
/// reported on stderr and counted, and the search goes on with the rest.
fn walk(dir: &Path, given: bool, searched: &mut HashMap<PathBuf, PathBuf>, found: &mut Vec<PathBuf>) -> usize {
    let real = match std::fs::canonicalize(dir) {
        Ok(real) => real,
        Err(e) => {
            eprintln!("tribbles: {}: {e}", shown(dir));
            return 1;
        }
    };
    if let Some(first) = searched.get(&real) {
        if given && first == dir {
            eprintln!("tribbles: {}: warning: given again; it is searched once", shown(dir));
        } else {
            eprintln!(
                "tribbles: {}: warning: not searched again: it leads to {}, searched already",
                shown(dir),
                shown(first)
            );
        }
        return 0;
    }
    searched.insert(real, dir.to_path_buf());
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) => {
            eprintln!("tribbles: {}: {e}", shown(dir));
            return 1;
        }
    };
    let mut failures = 0;
    for entry in entries {
        match entry {
            Ok(entry) => {
                let path = entry.path();
                if path.is_dir() {
                    failures += walk(&path, false, searched, found);
                } else if path.extension().is_some_and(|e| e == "tlog") {
                    found.push(path);
                }
            }
            Err(e) => {
                eprintln!("tribbles: {}: {e}", shown(dir));
                failures += 1;
            }
        }
    }
    failures
}
