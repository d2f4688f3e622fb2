//! Go's `unicode.IsPrint` (as used by `strconv.Quote`), approximated for the
//! characters that matter: ASCII exactly, and the non-printable classes that
//! occur in practice (controls, format characters, separators, private use,
//! surrogates, noncharacters).

/// Whether Go's `strconv.IsPrint` considers `c` printable.
pub(crate) fn is_go_printable(c: char) -> bool {
    let u = c as u32;
    if u < 0x80 {
        return (0x20..0x7f).contains(&u);
    }
    if c.is_control() {
        return false;
    }
    // Space separators other than U+0020, line and paragraph separators.
    if c.is_whitespace() {
        return false;
    }
    !matches!(u,
        0x00AD
        | 0x0600..=0x0605
        | 0x061C
        | 0x06DD
        | 0x070F
        | 0x0890..=0x0891
        | 0x08E2
        | 0x180E
        | 0x200B..=0x200F
        | 0x202A..=0x202E
        | 0x2060..=0x2064
        | 0x2066..=0x206F
        | 0xFEFF
        | 0xFFF9..=0xFFFB
        | 0xE000..=0xF8FF
        | 0xFDD0..=0xFDEF
        | 0xFFFE..=0xFFFF
        | 0x110BD
        | 0x110CD
        | 0x13430..=0x1343F
        | 0x1BCA0..=0x1BCA3
        | 0x1D173..=0x1D17A
        | 0xE0001
        | 0xE0020..=0xE007F
        | 0xF0000..=0x10FFFF
    ) && (u & 0xFFFE) != 0xFFFE
}
