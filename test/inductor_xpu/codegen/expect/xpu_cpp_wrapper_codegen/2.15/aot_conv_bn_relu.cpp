// golden: AOTInductor wrapper of aot_conv_bn_relu on simulated max1550 (not compiled; EXPECTTEST_ACCEPT=1 refreshes)
// kernels: {"triton_per_fused__native_batch_norm_legit_no_training_amax_convolution_relu_3": {"config": {"XBLOCK": 16}, "num_warps": 2}, "triton_poi_fused_convolution_0": {"config": {"XBLOCK": 128, "YBLOCK": 8}, "num_warps": 4}, "triton_poi_fused_convolution_1": {"config": {"XBLOCK": 16, "YBLOCK": 32}, "num_warps": 4}, "triton_red_fused__native_batch_norm_legit_no_training_amax_convolution_relu_2": {"config": {"R0_BLOCK": 64, "XBLOCK": 2}, "num_warps": 2}}

#pragma once
// Auto-generated kernel configurations for AOTInductor lazy compile.


// Kernel: triton_poi_fused_convolution_0
#define TRITON_POI_FUSED_CONVOLUTION_0_CUBIN_PATH "triton_poi_fused_convolution_0.zebin"
#define TRITON_POI_FUSED_CONVOLUTION_0_MANGLED_NAME "triton_poi_fused_convolution_0"
#define TRITON_POI_FUSED_CONVOLUTION_0_NUM_WARPS 4
#define TRITON_POI_FUSED_CONVOLUTION_0_SHARED_MEM 0
#define TRITON_POI_FUSED_CONVOLUTION_0_XBLOCKS {128}
#define TRITON_POI_FUSED_CONVOLUTION_0_YBLOCKS {8}
#define TRITON_POI_FUSED_CONVOLUTION_0_ZBLOCKS {1}
#define TRITON_POI_FUSED_CONVOLUTION_0_R0BLOCKS {1}
#define TRITON_POI_FUSED_CONVOLUTION_0_RSPLIT 1
#define TRITON_POI_FUSED_CONVOLUTION_0_RSPLIT_SIZE 1
#define TRITON_POI_FUSED_CONVOLUTION_0_CONFIG_INDEX -1
#define TRITON_POI_FUSED_CONVOLUTION_0_GLOBAL_SCRATCH -1
#define TRITON_POI_FUSED_CONVOLUTION_0_PROFILE_SCRATCH -1
#define TRITON_POI_FUSED_CONVOLUTION_0_TENSORDESC_META {}


// Kernel: triton_poi_fused_convolution_1
#define TRITON_POI_FUSED_CONVOLUTION_1_CUBIN_PATH "triton_poi_fused_convolution_1.zebin"
#define TRITON_POI_FUSED_CONVOLUTION_1_MANGLED_NAME "triton_poi_fused_convolution_1"
#define TRITON_POI_FUSED_CONVOLUTION_1_NUM_WARPS 4
#define TRITON_POI_FUSED_CONVOLUTION_1_SHARED_MEM 0
#define TRITON_POI_FUSED_CONVOLUTION_1_XBLOCKS {16}
#define TRITON_POI_FUSED_CONVOLUTION_1_YBLOCKS {32}
#define TRITON_POI_FUSED_CONVOLUTION_1_ZBLOCKS {1}
#define TRITON_POI_FUSED_CONVOLUTION_1_R0BLOCKS {1}
#define TRITON_POI_FUSED_CONVOLUTION_1_RSPLIT 1
#define TRITON_POI_FUSED_CONVOLUTION_1_RSPLIT_SIZE 1
#define TRITON_POI_FUSED_CONVOLUTION_1_CONFIG_INDEX -1
#define TRITON_POI_FUSED_CONVOLUTION_1_GLOBAL_SCRATCH -1
#define TRITON_POI_FUSED_CONVOLUTION_1_PROFILE_SCRATCH -1
#define TRITON_POI_FUSED_CONVOLUTION_1_TENSORDESC_META {}


// Kernel: triton_red_fused__native_batch_norm_legit_no_training_amax_convolution_relu_2
#define TRITON_RED_FUSED__NATIVE_BATCH_NORM_LEGIT_NO_TRAINING_AMAX_CONVOLUTION_RELU_2_CUBIN_PATH "triton_red_fused__native_batch_norm_legit_no_training_amax_convolution_relu_2.zebin"
#define TRITON_RED_FUSED__NATIVE_BATCH_NORM_LEGIT_NO_TRAINING_AMAX_CONVOLUTION_RELU_2_MANGLED_NAME "triton_red_fused__native_batch_norm_legit_no_training_amax_convolution_relu_2"
#define TRITON_RED_FUSED__NATIVE_BATCH_NORM_LEGIT_NO_TRAINING_AMAX_CONVOLUTION_RELU_2_NUM_WARPS 2
#define TRITON_RED_FUSED__NATIVE_BATCH_NORM_LEGIT_NO_TRAINING_AMAX_CONVOLUTION_RELU_2_SHARED_MEM 0
#define TRITON_RED_FUSED__NATIVE_BATCH_NORM_LEGIT_NO_TRAINING_AMAX_CONVOLUTION_RELU_2_XBLOCKS {2}
#define TRITON_RED_FUSED__NATIVE_BATCH_NORM_LEGIT_NO_TRAINING_AMAX_CONVOLUTION_RELU_2_YBLOCKS {1}
#define TRITON_RED_FUSED__NATIVE_BATCH_NORM_LEGIT_NO_TRAINING_AMAX_CONVOLUTION_RELU_2_ZBLOCKS {1}
#define TRITON_RED_FUSED__NATIVE_BATCH_NORM_LEGIT_NO_TRAINING_AMAX_CONVOLUTION_RELU_2_R0BLOCKS {64}
#define TRITON_RED_FUSED__NATIVE_BATCH_NORM_LEGIT_NO_TRAINING_AMAX_CONVOLUTION_RELU_2_RSPLIT 1
#define TRITON_RED_FUSED__NATIVE_BATCH_NORM_LEGIT_NO_TRAINING_AMAX_CONVOLUTION_RELU_2_RSPLIT_SIZE 1
#define TRITON_RED_FUSED__NATIVE_BATCH_NORM_LEGIT_NO_TRAINING_AMAX_CONVOLUTION_RELU_2_CONFIG_INDEX -1
#define TRITON_RED_FUSED__NATIVE_BATCH_NORM_LEGIT_NO_TRAINING_AMAX_CONVOLUTION_RELU_2_GLOBAL_SCRATCH -1
#define TRITON_RED_FUSED__NATIVE_BATCH_NORM_LEGIT_NO_TRAINING_AMAX_CONVOLUTION_RELU_2_PROFILE_SCRATCH -1
#define TRITON_RED_FUSED__NATIVE_BATCH_NORM_LEGIT_NO_TRAINING_AMAX_CONVOLUTION_RELU_2_TENSORDESC_META {}


// Kernel: triton_per_fused__native_batch_norm_legit_no_training_amax_convolution_relu_3
#define TRITON_PER_FUSED__NATIVE_BATCH_NORM_LEGIT_NO_TRAINING_AMAX_CONVOLUTION_RELU_3_CUBIN_PATH "triton_per_fused__native_batch_norm_legit_no_training_amax_convolution_relu_3.zebin"
#define TRITON_PER_FUSED__NATIVE_BATCH_NORM_LEGIT_NO_TRAINING_AMAX_CONVOLUTION_RELU_3_MANGLED_NAME "triton_per_fused__native_batch_norm_legit_no_training_amax_convolution_relu_3"
#define TRITON_PER_FUSED__NATIVE_BATCH_NORM_LEGIT_NO_TRAINING_AMAX_CONVOLUTION_RELU_3_NUM_WARPS 2
#define TRITON_PER_FUSED__NATIVE_BATCH_NORM_LEGIT_NO_TRAINING_AMAX_CONVOLUTION_RELU_3_SHARED_MEM 0
#define TRITON_PER_FUSED__NATIVE_BATCH_NORM_LEGIT_NO_TRAINING_AMAX_CONVOLUTION_RELU_3_XBLOCKS {16}
#define TRITON_PER_FUSED__NATIVE_BATCH_NORM_LEGIT_NO_TRAINING_AMAX_CONVOLUTION_RELU_3_YBLOCKS {1}
#define TRITON_PER_FUSED__NATIVE_BATCH_NORM_LEGIT_NO_TRAINING_AMAX_CONVOLUTION_RELU_3_ZBLOCKS {1}
#define TRITON_PER_FUSED__NATIVE_BATCH_NORM_LEGIT_NO_TRAINING_AMAX_CONVOLUTION_RELU_3_R0BLOCKS {1}
#define TRITON_PER_FUSED__NATIVE_BATCH_NORM_LEGIT_NO_TRAINING_AMAX_CONVOLUTION_RELU_3_RSPLIT 1
#define TRITON_PER_FUSED__NATIVE_BATCH_NORM_LEGIT_NO_TRAINING_AMAX_CONVOLUTION_RELU_3_RSPLIT_SIZE 1
#define TRITON_PER_FUSED__NATIVE_BATCH_NORM_LEGIT_NO_TRAINING_AMAX_CONVOLUTION_RELU_3_CONFIG_INDEX -1
#define TRITON_PER_FUSED__NATIVE_BATCH_NORM_LEGIT_NO_TRAINING_AMAX_CONVOLUTION_RELU_3_GLOBAL_SCRATCH -1
#define TRITON_PER_FUSED__NATIVE_BATCH_NORM_LEGIT_NO_TRAINING_AMAX_CONVOLUTION_RELU_3_PROFILE_SCRATCH -1
#define TRITON_PER_FUSED__NATIVE_BATCH_NORM_LEGIT_NO_TRAINING_AMAX_CONVOLUTION_RELU_3_TENSORDESC_META {}

#include <torch/csrc/inductor/aoti_include/xpu.h>
// Definition of AOTI runtime interface functions

#include <torch/csrc/inductor/aoti_runtime/interface.h>
#include <torch/csrc/inductor/aoti_runtime/model_container.h>

#include <exception>
#include <iostream>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

// Stores the last error message from a failed AOTI runtime call so that
// callers on the other side of the C ABI boundary can retrieve it via
// AOTInductorGetLastError(). Without this, exception messages (e.g.
// "CUDA error: an illegal memory access was encountered") are lost when
// the runtime boundary catches them and returns an error code.
static thread_local std::string g_aoti_last_error;

namespace {

// Error reporting must not let a secondary exception cross the C ABI.
AOTIRuntimeError record_aoti_runtime_exception(
    const std::exception& e) noexcept {
  try {
    g_aoti_last_error = e.what();
  } catch (...) { // NOLINT(bugprone-empty-catch)
  }
  try {
    std::cerr << "Error: " << e.what() << '\n';
  } catch (...) { // NOLINT(bugprone-empty-catch)
  }
  return AOTI_RUNTIME_FAILURE;
}

AOTIRuntimeError record_unknown_aoti_runtime_exception() noexcept {
  try {
    g_aoti_last_error = "Unknown exception";
  } catch (...) { // NOLINT(bugprone-empty-catch)
  }
  try {
    std::cerr << "Unknown exception occurred.\n";
  } catch (...) { // NOLINT(bugprone-empty-catch)
  }
  return AOTI_RUNTIME_FAILURE;
}

} // namespace

#define AOTI_RUNTIME_TRY(...)                       \
  try {                                             \
    g_aoti_last_error.clear();                      \
    __VA_ARGS__                                     \
  } catch (const std::exception& e) {               \
    return record_aoti_runtime_exception(e);        \
  } catch (...) {                                   \
    return record_unknown_aoti_runtime_exception(); \
  }

#define AOTI_VECTOR_SIZE_CHECK(actual_size, expected_size, name)  \
  do {                                                            \
    AOTI_RUNTIME_CHECK(                                           \
        actual_size == expected_size,                             \
        "expected " + std::string(name) + " vector size to be " + \
            std::to_string(expected_size) + ", but got " +        \
            std::to_string(actual_size));                         \
  } while (0)

// AOTInductor uses at::addmm_out, which doesn't support
// arguments that require gradient. For this reason, we
// enforce no_grad context for run APIs.
//
// A RAII, thread local (!) guard that enables or disables grad mode upon
// construction, and sets it back to the original value upon destruction.
struct AOTINoGradGuard {
  AOTINoGradGuard() {
    aoti_torch_grad_mode_set_enabled(false);
  }
  AOTINoGradGuard(const AOTINoGradGuard&) = delete;
  AOTINoGradGuard(AOTINoGradGuard&&) noexcept = delete;
  ~AOTINoGradGuard() {
    aoti_torch_grad_mode_set_enabled(prev_mode);
  }
  AOTINoGradGuard& operator=(const AOTINoGradGuard&) = delete;
  AOTINoGradGuard& operator=(AOTINoGradGuard&&) noexcept = delete;
  bool prev_mode{aoti_torch_grad_mode_is_enabled()};
};

namespace {

std::unordered_map<std::string, AtenTensorHandle> constant_map_from_pairs(
    const AOTInductorConstantMapEntry* pairs,
    size_t num_pairs) {
  std::unordered_map<std::string, AtenTensorHandle> input_map;
  input_map.reserve(num_pairs);
  for (size_t i = 0; i < num_pairs; ++i) {
    input_map.emplace(pairs[i].name, pairs[i].handle);
  }
  return input_map;
}

// Shared constructor for AOTInductorModelCreate / AOTInductorModelCreateV2.
// `populate(constant_map)` is called between model construction and
// optional embedded-blob loading.
template <typename Populate>
AOTIRuntimeError createModelImpl(
    AOTInductorModelHandle* model_handle,
    bool load_constants_from_blob,
    Populate&& populate) {
  auto constant_map = std::make_shared<torch::aot_inductor::ConstantMap>();
  auto constant_array = std::make_shared<
      std::vector<torch::aot_inductor::ConstantHandle>>();
  auto model = std::make_unique<torch::aot_inductor::AOTInductorModel>(
      constant_map,
      constant_array,
      // device_str is hardcoded, as AOTInductorModelCreate is only used
      // for CPU models.
      "cpu",
      "");
  std::forward<Populate>(populate)(*constant_map);
  if (load_constants_from_blob) {
    model->load_constants();
  }
  *model_handle = reinterpret_cast<AOTInductorModelHandle>(model.release());
  return AOTI_RUNTIME_SUCCESS;
}

} // namespace

extern "C" {

AOTIRuntimeError AOTInductorModelContainerCreate(
    AOTInductorModelContainerHandle* container_handle,
    size_t num_models,
    bool is_cpu,
    const char* cubin_dir) AOTI_RUNTIME_TRY({
      return AOTInductorModelContainerCreateWithDevice(
        container_handle,
        num_models,
        is_cpu ? "cpu" : "cuda",
        cubin_dir);
})

AOTIRuntimeError AOTInductorModelContainerCreateWithDevice(
    AOTInductorModelContainerHandle* container_handle,
    size_t num_models,
    const char* device_str,
    const char* cubin_dir) AOTI_RUNTIME_TRY({
  if (num_models == 0) {
    std::cerr << "Error: num_models must be positive, but got 0\n";
    return AOTI_RUNTIME_FAILURE;
  }
  std::optional<std::string> cubin_dir_opt;
  if (cubin_dir != nullptr) {
    cubin_dir_opt.emplace(cubin_dir);
  }
  auto* container = new torch::aot_inductor::AOTInductorModelContainer(
      num_models, std::string(device_str), cubin_dir_opt);
  *container_handle =
      reinterpret_cast<AOTInductorModelContainerHandle>(container);
  return AOTI_RUNTIME_SUCCESS;
})


AOTIRuntimeError AOTInductorModelContainerCreateWithExternalConstants(
    AOTInductorModelContainerHandle* container_handle,
    size_t num_models,
    const char* device_str,
    const char* cubin_dir,
    const AOTInductorConstantMapEntry* constant_entries,
    size_t num_constant_entries) AOTI_RUNTIME_TRY({
  if (num_models == 0) {
    std::cerr << "Error: num_models must be positive, but got 0\n";
    return AOTI_RUNTIME_FAILURE;
  }
  if (num_constant_entries != 0 && constant_entries == nullptr) {
    std::cerr << "Error: constant_entries is null but num_constant_entries is "
              << num_constant_entries << "\n";
    return AOTI_RUNTIME_FAILURE;
  }
  std::optional<std::string> cubin_dir_opt;
  if (cubin_dir != nullptr) {
    cubin_dir_opt.emplace(cubin_dir);
  }
  // Rebuild the std map on the DSO side of the boundary so no std container
  // crosses the ABI; the entries are C-compatible (name + AtenTensorHandle).
  std::unordered_map<std::string, AtenTensorHandle> constants;
  constants.reserve(num_constant_entries);
  for (size_t i = 0; i < num_constant_entries; ++i) {
    constants.emplace(constant_entries[i].name, constant_entries[i].handle);
  }
  auto* container = new torch::aot_inductor::AOTInductorModelContainer(
      num_models,
      std::string(device_str),
      constants,
      cubin_dir_opt);
  *container_handle =
      reinterpret_cast<AOTInductorModelContainerHandle>(container);
  return AOTI_RUNTIME_SUCCESS;
})

AOTIRuntimeError AOTInductorModelContainerSetUseStreamAffinity(
    AOTInductorModelContainerHandle container_handle,
    bool use_stream_affinity) AOTI_RUNTIME_TRY({
  auto* container =
      reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(
          container_handle);
  container->set_use_stream_affinity(use_stream_affinity);
  return AOTI_RUNTIME_SUCCESS;
})

AOTIRuntimeError AOTInductorModelContainerGetStreamAffinityModelIndexForTesting(
    AOTInductorModelContainerHandle container_handle,
    AOTInductorStreamHandle stream_handle,
    int64_t* model_index) AOTI_RUNTIME_TRY({
  if (model_index == nullptr) {
    return AOTI_RUNTIME_FAILURE;
  }
  auto* container =
      reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(
          container_handle);
  auto stream =
      reinterpret_cast<torch::aot_inductor::DeviceStreamType>(stream_handle);
  *model_index = container->get_stream_affinity_model_index(stream);
  return AOTI_RUNTIME_SUCCESS;
})

AOTIRuntimeError AOTInductorModelContainerDelete(
    AOTInductorModelContainerHandle container_handle) AOTI_RUNTIME_TRY({
  auto* container =
      reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(
          container_handle);
  delete container;
  return AOTI_RUNTIME_SUCCESS;
})

AOTIRuntimeError AOTInductorModelContainerRun(
    AOTInductorModelContainerHandle container_handle,
    AtenTensorHandle* input_handles, // array of input AtenTensorHandle; handles
                                     // are stolen; the array itself is borrowed
    size_t num_inputs,
    AtenTensorHandle*
        output_handles, // array for writing output AtenTensorHandle; handles
                        // will be stolen by the caller; the array itself is
                        // borrowed
    size_t num_outputs,
    AOTInductorStreamHandle stream_handle,
    AOTIProxyExecutorHandle proxy_executor_handle) AOTI_RUNTIME_TRY({
  auto* container =
      reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(
          container_handle);
  AOTI_VECTOR_SIZE_CHECK(num_inputs, container->num_inputs(), "inputs");
  AOTI_VECTOR_SIZE_CHECK(num_outputs, container->num_outputs(), "outputs");

  auto stream =
      reinterpret_cast<torch::aot_inductor::DeviceStreamType>(stream_handle);
  AOTINoGradGuard guard;
  container->run(
      input_handles, output_handles, stream, proxy_executor_handle);
  return AOTI_RUNTIME_SUCCESS;
})

AOTIRuntimeError AOTInductorModelContainerRunSingleThreaded(
    AOTInductorModelContainerHandle container_handle,
    AtenTensorHandle* input_handles, // array of input AtenTensorHandle; handles
                                     // are stolen; the array itself is borrowed
    size_t num_inputs,
    AtenTensorHandle*
        output_handles, // array for writing output AtenTensorHandle; handles
                        // will be stolen by the caller; the array itself is
                        // borrowed
    size_t num_outputs,
    AOTInductorStreamHandle stream_handle,
    AOTIProxyExecutorHandle proxy_executor_handle) AOTI_RUNTIME_TRY({
  auto* container =
      reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(
          container_handle);
  AOTI_VECTOR_SIZE_CHECK(num_inputs, container->num_inputs(), "inputs");
  AOTI_VECTOR_SIZE_CHECK(num_outputs, container->num_outputs(), "outputs");

  auto stream =
      reinterpret_cast<torch::aot_inductor::DeviceStreamType>(stream_handle);
  AOTINoGradGuard guard;
  container->run_single_threaded(
      input_handles, output_handles, stream, proxy_executor_handle);
  return AOTI_RUNTIME_SUCCESS;
})

AOTIRuntimeError AOTInductorModelContainerGetNumConstants(
    AOTInductorModelContainerHandle container_handle,
    size_t* num_constants) AOTI_RUNTIME_TRY({
  auto* container =
      reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(
          container_handle);
  *num_constants = container->num_constants();
  return AOTI_RUNTIME_SUCCESS;
})

AOTIRuntimeError AOTInductorModelContainerGetConstantName(
    AOTInductorModelContainerHandle container_handle,
    size_t idx,
    const char** name) AOTI_RUNTIME_TRY({
  auto* container =
      reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(
          container_handle);
  *name = container->constant_name(idx);
  return AOTI_RUNTIME_SUCCESS;
})

AOTIRuntimeError AOTInductorModelContainerGetConstantOriginalFQN(
    AOTInductorModelContainerHandle container_handle,
    size_t idx,
    const char** original_fqn) AOTI_RUNTIME_TRY({
  auto* container =
      reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(
          container_handle);
  *original_fqn = container->constant_original_fqn(idx);
  return AOTI_RUNTIME_SUCCESS;
})

AOTIRuntimeError AOTInductorModelContainerGetConstantFromFolded(
    AOTInductorModelContainerHandle container_handle,
    size_t idx,
    bool* from_folded) AOTI_RUNTIME_TRY({
  auto* container =
      reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(
          container_handle);
  *from_folded = container->constant_from_folded(idx);
  return AOTI_RUNTIME_SUCCESS;
})

AOTIRuntimeError AOTInductorModelContainerGetConstantType(
    AOTInductorModelContainerHandle container_handle,
    size_t idx,
    int32_t* type) AOTI_RUNTIME_TRY({
  auto* container =
      reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(
          container_handle);
  *type = container->constant_type(idx);
  return AOTI_RUNTIME_SUCCESS;
})

AOTIRuntimeError AOTInductorModelContainerGetConstantDtype(
    AOTInductorModelContainerHandle container_handle,
    size_t idx,
    int32_t* dtype) AOTI_RUNTIME_TRY({
  auto* container =
      reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(
          container_handle);
  *dtype = container->constant_dtype(idx);
  return AOTI_RUNTIME_SUCCESS;
})

AOTIRuntimeError AOTInductorModelContainerGetConstantDataSize(
    AOTInductorModelContainerHandle container_handle,
    size_t idx,
    size_t* data_size) AOTI_RUNTIME_TRY({
  auto* container =
      reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(
          container_handle);
  *data_size = container->constant_data_size(idx);
  return AOTI_RUNTIME_SUCCESS;
})

AOTIRuntimeError AOTInductorModelContainerExtractConstantsMap(
    AOTInductorModelContainerHandle container_handle,
    AOTInductorConstantMapHandle constant_map_handle,
    bool use_inactive) AOTI_RUNTIME_TRY({
  auto* container =
      reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(
          container_handle);
  auto constants_map =
      reinterpret_cast<std::unordered_map<std::string, AtenTensorHandle>*>(
          constant_map_handle);
  const auto ret = container->extract_constants_map(use_inactive);
  for (const auto& pair : ret) {
    constants_map->emplace(pair.first, pair.second);
  }
  return AOTI_RUNTIME_SUCCESS;
})

AOTIRuntimeError AOTInductorModelContainerExtractConstantsMapEntries(
    AOTInductorModelContainerHandle container_handle,
    const AOTInductorConstantMapEntry** entries,
    size_t* num_entries,
    bool use_inactive) AOTI_RUNTIME_TRY({
  if (!entries || !num_entries) {
    return AOTI_RUNTIME_FAILURE;
  }
  auto* container =
      reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(
          container_handle);
  const auto& extracted =
      container->extract_constants_map_entries(use_inactive);
  *entries = extracted.empty() ? nullptr : extracted.data();
  *num_entries = extracted.size();
  return AOTI_RUNTIME_SUCCESS;
})

AOTIRuntimeError AOTInductorModelContainerUpdateUserManagedConstantBuffer(
    AOTInductorModelContainerHandle container_handle,
    AOTInductorConstantMapHandle constant_map_handle,
    bool use_inactive,
    bool validate_full_update) AOTI_RUNTIME_TRY({
  auto* container =
      reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(
          container_handle);
  auto input_map =
      reinterpret_cast<std::unordered_map<std::string, AtenTensorHandle>*>(
          constant_map_handle);
  container->update_constant_buffer(
      *input_map,
      use_inactive,
      validate_full_update,
      /* user_managed = */ true);
  return AOTI_RUNTIME_SUCCESS;
})

AOTIRuntimeError AOTInductorModelContainerUpdateUserManagedConstantBufferPairs(
    AOTInductorModelContainerHandle container_handle,
    const AOTInductorConstantMapEntry* pairs,
    size_t num_pairs,
    bool use_inactive,
    bool validate_full_update) AOTI_RUNTIME_TRY({
  auto* container =
      reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(
          container_handle);
  // Build a local unordered_map inside
  std::unordered_map<std::string, AtenTensorHandle> input_map;
  input_map.reserve(num_pairs);
  for (size_t i = 0; i < num_pairs; ++i) {
    input_map.emplace(pairs[i].name, pairs[i].handle);
  }
  container->update_constant_buffer(
      input_map, use_inactive, validate_full_update, /*user_managed=*/true);
  return AOTI_RUNTIME_SUCCESS;
})

AOTIRuntimeError AOTInductorModelContainerUpdateConstantBuffer(
    AOTInductorModelContainerHandle container_handle,
    AOTInductorConstantMapHandle constant_map_handle,
    bool use_inactive,
    bool validate_full_update) AOTI_RUNTIME_TRY({
  auto* container =
      reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(
          container_handle);
  auto input_map =
      reinterpret_cast<std::unordered_map<std::string, AtenTensorHandle>*>(
          constant_map_handle);
  container->update_constant_buffer(
      *input_map, use_inactive, validate_full_update);
  return AOTI_RUNTIME_SUCCESS;
})

AOTIRuntimeError AOTInductorModelContainerUpdateConstantBufferPairs(
    AOTInductorModelContainerHandle container_handle,
    const AOTInductorConstantMapEntry* pairs,
    size_t num_pairs,
    bool use_inactive,
    bool validate_full_update) AOTI_RUNTIME_TRY({
  auto* container =
      reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(
          container_handle);
  auto input_map = constant_map_from_pairs(pairs, num_pairs);
  container->update_constant_buffer(
      input_map, use_inactive, validate_full_update);
  return AOTI_RUNTIME_SUCCESS;
})

AOTIRuntimeError AOTInductorModelContainerUpdateConstantBufferFromCpu(
    AOTInductorModelContainerHandle container_handle,
    AOTInductorConstantMapHandle constant_map_handle,
    bool use_inactive,
    bool validate_full_update) AOTI_RUNTIME_TRY({
  auto* container =
      reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(
          container_handle);
  auto input_map =
      reinterpret_cast<std::unordered_map<std::string, AtenTensorHandle>*>(
          constant_map_handle);
  container->update_constant_buffer(
      *input_map,
      use_inactive,
      validate_full_update,
      /*user_managed=*/false,
      /*allow_h2d_copy=*/true);
  return AOTI_RUNTIME_SUCCESS;
})

AOTIRuntimeError AOTInductorModelContainerUpdateConstantBufferFromCpuPairs(
    AOTInductorModelContainerHandle container_handle,
    const AOTInductorConstantMapEntry* pairs,
    size_t num_pairs,
    bool use_inactive,
    bool validate_full_update) AOTI_RUNTIME_TRY({
  auto* container =
      reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(
          container_handle);
  auto input_map = constant_map_from_pairs(pairs, num_pairs);
  container->update_constant_buffer(
      input_map,
      use_inactive,
      validate_full_update,
      /*user_managed=*/false,
      /*allow_h2d_copy=*/true);
  return AOTI_RUNTIME_SUCCESS;
})

AOTIRuntimeError AOTInductorModelContainerUpdateInactiveConstantBuffer(
    AOTInductorModelContainerHandle container_handle,
    AOTInductorConstantMapHandle constant_map_handle) AOTI_RUNTIME_TRY({
  return AOTInductorModelContainerUpdateConstantBuffer(
      container_handle,
      constant_map_handle,
      /*use_inactive=*/true,
      /*validate_full_update=*/true);
})

AOTIRuntimeError AOTInductorModelContainerUpdateInactiveConstantBufferPairs(
    AOTInductorModelContainerHandle container_handle,
    const AOTInductorConstantMapEntry* pairs,
    size_t num_pairs) AOTI_RUNTIME_TRY({
  return AOTInductorModelContainerUpdateConstantBufferPairs(
      container_handle,
      pairs,
      num_pairs,
      /*use_inactive=*/true,
      /*validate_full_update=*/true);
})

AOTIRuntimeError AOTInductorModelContainerFreeInactiveConstantBuffer(
    AOTInductorModelContainerHandle container_handle) AOTI_RUNTIME_TRY({
  auto* container =
      reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(
          container_handle);
  container->free_inactive_constant_buffer();
  return AOTI_RUNTIME_SUCCESS;
})

AOTIRuntimeError AOTInductorModelContainerRunConstantFolding(
    AOTInductorModelContainerHandle container_handle,
    bool use_inactive,
    AOTInductorStreamHandle stream_handle,
    AOTIProxyExecutorHandle proxy_executor_handle) AOTI_RUNTIME_TRY({
  auto* container =
      reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(
          container_handle);
  auto stream =
      reinterpret_cast<torch::aot_inductor::DeviceStreamType>(stream_handle);
  AOTINoGradGuard guard;
  container->run_const_fold(use_inactive, stream, proxy_executor_handle);
  return AOTI_RUNTIME_SUCCESS;
})

AOTIRuntimeError AOTInductorModelContainerSwapConstantBuffer(
    AOTInductorModelContainerHandle container_handle) AOTI_RUNTIME_TRY({
  auto* container =
      reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(
          container_handle);
  container->swap_constant_buffer();
  return AOTI_RUNTIME_SUCCESS;
})

AOTIRuntimeError AOTInductorModelContainerGetNumInputs(
    AOTInductorModelContainerHandle container_handle,
    size_t* ret_num_inputs) AOTI_RUNTIME_TRY({
  auto* container =
      reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(
          container_handle);
  *ret_num_inputs = container->num_inputs();
  return AOTI_RUNTIME_SUCCESS;
})

AOTIRuntimeError AOTInductorModelContainerGetInputName(
    AOTInductorModelContainerHandle container_handle,
    size_t input_idx,
    const char** ret_input_names) AOTI_RUNTIME_TRY({
  auto* container =
      reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(
          container_handle);
  *ret_input_names = container->input_name(input_idx);
  return AOTI_RUNTIME_SUCCESS;
})

AOTIRuntimeError AOTInductorModelContainerGetNumOutputs(
    AOTInductorModelContainerHandle container_handle,
    size_t* ret_num_outputs) AOTI_RUNTIME_TRY({
  auto* container =
      reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(
          container_handle);
  *ret_num_outputs = container->num_outputs();
  return AOTI_RUNTIME_SUCCESS;
})

AOTIRuntimeError AOTInductorModelContainerGetOutputName(
    AOTInductorModelContainerHandle container_handle,
    size_t output_idx,
    const char** ret_output_names) AOTI_RUNTIME_TRY({
  auto* container =
      reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(
          container_handle);
  *ret_output_names = container->output_name(output_idx);
  return AOTI_RUNTIME_SUCCESS;
})

AOTIRuntimeError AOTInductorModelContainerGetCallSpec(
    AOTInductorModelContainerHandle container_handle,
    const char** in_spec,
    const char** out_spec) AOTI_RUNTIME_TRY({
  auto* container =
      reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(
          container_handle);
  *in_spec = container->get_in_spec();
  *out_spec = container->get_out_spec();
  return AOTI_RUNTIME_SUCCESS;
})

AOTIRuntimeError AOTInductorModelCreate(
    AOTInductorModelHandle* model_handle,
    AOTInductorConstantMapHandle constant_map_handle) AOTI_RUNTIME_TRY({
  return createModelImpl(
      model_handle, constant_map_handle == nullptr, [=](auto& constant_map) {
        auto* input_map = reinterpret_cast<
            std::unordered_map<std::string, AtenTensorHandle>*>(
            constant_map_handle);
        if (input_map) {
          for (const auto& kv : *input_map) {
            constant_map.emplace(kv.first, kv.second);
          }
        }
      });
})

AOTIRuntimeError AOTInductorModelCreateV2(
    AOTInductorModelHandle* model_handle,
    const AOTInductorConstantMapEntry* pairs,
    size_t num_pairs) AOTI_RUNTIME_TRY({
  return createModelImpl(
      model_handle, pairs == nullptr || num_pairs == 0, [=](auto& constant_map) {
        if (pairs && num_pairs > 0) {
          constant_map.reserve(num_pairs);
          for (size_t i = 0; i < num_pairs; ++i) {
            constant_map.emplace(pairs[i].name, pairs[i].handle);
          }
        }
      });
})

AOTIRuntimeError AOTInductorModelRun(
    AOTInductorModelHandle model_handle,
    AtenTensorHandle* input_handles,
    AtenTensorHandle* output_handles) AOTI_RUNTIME_TRY({
  auto model =
      reinterpret_cast<torch::aot_inductor::AOTInductorModel*>(model_handle);
  AOTINoGradGuard guard;
  model->run_impl(
      input_handles,
      output_handles,
      (torch::aot_inductor::DeviceStreamType) nullptr,
      nullptr);
  return AOTI_RUNTIME_SUCCESS;
})

AOTIRuntimeError AOTInductorModelDelete(
    AOTInductorModelHandle model_handle) AOTI_RUNTIME_TRY({
  auto model = reinterpret_cast<torch::aot_inductor::AOTInductorModel*>(
      model_handle);
  delete model;
  return AOTI_RUNTIME_SUCCESS;
})

AOTIRuntimeError AOTInductorModelGetNumOutputs(
    AOTInductorModelHandle model_handle,
    size_t* ret_num_outputs) AOTI_RUNTIME_TRY({
  auto model =
      reinterpret_cast<torch::aot_inductor::AOTInductorModel*>(model_handle);
  *ret_num_outputs = model->num_outputs();
  return AOTI_RUNTIME_SUCCESS;
})

AOTIRuntimeError AOTInductorModelUpdateConstantsMap(
    AOTInductorModelHandle model_handle,
    AOTInductorConstantMapHandle constant_map_handle) AOTI_RUNTIME_TRY({
  auto model =
      reinterpret_cast<torch::aot_inductor::AOTInductorModel*>(model_handle);
  auto constant_map = std::make_shared<torch::aot_inductor::ConstantMap>();
  auto input_map =
      reinterpret_cast<std::unordered_map<std::string, AtenTensorHandle>*>(
          constant_map_handle);

  for (auto const& kv : *input_map) {
    constant_map->emplace(kv.first, kv.second);
  }
  model->update_constants_map(std::move(constant_map));
  return AOTI_RUNTIME_SUCCESS;
})

// C-ABI-safe variant: uses an array of (name, handle) pairs instead of an
// opaque pointer to std::unordered_map, so the host and DSO can use
// different C++ standard libraries without ABI conflicts.
AOTIRuntimeError AOTInductorModelUpdateConstantsMapV2(
    AOTInductorModelHandle model_handle,
    const AOTInductorConstantMapEntry* pairs,
    int32_t num_pairs) AOTI_RUNTIME_TRY({
  auto model =
      reinterpret_cast<torch::aot_inductor::AOTInductorModel*>(model_handle);
  auto constant_map = std::make_shared<torch::aot_inductor::ConstantMap>();
  constant_map->reserve(num_pairs);
  for (int32_t i = 0; i < num_pairs; ++i) {
    constant_map->emplace(pairs[i].name, pairs[i].handle);
  }
  model->update_constants_map(std::move(constant_map));
  return AOTI_RUNTIME_SUCCESS;
})

AOTIRuntimeError AOTInductorModelContainerGetConstantsBlobSize(
    AOTInductorModelContainerHandle container_handle,
    uint64_t* ret_size) AOTI_RUNTIME_TRY({
  auto* container =
      reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(
          container_handle);
  *ret_size = container->constant_blob_size();
  return AOTI_RUNTIME_SUCCESS;
})

AOTIRuntimeError AOTInductorModelContainerDidCallLoadConstants(
    AOTInductorModelContainerHandle container_handle,
    bool* did_call_load_constants) AOTI_RUNTIME_TRY({
  auto* container =
      reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(
          container_handle);
  *did_call_load_constants = container->did_call_load_constants();
  return AOTI_RUNTIME_SUCCESS;
})


// Load weights from a single blob in weight_blob_ptr
AOTIRuntimeError AOTInductorModelUpdateConstantsFromBlob(
    AOTInductorModelContainerHandle container_handle,
    const uint8_t* weight_blob_ptr) AOTI_RUNTIME_TRY({
  auto* container =
      reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(
          container_handle);
  container->update_constants_from_blob(weight_blob_ptr);
  return AOTI_RUNTIME_SUCCESS;
})

AOTIRuntimeError AOTInductorSetUsePinnedAsyncConstantsCopy(
    bool enabled) AOTI_RUNTIME_TRY({
  torch::aot_inductor::setUsePinnedAsyncConstantsCopy(enabled);
  return AOTI_RUNTIME_SUCCESS;
})

AOTIRuntimeError AOTInductorSetPinnedAsyncConstantsCopyStageBufferBytes(
    size_t bytes) AOTI_RUNTIME_TRY({
  torch::aot_inductor::setPinnedAsyncConstantsCopyStageBufferBytes(bytes);
  return AOTI_RUNTIME_SUCCESS;
})

AOTIRuntimeError AOTInductorSetPinnedAsyncConstantsCopyCpuThreads(
    size_t threads) AOTI_RUNTIME_TRY({
  torch::aot_inductor::setPinnedAsyncConstantsCopyCpuThreads(threads);
  return AOTI_RUNTIME_SUCCESS;
})

AOTIRuntimeError AOTInductorGetLastError(
    const char** error_msg) {
  *error_msg = g_aoti_last_error.c_str();
  return AOTI_RUNTIME_SUCCESS;
}

} // extern "C"

#include <mutex>
CACHE_TORCH_DTYPE(float32);
CACHE_TORCH_DTYPE(uint8);
CACHE_TORCH_DEVICE(xpu);
CACHE_TORCH_LAYOUT(strided);
namespace torch::aot_inductor {
namespace {
class AOTInductorModelKernels : public AOTInductorModelKernelsBase {
  public:
    std::unique_ptr<sycl::kernel> triton_per_fused__native_batch_norm_legit_no_training_amax_convolution_relu_3{nullptr};
    std::unique_ptr<sycl::kernel> triton_poi_fused_convolution_0{nullptr};
    std::unique_ptr<sycl::kernel> triton_poi_fused_convolution_1{nullptr};
    std::unique_ptr<sycl::kernel> triton_red_fused__native_batch_norm_legit_no_training_amax_convolution_relu_2{nullptr};
};
}  // namespace



AOTInductorModel::AOTInductorModel(std::shared_ptr<ConstantMap> constants_map,
                                   std::shared_ptr<std::vector<ConstantHandle>> constants_array,
                                   const std::string& device_str,
                                   std::optional<std::string> cubin_dir)
    : AOTInductorModelBase(1,
                           1,
                           6,
                           device_str,
                           std::move(cubin_dir),
                           true) {
    inputs_info_[0].name = "arg7_1";
    constants_info_[0].name = "conv_weight";
    constants_info_[0].dtype = cached_torch_dtype_float32;
    constants_info_[0].device_type = cached_torch_device_type_xpu;
    constants_info_[0].offset = 0;
    constants_info_[0].data_size = 896;
    constants_info_[0].from_folded = false;
    constants_info_[0].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[0].shape = {8, 3, 3, 3};
    constants_info_[0].stride = {27, 9, 3, 1};
    constants_info_[0].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[0].original_fqn = "conv.weight";
    constants_info_[1].name = "conv_bias";
    constants_info_[1].dtype = cached_torch_dtype_float32;
    constants_info_[1].device_type = cached_torch_device_type_xpu;
    constants_info_[1].offset = 0;
    constants_info_[1].data_size = 64;
    constants_info_[1].from_folded = false;
    constants_info_[1].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[1].shape = {8};
    constants_info_[1].stride = {1};
    constants_info_[1].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[1].original_fqn = "conv.bias";
    constants_info_[2].name = "norm_weight";
    constants_info_[2].dtype = cached_torch_dtype_float32;
    constants_info_[2].device_type = cached_torch_device_type_xpu;
    constants_info_[2].offset = 0;
    constants_info_[2].data_size = 64;
    constants_info_[2].from_folded = false;
    constants_info_[2].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[2].shape = {8};
    constants_info_[2].stride = {1};
    constants_info_[2].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[2].original_fqn = "norm.weight";
    constants_info_[3].name = "norm_bias";
    constants_info_[3].dtype = cached_torch_dtype_float32;
    constants_info_[3].device_type = cached_torch_device_type_xpu;
    constants_info_[3].offset = 0;
    constants_info_[3].data_size = 64;
    constants_info_[3].from_folded = false;
    constants_info_[3].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[3].shape = {8};
    constants_info_[3].stride = {1};
    constants_info_[3].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[3].original_fqn = "norm.bias";
    constants_info_[4].name = "norm_running_mean";
    constants_info_[4].dtype = cached_torch_dtype_float32;
    constants_info_[4].device_type = cached_torch_device_type_xpu;
    constants_info_[4].offset = 0;
    constants_info_[4].data_size = 64;
    constants_info_[4].from_folded = false;
    constants_info_[4].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Buffer);
    constants_info_[4].shape = {8};
    constants_info_[4].stride = {1};
    constants_info_[4].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[4].original_fqn = "norm.running_mean";
    constants_info_[5].name = "norm_running_var";
    constants_info_[5].dtype = cached_torch_dtype_float32;
    constants_info_[5].device_type = cached_torch_device_type_xpu;
    constants_info_[5].offset = 0;
    constants_info_[5].data_size = 64;
    constants_info_[5].from_folded = false;
    constants_info_[5].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Buffer);
    constants_info_[5].shape = {8};
    constants_info_[5].stride = {1};
    constants_info_[5].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[5].original_fqn = "norm.running_var";
    update_constants_map(std::move(constants_map));
    update_constants_array(std::move(constants_array));
    in_spec_ = R"([1, {"type": "builtins.tuple", "context": "null", "children_spec": [{"type": "builtins.tuple", "context": "null", "children_spec": [{"type": null, "context": null, "children_spec": []}]}, {"type": "builtins.dict", "context": "[]", "children_spec": []}]}])";
    out_spec_ = R"([1, {"type": null, "context": null, "children_spec": []}])";
    outputs_info_[0].name = "output0";
    this->kernels_ = std::make_unique<AOTInductorModelKernels>();
}

std::unordered_map<std::string, AtenTensorHandle> AOTInductorModel::const_run_impl(
    DeviceStreamType stream,
    AOTIProxyExecutorHandle proxy_executor,
    bool initialization
) {

    if (!initialization) {
        std::cerr << "[WARNING] Calling constant_folding in model, but compiled with config: "
                  << "aot_inductor.use_runtime_constant_folding=False\n";
    }
    return {};
}
} // namespace torch::aot_inductor
using namespace torch::aot_inductor;

static LazyKernelCompileResult triton_poi_fused_convolution_0_result = {
    TRITON_POI_FUSED_CONVOLUTION_0_CUBIN_PATH,
    TRITON_POI_FUSED_CONVOLUTION_0_MANGLED_NAME,
    TRITON_POI_FUSED_CONVOLUTION_0_NUM_WARPS,
    TRITON_POI_FUSED_CONVOLUTION_0_SHARED_MEM,
    TRITON_POI_FUSED_CONVOLUTION_0_XBLOCKS,
    TRITON_POI_FUSED_CONVOLUTION_0_YBLOCKS,
    TRITON_POI_FUSED_CONVOLUTION_0_ZBLOCKS,
    TRITON_POI_FUSED_CONVOLUTION_0_R0BLOCKS,
    TRITON_POI_FUSED_CONVOLUTION_0_RSPLIT,
    TRITON_POI_FUSED_CONVOLUTION_0_RSPLIT_SIZE,
    TRITON_POI_FUSED_CONVOLUTION_0_CONFIG_INDEX,
    TRITON_POI_FUSED_CONVOLUTION_0_GLOBAL_SCRATCH,
    TRITON_POI_FUSED_CONVOLUTION_0_PROFILE_SCRATCH,
    TRITON_POI_FUSED_CONVOLUTION_0_TENSORDESC_META,
};
template <typename in_ptr0_type_, typename out_ptr0_type_, typename kernels_type_>
static __attribute__((noinline)) void call_triton_poi_fused_convolution_0(
    const in_ptr0_type_& in_ptr0,
    const out_ptr0_type_& out_ptr0,
    int64_t ynumel,
    int64_t xnumel,
    int32_t device_idx_,
    sycl::queue* stream_,
    kernels_type_& kernels_,
    const std::optional<std::string>& cubin_dir_ = std::nullopt
){
    if (kernels_.triton_poi_fused_convolution_0 == nullptr) {
        kernels_.triton_poi_fused_convolution_0 = loadKernel(
            triton_poi_fused_convolution_0_result.cubin_path,
            triton_poi_fused_convolution_0_result.mangled_name,
            triton_poi_fused_convolution_0_result.shared_mem,
            cubin_dir_);
    }
    uint32_t grid_0 = ((xnumel + (triton_poi_fused_convolution_0_result.xblocks[0] - 1)) / (triton_poi_fused_convolution_0_result.xblocks[0]));
    uint32_t grid_1 = ((ynumel + (triton_poi_fused_convolution_0_result.yblocks[0] - 1)) / (triton_poi_fused_convolution_0_result.yblocks[0]));
    uint32_t grid_2 = 1;
    if (grid_0 == 0) return;
    void * var_0 = reinterpret_cast<void *>(in_ptr0.data_ptr());
    void * var_1 = reinterpret_cast<void *>(out_ptr0.data_ptr());
    int32_t var_2 = ynumel;
    int32_t var_3 = xnumel;
    int64_t global_scratch_ptr_numel = triton_poi_fused_convolution_0_result.global_scratch * static_cast<int64_t>(grid_0) * grid_1 * grid_2;
    RAIIAtenTensorHandle global_scratch_ptr_tensor;
    void * global_scratch_ptr = allocate_scratch_tensor<void *>(
        global_scratch_ptr_numel, cached_torch_dtype_uint8, cached_torch_device_type_xpu, device_idx_, global_scratch_ptr_tensor);
    int64_t profile_scratch_ptr_numel = triton_poi_fused_convolution_0_result.profile_scratch * static_cast<int64_t>(grid_0) * grid_1 * grid_2;
    RAIIAtenTensorHandle profile_scratch_ptr_tensor;
    void * profile_scratch_ptr = allocate_scratch_tensor<void *>(
        profile_scratch_ptr_numel, cached_torch_dtype_uint8, cached_torch_device_type_xpu, device_idx_, profile_scratch_ptr_tensor);
    void* kernel_args_[] = {&var_0, &var_1, &var_2, &var_3, &global_scratch_ptr, &profile_scratch_ptr};
    launchKernel(kernels_.triton_poi_fused_convolution_0, grid_0, grid_1, grid_2, triton_poi_fused_convolution_0_result.num_warps, triton_poi_fused_convolution_0_result.shared_mem, kernel_args_, stream_);
}

static LazyKernelCompileResult triton_poi_fused_convolution_1_result = {
    TRITON_POI_FUSED_CONVOLUTION_1_CUBIN_PATH,
    TRITON_POI_FUSED_CONVOLUTION_1_MANGLED_NAME,
    TRITON_POI_FUSED_CONVOLUTION_1_NUM_WARPS,
    TRITON_POI_FUSED_CONVOLUTION_1_SHARED_MEM,
    TRITON_POI_FUSED_CONVOLUTION_1_XBLOCKS,
    TRITON_POI_FUSED_CONVOLUTION_1_YBLOCKS,
    TRITON_POI_FUSED_CONVOLUTION_1_ZBLOCKS,
    TRITON_POI_FUSED_CONVOLUTION_1_R0BLOCKS,
    TRITON_POI_FUSED_CONVOLUTION_1_RSPLIT,
    TRITON_POI_FUSED_CONVOLUTION_1_RSPLIT_SIZE,
    TRITON_POI_FUSED_CONVOLUTION_1_CONFIG_INDEX,
    TRITON_POI_FUSED_CONVOLUTION_1_GLOBAL_SCRATCH,
    TRITON_POI_FUSED_CONVOLUTION_1_PROFILE_SCRATCH,
    TRITON_POI_FUSED_CONVOLUTION_1_TENSORDESC_META,
};
template <typename in_ptr0_type_, typename out_ptr0_type_, typename kernels_type_>
static __attribute__((noinline)) void call_triton_poi_fused_convolution_1(
    const in_ptr0_type_& in_ptr0,
    const out_ptr0_type_& out_ptr0,
    int64_t ynumel,
    int64_t xnumel,
    int32_t device_idx_,
    sycl::queue* stream_,
    kernels_type_& kernels_,
    const std::optional<std::string>& cubin_dir_ = std::nullopt
){
    if (kernels_.triton_poi_fused_convolution_1 == nullptr) {
        kernels_.triton_poi_fused_convolution_1 = loadKernel(
            triton_poi_fused_convolution_1_result.cubin_path,
            triton_poi_fused_convolution_1_result.mangled_name,
            triton_poi_fused_convolution_1_result.shared_mem,
            cubin_dir_);
    }
    uint32_t grid_0 = ((xnumel + (triton_poi_fused_convolution_1_result.xblocks[0] - 1)) / (triton_poi_fused_convolution_1_result.xblocks[0]));
    uint32_t grid_1 = ((ynumel + (triton_poi_fused_convolution_1_result.yblocks[0] - 1)) / (triton_poi_fused_convolution_1_result.yblocks[0]));
    uint32_t grid_2 = 1;
    if (grid_0 == 0) return;
    void * var_4 = reinterpret_cast<void *>(in_ptr0.data_ptr());
    void * var_5 = reinterpret_cast<void *>(out_ptr0.data_ptr());
    int32_t var_6 = ynumel;
    int32_t var_7 = xnumel;
    int64_t global_scratch_ptr_numel = triton_poi_fused_convolution_1_result.global_scratch * static_cast<int64_t>(grid_0) * grid_1 * grid_2;
    RAIIAtenTensorHandle global_scratch_ptr_tensor;
    void * global_scratch_ptr = allocate_scratch_tensor<void *>(
        global_scratch_ptr_numel, cached_torch_dtype_uint8, cached_torch_device_type_xpu, device_idx_, global_scratch_ptr_tensor);
    int64_t profile_scratch_ptr_numel = triton_poi_fused_convolution_1_result.profile_scratch * static_cast<int64_t>(grid_0) * grid_1 * grid_2;
    RAIIAtenTensorHandle profile_scratch_ptr_tensor;
    void * profile_scratch_ptr = allocate_scratch_tensor<void *>(
        profile_scratch_ptr_numel, cached_torch_dtype_uint8, cached_torch_device_type_xpu, device_idx_, profile_scratch_ptr_tensor);
    void* kernel_args_[] = {&var_4, &var_5, &var_6, &var_7, &global_scratch_ptr, &profile_scratch_ptr};
    launchKernel(kernels_.triton_poi_fused_convolution_1, grid_0, grid_1, grid_2, triton_poi_fused_convolution_1_result.num_warps, triton_poi_fused_convolution_1_result.shared_mem, kernel_args_, stream_);
}

static LazyKernelCompileResult triton_red_fused__native_batch_norm_legit_no_training_amax_convolution_relu_2_result = {
    TRITON_RED_FUSED__NATIVE_BATCH_NORM_LEGIT_NO_TRAINING_AMAX_CONVOLUTION_RELU_2_CUBIN_PATH,
    TRITON_RED_FUSED__NATIVE_BATCH_NORM_LEGIT_NO_TRAINING_AMAX_CONVOLUTION_RELU_2_MANGLED_NAME,
    TRITON_RED_FUSED__NATIVE_BATCH_NORM_LEGIT_NO_TRAINING_AMAX_CONVOLUTION_RELU_2_NUM_WARPS,
    TRITON_RED_FUSED__NATIVE_BATCH_NORM_LEGIT_NO_TRAINING_AMAX_CONVOLUTION_RELU_2_SHARED_MEM,
    TRITON_RED_FUSED__NATIVE_BATCH_NORM_LEGIT_NO_TRAINING_AMAX_CONVOLUTION_RELU_2_XBLOCKS,
    TRITON_RED_FUSED__NATIVE_BATCH_NORM_LEGIT_NO_TRAINING_AMAX_CONVOLUTION_RELU_2_YBLOCKS,
    TRITON_RED_FUSED__NATIVE_BATCH_NORM_LEGIT_NO_TRAINING_AMAX_CONVOLUTION_RELU_2_ZBLOCKS,
    TRITON_RED_FUSED__NATIVE_BATCH_NORM_LEGIT_NO_TRAINING_AMAX_CONVOLUTION_RELU_2_R0BLOCKS,
    TRITON_RED_FUSED__NATIVE_BATCH_NORM_LEGIT_NO_TRAINING_AMAX_CONVOLUTION_RELU_2_RSPLIT,
    TRITON_RED_FUSED__NATIVE_BATCH_NORM_LEGIT_NO_TRAINING_AMAX_CONVOLUTION_RELU_2_RSPLIT_SIZE,
    TRITON_RED_FUSED__NATIVE_BATCH_NORM_LEGIT_NO_TRAINING_AMAX_CONVOLUTION_RELU_2_CONFIG_INDEX,
    TRITON_RED_FUSED__NATIVE_BATCH_NORM_LEGIT_NO_TRAINING_AMAX_CONVOLUTION_RELU_2_GLOBAL_SCRATCH,
    TRITON_RED_FUSED__NATIVE_BATCH_NORM_LEGIT_NO_TRAINING_AMAX_CONVOLUTION_RELU_2_PROFILE_SCRATCH,
    TRITON_RED_FUSED__NATIVE_BATCH_NORM_LEGIT_NO_TRAINING_AMAX_CONVOLUTION_RELU_2_TENSORDESC_META,
};
template <typename in_ptr0_type_, typename in_ptr1_type_, typename in_ptr2_type_, typename in_ptr3_type_, typename in_ptr4_type_, typename in_ptr5_type_, typename out_ptr0_type_, typename kernels_type_>
static __attribute__((noinline)) void call_triton_red_fused__native_batch_norm_legit_no_training_amax_convolution_relu_2(
    const in_ptr0_type_& in_ptr0,
    const in_ptr1_type_& in_ptr1,
    const in_ptr2_type_& in_ptr2,
    const in_ptr3_type_& in_ptr3,
    const in_ptr4_type_& in_ptr4,
    const in_ptr5_type_& in_ptr5,
    const out_ptr0_type_& out_ptr0,
    int64_t xnumel,
    int64_t r0_numel,
    int32_t device_idx_,
    sycl::queue* stream_,
    kernels_type_& kernels_,
    const std::optional<std::string>& cubin_dir_ = std::nullopt
){
    if (kernels_.triton_red_fused__native_batch_norm_legit_no_training_amax_convolution_relu_2 == nullptr) {
        kernels_.triton_red_fused__native_batch_norm_legit_no_training_amax_convolution_relu_2 = loadKernel(
            triton_red_fused__native_batch_norm_legit_no_training_amax_convolution_relu_2_result.cubin_path,
            triton_red_fused__native_batch_norm_legit_no_training_amax_convolution_relu_2_result.mangled_name,
            triton_red_fused__native_batch_norm_legit_no_training_amax_convolution_relu_2_result.shared_mem,
            cubin_dir_);
    }
    uint32_t grid_0 = ((xnumel + (triton_red_fused__native_batch_norm_legit_no_training_amax_convolution_relu_2_result.xblocks[0] - 1)) / (triton_red_fused__native_batch_norm_legit_no_training_amax_convolution_relu_2_result.xblocks[0]));
    uint32_t grid_1 = 1;
    uint32_t grid_2 = 1;
    if (grid_0 == 0) return;
    void * var_8 = reinterpret_cast<void *>(in_ptr0.data_ptr());
    void * var_9 = reinterpret_cast<void *>(in_ptr1.data_ptr());
    void * var_10 = reinterpret_cast<void *>(in_ptr2.data_ptr());
    void * var_11 = reinterpret_cast<void *>(in_ptr3.data_ptr());
    void * var_12 = reinterpret_cast<void *>(in_ptr4.data_ptr());
    void * var_13 = reinterpret_cast<void *>(in_ptr5.data_ptr());
    void * var_14 = reinterpret_cast<void *>(out_ptr0.data_ptr());
    int32_t var_15 = xnumel;
    int32_t var_16 = r0_numel;
    int64_t global_scratch_ptr_numel = triton_red_fused__native_batch_norm_legit_no_training_amax_convolution_relu_2_result.global_scratch * static_cast<int64_t>(grid_0) * grid_1 * grid_2;
    RAIIAtenTensorHandle global_scratch_ptr_tensor;
    void * global_scratch_ptr = allocate_scratch_tensor<void *>(
        global_scratch_ptr_numel, cached_torch_dtype_uint8, cached_torch_device_type_xpu, device_idx_, global_scratch_ptr_tensor);
    int64_t profile_scratch_ptr_numel = triton_red_fused__native_batch_norm_legit_no_training_amax_convolution_relu_2_result.profile_scratch * static_cast<int64_t>(grid_0) * grid_1 * grid_2;
    RAIIAtenTensorHandle profile_scratch_ptr_tensor;
    void * profile_scratch_ptr = allocate_scratch_tensor<void *>(
        profile_scratch_ptr_numel, cached_torch_dtype_uint8, cached_torch_device_type_xpu, device_idx_, profile_scratch_ptr_tensor);
    void* kernel_args_[] = {&var_8, &var_9, &var_10, &var_11, &var_12, &var_13, &var_14, &var_15, &var_16, &global_scratch_ptr, &profile_scratch_ptr};
    launchKernel(kernels_.triton_red_fused__native_batch_norm_legit_no_training_amax_convolution_relu_2, grid_0, grid_1, grid_2, triton_red_fused__native_batch_norm_legit_no_training_amax_convolution_relu_2_result.num_warps, triton_red_fused__native_batch_norm_legit_no_training_amax_convolution_relu_2_result.shared_mem, kernel_args_, stream_);
}

static LazyKernelCompileResult triton_per_fused__native_batch_norm_legit_no_training_amax_convolution_relu_3_result = {
    TRITON_PER_FUSED__NATIVE_BATCH_NORM_LEGIT_NO_TRAINING_AMAX_CONVOLUTION_RELU_3_CUBIN_PATH,
    TRITON_PER_FUSED__NATIVE_BATCH_NORM_LEGIT_NO_TRAINING_AMAX_CONVOLUTION_RELU_3_MANGLED_NAME,
    TRITON_PER_FUSED__NATIVE_BATCH_NORM_LEGIT_NO_TRAINING_AMAX_CONVOLUTION_RELU_3_NUM_WARPS,
    TRITON_PER_FUSED__NATIVE_BATCH_NORM_LEGIT_NO_TRAINING_AMAX_CONVOLUTION_RELU_3_SHARED_MEM,
    TRITON_PER_FUSED__NATIVE_BATCH_NORM_LEGIT_NO_TRAINING_AMAX_CONVOLUTION_RELU_3_XBLOCKS,
    TRITON_PER_FUSED__NATIVE_BATCH_NORM_LEGIT_NO_TRAINING_AMAX_CONVOLUTION_RELU_3_YBLOCKS,
    TRITON_PER_FUSED__NATIVE_BATCH_NORM_LEGIT_NO_TRAINING_AMAX_CONVOLUTION_RELU_3_ZBLOCKS,
    TRITON_PER_FUSED__NATIVE_BATCH_NORM_LEGIT_NO_TRAINING_AMAX_CONVOLUTION_RELU_3_R0BLOCKS,
    TRITON_PER_FUSED__NATIVE_BATCH_NORM_LEGIT_NO_TRAINING_AMAX_CONVOLUTION_RELU_3_RSPLIT,
    TRITON_PER_FUSED__NATIVE_BATCH_NORM_LEGIT_NO_TRAINING_AMAX_CONVOLUTION_RELU_3_RSPLIT_SIZE,
    TRITON_PER_FUSED__NATIVE_BATCH_NORM_LEGIT_NO_TRAINING_AMAX_CONVOLUTION_RELU_3_CONFIG_INDEX,
    TRITON_PER_FUSED__NATIVE_BATCH_NORM_LEGIT_NO_TRAINING_AMAX_CONVOLUTION_RELU_3_GLOBAL_SCRATCH,
    TRITON_PER_FUSED__NATIVE_BATCH_NORM_LEGIT_NO_TRAINING_AMAX_CONVOLUTION_RELU_3_PROFILE_SCRATCH,
    TRITON_PER_FUSED__NATIVE_BATCH_NORM_LEGIT_NO_TRAINING_AMAX_CONVOLUTION_RELU_3_TENSORDESC_META,
};
template <typename in_ptr0_type_, typename out_ptr0_type_, typename kernels_type_>
static __attribute__((noinline)) void call_triton_per_fused__native_batch_norm_legit_no_training_amax_convolution_relu_3(
    const in_ptr0_type_& in_ptr0,
    const out_ptr0_type_& out_ptr0,
    int64_t xnumel,
    int64_t r0_numel,
    int32_t device_idx_,
    sycl::queue* stream_,
    kernels_type_& kernels_,
    const std::optional<std::string>& cubin_dir_ = std::nullopt
){
    if (kernels_.triton_per_fused__native_batch_norm_legit_no_training_amax_convolution_relu_3 == nullptr) {
        kernels_.triton_per_fused__native_batch_norm_legit_no_training_amax_convolution_relu_3 = loadKernel(
            triton_per_fused__native_batch_norm_legit_no_training_amax_convolution_relu_3_result.cubin_path,
            triton_per_fused__native_batch_norm_legit_no_training_amax_convolution_relu_3_result.mangled_name,
            triton_per_fused__native_batch_norm_legit_no_training_amax_convolution_relu_3_result.shared_mem,
            cubin_dir_);
    }
    uint32_t grid_0 = ((xnumel + (triton_per_fused__native_batch_norm_legit_no_training_amax_convolution_relu_3_result.xblocks[0] - 1)) / (triton_per_fused__native_batch_norm_legit_no_training_amax_convolution_relu_3_result.xblocks[0]));
    uint32_t grid_1 = 1;
    uint32_t grid_2 = 1;
    if (grid_0 == 0) return;
    void * var_17 = reinterpret_cast<void *>(in_ptr0.data_ptr());
    void * var_18 = reinterpret_cast<void *>(out_ptr0.data_ptr());
    int32_t var_19 = xnumel;
    int32_t var_20 = r0_numel;
    int64_t global_scratch_ptr_numel = triton_per_fused__native_batch_norm_legit_no_training_amax_convolution_relu_3_result.global_scratch * static_cast<int64_t>(grid_0) * grid_1 * grid_2;
    RAIIAtenTensorHandle global_scratch_ptr_tensor;
    void * global_scratch_ptr = allocate_scratch_tensor<void *>(
        global_scratch_ptr_numel, cached_torch_dtype_uint8, cached_torch_device_type_xpu, device_idx_, global_scratch_ptr_tensor);
    int64_t profile_scratch_ptr_numel = triton_per_fused__native_batch_norm_legit_no_training_amax_convolution_relu_3_result.profile_scratch * static_cast<int64_t>(grid_0) * grid_1 * grid_2;
    RAIIAtenTensorHandle profile_scratch_ptr_tensor;
    void * profile_scratch_ptr = allocate_scratch_tensor<void *>(
        profile_scratch_ptr_numel, cached_torch_dtype_uint8, cached_torch_device_type_xpu, device_idx_, profile_scratch_ptr_tensor);
    void* kernel_args_[] = {&var_17, &var_18, &var_19, &var_20, &global_scratch_ptr, &profile_scratch_ptr};
    launchKernel(kernels_.triton_per_fused__native_batch_norm_legit_no_training_amax_convolution_relu_3, grid_0, grid_1, grid_2, triton_per_fused__native_batch_norm_legit_no_training_amax_convolution_relu_3_result.num_warps, triton_per_fused__native_batch_norm_legit_no_training_amax_convolution_relu_3_result.shared_mem, kernel_args_, stream_);
}

namespace torch::aot_inductor {

void AOTInductorModel::_const_run_impl(
    std::vector<AtenTensorHandle>& output_handles,
    DeviceStreamType stream,
    AOTIProxyExecutorHandle proxy_executor
) {}

AOTI_NOINLINE static void check_input_0(
    AtenTensorHandle* input_handles
) {
    ConstantHandle arg7_1 = ConstantHandle(input_handles[0]);
    int32_t arg7_1_dtype;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_get_dtype(arg7_1, &arg7_1_dtype));

    int32_t arg7_1_expected_dtype = aoti_torch_dtype_float32();
    if (arg7_1_expected_dtype != arg7_1_dtype) {
        std::stringstream ss;
        ss << "input_handles[0]: unmatched dtype, "
           << "expected: " << arg7_1_expected_dtype << "(at::kFloat), "
           << "but got: " << arg7_1_dtype << "\n";
        throw std::runtime_error(std::move(ss).str());
    }
    auto arg7_1_size = arg7_1.sizes();

    if (2 != arg7_1_size[0]) {
        std::stringstream ss;
        ss << "input_handles[0]: unmatched dim value at 0, "
           << "expected: 2, " << "but got: " << arg7_1_size[0]
           << "\n";
        throw std::runtime_error(std::move(ss).str());
    }

    if (3 != arg7_1_size[1]) {
        std::stringstream ss;
        ss << "input_handles[0]: unmatched dim value at 1, "
           << "expected: 3, " << "but got: " << arg7_1_size[1]
           << "\n";
        throw std::runtime_error(std::move(ss).str());
    }

    if (16 != arg7_1_size[2]) {
        std::stringstream ss;
        ss << "input_handles[0]: unmatched dim value at 2, "
           << "expected: 16, " << "but got: " << arg7_1_size[2]
           << "\n";
        throw std::runtime_error(std::move(ss).str());
    }

    if (16 != arg7_1_size[3]) {
        std::stringstream ss;
        ss << "input_handles[0]: unmatched dim value at 3, "
           << "expected: 16, " << "but got: " << arg7_1_size[3]
           << "\n";
        throw std::runtime_error(std::move(ss).str());
    }
    auto arg7_1_stride = arg7_1.strides();

    if (768 != arg7_1_stride[0]) {
        std::stringstream ss;
        ss << "input_handles[0]: unmatched stride value at 0, "
           << "expected: 768, " << "but got: " << arg7_1_stride[0]
           << "\n";
        throw std::runtime_error(std::move(ss).str());
    }

    if (256 != arg7_1_stride[1]) {
        std::stringstream ss;
        ss << "input_handles[0]: unmatched stride value at 1, "
           << "expected: 256, " << "but got: " << arg7_1_stride[1]
           << "\n";
        throw std::runtime_error(std::move(ss).str());
    }

    if (16 != arg7_1_stride[2]) {
        std::stringstream ss;
        ss << "input_handles[0]: unmatched stride value at 2, "
           << "expected: 16, " << "but got: " << arg7_1_stride[2]
           << "\n";
        throw std::runtime_error(std::move(ss).str());
    }

    if (1 != arg7_1_stride[3]) {
        std::stringstream ss;
        ss << "input_handles[0]: unmatched stride value at 3, "
           << "expected: 1, " << "but got: " << arg7_1_stride[3]
           << "\n";
        throw std::runtime_error(std::move(ss).str());
    }
}

static bool _check_aoti_runtime_check_inputs_env() {
    const static char* env_var_value = getenv("AOTI_RUNTIME_CHECK_INPUTS");
    const static bool result = env_var_value != nullptr && env_var_value[0] != '0';
    return result;
}

AOTI_NOINLINE static void __check_inputs_outputs(
    AtenTensorHandle* input_handles,
    AtenTensorHandle* output_handles) {
    if (!_check_aoti_runtime_check_inputs_env()){
        return;
    }
    check_input_0(input_handles);
}

void AOTInductorModel::run_impl(
    AtenTensorHandle*
        input_handles, // array of input AtenTensorHandle; handles
                        // are stolen; the array itself is borrowed
    AtenTensorHandle*
        output_handles, // array for writing output AtenTensorHandle; handles
                        // will be stolen by the caller; the array itself is
                        // borrowed
    DeviceStreamType stream,
    AOTIProxyExecutorHandle proxy_executor
) {
    __check_inputs_outputs(input_handles, output_handles);
    auto inputs = steal_from_raw_handles_to_raii_handles(input_handles, 1);
    auto arg7_1 = std::move(inputs[0]);
    [[maybe_unused]] auto& conv_weight = constants_->at(0);
    [[maybe_unused]] auto& conv_bias = constants_->at(1);
    [[maybe_unused]] auto& norm_weight = constants_->at(2);
    [[maybe_unused]] auto& norm_bias = constants_->at(3);
    [[maybe_unused]] auto& norm_running_mean = constants_->at(4);
    [[maybe_unused]] auto& norm_running_var = constants_->at(5);

    if ((reinterpret_cast<std::uintptr_t>(arg7_1.data_ptr()) & (16 -1)) != 0) {
        AOTI_TORCH_WARN("Input 0 was compiled as 16-bytes aligned, but it is not aligned at run time. Copying to an aligned tensor to guarantee correctness, but expect a performance hit.");
        AtenTensorHandle arg7_1_aligned;
        AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_clone_preserve_strides(arg7_1, &arg7_1_aligned));
        arg7_1 = std::move(RAIIAtenTensorHandle(arg7_1_aligned));
    }
    inputs.clear();
    [[maybe_unused]] auto& kernels = static_cast<AOTInductorModelKernels&>(*this->kernels_.get());
    if (_check_aoti_runtime_check_inputs_env()) { assert_size_stride(arg7_1, {2L, 3L, 16L, 16L}, {768L, 256L, 16L, 1L}, "input"); }

    AOTIXpuStreamGuard stream_guard(stream, this->device_idx_);
    static constexpr int64_t int_array_0[] = {2L, 3L, 16L, 16L};
    static constexpr int64_t int_array_1[] = {768L, 1L, 48L, 3L};
    AtenTensorHandle buf0_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(4, int_array_0, int_array_1, cached_torch_dtype_float32, cached_torch_device_type_xpu, this->device_idx_, &buf0_handle));
    RAIIAtenTensorHandle buf0(buf0_handle);
    // Topologically Sorted Source Nodes: [conv2d_default], Original ATen: [aten.convolution]
    call_triton_poi_fused_convolution_0(arg7_1, buf0, 6L, 256L, this->device_idx_, stream, kernels, this->cubin_dir_);
    arg7_1.reset();
    static constexpr int64_t int_array_2[] = {8L, 3L, 3L, 3L};
    static constexpr int64_t int_array_3[] = {27L, 1L, 9L, 3L};
    AtenTensorHandle buf1_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(4, int_array_2, int_array_3, cached_torch_dtype_float32, cached_torch_device_type_xpu, this->device_idx_, &buf1_handle));
    RAIIAtenTensorHandle buf1(buf1_handle);
    // Topologically Sorted Source Nodes: [conv2d_default], Original ATen: [aten.convolution]
    call_triton_poi_fused_convolution_1(conv_weight, buf1, 24L, 9L, this->device_idx_, stream, kernels, this->cubin_dir_);
    // Topologically Sorted Source Nodes: [conv2d_default], Original ATen: [aten.convolution]
    AtenTensorHandle buf2_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_xpu_convolution(buf0, buf1, nullptr, static_cast<const int64_t*>(std::array<int64_t, 2>{1L, 1L}.data()), 2, static_cast<const int64_t*>(std::array<int64_t, 2>{1L, 1L}.data()), 2, static_cast<const int64_t*>(std::array<int64_t, 2>{1L, 1L}.data()), 2, 0, static_cast<const int64_t*>(std::array<int64_t, 2>{0L, 0L}.data()), 2, 1L, &buf2_handle));
    RAIIAtenTensorHandle buf2(buf2_handle);
    if (_check_aoti_runtime_check_inputs_env()) { assert_size_stride(buf2, {2L, 8L, 16L, 16L}, {2048L, 1L, 128L, 8L}, "torch.ops.aten.convolution.default", cached_torch_dtype_float32, "torch.float32"); }
    buf0.reset();
    buf1.reset();
    static constexpr int64_t int_array_4[] = {2L, 8L, 2L};
    static constexpr int64_t int_array_5[] = {16L, 1L, 8L};
    AtenTensorHandle buf3_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(3, int_array_4, int_array_5, cached_torch_dtype_float32, cached_torch_device_type_xpu, this->device_idx_, &buf3_handle));
    RAIIAtenTensorHandle buf3(buf3_handle);
    // Topologically Sorted Source Nodes: [conv2d_default, batch_norm_default, relu_default, amax_default], Original ATen: [aten.convolution, aten._native_batch_norm_legit_no_training, aten.relu, aten.amax]
    call_triton_red_fused__native_batch_norm_legit_no_training_amax_convolution_relu_2(buf2, conv_bias, norm_running_mean, norm_running_var, norm_weight, norm_bias, buf3, 32L, 128L, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf2.reset();
    static constexpr int64_t int_array_6[] = {2L, 8L};
    static constexpr int64_t int_array_7[] = {8L, 1L};
    AtenTensorHandle buf4_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_6, int_array_7, cached_torch_dtype_float32, cached_torch_device_type_xpu, this->device_idx_, &buf4_handle));
    RAIIAtenTensorHandle buf4(buf4_handle);
    // Topologically Sorted Source Nodes: [conv2d_default, batch_norm_default, relu_default, amax_default], Original ATen: [aten.convolution, aten._native_batch_norm_legit_no_training, aten.relu, aten.amax]
    call_triton_per_fused__native_batch_norm_legit_no_training_amax_convolution_relu_3(buf3, buf4, 16L, 2L, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf3.reset();
    output_handles[0] = buf4.release();
} // AOTInductorModel::run_impl
} // namespace torch::aot_inductor



