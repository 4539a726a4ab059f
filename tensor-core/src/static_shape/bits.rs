//! Flat names for `typenum` numbers: `Bits3<B1, B0, B1>` is
//! `UInt<UInt<UInt<UTerm, B1>, B0>, B1>` (5), most significant bit first.
//!
//! `Shape!` writes dims through these aliases so the types it produces stay
//! shallow where they are written (lints such as clippy's `type_complexity`
//! measure the written type); the compiler sees the same `typenum` numbers.
//!
//! ```
//! use tensor_core::static_shape::bits::Bits3;
//! use typenum::{Unsigned, B0, B1};
//! assert_eq!(<Bits3<B1, B0, B1> as Unsigned>::USIZE, 5);
//! ```

#![allow(missing_docs)] // 64 aliases of one pattern, documented above

use typenum::{UInt, UTerm};

pub type Bits1<B0> = UInt<UTerm, B0>;
pub type Bits2<B0, B1> = UInt<UInt<UTerm, B0>, B1>;
pub type Bits3<B0, B1, B2> = UInt<UInt<UInt<UTerm, B0>, B1>, B2>;
pub type Bits4<B0, B1, B2, B3> = UInt<UInt<UInt<UInt<UTerm, B0>, B1>, B2>, B3>;
pub type Bits5<B0, B1, B2, B3, B4> = UInt<UInt<UInt<UInt<UInt<UTerm, B0>, B1>, B2>, B3>, B4>;
pub type Bits6<B0, B1, B2, B3, B4, B5> =
    UInt<UInt<UInt<UInt<UInt<UInt<UTerm, B0>, B1>, B2>, B3>, B4>, B5>;
pub type Bits7<B0, B1, B2, B3, B4, B5, B6> =
    UInt<UInt<UInt<UInt<UInt<UInt<UInt<UTerm, B0>, B1>, B2>, B3>, B4>, B5>, B6>;
pub type Bits8<B0, B1, B2, B3, B4, B5, B6, B7> =
    UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UTerm, B0>, B1>, B2>, B3>, B4>, B5>, B6>, B7>;
pub type Bits9<B0, B1, B2, B3, B4, B5, B6, B7, B8> =
    UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UTerm, B0>, B1>, B2>, B3>, B4>, B5>, B6>, B7>, B8>;
pub type Bits10<B0, B1, B2, B3, B4, B5, B6, B7, B8, B9> = UInt<
    UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UTerm, B0>, B1>, B2>, B3>, B4>, B5>, B6>, B7>, B8>,
    B9,
>;
pub type Bits11<B0, B1, B2, B3, B4, B5, B6, B7, B8, B9, B10> = UInt<
    UInt<
        UInt<
            UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UTerm, B0>, B1>, B2>, B3>, B4>, B5>, B6>, B7>,
            B8,
        >,
        B9,
    >,
    B10,
>;
pub type Bits12<B0, B1, B2, B3, B4, B5, B6, B7, B8, B9, B10, B11> = UInt<
    UInt<
        UInt<
            UInt<
                UInt<
                    UInt<UInt<UInt<UInt<UInt<UInt<UInt<UTerm, B0>, B1>, B2>, B3>, B4>, B5>, B6>,
                    B7,
                >,
                B8,
            >,
            B9,
        >,
        B10,
    >,
    B11,
>;
pub type Bits13<B0, B1, B2, B3, B4, B5, B6, B7, B8, B9, B10, B11, B12> = UInt<
    UInt<
        UInt<
            UInt<
                UInt<
                    UInt<
                        UInt<UInt<UInt<UInt<UInt<UInt<UInt<UTerm, B0>, B1>, B2>, B3>, B4>, B5>, B6>,
                        B7,
                    >,
                    B8,
                >,
                B9,
            >,
            B10,
        >,
        B11,
    >,
    B12,
>;
pub type Bits14<B0, B1, B2, B3, B4, B5, B6, B7, B8, B9, B10, B11, B12, B13> = UInt<
    UInt<
        UInt<
            UInt<
                UInt<
                    UInt<
                        UInt<
                            UInt<
                                UInt<UInt<UInt<UInt<UInt<UInt<UTerm, B0>, B1>, B2>, B3>, B4>, B5>,
                                B6,
                            >,
                            B7,
                        >,
                        B8,
                    >,
                    B9,
                >,
                B10,
            >,
            B11,
        >,
        B12,
    >,
    B13,
>;
pub type Bits15<B0, B1, B2, B3, B4, B5, B6, B7, B8, B9, B10, B11, B12, B13, B14> = UInt<
    UInt<
        UInt<
            UInt<
                UInt<
                    UInt<
                        UInt<
                            UInt<
                                UInt<
                                    UInt<
                                        UInt<UInt<UInt<UInt<UInt<UTerm, B0>, B1>, B2>, B3>, B4>,
                                        B5,
                                    >,
                                    B6,
                                >,
                                B7,
                            >,
                            B8,
                        >,
                        B9,
                    >,
                    B10,
                >,
                B11,
            >,
            B12,
        >,
        B13,
    >,
    B14,
>;
pub type Bits16<B0, B1, B2, B3, B4, B5, B6, B7, B8, B9, B10, B11, B12, B13, B14, B15> = UInt<
    UInt<
        UInt<
            UInt<
                UInt<
                    UInt<
                        UInt<
                            UInt<
                                UInt<
                                    UInt<
                                        UInt<
                                            UInt<UInt<UInt<UInt<UInt<UTerm, B0>, B1>, B2>, B3>, B4>,
                                            B5,
                                        >,
                                        B6,
                                    >,
                                    B7,
                                >,
                                B8,
                            >,
                            B9,
                        >,
                        B10,
                    >,
                    B11,
                >,
                B12,
            >,
            B13,
        >,
        B14,
    >,
    B15,
>;
pub type Bits17<B0, B1, B2, B3, B4, B5, B6, B7, B8, B9, B10, B11, B12, B13, B14, B15, B16> = UInt<
    UInt<
        UInt<
            UInt<
                UInt<
                    UInt<
                        UInt<
                            UInt<
                                UInt<
                                    UInt<
                                        UInt<
                                            UInt<
                                                UInt<
                                                    UInt<UInt<UInt<UInt<UTerm, B0>, B1>, B2>, B3>,
                                                    B4,
                                                >,
                                                B5,
                                            >,
                                            B6,
                                        >,
                                        B7,
                                    >,
                                    B8,
                                >,
                                B9,
                            >,
                            B10,
                        >,
                        B11,
                    >,
                    B12,
                >,
                B13,
            >,
            B14,
        >,
        B15,
    >,
    B16,
>;
pub type Bits18<B0, B1, B2, B3, B4, B5, B6, B7, B8, B9, B10, B11, B12, B13, B14, B15, B16, B17> =
    UInt<
        UInt<
            UInt<
                UInt<
                    UInt<
                        UInt<
                            UInt<
                                UInt<
                                    UInt<
                                        UInt<
                                            UInt<
                                                UInt<
                                                    UInt<
                                                        UInt<
                                                            UInt<
                                                                UInt<UInt<UInt<UTerm, B0>, B1>, B2>,
                                                                B3,
                                                            >,
                                                            B4,
                                                        >,
                                                        B5,
                                                    >,
                                                    B6,
                                                >,
                                                B7,
                                            >,
                                            B8,
                                        >,
                                        B9,
                                    >,
                                    B10,
                                >,
                                B11,
                            >,
                            B12,
                        >,
                        B13,
                    >,
                    B14,
                >,
                B15,
            >,
            B16,
        >,
        B17,
    >;
pub type Bits19<
    B0,
    B1,
    B2,
    B3,
    B4,
    B5,
    B6,
    B7,
    B8,
    B9,
    B10,
    B11,
    B12,
    B13,
    B14,
    B15,
    B16,
    B17,
    B18,
> = UInt<
    UInt<
        UInt<
            UInt<
                UInt<
                    UInt<
                        UInt<
                            UInt<
                                UInt<
                                    UInt<
                                        UInt<
                                            UInt<
                                                UInt<
                                                    UInt<
                                                        UInt<
                                                            UInt<
                                                                UInt<UInt<UInt<UTerm, B0>, B1>, B2>,
                                                                B3,
                                                            >,
                                                            B4,
                                                        >,
                                                        B5,
                                                    >,
                                                    B6,
                                                >,
                                                B7,
                                            >,
                                            B8,
                                        >,
                                        B9,
                                    >,
                                    B10,
                                >,
                                B11,
                            >,
                            B12,
                        >,
                        B13,
                    >,
                    B14,
                >,
                B15,
            >,
            B16,
        >,
        B17,
    >,
    B18,
>;
pub type Bits20<
    B0,
    B1,
    B2,
    B3,
    B4,
    B5,
    B6,
    B7,
    B8,
    B9,
    B10,
    B11,
    B12,
    B13,
    B14,
    B15,
    B16,
    B17,
    B18,
    B19,
> = UInt<
    UInt<
        UInt<
            UInt<
                UInt<
                    UInt<
                        UInt<
                            UInt<
                                UInt<
                                    UInt<
                                        UInt<
                                            UInt<
                                                UInt<
                                                    UInt<
                                                        UInt<
                                                            UInt<
                                                                UInt<
                                                                    UInt<
                                                                        UInt<UInt<UTerm, B0>, B1>,
                                                                        B2,
                                                                    >,
                                                                    B3,
                                                                >,
                                                                B4,
                                                            >,
                                                            B5,
                                                        >,
                                                        B6,
                                                    >,
                                                    B7,
                                                >,
                                                B8,
                                            >,
                                            B9,
                                        >,
                                        B10,
                                    >,
                                    B11,
                                >,
                                B12,
                            >,
                            B13,
                        >,
                        B14,
                    >,
                    B15,
                >,
                B16,
            >,
            B17,
        >,
        B18,
    >,
    B19,
>;
pub type Bits21<
    B0,
    B1,
    B2,
    B3,
    B4,
    B5,
    B6,
    B7,
    B8,
    B9,
    B10,
    B11,
    B12,
    B13,
    B14,
    B15,
    B16,
    B17,
    B18,
    B19,
    B20,
> = UInt<
    UInt<
        UInt<
            UInt<
                UInt<
                    UInt<
                        UInt<
                            UInt<
                                UInt<
                                    UInt<
                                        UInt<
                                            UInt<
                                                UInt<
                                                    UInt<
                                                        UInt<
                                                            UInt<
                                                                UInt<
                                                                    UInt<
                                                                        UInt<
                                                                            UInt<
                                                                                UInt<UTerm, B0>,
                                                                                B1,
                                                                            >,
                                                                            B2,
                                                                        >,
                                                                        B3,
                                                                    >,
                                                                    B4,
                                                                >,
                                                                B5,
                                                            >,
                                                            B6,
                                                        >,
                                                        B7,
                                                    >,
                                                    B8,
                                                >,
                                                B9,
                                            >,
                                            B10,
                                        >,
                                        B11,
                                    >,
                                    B12,
                                >,
                                B13,
                            >,
                            B14,
                        >,
                        B15,
                    >,
                    B16,
                >,
                B17,
            >,
            B18,
        >,
        B19,
    >,
    B20,
>;
pub type Bits22<
    B0,
    B1,
    B2,
    B3,
    B4,
    B5,
    B6,
    B7,
    B8,
    B9,
    B10,
    B11,
    B12,
    B13,
    B14,
    B15,
    B16,
    B17,
    B18,
    B19,
    B20,
    B21,
> = UInt<
    UInt<
        UInt<
            UInt<
                UInt<
                    UInt<
                        UInt<
                            UInt<
                                UInt<
                                    UInt<
                                        UInt<
                                            UInt<
                                                UInt<
                                                    UInt<
                                                        UInt<
                                                            UInt<
                                                                UInt<
                                                                    UInt<
                                                                        UInt<
                                                                            UInt<
                                                                                UInt<
                                                                                    UInt<UTerm, B0>,
                                                                                    B1,
                                                                                >,
                                                                                B2,
                                                                            >,
                                                                            B3,
                                                                        >,
                                                                        B4,
                                                                    >,
                                                                    B5,
                                                                >,
                                                                B6,
                                                            >,
                                                            B7,
                                                        >,
                                                        B8,
                                                    >,
                                                    B9,
                                                >,
                                                B10,
                                            >,
                                            B11,
                                        >,
                                        B12,
                                    >,
                                    B13,
                                >,
                                B14,
                            >,
                            B15,
                        >,
                        B16,
                    >,
                    B17,
                >,
                B18,
            >,
            B19,
        >,
        B20,
    >,
    B21,
>;
pub type Bits23<
    B0,
    B1,
    B2,
    B3,
    B4,
    B5,
    B6,
    B7,
    B8,
    B9,
    B10,
    B11,
    B12,
    B13,
    B14,
    B15,
    B16,
    B17,
    B18,
    B19,
    B20,
    B21,
    B22,
> = UInt<
    UInt<
        UInt<
            UInt<
                UInt<
                    UInt<
                        UInt<
                            UInt<
                                UInt<
                                    UInt<
                                        UInt<
                                            UInt<
                                                UInt<
                                                    UInt<
                                                        UInt<
                                                            UInt<
                                                                UInt<
                                                                    UInt<
                                                                        UInt<
                                                                            UInt<
                                                                                UInt<
                                                                                    UInt<
                                                                                        UInt<
                                                                                            UTerm,
                                                                                            B0,
                                                                                        >,
                                                                                        B1,
                                                                                    >,
                                                                                    B2,
                                                                                >,
                                                                                B3,
                                                                            >,
                                                                            B4,
                                                                        >,
                                                                        B5,
                                                                    >,
                                                                    B6,
                                                                >,
                                                                B7,
                                                            >,
                                                            B8,
                                                        >,
                                                        B9,
                                                    >,
                                                    B10,
                                                >,
                                                B11,
                                            >,
                                            B12,
                                        >,
                                        B13,
                                    >,
                                    B14,
                                >,
                                B15,
                            >,
                            B16,
                        >,
                        B17,
                    >,
                    B18,
                >,
                B19,
            >,
            B20,
        >,
        B21,
    >,
    B22,
>;
pub type Bits24<B0, B1, B2, B3, B4, B5, B6, B7, B8, B9, B10, B11, B12, B13, B14, B15, B16, B17, B18, B19, B20, B21, B22, B23> = UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UTerm, B0>, B1>, B2>, B3>, B4>, B5>, B6>, B7>, B8>, B9>, B10>, B11>, B12>, B13>, B14>, B15>, B16>, B17>, B18>, B19>, B20>, B21>, B22>, B23>;
pub type Bits25<B0, B1, B2, B3, B4, B5, B6, B7, B8, B9, B10, B11, B12, B13, B14, B15, B16, B17, B18, B19, B20, B21, B22, B23, B24> = UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UTerm, B0>, B1>, B2>, B3>, B4>, B5>, B6>, B7>, B8>, B9>, B10>, B11>, B12>, B13>, B14>, B15>, B16>, B17>, B18>, B19>, B20>, B21>, B22>, B23>, B24>;
pub type Bits26<B0, B1, B2, B3, B4, B5, B6, B7, B8, B9, B10, B11, B12, B13, B14, B15, B16, B17, B18, B19, B20, B21, B22, B23, B24, B25> = UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UTerm, B0>, B1>, B2>, B3>, B4>, B5>, B6>, B7>, B8>, B9>, B10>, B11>, B12>, B13>, B14>, B15>, B16>, B17>, B18>, B19>, B20>, B21>, B22>, B23>, B24>, B25>;
pub type Bits27<B0, B1, B2, B3, B4, B5, B6, B7, B8, B9, B10, B11, B12, B13, B14, B15, B16, B17, B18, B19, B20, B21, B22, B23, B24, B25, B26> = UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UTerm, B0>, B1>, B2>, B3>, B4>, B5>, B6>, B7>, B8>, B9>, B10>, B11>, B12>, B13>, B14>, B15>, B16>, B17>, B18>, B19>, B20>, B21>, B22>, B23>, B24>, B25>, B26>;
pub type Bits28<B0, B1, B2, B3, B4, B5, B6, B7, B8, B9, B10, B11, B12, B13, B14, B15, B16, B17, B18, B19, B20, B21, B22, B23, B24, B25, B26, B27> = UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UTerm, B0>, B1>, B2>, B3>, B4>, B5>, B6>, B7>, B8>, B9>, B10>, B11>, B12>, B13>, B14>, B15>, B16>, B17>, B18>, B19>, B20>, B21>, B22>, B23>, B24>, B25>, B26>, B27>;
pub type Bits29<B0, B1, B2, B3, B4, B5, B6, B7, B8, B9, B10, B11, B12, B13, B14, B15, B16, B17, B18, B19, B20, B21, B22, B23, B24, B25, B26, B27, B28> = UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UTerm, B0>, B1>, B2>, B3>, B4>, B5>, B6>, B7>, B8>, B9>, B10>, B11>, B12>, B13>, B14>, B15>, B16>, B17>, B18>, B19>, B20>, B21>, B22>, B23>, B24>, B25>, B26>, B27>, B28>;
pub type Bits30<B0, B1, B2, B3, B4, B5, B6, B7, B8, B9, B10, B11, B12, B13, B14, B15, B16, B17, B18, B19, B20, B21, B22, B23, B24, B25, B26, B27, B28, B29> = UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UTerm, B0>, B1>, B2>, B3>, B4>, B5>, B6>, B7>, B8>, B9>, B10>, B11>, B12>, B13>, B14>, B15>, B16>, B17>, B18>, B19>, B20>, B21>, B22>, B23>, B24>, B25>, B26>, B27>, B28>, B29>;
pub type Bits31<B0, B1, B2, B3, B4, B5, B6, B7, B8, B9, B10, B11, B12, B13, B14, B15, B16, B17, B18, B19, B20, B21, B22, B23, B24, B25, B26, B27, B28, B29, B30> = UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UTerm, B0>, B1>, B2>, B3>, B4>, B5>, B6>, B7>, B8>, B9>, B10>, B11>, B12>, B13>, B14>, B15>, B16>, B17>, B18>, B19>, B20>, B21>, B22>, B23>, B24>, B25>, B26>, B27>, B28>, B29>, B30>;
pub type Bits32<B0, B1, B2, B3, B4, B5, B6, B7, B8, B9, B10, B11, B12, B13, B14, B15, B16, B17, B18, B19, B20, B21, B22, B23, B24, B25, B26, B27, B28, B29, B30, B31> = UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UTerm, B0>, B1>, B2>, B3>, B4>, B5>, B6>, B7>, B8>, B9>, B10>, B11>, B12>, B13>, B14>, B15>, B16>, B17>, B18>, B19>, B20>, B21>, B22>, B23>, B24>, B25>, B26>, B27>, B28>, B29>, B30>, B31>;
pub type Bits33<B0, B1, B2, B3, B4, B5, B6, B7, B8, B9, B10, B11, B12, B13, B14, B15, B16, B17, B18, B19, B20, B21, B22, B23, B24, B25, B26, B27, B28, B29, B30, B31, B32> = UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UTerm, B0>, B1>, B2>, B3>, B4>, B5>, B6>, B7>, B8>, B9>, B10>, B11>, B12>, B13>, B14>, B15>, B16>, B17>, B18>, B19>, B20>, B21>, B22>, B23>, B24>, B25>, B26>, B27>, B28>, B29>, B30>, B31>, B32>;
pub type Bits34<B0, B1, B2, B3, B4, B5, B6, B7, B8, B9, B10, B11, B12, B13, B14, B15, B16, B17, B18, B19, B20, B21, B22, B23, B24, B25, B26, B27, B28, B29, B30, B31, B32, B33> = UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UTerm, B0>, B1>, B2>, B3>, B4>, B5>, B6>, B7>, B8>, B9>, B10>, B11>, B12>, B13>, B14>, B15>, B16>, B17>, B18>, B19>, B20>, B21>, B22>, B23>, B24>, B25>, B26>, B27>, B28>, B29>, B30>, B31>, B32>, B33>;
pub type Bits35<B0, B1, B2, B3, B4, B5, B6, B7, B8, B9, B10, B11, B12, B13, B14, B15, B16, B17, B18, B19, B20, B21, B22, B23, B24, B25, B26, B27, B28, B29, B30, B31, B32, B33, B34> = UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UTerm, B0>, B1>, B2>, B3>, B4>, B5>, B6>, B7>, B8>, B9>, B10>, B11>, B12>, B13>, B14>, B15>, B16>, B17>, B18>, B19>, B20>, B21>, B22>, B23>, B24>, B25>, B26>, B27>, B28>, B29>, B30>, B31>, B32>, B33>, B34>;
pub type Bits36<B0, B1, B2, B3, B4, B5, B6, B7, B8, B9, B10, B11, B12, B13, B14, B15, B16, B17, B18, B19, B20, B21, B22, B23, B24, B25, B26, B27, B28, B29, B30, B31, B32, B33, B34, B35> = UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UTerm, B0>, B1>, B2>, B3>, B4>, B5>, B6>, B7>, B8>, B9>, B10>, B11>, B12>, B13>, B14>, B15>, B16>, B17>, B18>, B19>, B20>, B21>, B22>, B23>, B24>, B25>, B26>, B27>, B28>, B29>, B30>, B31>, B32>, B33>, B34>, B35>;
pub type Bits37<B0, B1, B2, B3, B4, B5, B6, B7, B8, B9, B10, B11, B12, B13, B14, B15, B16, B17, B18, B19, B20, B21, B22, B23, B24, B25, B26, B27, B28, B29, B30, B31, B32, B33, B34, B35, B36> = UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UTerm, B0>, B1>, B2>, B3>, B4>, B5>, B6>, B7>, B8>, B9>, B10>, B11>, B12>, B13>, B14>, B15>, B16>, B17>, B18>, B19>, B20>, B21>, B22>, B23>, B24>, B25>, B26>, B27>, B28>, B29>, B30>, B31>, B32>, B33>, B34>, B35>, B36>;
pub type Bits38<B0, B1, B2, B3, B4, B5, B6, B7, B8, B9, B10, B11, B12, B13, B14, B15, B16, B17, B18, B19, B20, B21, B22, B23, B24, B25, B26, B27, B28, B29, B30, B31, B32, B33, B34, B35, B36, B37> = UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UTerm, B0>, B1>, B2>, B3>, B4>, B5>, B6>, B7>, B8>, B9>, B10>, B11>, B12>, B13>, B14>, B15>, B16>, B17>, B18>, B19>, B20>, B21>, B22>, B23>, B24>, B25>, B26>, B27>, B28>, B29>, B30>, B31>, B32>, B33>, B34>, B35>, B36>, B37>;
pub type Bits39<B0, B1, B2, B3, B4, B5, B6, B7, B8, B9, B10, B11, B12, B13, B14, B15, B16, B17, B18, B19, B20, B21, B22, B23, B24, B25, B26, B27, B28, B29, B30, B31, B32, B33, B34, B35, B36, B37, B38> = UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UTerm, B0>, B1>, B2>, B3>, B4>, B5>, B6>, B7>, B8>, B9>, B10>, B11>, B12>, B13>, B14>, B15>, B16>, B17>, B18>, B19>, B20>, B21>, B22>, B23>, B24>, B25>, B26>, B27>, B28>, B29>, B30>, B31>, B32>, B33>, B34>, B35>, B36>, B37>, B38>;
pub type Bits40<B0, B1, B2, B3, B4, B5, B6, B7, B8, B9, B10, B11, B12, B13, B14, B15, B16, B17, B18, B19, B20, B21, B22, B23, B24, B25, B26, B27, B28, B29, B30, B31, B32, B33, B34, B35, B36, B37, B38, B39> = UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UTerm, B0>, B1>, B2>, B3>, B4>, B5>, B6>, B7>, B8>, B9>, B10>, B11>, B12>, B13>, B14>, B15>, B16>, B17>, B18>, B19>, B20>, B21>, B22>, B23>, B24>, B25>, B26>, B27>, B28>, B29>, B30>, B31>, B32>, B33>, B34>, B35>, B36>, B37>, B38>, B39>;
pub type Bits41<B0, B1, B2, B3, B4, B5, B6, B7, B8, B9, B10, B11, B12, B13, B14, B15, B16, B17, B18, B19, B20, B21, B22, B23, B24, B25, B26, B27, B28, B29, B30, B31, B32, B33, B34, B35, B36, B37, B38, B39, B40> = UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UTerm, B0>, B1>, B2>, B3>, B4>, B5>, B6>, B7>, B8>, B9>, B10>, B11>, B12>, B13>, B14>, B15>, B16>, B17>, B18>, B19>, B20>, B21>, B22>, B23>, B24>, B25>, B26>, B27>, B28>, B29>, B30>, B31>, B32>, B33>, B34>, B35>, B36>, B37>, B38>, B39>, B40>;
pub type Bits42<B0, B1, B2, B3, B4, B5, B6, B7, B8, B9, B10, B11, B12, B13, B14, B15, B16, B17, B18, B19, B20, B21, B22, B23, B24, B25, B26, B27, B28, B29, B30, B31, B32, B33, B34, B35, B36, B37, B38, B39, B40, B41> = UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UTerm, B0>, B1>, B2>, B3>, B4>, B5>, B6>, B7>, B8>, B9>, B10>, B11>, B12>, B13>, B14>, B15>, B16>, B17>, B18>, B19>, B20>, B21>, B22>, B23>, B24>, B25>, B26>, B27>, B28>, B29>, B30>, B31>, B32>, B33>, B34>, B35>, B36>, B37>, B38>, B39>, B40>, B41>;
pub type Bits43<B0, B1, B2, B3, B4, B5, B6, B7, B8, B9, B10, B11, B12, B13, B14, B15, B16, B17, B18, B19, B20, B21, B22, B23, B24, B25, B26, B27, B28, B29, B30, B31, B32, B33, B34, B35, B36, B37, B38, B39, B40, B41, B42> = UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UTerm, B0>, B1>, B2>, B3>, B4>, B5>, B6>, B7>, B8>, B9>, B10>, B11>, B12>, B13>, B14>, B15>, B16>, B17>, B18>, B19>, B20>, B21>, B22>, B23>, B24>, B25>, B26>, B27>, B28>, B29>, B30>, B31>, B32>, B33>, B34>, B35>, B36>, B37>, B38>, B39>, B40>, B41>, B42>;
pub type Bits44<B0, B1, B2, B3, B4, B5, B6, B7, B8, B9, B10, B11, B12, B13, B14, B15, B16, B17, B18, B19, B20, B21, B22, B23, B24, B25, B26, B27, B28, B29, B30, B31, B32, B33, B34, B35, B36, B37, B38, B39, B40, B41, B42, B43> = UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UTerm, B0>, B1>, B2>, B3>, B4>, B5>, B6>, B7>, B8>, B9>, B10>, B11>, B12>, B13>, B14>, B15>, B16>, B17>, B18>, B19>, B20>, B21>, B22>, B23>, B24>, B25>, B26>, B27>, B28>, B29>, B30>, B31>, B32>, B33>, B34>, B35>, B36>, B37>, B38>, B39>, B40>, B41>, B42>, B43>;
pub type Bits45<B0, B1, B2, B3, B4, B5, B6, B7, B8, B9, B10, B11, B12, B13, B14, B15, B16, B17, B18, B19, B20, B21, B22, B23, B24, B25, B26, B27, B28, B29, B30, B31, B32, B33, B34, B35, B36, B37, B38, B39, B40, B41, B42, B43, B44> = UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UTerm, B0>, B1>, B2>, B3>, B4>, B5>, B6>, B7>, B8>, B9>, B10>, B11>, B12>, B13>, B14>, B15>, B16>, B17>, B18>, B19>, B20>, B21>, B22>, B23>, B24>, B25>, B26>, B27>, B28>, B29>, B30>, B31>, B32>, B33>, B34>, B35>, B36>, B37>, B38>, B39>, B40>, B41>, B42>, B43>, B44>;
pub type Bits46<B0, B1, B2, B3, B4, B5, B6, B7, B8, B9, B10, B11, B12, B13, B14, B15, B16, B17, B18, B19, B20, B21, B22, B23, B24, B25, B26, B27, B28, B29, B30, B31, B32, B33, B34, B35, B36, B37, B38, B39, B40, B41, B42, B43, B44, B45> = UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UTerm, B0>, B1>, B2>, B3>, B4>, B5>, B6>, B7>, B8>, B9>, B10>, B11>, B12>, B13>, B14>, B15>, B16>, B17>, B18>, B19>, B20>, B21>, B22>, B23>, B24>, B25>, B26>, B27>, B28>, B29>, B30>, B31>, B32>, B33>, B34>, B35>, B36>, B37>, B38>, B39>, B40>, B41>, B42>, B43>, B44>, B45>;
pub type Bits47<B0, B1, B2, B3, B4, B5, B6, B7, B8, B9, B10, B11, B12, B13, B14, B15, B16, B17, B18, B19, B20, B21, B22, B23, B24, B25, B26, B27, B28, B29, B30, B31, B32, B33, B34, B35, B36, B37, B38, B39, B40, B41, B42, B43, B44, B45, B46> = UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UTerm, B0>, B1>, B2>, B3>, B4>, B5>, B6>, B7>, B8>, B9>, B10>, B11>, B12>, B13>, B14>, B15>, B16>, B17>, B18>, B19>, B20>, B21>, B22>, B23>, B24>, B25>, B26>, B27>, B28>, B29>, B30>, B31>, B32>, B33>, B34>, B35>, B36>, B37>, B38>, B39>, B40>, B41>, B42>, B43>, B44>, B45>, B46>;
pub type Bits48<B0, B1, B2, B3, B4, B5, B6, B7, B8, B9, B10, B11, B12, B13, B14, B15, B16, B17, B18, B19, B20, B21, B22, B23, B24, B25, B26, B27, B28, B29, B30, B31, B32, B33, B34, B35, B36, B37, B38, B39, B40, B41, B42, B43, B44, B45, B46, B47> = UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UTerm, B0>, B1>, B2>, B3>, B4>, B5>, B6>, B7>, B8>, B9>, B10>, B11>, B12>, B13>, B14>, B15>, B16>, B17>, B18>, B19>, B20>, B21>, B22>, B23>, B24>, B25>, B26>, B27>, B28>, B29>, B30>, B31>, B32>, B33>, B34>, B35>, B36>, B37>, B38>, B39>, B40>, B41>, B42>, B43>, B44>, B45>, B46>, B47>;
pub type Bits49<B0, B1, B2, B3, B4, B5, B6, B7, B8, B9, B10, B11, B12, B13, B14, B15, B16, B17, B18, B19, B20, B21, B22, B23, B24, B25, B26, B27, B28, B29, B30, B31, B32, B33, B34, B35, B36, B37, B38, B39, B40, B41, B42, B43, B44, B45, B46, B47, B48> = UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UTerm, B0>, B1>, B2>, B3>, B4>, B5>, B6>, B7>, B8>, B9>, B10>, B11>, B12>, B13>, B14>, B15>, B16>, B17>, B18>, B19>, B20>, B21>, B22>, B23>, B24>, B25>, B26>, B27>, B28>, B29>, B30>, B31>, B32>, B33>, B34>, B35>, B36>, B37>, B38>, B39>, B40>, B41>, B42>, B43>, B44>, B45>, B46>, B47>, B48>;
pub type Bits50<B0, B1, B2, B3, B4, B5, B6, B7, B8, B9, B10, B11, B12, B13, B14, B15, B16, B17, B18, B19, B20, B21, B22, B23, B24, B25, B26, B27, B28, B29, B30, B31, B32, B33, B34, B35, B36, B37, B38, B39, B40, B41, B42, B43, B44, B45, B46, B47, B48, B49> = UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UTerm, B0>, B1>, B2>, B3>, B4>, B5>, B6>, B7>, B8>, B9>, B10>, B11>, B12>, B13>, B14>, B15>, B16>, B17>, B18>, B19>, B20>, B21>, B22>, B23>, B24>, B25>, B26>, B27>, B28>, B29>, B30>, B31>, B32>, B33>, B34>, B35>, B36>, B37>, B38>, B39>, B40>, B41>, B42>, B43>, B44>, B45>, B46>, B47>, B48>, B49>;
pub type Bits51<B0, B1, B2, B3, B4, B5, B6, B7, B8, B9, B10, B11, B12, B13, B14, B15, B16, B17, B18, B19, B20, B21, B22, B23, B24, B25, B26, B27, B28, B29, B30, B31, B32, B33, B34, B35, B36, B37, B38, B39, B40, B41, B42, B43, B44, B45, B46, B47, B48, B49, B50> = UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UTerm, B0>, B1>, B2>, B3>, B4>, B5>, B6>, B7>, B8>, B9>, B10>, B11>, B12>, B13>, B14>, B15>, B16>, B17>, B18>, B19>, B20>, B21>, B22>, B23>, B24>, B25>, B26>, B27>, B28>, B29>, B30>, B31>, B32>, B33>, B34>, B35>, B36>, B37>, B38>, B39>, B40>, B41>, B42>, B43>, B44>, B45>, B46>, B47>, B48>, B49>, B50>;
pub type Bits52<B0, B1, B2, B3, B4, B5, B6, B7, B8, B9, B10, B11, B12, B13, B14, B15, B16, B17, B18, B19, B20, B21, B22, B23, B24, B25, B26, B27, B28, B29, B30, B31, B32, B33, B34, B35, B36, B37, B38, B39, B40, B41, B42, B43, B44, B45, B46, B47, B48, B49, B50, B51> = UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UTerm, B0>, B1>, B2>, B3>, B4>, B5>, B6>, B7>, B8>, B9>, B10>, B11>, B12>, B13>, B14>, B15>, B16>, B17>, B18>, B19>, B20>, B21>, B22>, B23>, B24>, B25>, B26>, B27>, B28>, B29>, B30>, B31>, B32>, B33>, B34>, B35>, B36>, B37>, B38>, B39>, B40>, B41>, B42>, B43>, B44>, B45>, B46>, B47>, B48>, B49>, B50>, B51>;
pub type Bits53<B0, B1, B2, B3, B4, B5, B6, B7, B8, B9, B10, B11, B12, B13, B14, B15, B16, B17, B18, B19, B20, B21, B22, B23, B24, B25, B26, B27, B28, B29, B30, B31, B32, B33, B34, B35, B36, B37, B38, B39, B40, B41, B42, B43, B44, B45, B46, B47, B48, B49, B50, B51, B52> = UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UTerm, B0>, B1>, B2>, B3>, B4>, B5>, B6>, B7>, B8>, B9>, B10>, B11>, B12>, B13>, B14>, B15>, B16>, B17>, B18>, B19>, B20>, B21>, B22>, B23>, B24>, B25>, B26>, B27>, B28>, B29>, B30>, B31>, B32>, B33>, B34>, B35>, B36>, B37>, B38>, B39>, B40>, B41>, B42>, B43>, B44>, B45>, B46>, B47>, B48>, B49>, B50>, B51>, B52>;
pub type Bits54<B0, B1, B2, B3, B4, B5, B6, B7, B8, B9, B10, B11, B12, B13, B14, B15, B16, B17, B18, B19, B20, B21, B22, B23, B24, B25, B26, B27, B28, B29, B30, B31, B32, B33, B34, B35, B36, B37, B38, B39, B40, B41, B42, B43, B44, B45, B46, B47, B48, B49, B50, B51, B52, B53> = UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UTerm, B0>, B1>, B2>, B3>, B4>, B5>, B6>, B7>, B8>, B9>, B10>, B11>, B12>, B13>, B14>, B15>, B16>, B17>, B18>, B19>, B20>, B21>, B22>, B23>, B24>, B25>, B26>, B27>, B28>, B29>, B30>, B31>, B32>, B33>, B34>, B35>, B36>, B37>, B38>, B39>, B40>, B41>, B42>, B43>, B44>, B45>, B46>, B47>, B48>, B49>, B50>, B51>, B52>, B53>;
pub type Bits55<B0, B1, B2, B3, B4, B5, B6, B7, B8, B9, B10, B11, B12, B13, B14, B15, B16, B17, B18, B19, B20, B21, B22, B23, B24, B25, B26, B27, B28, B29, B30, B31, B32, B33, B34, B35, B36, B37, B38, B39, B40, B41, B42, B43, B44, B45, B46, B47, B48, B49, B50, B51, B52, B53, B54> = UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UTerm, B0>, B1>, B2>, B3>, B4>, B5>, B6>, B7>, B8>, B9>, B10>, B11>, B12>, B13>, B14>, B15>, B16>, B17>, B18>, B19>, B20>, B21>, B22>, B23>, B24>, B25>, B26>, B27>, B28>, B29>, B30>, B31>, B32>, B33>, B34>, B35>, B36>, B37>, B38>, B39>, B40>, B41>, B42>, B43>, B44>, B45>, B46>, B47>, B48>, B49>, B50>, B51>, B52>, B53>, B54>;
pub type Bits56<B0, B1, B2, B3, B4, B5, B6, B7, B8, B9, B10, B11, B12, B13, B14, B15, B16, B17, B18, B19, B20, B21, B22, B23, B24, B25, B26, B27, B28, B29, B30, B31, B32, B33, B34, B35, B36, B37, B38, B39, B40, B41, B42, B43, B44, B45, B46, B47, B48, B49, B50, B51, B52, B53, B54, B55> = UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UTerm, B0>, B1>, B2>, B3>, B4>, B5>, B6>, B7>, B8>, B9>, B10>, B11>, B12>, B13>, B14>, B15>, B16>, B17>, B18>, B19>, B20>, B21>, B22>, B23>, B24>, B25>, B26>, B27>, B28>, B29>, B30>, B31>, B32>, B33>, B34>, B35>, B36>, B37>, B38>, B39>, B40>, B41>, B42>, B43>, B44>, B45>, B46>, B47>, B48>, B49>, B50>, B51>, B52>, B53>, B54>, B55>;
pub type Bits57<B0, B1, B2, B3, B4, B5, B6, B7, B8, B9, B10, B11, B12, B13, B14, B15, B16, B17, B18, B19, B20, B21, B22, B23, B24, B25, B26, B27, B28, B29, B30, B31, B32, B33, B34, B35, B36, B37, B38, B39, B40, B41, B42, B43, B44, B45, B46, B47, B48, B49, B50, B51, B52, B53, B54, B55, B56> = UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UTerm, B0>, B1>, B2>, B3>, B4>, B5>, B6>, B7>, B8>, B9>, B10>, B11>, B12>, B13>, B14>, B15>, B16>, B17>, B18>, B19>, B20>, B21>, B22>, B23>, B24>, B25>, B26>, B27>, B28>, B29>, B30>, B31>, B32>, B33>, B34>, B35>, B36>, B37>, B38>, B39>, B40>, B41>, B42>, B43>, B44>, B45>, B46>, B47>, B48>, B49>, B50>, B51>, B52>, B53>, B54>, B55>, B56>;
pub type Bits58<B0, B1, B2, B3, B4, B5, B6, B7, B8, B9, B10, B11, B12, B13, B14, B15, B16, B17, B18, B19, B20, B21, B22, B23, B24, B25, B26, B27, B28, B29, B30, B31, B32, B33, B34, B35, B36, B37, B38, B39, B40, B41, B42, B43, B44, B45, B46, B47, B48, B49, B50, B51, B52, B53, B54, B55, B56, B57> = UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UTerm, B0>, B1>, B2>, B3>, B4>, B5>, B6>, B7>, B8>, B9>, B10>, B11>, B12>, B13>, B14>, B15>, B16>, B17>, B18>, B19>, B20>, B21>, B22>, B23>, B24>, B25>, B26>, B27>, B28>, B29>, B30>, B31>, B32>, B33>, B34>, B35>, B36>, B37>, B38>, B39>, B40>, B41>, B42>, B43>, B44>, B45>, B46>, B47>, B48>, B49>, B50>, B51>, B52>, B53>, B54>, B55>, B56>, B57>;
pub type Bits59<B0, B1, B2, B3, B4, B5, B6, B7, B8, B9, B10, B11, B12, B13, B14, B15, B16, B17, B18, B19, B20, B21, B22, B23, B24, B25, B26, B27, B28, B29, B30, B31, B32, B33, B34, B35, B36, B37, B38, B39, B40, B41, B42, B43, B44, B45, B46, B47, B48, B49, B50, B51, B52, B53, B54, B55, B56, B57, B58> = UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UTerm, B0>, B1>, B2>, B3>, B4>, B5>, B6>, B7>, B8>, B9>, B10>, B11>, B12>, B13>, B14>, B15>, B16>, B17>, B18>, B19>, B20>, B21>, B22>, B23>, B24>, B25>, B26>, B27>, B28>, B29>, B30>, B31>, B32>, B33>, B34>, B35>, B36>, B37>, B38>, B39>, B40>, B41>, B42>, B43>, B44>, B45>, B46>, B47>, B48>, B49>, B50>, B51>, B52>, B53>, B54>, B55>, B56>, B57>, B58>;
pub type Bits60<B0, B1, B2, B3, B4, B5, B6, B7, B8, B9, B10, B11, B12, B13, B14, B15, B16, B17, B18, B19, B20, B21, B22, B23, B24, B25, B26, B27, B28, B29, B30, B31, B32, B33, B34, B35, B36, B37, B38, B39, B40, B41, B42, B43, B44, B45, B46, B47, B48, B49, B50, B51, B52, B53, B54, B55, B56, B57, B58, B59> = UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UTerm, B0>, B1>, B2>, B3>, B4>, B5>, B6>, B7>, B8>, B9>, B10>, B11>, B12>, B13>, B14>, B15>, B16>, B17>, B18>, B19>, B20>, B21>, B22>, B23>, B24>, B25>, B26>, B27>, B28>, B29>, B30>, B31>, B32>, B33>, B34>, B35>, B36>, B37>, B38>, B39>, B40>, B41>, B42>, B43>, B44>, B45>, B46>, B47>, B48>, B49>, B50>, B51>, B52>, B53>, B54>, B55>, B56>, B57>, B58>, B59>;
pub type Bits61<B0, B1, B2, B3, B4, B5, B6, B7, B8, B9, B10, B11, B12, B13, B14, B15, B16, B17, B18, B19, B20, B21, B22, B23, B24, B25, B26, B27, B28, B29, B30, B31, B32, B33, B34, B35, B36, B37, B38, B39, B40, B41, B42, B43, B44, B45, B46, B47, B48, B49, B50, B51, B52, B53, B54, B55, B56, B57, B58, B59, B60> = UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UTerm, B0>, B1>, B2>, B3>, B4>, B5>, B6>, B7>, B8>, B9>, B10>, B11>, B12>, B13>, B14>, B15>, B16>, B17>, B18>, B19>, B20>, B21>, B22>, B23>, B24>, B25>, B26>, B27>, B28>, B29>, B30>, B31>, B32>, B33>, B34>, B35>, B36>, B37>, B38>, B39>, B40>, B41>, B42>, B43>, B44>, B45>, B46>, B47>, B48>, B49>, B50>, B51>, B52>, B53>, B54>, B55>, B56>, B57>, B58>, B59>, B60>;
pub type Bits62<B0, B1, B2, B3, B4, B5, B6, B7, B8, B9, B10, B11, B12, B13, B14, B15, B16, B17, B18, B19, B20, B21, B22, B23, B24, B25, B26, B27, B28, B29, B30, B31, B32, B33, B34, B35, B36, B37, B38, B39, B40, B41, B42, B43, B44, B45, B46, B47, B48, B49, B50, B51, B52, B53, B54, B55, B56, B57, B58, B59, B60, B61> = UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UTerm, B0>, B1>, B2>, B3>, B4>, B5>, B6>, B7>, B8>, B9>, B10>, B11>, B12>, B13>, B14>, B15>, B16>, B17>, B18>, B19>, B20>, B21>, B22>, B23>, B24>, B25>, B26>, B27>, B28>, B29>, B30>, B31>, B32>, B33>, B34>, B35>, B36>, B37>, B38>, B39>, B40>, B41>, B42>, B43>, B44>, B45>, B46>, B47>, B48>, B49>, B50>, B51>, B52>, B53>, B54>, B55>, B56>, B57>, B58>, B59>, B60>, B61>;
pub type Bits63<B0, B1, B2, B3, B4, B5, B6, B7, B8, B9, B10, B11, B12, B13, B14, B15, B16, B17, B18, B19, B20, B21, B22, B23, B24, B25, B26, B27, B28, B29, B30, B31, B32, B33, B34, B35, B36, B37, B38, B39, B40, B41, B42, B43, B44, B45, B46, B47, B48, B49, B50, B51, B52, B53, B54, B55, B56, B57, B58, B59, B60, B61, B62> = UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UTerm, B0>, B1>, B2>, B3>, B4>, B5>, B6>, B7>, B8>, B9>, B10>, B11>, B12>, B13>, B14>, B15>, B16>, B17>, B18>, B19>, B20>, B21>, B22>, B23>, B24>, B25>, B26>, B27>, B28>, B29>, B30>, B31>, B32>, B33>, B34>, B35>, B36>, B37>, B38>, B39>, B40>, B41>, B42>, B43>, B44>, B45>, B46>, B47>, B48>, B49>, B50>, B51>, B52>, B53>, B54>, B55>, B56>, B57>, B58>, B59>, B60>, B61>, B62>;
pub type Bits64<B0, B1, B2, B3, B4, B5, B6, B7, B8, B9, B10, B11, B12, B13, B14, B15, B16, B17, B18, B19, B20, B21, B22, B23, B24, B25, B26, B27, B28, B29, B30, B31, B32, B33, B34, B35, B36, B37, B38, B39, B40, B41, B42, B43, B44, B45, B46, B47, B48, B49, B50, B51, B52, B53, B54, B55, B56, B57, B58, B59, B60, B61, B62, B63> = UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<UTerm, B0>, B1>, B2>, B3>, B4>, B5>, B6>, B7>, B8>, B9>, B10>, B11>, B12>, B13>, B14>, B15>, B16>, B17>, B18>, B19>, B20>, B21>, B22>, B23>, B24>, B25>, B26>, B27>, B28>, B29>, B30>, B31>, B32>, B33>, B34>, B35>, B36>, B37>, B38>, B39>, B40>, B41>, B42>, B43>, B44>, B45>, B46>, B47>, B48>, B49>, B50>, B51>, B52>, B53>, B54>, B55>, B56>, B57>, B58>, B59>, B60>, B61>, B62>, B63>;
