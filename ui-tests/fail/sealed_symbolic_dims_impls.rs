// The facts a partly-dynamic shape states of its dims are the library's:
// `DimKind`, `SingleSymbol`, `SymbolList` and `SymDims` are sealed, so a
// type of one's own cannot claim a size, a symbol or a rank it does not have.
use std::any::TypeId;

use tensor_view::static_shape::{
    Checked, DimDesc, DimKind, DimRange, NamedSizes, Rank, SingleSymbol, SymDims, SymbolList,
};

struct Fake;

impl DimKind for Fake {
    const DESC: DimDesc = DimDesc { coefficient: 7, symbols: 0 };
    fn text() -> String {
        "7".into()
    }
}

impl SingleSymbol for Fake {
    fn single() -> Option<TypeId> {
        None
    }
}

impl SymbolList for Fake {
    const LEN: usize = 0;
    fn names() -> Vec<&'static str> {
        Vec::new()
    }
    fn factor_texts() -> Vec<String> {
        Vec::new()
    }
    fn ids() -> Vec<TypeId> {
        Vec::new()
    }
    fn product_in(_: &NamedSizes) -> Option<usize> {
        Some(1)
    }
}

impl SymDims for Fake {
    type List = ();
    const RANK: usize = 1;
    fn descs() -> &'static [DimDesc] {
        &[]
    }
    fn text() -> String {
        "[7]".into()
    }
    fn single_symbols() -> Vec<Option<TypeId>> {
        Vec::new()
    }
    fn dim_symbols() -> Vec<(usize, Vec<(TypeId, &'static str)>)> {
        Vec::new()
    }
    fn sizes_in(_: &NamedSizes, _: &mut [usize; 8]) -> Option<usize> {
        None
    }
    fn sizes_agree(_: &[usize], _: &NamedSizes) -> bool {
        true
    }
    type Range = DimRange<-1, 0, Checked>;
    type InsertRange = DimRange<-2, 1, Checked>;
    type Rank = Rank<1, Checked>;
}

fn main() {}
