//! A tour of tensor-view: the view examples of PyTorch's documentation
//! (`Tensor.view`, "Tensor Views"), each line as PyTorch writes it, then what
//! tensor-view gives for the same call.
//!
//! Run with `cargo run --example tour`.

use tensor_view::{Tensor, ViewError};

/// `torch.Size([..])`, as PyTorch prints a shape.
fn size<T: tensor_view::Element>(t: &Tensor<T>) -> String {
    let dims: Vec<String> = t.shape().iter().map(|d| d.to_string()).collect();
    format!("torch.Size([{}])", dims.join(", "))
}

/// A tuple as Python prints it: `(4, 1)`, `(1,)`.
fn tuple<I: std::fmt::Display>(items: &[I]) -> String {
    let parts: Vec<String> = items.iter().map(|d| d.to_string()).collect();
    match parts.len() {
        1 => format!("({},)", parts[0]),
        _ => format!("({})", parts.join(", ")),
    }
}

fn python(line: &str) {
    println!(">>> {line}");
}

fn section(title: &str) {
    println!("\n# {title}");
}

#[allow(clippy::approx_constant)] // 3.14 is the value PyTorch's docs write
fn main() -> Result<(), ViewError> {
    section("Tensor.view: the same data with another shape");
    python("x = torch.arange(16.).view(4, 4)");
    let x = Tensor::<f32>::arange(16).view(&[4, 4])?;
    python("x.size()");
    println!("{}", size(&x));
    python("y = x.view(16)");
    let y = x.view(&[16])?;
    python("y.size()");
    println!("{}", size(&y));
    python("z = x.view(-1, 8)  # the size -1 is inferred from other dimensions");
    let z = x.view(&[-1, 8])?;
    python("z.size()");
    println!("{}", size(&z));

    section("transpose swaps dims without moving data; view keeps the memory order");
    python("a = torch.arange(24.).view(1, 2, 3, 4)");
    let a = Tensor::<f32>::arange(24).view(&[1, 2, 3, 4])?;
    python("b = a.transpose(1, 2)  # Swaps 2nd and 3rd dimension");
    let b = a.transpose(1, 2)?;
    python("b.size(), b.stride()");
    println!("({}, {})", size(&b), tuple(b.stride()));
    python("c = a.view(1, 3, 2, 4)  # Does not change tensor layout in memory");
    let c = a.view(&[1, 3, 2, 4])?;
    python("c.size(), c.stride()");
    println!("({}, {})", size(&c), tuple(c.stride()));
    python("torch.equal(b, c)");
    println!("{}", if b.equal(&c) { "True" } else { "False" });

    section("a view needs compatible strides; contiguous() copies when it must");
    python("p = torch.zeros(5, 4, 3, 2).permute(0, 2, 3, 1)");
    let p = Tensor::<f32>::zeros(&[5, 4, 3, 2])?.permute(&[0, 2, 3, 1])?;
    python("p.stride(), p.is_contiguous()");
    println!(
        "({}, {})",
        tuple(p.stride()),
        if p.is_contiguous() { "True" } else { "False" }
    );
    python("p.view(-1, 4)");
    match p.view(&[-1, 4]) {
        Ok(v) => println!("{}", size(&v)),
        Err(e) => println!("RuntimeError: {e}"),
    }
    python("p.contiguous().view(-1, 4).size()");
    println!("{}", size(&p.contiguous()?.view(&[-1, 4])?));
    python("x.view(3, 3)");
    if let Err(e) = x.view(&[3, 3]) {
        println!("RuntimeError: {e}");
    }
    python("x.view(-1, -1)");
    if let Err(e) = x.view(&[-1, -1]) {
        println!("RuntimeError: {e}");
    }

    section("-1 inferred: the 18 elements of torch.arange(18) in every 2-D view");
    python("t = torch.arange(18)");
    let t = Tensor::<i64>::arange(18);
    for shape in [
        [1, -1],
        [2, -1],
        [3, -1],
        [6, -1],
        [9, -1],
        [18, -1],
        [-1, 1],
        [-1, 2],
        [-1, 3],
        [-1, 6],
        [-1, 9],
        [-1, 18],
    ] {
        let v = t.view(&shape)?;
        println!(
            "t.view{:<10} -> shape {:<8} stride {}",
            tuple(&shape),
            tuple(v.shape()),
            tuple(v.stride())
        );
    }

    section("views share storage: a write through one shows in the other");
    python("t = torch.arange(16.).view(4, 4)");
    let t = Tensor::<f32>::arange(16).view(&[4, 4])?;
    python("b = t.view(2, 8)");
    let b = t.view(&[2, 8])?;
    python("t.untyped_storage().data_ptr() == b.untyped_storage().data_ptr()");
    println!(
        "{}",
        if t.storage_ptr() == b.storage_ptr() {
            "True"
        } else {
            "False"
        }
    );
    python("b[0][0] = 3.14");
    b.set(&[0, 0], 3.14)?; // the docs' value, not an approximation of pi
    python("t[0][0].item()");
    println!("{}", t.get(&[0, 0])?);

    section("transpose is a view; contiguous() of a non-contiguous view is a copy");
    python("base = torch.tensor([[0, 1], [2, 3]])");
    let base = Tensor::<i64>::arange(4).view(&[2, 2])?;
    python("base.is_contiguous()");
    println!(
        "{}",
        if base.is_contiguous() {
            "True"
        } else {
            "False"
        }
    );
    python("t = base.transpose(0, 1)");
    let t = base.transpose(0, 1)?;
    python("t.is_contiguous()");
    println!("{}", if t.is_contiguous() { "True" } else { "False" });
    python("c = t.contiguous()");
    let c = t.contiguous()?;
    python(
        "c.is_contiguous(), c.untyped_storage().data_ptr() == base.untyped_storage().data_ptr()",
    );
    println!(
        "({}, {})",
        if c.is_contiguous() { "True" } else { "False" },
        if c.shares_storage(&base) {
            "True"
        } else {
            "False"
        }
    );
    Ok(())
}
