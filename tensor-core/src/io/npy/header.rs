//! The `.npy` header: the magic and version, then a Python dict literal
//! `{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }`, parsed
//! strictly (those three keys, once each) and with a size cap.

use super::dtype::{descr, parse_descr};
use crate::io::WeightsError;
use crate::DType;

/// The six bytes every `.npy` file starts with.
pub(super) const MAGIC: &[u8; 6] = b"\x93NUMPY";

/// The largest header read, as `numpy.load`'s default `max_header_size`.
pub(super) const MAX_HEADER_BYTES: usize = 10_000;

/// Bytes before the header text: magic, version, and a 4-byte length
/// (versions 2 and 3; version 1 has a 2-byte one).
pub(super) const MAX_PREAMBLE_BYTES: usize = 12;

/// What a header says about the data after it.
#[derive(Debug, PartialEq)]
pub(super) struct Header {
    pub(super) dtype: DType,
    /// Whether multi-byte numbers are little-endian.
    pub(super) little_endian: bool,
    /// Whether the data is in column-major order.
    pub(super) fortran_order: bool,
    pub(super) shape: Vec<usize>,
}

impl Header {
    /// Bytes of the data: the shape's elements times the element size,
    /// or an error when that overflows.
    pub(super) fn data_bytes(&self) -> Result<usize, WeightsError> {
        self.shape
            .iter()
            .try_fold(self.dtype.size(), |n, &d| n.checked_mul(d))
            .ok_or_else(|| malformed(format!("the shape {:?} overflows", self.shape)))
    }

    /// The header as numpy writes it (version 1.0, or 2.0 when longer than
    /// 65535 bytes), padded with spaces so that the data starts at a multiple
    /// of 64 bytes, and the whole preamble.
    pub(super) fn encode(&self) -> Vec<u8> {
        let shape = match self.shape.as_slice() {
            [d] => format!("({d},)"),
            dims => {
                let dims: Vec<String> = dims.iter().map(usize::to_string).collect();
                format!("({})", dims.join(", "))
            }
        };
        let mut text = format!(
            "{{'descr': '{}', 'fortran_order': {}, 'shape': {}, }}",
            descr(self.dtype, self.little_endian).expect("the writer checked the dtype"),
            if self.fortran_order { "True" } else { "False" },
            shape
        );
        let (version, len_bytes) = if text.len() + 11 <= usize::from(u16::MAX) {
            (1u8, 2)
        } else {
            (2u8, 4)
        };
        let preamble = MAGIC.len() + 2 + len_bytes;
        while !(preamble + text.len() + 1).is_multiple_of(64) {
            text.push(' ');
        }
        text.push('\n');
        let mut out = MAGIC.to_vec();
        out.extend_from_slice(&[version, 0]);
        match version {
            1 => out.extend_from_slice(&(text.len() as u16).to_le_bytes()),
            _ => out.extend_from_slice(&(text.len() as u32).to_le_bytes()),
        }
        out.extend_from_slice(text.as_bytes());
        out
    }
}

/// Where the header text starts and how long it is, from the file's first
/// bytes (at most [`MAX_PREAMBLE_BYTES`]).
pub(super) fn preamble(prefix: &[u8]) -> Result<(usize, usize), WeightsError> {
    if prefix.len() < 10 || &prefix[..6] != MAGIC {
        return Err(malformed("it does not start with \\x93NUMPY"));
    }
    let (start, len) = match prefix[6] {
        1 => (10, usize::from(u16::from_le_bytes([prefix[8], prefix[9]]))),
        2 | 3 if prefix.len() >= 12 => {
            let len = u32::from_le_bytes([prefix[8], prefix[9], prefix[10], prefix[11]]);
            (12, usize::try_from(len).unwrap_or(usize::MAX))
        }
        major => {
            return Err(malformed(format!(
                "format version {major} is not 1, 2 or 3"
            )))
        }
    };
    if len > MAX_HEADER_BYTES {
        return Err(malformed(format!(
            "the header claims {len} bytes, more than the {MAX_HEADER_BYTES} numpy.load reads"
        )));
    }
    Ok((start, len))
}

/// Parses the header text (the dict literal and its padding).
pub(super) fn parse(text: &[u8]) -> Result<Header, WeightsError> {
    let text = std::str::from_utf8(text).map_err(|_| malformed("the header is not UTF-8"))?;
    let mut p = Parser { rest: text };
    let mut descr_text = None;
    let mut fortran_order = None;
    let mut shape = None;
    p.expect('{')?;
    while !p.eat('}') {
        let key = p.string()?;
        p.expect(':')?;
        match key {
            "descr" if descr_text.is_none() => descr_text = Some(p.string()?),
            "fortran_order" if fortran_order.is_none() => fortran_order = Some(p.boolean()?),
            "shape" if shape.is_none() => shape = Some(p.tuple()?),
            other => return Err(malformed(format!("unexpected or repeated key '{other}'"))),
        }
        if !p.eat(',') {
            p.expect('}')?;
            break;
        }
    }
    if !p.rest.trim().is_empty() {
        return Err(malformed("text after the header's dict"));
    }
    let missing = |key| malformed(format!("the header has no '{key}'"));
    let descr_text = descr_text.ok_or_else(|| missing("descr"))?;
    let (dtype, little_endian) = parse_descr(descr_text)
        .ok_or_else(|| malformed(format!("dtype '{descr_text}' has no tensor-view type")))?;
    Ok(Header {
        dtype,
        little_endian,
        fortran_order: fortran_order.ok_or_else(|| missing("fortran_order"))?,
        shape: shape.ok_or_else(|| missing("shape"))?,
    })
}

/// A cursor over the header text.
struct Parser<'a> {
    rest: &'a str,
}

impl<'a> Parser<'a> {
    /// Skips spaces, then takes `c` if it comes next.
    fn eat(&mut self, c: char) -> bool {
        self.rest = self.rest.trim_start();
        match self.rest.strip_prefix(c) {
            Some(rest) => {
                self.rest = rest;
                true
            }
            None => false,
        }
    }

    fn expect(&mut self, c: char) -> Result<(), WeightsError> {
        if self.eat(c) {
            Ok(())
        } else {
            Err(malformed(format!("the header lacks '{c}' where expected")))
        }
    }

    /// A Python string literal in single or double quotes, without escapes.
    fn string(&mut self) -> Result<&'a str, WeightsError> {
        self.rest = self.rest.trim_start();
        let quote = match self.rest.chars().next() {
            Some(q @ ('\'' | '"')) => q,
            _ => return Err(malformed("the header lacks a string where expected")),
        };
        let body = &self.rest[1..];
        let end = body
            .find(quote)
            .ok_or_else(|| malformed("a string in the header is not closed"))?;
        self.rest = &body[end + 1..];
        Ok(&body[..end])
    }

    fn boolean(&mut self) -> Result<bool, WeightsError> {
        self.rest = self.rest.trim_start();
        for (word, value) in [("True", true), ("False", false)] {
            if let Some(rest) = self.rest.strip_prefix(word) {
                self.rest = rest;
                return Ok(value);
            }
        }
        Err(malformed("'fortran_order' is not True or False"))
    }

    /// A tuple of non-negative integers: `()`, `(3,)`, `(2, 3)`.
    fn tuple(&mut self) -> Result<Vec<usize>, WeightsError> {
        self.expect('(')?;
        let mut dims = Vec::new();
        while !self.eat(')') {
            self.rest = self.rest.trim_start();
            let digits = self.rest.len()
                - self
                    .rest
                    .trim_start_matches(|c: char| c.is_ascii_digit())
                    .len();
            let dim = self.rest[..digits]
                .parse::<usize>()
                .map_err(|_| malformed("'shape' is not a tuple of sizes"))?;
            self.rest = &self.rest[digits..];
            self.eat('L'); // Python 2 wrote long integers with an L
            dims.push(dim);
            if dims.len() > 64 {
                return Err(malformed("'shape' has more than 64 dims"));
            }
            if !self.eat(',') {
                self.expect(')')?;
                break;
            }
        }
        Ok(dims)
    }
}

pub(super) fn malformed(reason: impl Into<String>) -> WeightsError {
    WeightsError::Malformed {
        format: "npy",
        reason: reason.into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_what_numpy_writes_and_encodes_it_back() {
        let text = b"{'descr': '>i4', 'fortran_order': True, 'shape': (2, 3), }          \n";
        let h = parse(text).unwrap();
        assert_eq!(
            h,
            Header {
                dtype: DType::I32,
                little_endian: false,
                fortran_order: true,
                shape: vec![2, 3]
            }
        );
        let encoded = h.encode();
        assert_eq!(encoded.len() % 64, 0);
        let (start, len) = preamble(&encoded[..12]).unwrap();
        assert_eq!(parse(&encoded[start..start + len]).unwrap(), h);
    }

    #[test]
    fn shapes_of_every_rank_parse() {
        for (text, shape) in [
            ("()", vec![]),
            ("(3,)", vec![3]),
            ("(2,3,4)", vec![2, 3, 4]),
            ("(5L, 0)", vec![5, 0]),
        ] {
            let header =
                format!("{{\"shape\": {text}, \"fortran_order\": False, \"descr\": \"|u1\"}}");
            assert_eq!(parse(header.as_bytes()).unwrap().shape, shape, "{text}");
        }
    }

    #[test]
    fn bad_headers_are_errors() {
        for text in [
            "",
            "{",
            "{'descr': '<f4'}",
            "{'descr': '<f4', 'fortran_order': False, 'shape': (2, -3), }",
            "{'descr': '<f4', 'fortran_order': 0, 'shape': (2,), }",
            "{'descr': '<f4', 'descr': '<f4', 'fortran_order': False, 'shape': (2,), }",
            "{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': (2,), }",
            "{'descr': '<M8', 'fortran_order': False, 'shape': (2,), }",
            "{'descr': '<f4', 'fortran_order': False, 'shape': (99999999999999999999999,), }",
            "{'descr': '<f4', 'fortran_order': False, 'shape': (2,), } x",
            "{'descr': '<f4, 'fortran_order': False, 'shape': (2,), }",
        ] {
            assert!(parse(text.as_bytes()).is_err(), "{text}");
        }
        assert!(preamble(b"\x93NUMPY\x01\x00\xff\xff").is_err());
        assert!(preamble(b"\x93NUMPX\x01\x00\x10\x00").is_err());
        assert!(preamble(b"\x93NUMPY\x04\x00\x10\x00").is_err());
        assert!(preamble(b"\x93NUMPY\x02\x00\x10\x00").is_err());
        assert_eq!(preamble(b"\x93NUMPY\x01\x00\x10\x00").unwrap(), (10, 16));
    }
}
