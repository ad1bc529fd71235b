//! `--output_mode=sarif`: the JSON cudafe++ writes to stderr instead of text diagnostics.
//!
//! The whole log is one line: [`HEADER`], the results, [`FOOTER`]. Each result is
//! `{"ruleId":"EC<internal number>","level":…,"message":{"text":…}` followed, when the
//! diagnostic has a position, by `"locations":[{"physicalLocation":…}]`, then by
//! `"relatedLocations":[…]` for its notes, and `}`. cudafe++ puts a comma before a result only
//! once two or more errors have been counted, so a log whose warnings come before the second
//! error is not valid JSON; we write the same bytes. Strings escape only `"` and `\`.

/// Everything before the first result.
pub const HEADER: &str = concat!(
    r#"{"version":"2.1.0","$schema":"https://raw.githubusercontent.com/oasis-tcs/sarif-spec/master/Schemata/sarif-schema-2.1.0.json","#,
    r#""runs":[{"tool":{"driver":{"name":"EDG CPFE","version":"6.6","organization":"Edison Design Group","#,
    r#""fullName":"Edison Design Group C/C++ Front End - 6.6","informationUri":"https://edg.com/c"}},"#,
    r#""columnKind":"unicodeCodePoints","results":["#
);

/// Everything after the last result.
pub const FOOTER: &str = "]}]}\n";

/// Appends `s` as the body of a JSON string, the way cudafe++ escapes it.
pub fn escape_into(out: &mut Vec<u8>, s: &[u8]) {
    for &b in s {
        if b == b'"' || b == b'\\' {
            out.push(b'\\');
        }
        out.push(b);
    }
}

/// A SARIF region: a line, and a one-based column when the position has one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Region {
    pub uri: Vec<u8>,
    pub line: u32,
    pub column: Option<u32>,
}

/// `{"physicalLocation":…}` without the braces' owner: the `"physicalLocation":{…}` member.
pub fn physical_location(out: &mut Vec<u8>, region: &Region) {
    out.extend_from_slice(br#""physicalLocation":{"artifactLocation":{"uri":""#);
    escape_into(out, &region.uri);
    out.extend_from_slice(br#""},"region":{"startLine":"#);
    out.extend_from_slice(region.line.to_string().as_bytes());
    if let Some(c) = region.column {
        out.extend_from_slice(br#","startColumn":"#);
        out.extend_from_slice(c.to_string().as_bytes());
    }
    out.extend_from_slice(b"}}");
}

/// A related location (a note).
pub struct Related<'a> {
    pub text: &'a [u8],
    pub region: Option<Region>,
}

/// Writes one result.
pub fn result(
    out: &mut Vec<u8>,
    rule: u32,
    level: &str,
    text: &[u8],
    region: Option<&Region>,
    related: &[Related<'_>],
) {
    out.extend_from_slice(br#"{"ruleId":"EC"#);
    out.extend_from_slice(rule.to_string().as_bytes());
    out.extend_from_slice(br#"","level":""#);
    out.extend_from_slice(level.as_bytes());
    out.extend_from_slice(br#"","message":{"text":""#);
    escape_into(out, text);
    out.extend_from_slice(br#""}"#);
    if let Some(region) = region {
        out.extend_from_slice(br#","locations":[{"#);
        physical_location(out, region);
        out.extend_from_slice(b"}]");
    }
    if !related.is_empty() {
        out.extend_from_slice(br#","relatedLocations":["#);
        for (i, r) in related.iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            out.extend_from_slice(br#"{"message":{"text":""#);
            escape_into(out, r.text);
            out.extend_from_slice(br#""}"#);
            if let Some(region) = &r.region {
                out.push(b',');
                physical_location(out, region);
            }
            out.push(b'}');
        }
        out.push(b']');
    }
    out.push(b'}');
}

/// The `file://` URI cudafe++ writes for a file name from a line marker: the name resolved
/// against `cwd` and normalized lexically (`.` and `..` dropped, no symlinks resolved, no
/// percent-encoding).
pub fn file_uri(cwd: &[u8], name: &[u8]) -> Vec<u8> {
    let mut parts: Vec<&[u8]> = Vec::new();
    let absolute = name.first() == Some(&b'/');
    fn push<'a>(path: &'a [u8], parts: &mut Vec<&'a [u8]>) {
        for part in path.split(|&b| b == b'/') {
            match part {
                b"" | b"." => {}
                b".." => {
                    parts.pop();
                }
                p => parts.push(p),
            }
        }
    }
    if !absolute {
        push(cwd, &mut parts);
    }
    push(name, &mut parts);
    let mut uri = b"file://".to_vec();
    if parts.is_empty() {
        uri.push(b'/');
    }
    for p in parts {
        uri.push(b'/');
        uri.extend_from_slice(p);
    }
    uri
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uris_are_normalized_lexically() {
        let cwd = b"/tmp/dx";
        assert_eq!(file_uri(cwd, b"d1.cu"), b"file:///tmp/dx/d1.cu");
        assert_eq!(
            file_uri(cwd, "a b/./../x%y é.cu".as_bytes()),
            "file:///tmp/dx/x%y é.cu".as_bytes()
        );
        assert_eq!(
            file_uri(cwd, b"/tmp/dx/../dx/sub/k.h"),
            b"file:///tmp/dx/sub/k.h"
        );
        assert_eq!(file_uri(cwd, b"//tmp//dx/../../../q.cu"), b"file:///q.cu");
        assert_eq!(file_uri(cwd, b"<built-in>"), b"file:///tmp/dx/<built-in>");
        assert_eq!(file_uri(cwd, b"/nonexist/./k.h"), b"file:///nonexist/k.h");
    }

    #[test]
    fn a_result() {
        let mut out = Vec::new();
        let region = Region {
            uri: b"file:///tmp/dx/d1.cu".to_vec(),
            line: 5,
            column: Some(27),
        };
        result(
            &mut out,
            549,
            "warning",
            b"variable \"x\" is used before its value is set",
            Some(&region),
            &[],
        );
        assert_eq!(
            String::from_utf8(out).unwrap(),
            r#"{"ruleId":"EC549","level":"warning","message":{"text":"variable \"x\" is used before its value is set"},"locations":[{"physicalLocation":{"artifactLocation":{"uri":"file:///tmp/dx/d1.cu"},"region":{"startLine":5,"startColumn":27}}}]}"#
        );
    }

    #[test]
    fn escaping_leaves_control_characters_alone() {
        let mut out = Vec::new();
        escape_into(&mut out, b"a\\b\tc\"\n");
        assert_eq!(out, b"a\\\\b\tc\\\"\n");
    }
}
