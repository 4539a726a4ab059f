// Dims of one's own cannot state other dims or strides: `StaticDims` is sealed.
use tensor_view::static_shape::{Checked, DimRange, Rank, StaticDims};

struct MyDims;

impl StaticDims for MyDims {
    const RANK: usize = 2;
    const DIMS: &'static [usize] = &[4, 4];
    const STRIDES: &'static [isize] = &[1, 1];
    type Range = DimRange<-2, 1, Checked>;
    type InsertRange = DimRange<-3, 2, Checked>;
    type Rank = Rank<2, Checked>;
}

fn main() {}
