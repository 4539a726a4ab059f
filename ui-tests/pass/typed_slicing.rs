//! narrow!, select!, split!, chunk!, unbind!, hsplit!/vsplit!/dsplit! with a stated shape give typed
//! tensors: static and partly-dynamic inputs, literal and run-time starts;
//! row-major results (along dim 0, say) of row-major inputs are typed row-major.
#![allow(clippy::type_complexity)] // result types written out, as a user would
use tensor_view::{
    chunk, dims, dsplit, hsplit, index, narrow, select, split, split_with_sizes, tensor_split,
    transpose, unbind, view, vsplit, Layout, Shape, Strided, Tensor, ViewError,
};

dims!(B, T);

type Qkv = Shape![B, T, 2304];
type Head = Strided<Shape![B, T, 768]>;

fn qkv(x: &Tensor<f32, Qkv>) -> (Tensor<f32, Head>, Tensor<f32, Head>, Tensor<f32, Head>) {
    split!(x: [B, T, 2304], 768, 2)
}

fn crop(x: &Tensor<f32, Qkv>) -> Result<Tensor<f32, Strided<Shape![B, 4, 2304]>>, ViewError> {
    narrow!(x: [B, T, 2304], 1, 0, 4) // T may be shorter than 4: checked at run time
}

fn qkv_typed(d: &Tensor<f32>) -> Result<Tensor<f32, Qkv>, ViewError> {
    d.clone().into_static()
}

fn main() -> Result<(), ViewError> {
    let x = Tensor::<f32, Shape![5, 8, 3]>::zeros();
    let n: Tensor<f32, Strided<Shape![5, 4, 3]>> = narrow!(x: [5, 8, 3], 1, 2, 4);
    let s: Tensor<f32, Shape![8, 3]> = select!(x: [5, 8, 3], 0, -1); // row-major: typed so
    let start = 3usize;
    let r: Tensor<f32, Strided<Shape![5, 4, 3]>> = narrow!(x: [5, 8, 3], 1, start, 4)?;
    let late = 5usize;
    assert!(narrow!(x: [5, 8, 3], 1, late, 4).is_err());
    let (a, b, c) = chunk!(x: [5, 8, 3], 3, 0);
    let _: (Tensor<f32, Shape![2, 8, 3]>, Tensor<f32, Shape![1, 8, 3]>) = (b, c);
    let rows: [Tensor<f32, Shape![8, 3]>; 5] = unbind!(x: [5, 8, 3], 0);
    let flat: Tensor<f32, Shape![24]> = view!(rows[1], [-1]); // no Result: row-major
    assert_eq!(flat.storage_offset(), 24);
    let t: Tensor<f32, Layout![[8, 5, 3], [3, 24, 1]]> = transpose!(x, 0, 1);
    let (p, q) = split!(t: [8, 5, 3], 6, 0)?; // run-time strides: a Result
    let _: Tensor<f32, Strided<Shape![2, 5, 3]>> = q;
    assert_eq!(
        (n.storage_offset(), s.storage_offset(), r.storage_offset()),
        (6, 96, 9)
    );
    assert_eq!(
        (a.shape(), rows[4].storage_offset(), p.stride()),
        (&[2usize, 8, 3][..], 96, &[3isize, 24, 1][..])
    );
    let (w, z) = split_with_sizes!(x: [5, 8, 3], [1, 7], 1);
    let _: (
        Tensor<f32, Strided<Shape![5, 1, 3]>>,
        Tensor<f32, Strided<Shape![5, 7, 3]>>,
    ) = (w, z);
    let (e, f, g) = tensor_split!(x: [5, 8, 3], [2, -1], 1); // sizes 2, 5, 1
    let _: Tensor<f32, Strided<Shape![5, 5, 3]>> = f;
    assert_eq!((e.shape(), g.storage_offset()), (&[5usize, 2, 3][..], 21));
    let (h, i, j) = tensor_split!(x: [5, 8, 3], 3, 1); // sizes 3, 3, 2
    let _: (
        Tensor<f32, Strided<Shape![5, 3, 3]>>,
        Tensor<f32, Strided<Shape![5, 2, 3]>>,
    ) = (h, j);
    let (top, _): (Tensor<f32, Shape![2, 8, 3]>, Tensor<f32, Shape![3, 8, 3]>) =
        vsplit!(x: [5, 8, 3], [2]);
    let (left, _, _, _) = hsplit!(x: [5, 8, 3], 4);
    let (_, back) = dsplit!(x: [5, 8, 3], [1]);
    let _: (
        Tensor<f32, Strided<Shape![5, 2, 3]>>,
        Tensor<f32, Strided<Shape![5, 8, 2]>>,
    ) = (left, back);
    assert_eq!(view!(top, [-1]).shape(), &[48]); // row-major: no Result
    let (k,) = split!(i: [5, 3, 3], [3], 1)?;
    assert_eq!(k.shape(), &[5, 3, 3]);
    // x[0, 2:, None, :2] and x[..., -1]
    let y: Tensor<f32, Strided<Shape![6, 1, 2]>> = index!(x: [5, 8, 3], [0, 2.., None, ..2;1]);
    let last: Tensor<f32, Strided<Shape![5, 8]>> = index!(x: [5, 8, 3], [..., -1]);
    assert_eq!(
        (y.stride(), last.storage_offset()),
        (&[3isize, 3, 1][..], 2)
    );
    let v = view!(n, [5, 12])?; // a strided result: the stride rule at run time
    assert_eq!(v.stride(), &[24, 1]);
    assert!(view!(n, [20, 3]).is_err()); // the narrowed dim cannot merge with dim 0

    let d = Tensor::<f32>::zeros(&[2, 7, 2304])?;
    let (q, k, v) = qkv(&d.clone().into_static()?);
    assert_eq!(
        (q.shape(), k.storage_offset(), v.storage_offset()),
        (&[2usize, 7, 768][..], 768, 1536)
    );
    assert_eq!(crop(&d.clone().into_static()?)?.shape(), &[2, 4, 2304]);
    let short = Tensor::<f32>::zeros(&[2, 3, 2304])?.into_static()?;
    assert_eq!(
        crop(&short).unwrap_err().to_string(),
        "start (0) + length (4) exceeds dimension size (3)."
    );
    let row = index!(qkv_typed(&d)?: [B, T, 2304], [0, .., 1..3]); // an int on a named dim: a Result
    assert_eq!(row?.shape(), &[7, 2]);
    let (i, n) = (1isize, 3isize);
    assert_eq!(index!(d, [i, ..n;2])?.shape(), &[2, 2304]); // a dynamic tensor: the dynamic op
    let dynamic = narrow!(d, 1, 0, 4usize)?;
    assert_eq!(dynamic.shape(), &[2, 4, 2304]);
    Ok(())
}
