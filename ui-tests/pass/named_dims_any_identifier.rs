//! Any identifier is a dim name: for each name below, a module declares it
//! with dims! and runs it through every macro that takes dims (and the
//! others, with the name in scope), with a run-time batch. The names are
//! every capital letter, the names model code uses, names of the library's
//! own types and of the items and generic parameters the macros wrote
//! before they took the `__tv` prefix, and the prelude's. Everything is
//! named by its path, so the dim may shadow any of them in its module.
macro_rules! every_macro {
    ($($module:ident: $N:ident),* $(,)?) => {
        $(
            mod $module {
                ::tensor_view::dims!($N);
                // (`Shape` the trait, for `ones()` and `zeros()`, bound to no name)
                use ::tensor_view::Shape as _;

                pub fn run(b: usize) {
                    type_check(b);
                    assert_eq!(::core::any::type_name::<$N>().rsplit("::").next(), ::core::option::Option::Some(::core::stringify!($N)));
                }

                #[allow(clippy::type_complexity)]
                fn type_check(b: usize) {
                    let x: ::tensor_view::Tensor<f32, ::tensor_view::Shape![$N, 4, 6]> =
                        ::tensor_view::Tensor::<f32>::arange(b * 24).view(&[b as isize, 4, 6]).unwrap().into_static().unwrap();
                    assert_eq!(x.sym_size::<$N>(), ::core::option::Option::Some(b));
                    // view!
                    let v: ::tensor_view::Tensor<f32, ::tensor_view::Shape![$N, 24]> = ::tensor_view::view!(x, [$N, -1]);
                    let v: ::tensor_view::Tensor<f32, ::tensor_view::Shape![$N, 2, 12]> = ::tensor_view::view!(v, [-1, 2, 12]);
                    let rows: ::tensor_view::Tensor<f32, ::tensor_view::Shape![$N * 4, 6]> = ::tensor_view::view!(x, [-1, 6]);
                    let lit: ::tensor_view::Tensor<f32, ::tensor_view::Shape![$N, 24]> = ::tensor_view::view!(x, [-1, 24]);
                    assert_eq!((v.shape(), rows.shape(), lit.shape()), (&[b, 2, 12][..], &[b * 4, 6][..], &[b, 24][..]));
                    assert_eq!(rows.sym_size::<$N>(), ::core::option::Option::Some(b));
                    // transpose!, permute!, movedim!, flatten!, unsqueeze!, squeeze!, unflatten!
                    let t: ::tensor_view::Tensor<f32, ::tensor_view::Strided<::tensor_view::Shape![$N, 6, 4]>> = ::tensor_view::transpose!(x, 1, 2);
                    let p: ::tensor_view::Tensor<f32, ::tensor_view::Strided<::tensor_view::Shape![6, $N, 4]>> = ::tensor_view::permute!(x, [2, 0, 1]);
                    let m = ::tensor_view::movedim!(x, 0, 2);
                    let f: ::tensor_view::Tensor<f32, ::tensor_view::Shape![$N * 4, 6]> = ::tensor_view::flatten!(x, 0, 1);
                    let u: ::tensor_view::Tensor<f32, ::tensor_view::Shape![$N, 1, 4, 6]> = ::tensor_view::unsqueeze!(x, 1);
                    let s: ::tensor_view::Tensor<f32, ::tensor_view::Shape![$N, 4, 6]> = ::tensor_view::squeeze!(u, 1);
                    let h: ::tensor_view::Tensor<f32, ::tensor_view::Shape![$N, 4, 2, 3]> = ::tensor_view::unflatten!(x, -1, [2, -1]);
                    assert_eq!((t.stride(), p.shape(), m.shape()), (&[24, 1, 6][..], &[6, b, 4][..], &[4, 6, b][..]));
                    assert_eq!((f.shape(), s.shape(), h.shape()), (&[b * 4, 6][..], &[b, 4, 6][..], &[b, 4, 2, 3][..]));
                    // softmax!, log_softmax!, sum!, mean!
                    let sm: ::tensor_view::Tensor<f32, ::tensor_view::Shape![$N, 4, 6]> = ::tensor_view::softmax!(x, -1);
                    let lsm: ::tensor_view::Tensor<f32, ::tensor_view::Shape![$N, 6, 4]> = ::tensor_view::log_softmax!(t, 0);
                    let su: ::tensor_view::Tensor<f32, ::tensor_view::Shape![$N, 6]> = ::tensor_view::sum!(x: [$N, 4, 6], 1);
                    let me: ::tensor_view::Tensor<f32, ::tensor_view::Shape![$N, 1, 6]> = ::tensor_view::mean!(x: [$N, 4, 6], 1, keepdim = true);
                    assert_eq!((sm.shape(), lsm.shape(), su.shape(), me.shape()), (&[b, 4, 6][..], &[b, 6, 4][..], &[b, 6][..], &[b, 1, 6][..]));
                    // add!, sub!, mul!, div!, matmul!
                    let y = ::tensor_view::Tensor::<f32, ::tensor_view::Shape![4, 6]>::ones();
                    let w = ::tensor_view::Tensor::<f32, ::tensor_view::Shape![6, 3]>::ones();
                    let a: ::tensor_view::Tensor<f32, ::tensor_view::Shape![$N, 4, 6]> = ::tensor_view::add!(x: [$N, 4, 6], y: [4, 6]);
                    let d: ::tensor_view::Tensor<f32, ::tensor_view::Shape![$N, 4, 6]> = ::tensor_view::sub!(y: [4, 6], x: [$N, 4, 6]);
                    let q: ::tensor_view::Tensor<f32, ::tensor_view::Shape![$N, 4, 6]> = ::tensor_view::mul!(x: [$N, 4, 6], a: [$N, 4, 6]).unwrap();
                    let r: ::tensor_view::Tensor<f32, ::tensor_view::Shape![$N, 4, 6]> = ::tensor_view::div!(x: [$N, 4, 6], y: [4, 6]);
                    let mm: ::tensor_view::Tensor<f32, ::tensor_view::Shape![$N, 4, 3]> = ::tensor_view::matmul!(x: [$N, 4, 6], w: [6, 3]);
                    assert_eq!((a.shape(), d.shape(), q.shape(), r.shape(), mm.shape()), (&[b, 4, 6][..], &[b, 4, 6][..], &[b, 4, 6][..], &[b, 4, 6][..], &[b, 4, 3][..]));
                    // masked_fill!, where_!
                    let mask = ::tensor_view::Tensor::<bool>::ones(&[b, 1, 6]).unwrap().into_static::<::tensor_view::Shape![$N, 1, 6]>().unwrap();
                    let filled = ::tensor_view::masked_fill!(x: [$N, 4, 6], mask: [$N, 1, 6], 2.0).unwrap();
                    let picked = ::tensor_view::where_!(mask: [$N, 1, 6], y: [4, 6], x: [$N, 4, 6]).unwrap();
                    assert_eq!((filled.to_vec(), picked.shape()), (::std::vec![2.0; b * 24], &[b, 4, 6][..]));
                    // split!, split_with_sizes!, tensor_split!, chunk!, unbind!, hsplit!, dsplit!, vsplit!, narrow!, select!, index!
                    let (s0, _s1) = ::tensor_view::split!(x: [$N, 4, 6], 3, 2);
                    let (w0, _w1) = ::tensor_view::split_with_sizes!(x: [$N, 4, 6], [1, 5], 2);
                    let (t0, _t1) = ::tensor_view::tensor_split!(x: [$N, 4, 6], 2, 1);
                    let (c0, _c1) = ::tensor_view::chunk!(x: [$N, 4, 6], 2, 1);
                    let ub: [_; 4] = ::tensor_view::unbind!(x: [$N, 4, 6], 1);
                    let (h0, _h1) = ::tensor_view::hsplit!(x: [$N, 4, 6], 2);
                    let (d0, _d1) = ::tensor_view::dsplit!(x: [$N, 4, 6], [2]);
                    let (v0, _v1) = ::tensor_view::vsplit!(y: [4, 6], [1]);
                    let n: ::tensor_view::Tensor<f32, ::tensor_view::Strided<::tensor_view::Shape![$N, 2, 6]>> = ::tensor_view::narrow!(x: [$N, 4, 6], 1, 1, 2);
                    let sel = ::tensor_view::select!(x: [$N, 4, 6], 2, -1);
                    let ix = ::tensor_view::index!(x: [$N, 4, 6], [.., 1, ..2]);
                    assert_eq!((s0.shape(), w0.shape(), t0.shape(), c0.shape(), ub[3].shape()), (&[b, 4, 3][..], &[b, 4, 1][..], &[b, 2, 6][..], &[b, 2, 6][..], &[b, 6][..]));
                    assert_eq!((h0.shape(), d0.shape(), v0.shape(), n.shape(), sel.shape(), ix.shape()), (&[b, 2, 6][..], &[b, 4, 2][..], &[1, 6][..], &[b, 2, 6][..], &[b, 4][..], &[b, 2][..]));
                    // expand!, narrow! to a named length
                    let one = ::tensor_view::Tensor::<f32, ::tensor_view::Shape![1, 6]>::ones();
                    let e = ::tensor_view::expand!(one: [1, 6] => [$N = b, 6]).unwrap();
                    let e2 = ::tensor_view::expand!(su: [$N, 6] => [2, $N, 6]).unwrap();
                    let nn = ::tensor_view::narrow!(x: [$N, 4, 6], 0, 0, $N).unwrap();
                    assert_eq!((e.shape(), e2.shape(), nn.shape()), (&[b, 6][..], &[2, b, 6][..], &[b, 4, 6][..]));
                    assert_eq!(e.sym_size::<$N>(), ::core::option::Option::Some(b));
                    // the macros of static shapes, with the name in scope
                    let st = ::tensor_view::Tensor::<f32, ::tensor_view::Shape![2, 3]>::zeros();
                    let re = ::tensor_view::reshape!(st, [3, 2]);
                    let uf = ::tensor_view::unfold!(st: [2, 3] => 1, 2, 1);
                    let dg = ::tensor_view::diagonal!(st: [2, 3] => 0, 0, 1);
                    let by = ::tensor_view::view_dtype!(st: [2, 3] as u8).unwrap();
                    let z = ::tensor_view::Tensor::<::tensor_view::Complex<f32>, ::tensor_view::Shape![2, 3]>::zeros();
                    let zr = ::tensor_view::view_as_real!(z: [2, 3]).unwrap();
                    let l: ::tensor_view::Tensor<f32, ::tensor_view::Layout![[3, 2], [1, 3]]> = ::tensor_view::transpose!(st, 0, 1);
                    assert_eq!((re.shape(), uf.shape(), dg.shape(), by.shape(), zr.shape(), l.shape()), (&[3, 2][..], &[2, 2, 2][..], &[2][..], &[2, 12][..], &[2, 3, 2][..], &[3, 2][..]));
                }
            }
        )*
        fn main() {
            for b in [1, 3] {
                $($module::run(b);)*
            }
        }
    };
}

every_macro!(
    a: A, b: B, c: C, d: D, e: E, f: F, g: G, h: H, i: I, j: J, k: K, l: L, m: M,
    n: N, o: O, p: P, q: Q, r: R, s: S, t: T, u: U, v: V, w: W, x: X, y: Y, z: Z,
    lo: LO, hi: HI, out: Out, self_: Self_, t0: T0, u16: U16, b0: B0, b1: B1,
    s0: S0, s1: S1, d0: D0, k0: K0, v0: V0, index0: Index0, bits3: Bits3,
    sym: Sym, shape: Shape, layout: Layout, strided: Strided, tensor: Tensor,
    static_: Static, symbol: Symbol, sym_dim: SymDim, scons: SCons, snil: SNil,
    uterm: UTerm, uint: UInt, numel: Numel, pass: Pass, probe: Probe,
    checked: Checked, unchecked: Unchecked, input_size: InputSize, rank: Rank,
    known_dims: KnownDims, symbolic_target: SymbolicTarget,
    static_op_result: StaticOpResult, dim_verdicts: DimVerdicts,
    stated_shape_lookup: StatedShapeLookup,
    tensor_is_of_its_stated_shape: TensorIsOfItsStatedShape,
    tensor_has_the_stated_shape: TensorHasTheStatedShape,
    view_holds_as_many_elements: ViewHoldsAsManyElements,
    view_dims_divide_input_size: ViewDimsDivideInputSize,
    view_of_symbols_1: ViewOfSymbols1HasTheInputSize, dim_in_range: DimInRange,
    first_dim_in_range: FirstDimInRange, dynamic_or_stated: DynamicOrStated,
    option: Option, some: Some, none: None, result: Result, ok: Ok, err: Err,
    default: Default, clone: Clone, copy: Copy, vec: Vec, boxed: Box,
    string: String, sized: Sized,
);
