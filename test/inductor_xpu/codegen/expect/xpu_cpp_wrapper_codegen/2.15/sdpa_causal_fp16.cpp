// golden: C++ wrapper of sdpa_causal_fp16 on simulated max1550 (normalised; EXPECTTEST_ACCEPT=1 refreshes)
// ===== graph 0 of 1 =====

#include <torch/csrc/inductor/cpp_wrapper/xpu.h>
CACHE_TORCH_DTYPE(float16);


void inductor_entry_impl(
    AtenTensorHandle*
        input_handles, // array of input AtenTensorHandle; handles
                        // are stolen; the array itself is borrowed
    AtenTensorHandle*
        output_handles  // array for writing output AtenTensorHandle; handles
                        // will be stolen by the caller; the array itself is
                        // borrowed)
) {
    sycl::queue* stream0;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_get_current_xpu_stream(0, (void**)&stream0));
    py::gil_scoped_release_simple release;
    auto inputs = steal_from_raw_handles_to_raii_handles(input_handles, 3);
    auto arg0_1 = std::move(inputs[0]);
    auto arg1_1 = std::move(inputs[1]);
    auto arg2_1 = std::move(inputs[2]);
    assert_size_stride(arg1_1, {2L, 8L, 128L, 64L}, {65536L, 8192L, 64L, 1L}, "input");
    assert_size_stride(arg0_1, {2L, 8L, 128L, 64L}, {65536L, 8192L, 64L, 1L}, "input");
    assert_size_stride(arg2_1, {2L, 8L, 128L, 64L}, {65536L, 8192L, 64L, 1L}, "input");

    AOTIXpuGuard device_guard(0);
    // Topologically Sorted Source Nodes: [scaled_dot_product_attention], Original ATen: [aten._scaled_dot_product_fused_attention_overrideable]
    AtenTensorHandle buf1_handle;
    AtenTensorHandle buf2_handle;
    int64_t buf0_4 = 128;
    int64_t buf0_5 = 128;
    AtenTensorHandle buf3_handle;
    AtenTensorHandle buf4_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_xpu__scaled_dot_product_fused_attention_overrideable(arg1_1, arg0_1, arg2_1, nullptr, 0.0, 1, 0, nullptr, &buf1_handle, &buf2_handle, nullptr, nullptr, &buf0_4, &buf0_5, &buf3_handle, &buf4_handle, nullptr));
    RAIIAtenTensorHandle buf1(buf1_handle);
    RAIIAtenTensorHandle buf2(buf2_handle);
    RAIIAtenTensorHandle buf3(buf3_handle);
    RAIIAtenTensorHandle buf4(buf4_handle);
    arg0_1.reset();
    arg1_1.reset();
    arg2_1.reset();
    assert_size_stride(buf1, {2L, 8L, 128L, 64L}, {65536L, 8192L, 64L, 1L}, "torch.ops.aten._scaled_dot_product_fused_attention_overrideable.default", cached_torch_dtype_float16, "torch.float16");
    assert_alignment(buf1, 16, "torch.ops.aten._scaled_dot_product_fused_attention_overrideable.default");

    output_handles[0] = buf1.release();
} // inductor_entry_impl
