//! Lexes and parses a preprocessed file and prints what the parser could not read.
//! `cargo run --release -p cudafe-core --example parse_dump -- FILE.ii [--cxx 20]`

use cudafe_core::lexer::{self, LexOptions};
use cudafe_core::source_map::SourceMap;
use cudafe_core::syntax::parser::{self, ParseOptions};

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("a file");
    let mut cxx = 17;
    while let Some(a) = args.next() {
        if a == "--cxx" {
            cxx = args.next().unwrap().parse().unwrap();
        }
    }
    let bytes = std::fs::read(&path).expect("readable");
    let t0 = std::time::Instant::now();
    let map = SourceMap::new(&path, bytes);
    let lexed = lexer::lex(&map, &LexOptions::default());
    let t1 = std::time::Instant::now();
    let parsed = parser::parse(
        &map,
        lexed.tokens.clone(),
        ParseOptions {
            cxx,
            gnu: true,
            ..ParseOptions::default()
        },
    );
    let t2 = std::time::Instant::now();
    eprintln!(
        "tokens: {}  lex: {:?}  parse: {:?}  entities: {}  recoveries: {}",
        lexed.tokens.len(),
        t1 - t0,
        t2 - t1,
        parsed.sema.entities.len(),
        parsed.unit.recoveries.len()
    );
    if std::env::var_os("KINDS").is_some() {
        let mut counts = std::collections::BTreeMap::new();
        for e in &parsed.sema.entities {
            *counts.entry(format!("{:?}", e.kind)).or_insert(0) += 1;
        }
        eprintln!("{counts:?}");
    }
    for r in parsed.unit.recoveries.iter().take(40) {
        let p = map.presumed(r.at.lo);
        let line = String::from_utf8_lossy(map.physical_line_text(r.at.lo));
        println!(
            "{}:{}: {}\n    {}",
            map.file_name(p.file),
            p.line,
            r.what,
            line.trim()
        );
    }
}
