//! The tour (`cargo run --example tour`) runs to the end and prints what
//! PyTorch's documentation prints for the same examples.

#[path = "../examples/tour.rs"]
mod tour_example;

fn tour_output() -> String {
    let mut out = Vec::new();
    tour_example::tour(&mut out).expect("the tour runs without error");
    String::from_utf8(out).expect("the tour prints UTF-8")
}

#[test]
fn tour_prints_the_pytorch_documentation_results() {
    let out = tour_output();
    // Tensor.view docs: the view(dtype) example, as PyTorch prints it.
    let written = "tensor([[ 0.0047, -0.0310,  1.4999, -0.5316],
        [-0.1520,  0.7472,  0.5617, -0.8649],
        [-2.4724, -0.0334, -0.2976, -0.8499],
        [-0.2109,  1.9913, -0.9607, -0.6123]])";
    assert!(out.contains(written), "{out}");
    let complex = "tensor([[ 0.0047-0.0310j,  1.4999-0.5316j],
        [-0.1520+0.7472j,  0.5617-0.8649j],
        [-2.4724-0.0334j, -0.2976-0.8499j],
        [-0.2109+1.9913j, -0.9607-0.6123j]])";
    assert!(out.contains(complex), "{out}");
    assert!(out.contains(">>> x.view(torch.uint8).size()\ntorch.Size([4, 16])"));
    assert!(out.contains(">>> x.view(torch.cfloat).size()\ntorch.Size([4, 2])"));
    // the transpose/view example and its size/stride
    assert!(out.contains("(torch.Size([1, 3, 2, 4]), (24, 4, 12, 1))"));
    assert!(out.contains(">>> torch.equal(b, c)\nFalse"));
    // the error and its contiguous() fix
    assert!(out.contains(
        "RuntimeError: view size is not compatible with input tensor's size and stride (at least one dimension spans across two contiguous subspaces). Use .reshape(...) instead."
    ));
    assert!(out.contains(">>> p.contiguous().view(-1, 4).size()\ntorch.Size([30, 4])"));
    // "Tensor Views" docs: a write through a view shows in the base
    assert!(out.contains(">>> t[0][0]\ntensor(3.1400)"));
    assert!(
        out.contains("t.view(6, -1)     -> shape (6, 3)   stride (3, 1)")
            || out.contains("t.view(6, -1)    -> shape (6, 3)   stride (3, 1)"),
        "{out}"
    );
}

#[test]
fn the_tour_quotes_the_compilers_message_for_a_wrong_partly_dynamic_view() {
    let out = tour_output();
    assert!(
        out.contains(
            "split_heads(q) for B = 2, T = 5: shape [2, 5, 12, 64], strides [3840, 768, 64, 1]"
        ),
        "{out}"
    );
    let stderr = include_str!("../ui-tests/fail/partly_dynamic_head_count_does_not_divide.stderr");
    assert_eq!(
        stderr.lines().next(),
        Some(tour_example::WRONG_HEADS_MESSAGE)
    );
    assert!(out.contains(tour_example::WRONG_HEADS_MESSAGE));
}
