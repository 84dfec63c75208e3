//! Finding and reading the logs a command was given: files, directories searched for `*.tlog`
//! (in sorted order, so output is stable), and `-` for standard input.

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

/// Expands the paths given on the command line. Paths that cannot be read are reported on stderr
/// and counted in the returned number of failures.
pub fn collect(paths: &[PathBuf]) -> (Vec<Input>, usize) {
    let mut inputs = Vec::new();
    let mut failures = 0;
    for path in paths {
        if path.as_os_str() == "-" {
            inputs.push(Input::Stdin);
        } else if path.is_dir() {
            let mut found = Vec::new();
            if let Err(e) = walk(path, &mut found) {
                eprintln!("tribbles: {}: {e}", path.display());
                failures += 1;
            }
            found.sort();
            inputs.extend(found.into_iter().map(Input::File));
        } else if path.exists() {
            inputs.push(Input::File(path.clone()));
        } else {
            eprintln!("tribbles: {}: no such file or directory", path.display());
            failures += 1;
        }
    }
    (inputs, failures)
}

fn walk(dir: &Path, found: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            walk(&path, found)?;
        } else if path.extension().is_some_and(|e| e == "tlog") {
            found.push(path);
        }
    }
    Ok(())
}
