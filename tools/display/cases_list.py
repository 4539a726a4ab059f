"""The tensors whose PyTorch printing `cases.py` turns into Rust tests.

`case(name, dtype, shape, values=[...] | fn="formula", ops=[...], note=...)`:
values are flat (row-major); complex values are (re, im) pairs; ops are the
view ops applied in order (see `cases.op_code`).
"""

import struct

from cases import INF, NAN, case

# the float32 whose bits are the int32 1000000000
BITS_1E9 = struct.unpack("<f", struct.pack("<i", 1000000000))[0]

# --- the seed examples: the tour and the issue ------------------------------------

RANDN_4X4 = [0.9482, -0.0310, 1.4999, -0.5316, -0.1520, 0.7472, 0.5617, -0.8649,
             -2.4724, -0.0334, -0.2976, -0.8499, -0.2109, 1.9913, -0.9607, -0.6123]
case("seed_docs_randn_4x4", "float32", (4, 4), RANDN_4X4,
     note="Tensor.view(dtype) docs: x")
case("seed_docs_randn_as_int32", "float32", (4, 4), RANDN_4X4, ops=[("view_dtype", "int32")],
     note="Tensor.view(dtype) docs: x.view(torch.int32)")
case("seed_docs_randn_as_cfloat", "float32", (4, 4), RANDN_4X4, ops=[("view_dtype", "complex64")],
     note="Tensor.view(dtype) docs: x.view(torch.cfloat)")
case("seed_arange16_4x4", "float32", (4, 4), fn="i", note="torch.arange(16.).view(4, 4)")
case("seed_arange16_bits_written", "int32", (4, 4),
     [1000000000, 1065353216, 1073741824, 1077936128, 1082130432, 1084227584, 1086324736,
      1088421888, 1090519040, 1091567616, 1092616192, 1093664768, 1094713344, 1095761920,
      1096810496, 1097859072], ops=[("view_dtype", "float32")],
     note="x.view(torch.int32)[0, 0] = 1000000000, then x")
case("seed_t00_after_write", "float32", (4, 4), [3.14] + [float(i) for i in range(1, 16)],
     ops=[("select", 0, 0), ("select", 0, 0)], note="t[0][0] after b[0][0] = 3.14")
case("seed_base_int64", "int64", (2, 2), [0, 1, 2, 3])
case("seed_base_int64_transposed", "int64", (2, 2), [0, 1, 2, 3], ops=[("transpose", 0, 1)])
case("seed_issue_randn_2x2", "float32", (2, 2), [0.9482, -0.0310, 1.2500, -2.5000])
case("seed_issue_complex", "complex64", (2, 2),
     [(0.0047, -0.0310), (1.4999, -0.5316), (-0.1520, 0.7472), (0.5617, -0.8649)])

# --- every dtype: 1-D, 2-D, 0-d and empty ---------------------------------------------

case("bool_1d", "bool", (2,), [True, False])
case("bool_2d_all_true", "bool", (2, 2), [True] * 4)
case("bool_0d", "bool", (), [False])
case("bool_empty", "bool", (0,), [])
case("uint8_1d", "uint8", (3,), [0, 255, 7])
case("uint8_0d", "uint8", (), [200])
case("uint8_empty_2d", "uint8", (2, 0), [])
case("int8_2d", "int8", (2, 3), [-128, 0, 127, 5, -5, 1])
case("int8_0d", "int8", (), [-1])
case("int16_1d", "int16", (3,), [-32768, 32767, 0])
case("uint16_1d", "uint16", (3,), [0, 65535, 1])
case("int32_1d_extremes", "int32", (2,), [-2147483648, 2147483647])
case("int32_0d", "int32", (), [-7])
case("int32_empty", "int32", (0,), [])
case("uint32_1d", "uint32", (2,), [0, 4294967295])
case("int64_1d_extremes", "int64", (3,), [-9223372036854775808, 9223372036854775807, 0])
case("int64_0d", "int64", (), [3])
case("int64_empty", "int64", (0,), [])
case("int64_2d_widths", "int64", (2, 3), [1, -1, 10, -100, 1000000000000000, 0],
     note="integers never switch to scientific notation")
case("uint64_1d_max", "uint64", (2,), [18446744073709551615, 0])
case("uint64_0d", "uint64", (), [18446744073709551615])
case("float16_sci", "float16", (3,), [0.1, -1.5, 1000.0])
case("float16_rounding", "float16", (4,), [0.1, 0.2, 0.3, 1 / 3])
case("float16_extremes", "float16", (3,), [65504.0, -65504.0, 1.0])
case("float16_subnormal", "float16", (2,), [2.0 ** -24, 1.0])
case("float16_0d", "float16", (), [0.1])
case("float16_empty", "float16", (0, 2), [])
case("bfloat16_fixed", "bfloat16", (2,), [0.1, 3.0])
case("bfloat16_rounding", "bfloat16", (4,), [1 / 3, 2 / 3, 255.0, 257.0],
     note="257 rounds to 256 in bfloat16")
case("bfloat16_huge", "bfloat16", (2,), [1e30, -1e-30])
case("bfloat16_0d", "bfloat16", (), [1 / 3])
case("float32_0d", "float32", (), [3.0])
case("float32_0d_frac", "float32", (), [3.14])
case("float32_0d_tiny", "float32", (), [1e-5])
case("float32_0d_nan", "float32", (), [NAN])
case("float32_0d_neg_zero", "float32", (), [-0.0])
case("float32_empty", "float32", (0,), [])
case("float32_empty_0x3", "float32", (0, 3), [])
case("float32_empty_3x0", "float32", (3, 0), [])
case("float32_empty_2x0x4", "float32", (2, 0, 4), [])
case("float64_1d", "float64", (3,), [1 / 3, 2 / 3, -1.0])
case("float64_0d", "float64", (), [2.5])
case("float64_empty", "float64", (0,), [])
case("complex32_1d", "complex32", (2,), [(0.5, -1.0), (1.5, 2.0)])
case("complex32_rounding", "complex32", (2,), [(0.1, 0.2), (-1 / 3, 1000.0)])
case("complex32_0d", "complex32", (), [(1.0, -1.0)])
case("complex64_2d", "complex64", (2, 2), [(0.0047, -0.0310), (1.5, 0.0), (0.0, -0.0), (-2.0, 0.25)])
case("complex64_0d", "complex64", (), [(1.0, 2.0)])
case("complex64_empty", "complex64", (0,), [])
case("complex128_whole", "complex128", (3,), [(0.0, -0.0), (1.0, -1.0), (2.0, -2.0)])
case("complex128_0d", "complex128", (), [(0.25, -0.5)])

# --- float styles: int mode, fixed, scientific ------------------------------------------

case("float32_int_mode", "float32", (2,), [0.0, 1.0])
case("float32_int_mode_wide", "float32", (3,), [-1.0, 2.0, 100.0])
case("float32_all_zero", "float32", (3,), [0.0, 0.0, 0.0])
case("float32_zero_and_neg_zero", "float32", (2,), [0.0, -0.0])
case("float32_neg_zero_in_fixed", "float32", (3,), [-0.0, 0.5, -0.25])
case("float32_fixed", "float32", (3,), [0.5, 0.25, 0.125])
case("float32_half_even", "float32", (3,), [0.03125, 0.15625, 0.5])
case("float32_round_up", "float32", (3,), [0.12345, 0.99995, 9.99995])
case("float64_round_up", "float64", (3,), [0.12345, 0.99995, 9.99995])
case("float32_sci_small", "float32", (2,), [1e-5, 1.0])
case("float64_sci_small", "float64", (2,), [1e-5, 1.0])
case("float64_1e4_boundary", "float64", (2,), [0.0001, 0.0002],
     note="min 1e-4 is not below 1e-4")
case("float32_1e4_boundary", "float32", (2,), [0.0001, 0.0002],
     note="1e-4 in float32 is just below 1e-4")
case("float32_sci_ratio", "float32", (2,), [1.0, 1001.0])
case("float32_no_sci_ratio_1000", "float32", (2,), [1.0, 1000.0])
case("float32_sci_ratio_fixed", "float32", (2,), [0.5, 500.5])
case("float32_no_sci_1e8", "float32", (2,), [1e8, 5e7])
case("float32_sci_above_1e8", "float32", (2,), [1.5e8, 1e8])
case("float32_sci_big", "float32", (2,), [123456789.0, -5e7])
case("float64_sci_huge_exponent", "float64", (3,), [1e100, -1e-100, 1.0])
case("float64_sci_whole", "float64", (3,), [1e15, 1.0, -3.0])
case("float64_sci_mixed_signs", "float64", (2, 2), [-1e-5, 2.5, 1e3, -7.0])
case("float32_fixed_wide", "float32", (3,), [999.5, 1.5, -12.25])
case("float32_negatives", "float32", (2, 2), [-0.5, 0.25, -0.125, 1.0])

# --- non-finite values ---------------------------------------------------------------

case("float32_nonfinite", "float32", (4,), [NAN, INF, -INF, 1.5])
case("float32_nonfinite_int_mode", "float32", (3,), [NAN, 2.0, -0.0])
case("float32_only_nan", "float32", (2,), [NAN, NAN])
case("float32_only_inf", "float32", (2,), [INF, -INF])
case("float32_inf_wider_than_ints", "float32", (3,), [INF, 1.0, -INF])
case("float32_nan_with_sci", "float32", (3,), [NAN, 1e-5, 1.0])
case("float16_nonfinite", "float16", (3,), [INF, NAN, 0.5])
case("bfloat16_nonfinite", "bfloat16", (3,), [-INF, 2.0, NAN])
case("float64_nonfinite_2d", "float64", (2, 2), [NAN, -0.0, 1e10, INF])
case("complex64_nonfinite", "complex64", (4,), [(NAN, 1.0), (INF, -INF), (1.0, NAN), (-INF, 0.0)])
case("complex128_nan_only", "complex128", (2,), [(NAN, NAN), (0.0, 0.0)])

# --- complex styles -------------------------------------------------------------------

case("complex64_sci", "complex64", (2,), [(1e-5, 1.0), (1.0, 1e10)])
case("complex64_part_widths", "complex64", (2,), [(100.0, 0.5), (-1.0, -0.25)])
case("complex64_zero_imag", "complex64", (2,), [(1.5, 0.0), (-2.25, 0.0)])
case("complex64_zero_real_negative_imag", "complex64", (3,), [(0.0, -1.5), (0.0, 2.0), (-0.0, -0.0)])
case("complex128_3d", "complex128", (2, 2, 2), fn="((i % 9) / 4 - 1, (i % 7) / 8 - 0.5)")

# --- ranks ------------------------------------------------------------------------------

case("float32_3d", "float32", (2, 3, 4), fn="(i % 33) / 16 - 1")
case("int64_3d", "int64", (2, 3, 4), fn="i")
case("float32_4d", "float32", (2, 2, 2, 3), fn="i")
case("int16_5d", "int16", (1, 2, 1, 2, 2), fn="i")
case("float32_2d_one_row", "float32", (1, 3), [1.5, 2.5, 3.5])
case("float32_2d_one_col", "float32", (3, 1), [1.5, 2.5, 3.5])
case("float32_3d_singletons", "float32", (1, 1, 1), [7.0])

# --- wrapping at 80 columns and the dtype suffix -----------------------------------------

case("float32_wrap_30", "float32", (30,), [i / 7 for i in range(30)])
case("int32_suffix_newline", "int32", (16,), fn="i",
     note="the suffix goes on a new line when it does not fit")
case("int32_suffix_fits_at_80", "int32", (13,), fn="i",
     note="the last line with the suffix is exactly 80 columns")
case("int32_suffix_wraps_at_81", "int32", (14,), fn="i")
case("int32_2d_suffix_after_rows", "int32", (3, 5), fn="i")
case("float64_2d_wrapped_rows", "float64", (2, 12), fn="(i % 33) / 16 - 1")
case("int8_wrap_long_row", "int8", (40,), fn="i")
case("float16_3d_wrapped", "float16", (2, 2, 15), fn="(i % 97) / 8")
case("complex64_wrap", "complex64", (10,), fn="((i % 9) / 4 - 1, (i % 7) / 8 - 0.5)")
case("int64_exactly_1000", "int64", (10, 100), fn="i",
     note="1000 elements: not summarised")

# --- summarised: more than 1000 elements ---------------------------------------------------

case("float32_big_1d_sci", "float32", (2000,), fn="i")
case("float32_big_1d_fixed", "float32", (1500,), fn="(i % 97) / 8")
case("int64_big_1d", "int64", (1001,), fn="i")
case("int32_big_1d_suffix", "int32", (1001,), fn="i")
case("bool_big_1d", "bool", (1001,), fn="i % 3 == 0")
case("uint8_big_2d", "uint8", (50, 50), fn="i % 256")
case("float16_big_1d", "float16", (1100,), fn="(i % 97) / 8")
case("bfloat16_big_1d", "bfloat16", (1100,), fn="i % 97")
case("complex32_big_1d", "complex32", (1001,), fn="(i % 5, -(i % 3))")
case("float32_big_2d_int_mode", "float32", (40, 30), fn="i % 97")
case("float32_big_2d_tall", "float32", (1001, 1), fn="i % 97")
case("float32_big_2d_wide", "float32", (1, 1001), fn="i % 97")
case("float32_big_2d_few_rows", "float32", (5, 300), fn="(i % 33) / 16 - 1")
case("float64_big_3d", "float64", (4, 25, 20), fn="i % 97")
case("float32_big_3d_all_cut", "float32", (10, 10, 11), fn="((i % 7) - 3) * 2^((i % 23) - 11)")
case("complex64_big_4d", "complex64", (2, 2, 2, 130), fn="(i % 5, -(i % 3))")
case("float64_big_1d_sci_wrap", "float64", (2000,), fn="(i % 100) * 2^20 + 0.5",
     note="seven wide items wrap the summarised row")
case("float64_big_2d_sci_wrap", "float64", (100, 20), fn="((i % 7) - 3) * 2^((i % 23) - 11)")
case("float32_big_hidden_spike", "float32", (1001,), fn="1e6 at 500, else i % 10",
     note="the formatter sees only the shown values")
case("int64_big_values", "int64", (1001,), fn="i * 1000000007 - 500000000000")
case("complex128_big_2d", "complex128", (30, 40), fn="((i % 9) / 4 - 1, (i % 7) / 8 - 0.5)")

# --- non-contiguous views --------------------------------------------------------------------

case("float32_transpose", "float32", (2, 3), fn="i", ops=[("transpose", 0, 1)])
case("float32_permute_3d", "float32", (2, 3, 4), fn="(i % 33) / 16 - 1", ops=[("permute", (2, 0, 1))])
case("float32_narrow", "float32", (4, 5), fn="(i % 33) / 16 - 1", ops=[("narrow", 1, 1, 3)])
case("float32_narrow_empty", "float32", (3, 2), fn="i", ops=[("narrow", 0, 1, 0)])
case("int32_expand", "int32", (3,), [1, -20, 300], ops=[("expand", (2, 3))])
case("float32_expand_big", "float32", (1,), [1.5], ops=[("expand", (2000,))])
case("float32_expand_big_2d", "float32", (3, 1), [0.5, -1.0, 2.0], ops=[("expand", (3, 400))])
case("float32_select_column", "float32", (3, 3), fn="i", ops=[("select", 1, 1)])
case("float32_step_slice", "float32", (4, 6), fn="(i % 33) / 16 - 1", ops=[("index", "::2, 1::2", "..;2, 1..;2")])
case("float32_diagonal", "float32", (3, 3), fn="(i % 97) / 8", ops=[("diagonal", 0, 0, 1)])
case("float32_unfold", "float32", (6,), fn="i", ops=[("unfold", 0, 3, 1)])
case("float32_as_strided_overlap", "float32", (6,), fn="(i % 97) / 8", ops=[("as_strided", (3, 3), (1, 1), 1)])
case("float32_big_transposed", "float32", (30, 40), fn="i", ops=[("transpose", 0, 1)])
case("int64_big_permuted", "int64", (10, 11, 12), fn="i", ops=[("permute", (2, 0, 1))])
case("float32_unsqueeze", "float32", (3,), [0.5, 1.5, 2.5], ops=[("unsqueeze", 0)])

# --- conjugate and negative views ------------------------------------------------------------

case("complex64_mh", "complex64", (2, 2), fn="(i % 5, -(i % 3))", ops=[("mH",)])
case("complex64_conj", "complex64", (3,), [(1.0, -2.0), (0.5, 0.0), (-1.5, 0.25)], ops=[("conj",)])
case("complex64_conj_imag", "complex64", (3,), [(1.0, -2.0), (0.5, 0.0), (-1.5, 0.25)],
     ops=[("conj",), ("imag",)], note="imag of a conjugate view carries the negative bit")
case("complex128_mh_imag", "complex128", (2, 2), [(1.0, -2.0), (0.5, 0.0), (-1.5, 0.25), (3.0, 1e-5)],
     ops=[("mH",), ("imag",)])
case("complex64_mh_real", "complex64", (2, 2), [(1.0, -2.0), (0.5, 0.0), (-1.5, 0.25), (3.0, 4.0)],
     ops=[("mH",), ("real",)])
case("complex32_conj", "complex32", (2,), [(0.5, -1.0), (1.5, 2.0)], ops=[("conj",)])
case("complex64_big_mh", "complex64", (40, 30), fn="((i % 9) / 4 - 1, (i % 7) / 8 - 0.5)", ops=[("mH",)])
case("complex64_big_conj_imag", "complex64", (1200,), fn="((i % 9) / 4 - 1, (i % 7) / 8 - 0.5)",
     ops=[("conj",), ("imag",)])
case("float32_mh_real", "float32", (2, 3), fn="i", ops=[("mH",)], note="mH of a real tensor is mT")
case("complex64_0d_conj", "complex64", (), [(1.0, 2.0)], ops=[("conj",)])

# --- dtype views ---------------------------------------------------------------------------------

case("float32_as_uint8", "float32", (2,), [1.0, -2.0], ops=[("view_dtype", "uint8")])
case("int64_as_float64_denormal", "int64", (3,), [1, 2, 4607182418800017408], ops=[("view_dtype", "float64")])
case("uint8_as_bool", "uint8", (4,), [0, 1, 2, 255], ops=[("view_dtype", "bool")],
     note="any non-zero byte is True")
case("float16_as_int16", "float16", (3,), [1.0, -2.0, 0.5], ops=[("view_dtype", "int16")])
case("bfloat16_as_uint16", "bfloat16", (3,), [1.0, -2.0, 0.5], ops=[("view_dtype", "uint16")])
case("complex64_as_float32", "complex64", (2,), [(1.0, -2.0), (0.5, 0.25)], ops=[("view_dtype", "float32")])
case("uint32_as_float32_nan", "uint32", (3,), [0x7FC00000, 0xFF800000, 0xFFC00000], ops=[("view_dtype", "float32")])
case("int16_as_complex32", "int16", (4,), [15360, -17408, 14336, 0], ops=[("view_dtype", "complex32")])

# --- rounding ties and carries (Python's `format`: exact value, ties to even) ---------------

case("float32_fixed_ties", "float32", (3,), [0.09375, 0.21875, 0.40625],
     note="exact binary ties at the fifth decimal round to even")
case("float64_sci_ties", "float64", (3,), [103125.0, 109375.0, 0.5])
case("float64_sci_tie_small", "float64", (2,), [1.03125, 1e-5])
case("float64_sci_carry", "float64", (2,), [9.99995, 1e-5], note="9.99995 rounds up to 1.0000e+01")
case("float64_fixed_large", "float64", (2,), [12345678.5, 99999.5])

# --- more styles and suffix placements ----------------------------------------------------

case("float32_int_mode_sci_nan", "float32", (3,), [NAN, 1.0, 1e10])
case("complex64_0d_sci", "complex64", (), [(1e-5, 1.0)])
case("complex64_real_sci_imag_int", "complex64", (2,), [(1e-5, 1.0), (1.0, 2.0)])
case("int32_2d_suffix_on_new_line", "int32", (2, 16), fn="i",
     note="a long last row pushes the suffix to a new line")
case("uint64_3d_deep_wrap", "uint64", (2, 2, 4), [18446744073709551615, 1] * 8,
     note="22-column elements: three per line at indent 9")

# --- carried over from the hand-derived tests (now checked against PyTorch) -------------------

case("uint8_empty_3d", "uint8", (2, 0, 1), [])
case("complex64_mh_whole", "complex64", (2, 2), [(0.0, 0.0), (1.0, -1.0), (2.0, -2.0), (3.0, -3.0)],
     ops=[("mH",)])
case("complex64_1x1_mh", "complex64", (1, 1), [(1.0, -2.0)], ops=[("mH",)])
case("complex64_1x1_mh_imag", "complex64", (1, 1), [(1.0, -2.0)], ops=[("mH",), ("imag",)])
case("seed_arange16_bits_as_int32", "float32", (4, 4), [BITS_1E9] + [float(i) for i in range(1, 16)],
     ops=[("view_dtype", "int32")], note="x.view(torch.int32) after the write")
case("float32_big_7_rows", "float32", (7, 150), fn="(i % 97) / 8",
     note="a dim of 7 is the smallest that is cut")
case("float32_extremes", "float32", (3,), [3.4028234663852886e38, 1.1754943508222875e-38, 2.0 ** -149],
     note="largest, smallest normal and smallest subnormal float32")
