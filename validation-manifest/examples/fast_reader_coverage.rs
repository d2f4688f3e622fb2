//! Which YAML documents of a tree the fast reader reads itself and which it
//! leaves to libyaml's parser, and whether the two read every document
//! alike (they must):
//!
//! ```sh
//! cargo run --release -p k8s-validation-manifest --example fast_reader_coverage -- DIR [-v]
//! ```
//!
//! `-v` lists the documents left to libyaml, largest first. Exits 1 when
//! the two readers differ on a document.

use k8s_validation_manifest::{collect_sources, input, yaml, Format, RawDocument, Splitter, Tape};

fn read(doc: &[u8], fast: bool) -> Result<serde_json::Value, String> {
    let mut tape = Tape::new();
    let has = if fast {
        yaml::parse(doc, &mut tape)?
    } else {
        yaml::parse_with_libyaml(doc, &mut tape)?
    };
    Ok(if has {
        tape.to_json()
    } else {
        serde_json::Value::Null
    })
}

fn main() -> std::process::ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(dir) = args.first() else {
        eprintln!("usage: fast_reader_coverage DIR [-v]");
        return std::process::ExitCode::from(2);
    };
    let verbose = args.iter().any(|a| a == "-v");
    let sources = match collect_sources(std::slice::from_ref(dir), true) {
        Ok(s) => s.sources,
        Err(e) => {
            eprintln!("{e}");
            return std::process::ExitCode::from(2);
        }
    };
    let (mut docs, mut bytes, mut differences) = (0usize, 0usize, 0usize);
    let mut left = Vec::new();
    for source in &sources {
        let Ok(reader) = input::open(source) else {
            continue;
        };
        let mut splitter = Splitter::new(reader);
        let mut raw = RawDocument::default();
        while let Ok(true) = splitter.next_into(&mut raw) {
            if raw.format != Format::Yaml {
                continue;
            }
            docs += 1;
            bytes += raw.bytes.len();
            if !yaml::fast_reader_takes(&raw.bytes) {
                left.push((raw.bytes.len(), format!("{source} document {}", raw.number)));
            }
            if read(&raw.bytes, true) != read(&raw.bytes, false) {
                differences += 1;
                println!("DIFFERENT: {source} document {}", raw.number);
            }
        }
    }
    left.sort_by(|a, b| b.cmp(a));
    if verbose {
        for (len, at) in &left {
            println!("{len:>9} {at}");
        }
    }
    let left_bytes: usize = left.iter().map(|l| l.0).sum();
    println!(
        "{docs} YAML documents ({bytes} bytes): {} left to libyaml ({left_bytes} bytes), {differences} read differently",
        left.len()
    );
    if differences > 0 {
        std::process::ExitCode::FAILURE
    } else {
        std::process::ExitCode::SUCCESS
    }
}
