//! The nested brackets: PyTorch's `_tensor_str_with_formatter` and
//! `_vector_str` over already formatted elements.
//!
//! A 1-D run is wrapped to the line width (80) with as many elements per line
//! as fit after the indent; higher dims join their slices with `,`, one
//! newline per dim below, and the indent; summarised dims show `...` (` ...`
//! inside a row) between their edge items.

use super::summarize::DimSelection;

/// Characters per line (`linewidth=80`).
pub(crate) const LINE_WIDTH: usize = 80;

/// The bracketed text of the shown elements `cells` (row-major over
/// `dims`), starting at column `indent`. `element_width` is the padded width
/// of one element (for complex: real width + imaginary width + 1).
pub(crate) fn nested(
    cells: &[String],
    dims: &[DimSelection],
    indent: usize,
    element_width: usize,
) -> String {
    match dims.len() {
        0 => cells[0].clone(),
        1 => row(cells, &dims[0], indent, element_width),
        ndim => {
            let block = cells.len() / dims[0].indices.len().max(1);
            let mut slices: Vec<String> = Vec::with_capacity(dims[0].indices.len() + 1);
            for (k, chunk) in cells.chunks(block.max(1)).enumerate() {
                if dims[0].cut && k == super::summarize::EDGE_ITEMS {
                    slices.push("...".to_string());
                }
                slices.push(nested(chunk, &dims[1..], indent + 1, element_width));
            }
            let separator = format!(",{}{}", "\n".repeat(ndim - 1), " ".repeat(indent + 1));
            format!("[{}]", slices.join(&separator))
        }
    }
}

/// One 1-D run, wrapped to [`LINE_WIDTH`].
fn row(cells: &[String], dim: &DimSelection, indent: usize, element_width: usize) -> String {
    let element_length = element_width + 2;
    // Python: max(1, floor((linewidth - indent) / element_length)), in signed arithmetic.
    let room = LINE_WIDTH as isize - indent as isize;
    let per_line = room.div_euclid(element_length as isize).max(1) as usize;
    let mut items: Vec<&str> = Vec::with_capacity(cells.len() + 1);
    for (k, cell) in cells.iter().enumerate() {
        if dim.cut && k == super::summarize::EDGE_ITEMS {
            items.push(" ...");
        }
        items.push(cell);
    }
    let lines: Vec<String> = items.chunks(per_line).map(|line| line.join(", ")).collect();
    let separator = format!(",\n{}", " ".repeat(indent + 1));
    format!("[{}]", lines.join(&separator))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::display::summarize::select;

    fn cells(n: usize) -> Vec<String> {
        (0..n).map(|i| format!("{i:>2}")).collect()
    }

    #[test]
    fn rows_wrap_after_as_many_as_fit() {
        // 80 - 7 = 73 columns, 4 per element: 18 per line
        let text = nested(&cells(20), &select(&[20], false), 7, 2);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 2);
        assert!(lines[0].starts_with("[ 0,  1,") && lines[0].ends_with("17,"));
        assert_eq!(lines[1], "        18, 19]");
    }

    #[test]
    fn matrices_stack_rows_under_the_bracket() {
        let text = nested(&cells(4), &select(&[2, 2], false), 7, 2);
        assert_eq!(text, "[[ 0,  1],\n        [ 2,  3]]");
        let text = nested(&cells(2), &select(&[2, 1, 1], false), 0, 2);
        assert_eq!(text, "[[[ 0]],\n\n [[ 1]]]");
    }

    #[test]
    fn a_very_deep_indent_still_puts_one_per_line() {
        let text = nested(&cells(2), &select(&[2], false), 100, 2);
        assert_eq!(text, format!("[ 0,\n{} 1]", " ".repeat(101)));
    }
}
