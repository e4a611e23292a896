// inductor_xpu's one piece of native code, built once per torch build and
// cached (inductor_xpu/device/native_lib.py).  Two users, never both in one
// process:
//
// * ixa_*: autograd on *fake* xpu tensors for a hardware-less simulation
//   (inductor_xpu/device/xpu_autograd.py): a no-op xpu device guard and xpu
//   as the accelerator only while the autograd engine runs a backward over
//   xpu tensors; undone exactly on uninstall.
// * ixe_*: the opt-in *emulated* xpu test device (inductor_xpu/emulation):
//   host memory for DeviceType::XPU, a device guard with a current device,
//   streams and events, XPU hooks that say "built, available" (and, in a
//   CUDA build, CUDA hooks that say "not built", so at::getAccelerator() is
//   xpu), a generator per device, a few XPU kernels (allocation, views,
//   resize, set_) and a boxed fallback that runs every other op's CPU kernel
//   on CPU tensors aliasing the same memory.  Installed for the rest of the
//   process; never undone.  Refused where an xpu guard or non-default XPU
//   hooks exist (a real XPU build).
//
// Both replace the vtable pointer of torch's default hooks objects (Itanium
// C++ ABI: Linux, macOS): see xpu_autograd.py's docstring.
#include <ATen/ATen.h>
#include <ATen/CPUGeneratorImpl.h>
#include <ATen/EmptyTensor.h>
#include <ATen/detail/CUDAHooksInterface.h>
#include <ATen/detail/XPUHooksInterface.h>
#include <ATen/ops/as_strided_native.h>
#include <ATen/ops/resize_native.h>
#include <ATen/ops/set_native.h>
#include <ATen/ops/view_native.h>
#include <ATen/ops/_reshape_alias_native.h>
#include <ATen/ops/unfold_native.h>
#include <ATen/ops/view_as_real_native.h>
#include <ATen/ops/view_as_complex_native.h>
#include <ATen/core/dispatch/Dispatcher.h>
#include <c10/core/CPUAllocator.h>
#include <c10/core/impl/DeviceGuardImplInterface.h>
#include <c10/core/impl/FakeGuardImpl.h>
#include <c10/core/impl/alloc_cpu.h>
#include <torch/library.h>
#include <torch/csrc/Generator.h>
#include <Python.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <memory>
#include <mutex>
#include <typeinfo>
#include <unordered_map>
#include <vector>

namespace {
using c10::DeviceIndex;
using c10::DeviceType;
constexpr auto kXPU = static_cast<size_t>(DeviceType::XPU);

void* read_vptr(const void* obj) { void* p; std::memcpy(&p, obj, sizeof p); return p; }
void write_vptr(const void* obj, void* p) { std::memcpy(const_cast<void*>(obj), &p, sizeof p); }

// ---------------------------------------------------------------------------
// Shared: the CUDA hooks' isBuilt() answered by a predicate (a copy of the
// vtable with that one slot replaced).
std::atomic<int> engine_depth{0};   // the simulation: backwards over fake xpu tensors
std::atomic<bool> emulating{false};  // the emulated device: always
bool xpu_is_accelerator() { return emulating.load() || engine_depth.load() > 0; }

constexpr size_t kSlots = 192;
void* cuda_vtable[kSlots + 2];
void* cuda_saved_vptr = nullptr;
bool cuda_swapped = false;
bool cuda_is_built(const void*) { return !xpu_is_accelerator(); }

size_t virtual_slot_of_is_built() {
  bool (at::CUDAHooksInterface::*pmf)() const = &at::CUDAHooksInterface::isBuilt;
  struct { std::uintptr_t ptr; std::ptrdiff_t adj; } raw;
  static_assert(sizeof(raw) == sizeof(pmf), "Itanium ABI member pointer");
  std::memcpy(&raw, &pmf, sizeof raw);
  if ((raw.ptr & 1) == 0) return SIZE_MAX;
  return (raw.ptr - 1) / sizeof(void*);
}

// 0 done (or nothing to do: CUDA not built); 4 the slot is not where the ABI says.
int swap_cuda_is_built() {
  if (cuda_swapped) return 0;
  const auto& cuda = at::detail::getCUDAHooks();
  if (!cuda.isBuilt()) return 0;
  size_t slot = virtual_slot_of_is_built();
  if (slot == SIZE_MAX || slot >= kSlots) return 4;
  cuda_saved_vptr = read_vptr(&cuda);
  // [offset-to-top, RTTI, slot 0, slot 1, ...]
  std::memcpy(cuda_vtable, static_cast<void**>(cuda_saved_vptr) - 2, sizeof cuda_vtable);
  cuda_vtable[2 + slot] = reinterpret_cast<void*>(&cuda_is_built);
  write_vptr(&cuda, &cuda_vtable[2]);
  cuda_swapped = true;
  return 0;
}

void restore_cuda_is_built() {
  if (cuda_swapped) write_vptr(&at::detail::getCUDAHooks(), cuda_saved_vptr);
  cuda_swapped = false;
}

// 0 free; 2 an xpu guard is registered; 3 the XPU hooks are not the default object.
int xpu_slots_free() {
  if (c10::impl::device_guard_impl_registry[kXPU].load() != nullptr) return 2;
  if (typeid(at::detail::getXPUHooks()) != typeid(at::XPUHooksInterface)) return 3;
  return 0;
}

// ---------------------------------------------------------------------------
// The simulation's shim.
struct SimulatedXPUHooks final : at::XPUHooksInterface {
  bool isBuilt() const override { return xpu_is_accelerator(); }
  bool hasXPU() const override { return xpu_is_accelerator(); }
  bool hasPrimaryContext(DeviceIndex) const override { return false; }
};
static_assert(sizeof(SimulatedXPUHooks) == sizeof(at::XPUHooksInterface), "vtable pointer only");

const c10::impl::FakeGuardImpl<DeviceType::XPU> fake_xpu_guard;
bool shim_installed = false;
void* xpu_saved_vptr = nullptr;

// ---------------------------------------------------------------------------
// The emulated device.
constexpr DeviceIndex kMaxDevices = 8;
DeviceIndex device_count = 1;
thread_local DeviceIndex tls_device = 0;
thread_local c10::StreamId tls_stream[kMaxDevices] = {};
std::atomic<c10::StreamId> next_stream_id{1};

void check_index(DeviceIndex index) {
  TORCH_CHECK(index >= 0 && index < device_count, "emulated xpu: invalid device index ", static_cast<int>(index),
              " (", static_cast<int>(device_count), " emulated device(s))");
}

// Host memory, counted per device (torch.xpu.memory_allocated and friends).
struct MemoryCounters {
  std::atomic<int64_t> allocated{0}, peak{0}, num_alloc{0}, num_free{0};
};
MemoryCounters counters[kMaxDevices];
std::mutex blocks_mutex;
std::unordered_map<void*, std::pair<size_t, DeviceIndex>> blocks;

void emulated_free(void* ptr) {
  if (ptr == nullptr) return;
  size_t n = 0;
  DeviceIndex d = 0;
  {
    std::lock_guard<std::mutex> lock(blocks_mutex);
    auto it = blocks.find(ptr);
    if (it != blocks.end()) { n = it->second.first; d = it->second.second; blocks.erase(it); }
  }
  counters[d].allocated -= static_cast<int64_t>(n);
  counters[d].num_free += 1;
  c10::free_cpu(ptr);
}

struct EmulatedAllocator final : c10::Allocator {
  c10::DataPtr allocate(size_t n) override {
    DeviceIndex d = tls_device;
    c10::Device device(DeviceType::XPU, d);
    if (n == 0) return {nullptr, nullptr, &emulated_free, device};
    void* ptr = c10::alloc_cpu(n);
    {
      std::lock_guard<std::mutex> lock(blocks_mutex);
      blocks[ptr] = {n, d};
    }
    int64_t now = counters[d].allocated += static_cast<int64_t>(n);
    int64_t peak = counters[d].peak.load();
    while (now > peak && !counters[d].peak.compare_exchange_weak(peak, now)) {}
    counters[d].num_alloc += 1;
    return {ptr, ptr, &emulated_free, device};
  }
  c10::DeleterFnPtr raw_deleter() const override { return &emulated_free; }
  void copy_data(void* dest, const void* src, std::size_t count) const override { std::memcpy(dest, src, count); }
};
EmulatedAllocator emulated_allocator;

// Streams are ids (0 the default stream); work runs when it is issued, so
// every query says done and every synchronize returns at once.  Events keep
// the time they were recorded at, for elapsed_time.
struct EmulatedEvent { std::chrono::steady_clock::time_point when; bool recorded = false; };

struct EmulatedGuard final : c10::impl::DeviceGuardImplInterface {
  DeviceType type() const override { return DeviceType::XPU; }
  c10::Device exchangeDevice(c10::Device d) const override {
    auto old = getDevice();
    if (d.index() != old.index()) setDevice(d);
    return old;
  }
  c10::Device getDevice() const override { return {DeviceType::XPU, tls_device}; }
  void setDevice(c10::Device d) const override {
    TORCH_CHECK(d.type() == DeviceType::XPU, "emulated xpu: expected an xpu device, got ", d);
    check_index(d.index());
    tls_device = d.index();
  }
  void uncheckedSetDevice(c10::Device d) const noexcept override { tls_device = d.index(); }
  c10::Stream getStream(c10::Device d) const override {
    return c10::Stream(c10::Stream::UNSAFE, d, tls_stream[d.index()]);
  }
  c10::Stream getDefaultStream(c10::Device d) const override { return c10::Stream(c10::Stream::DEFAULT, d); }
  c10::Stream getStreamFromGlobalPool(c10::Device d, bool = false) const override { return getNewStream(d, 0); }
  c10::Stream getNewStream(c10::Device d, int = 0) const override {
    return c10::Stream(c10::Stream::UNSAFE, d, next_stream_id++);
  }
  c10::Stream exchangeStream(c10::Stream s) const override {
    auto old = getStream(s.device());
    tls_stream[s.device_index()] = s.id();
    return old;
  }
  void destroyEvent(void* event, const DeviceIndex) const noexcept override { delete static_cast<EmulatedEvent*>(event); }
  void record(void** event, const c10::Stream&, const DeviceIndex, const c10::EventFlag) const override {
    if (*event == nullptr) *event = new EmulatedEvent();
    auto* e = static_cast<EmulatedEvent*>(*event);
    e->when = std::chrono::steady_clock::now();
    e->recorded = true;
  }
  void block(void*, const c10::Stream&) const override {}
  bool queryEvent(void*) const override { return true; }
  DeviceIndex deviceCount() const noexcept override { return device_count; }
  bool queryStream(const c10::Stream&) const override { return true; }
  void synchronizeStream(const c10::Stream&) const override {}
  void synchronizeEvent(void*) const override {}
  void synchronizeDevice(const DeviceIndex) const override {}
  void recordDataPtrOnStream(const c10::DataPtr&, const c10::Stream&) const override {}
  double elapsedTime(void* start, void* end, const DeviceIndex) const override {
    auto* a = static_cast<EmulatedEvent*>(start);
    auto* b = static_cast<EmulatedEvent*>(end);
    TORCH_CHECK(a && b && a->recorded && b->recorded, "emulated xpu: both events must be recorded before elapsed_time");
    return std::chrono::duration<double, std::milli>(b->when - a->when).count();
  }
};
const EmulatedGuard emulated_guard;

// A generator per device: a CPU (Mersenne Twister) generator under an xpu
// device.  The fallback hands the CPU kernels its inner generator, so xpu's
// random stream is its own (seeded by torch.manual_seed as a device's is),
// though not an XPU build's Philox stream.
struct EmulatedGenerator final : c10::GeneratorImpl {
  explicit EmulatedGenerator(DeviceIndex index, uint64_t seed = c10::default_rng_seed_val)
      : c10::GeneratorImpl(c10::Device(DeviceType::XPU, index), c10::DispatchKeySet(c10::DispatchKey::XPU)),
        inner(at::make_generator<at::CPUGeneratorImpl>(seed)) {}
  void set_current_seed(uint64_t seed) override { inner.set_current_seed(seed); }
  void set_offset(uint64_t offset) override { inner.set_offset(offset); }
  uint64_t get_offset() const override { return inner.get_offset(); }
  uint64_t current_seed() const override { return inner.current_seed(); }
  uint64_t seed() override { return inner.seed(); }
  void set_state(const c10::TensorImpl& state) override { inner.unsafeGetGeneratorImpl()->set_state(state); }
  c10::intrusive_ptr<c10::TensorImpl> get_state() const override { return inner.unsafeGetGeneratorImpl()->get_state(); }
  EmulatedGenerator* clone_impl() const override {
    auto* copy = new EmulatedGenerator(device_.index());
    copy->inner = inner.clone();
    return copy;
  }
  at::Generator inner;
};

std::vector<at::Generator> default_generators;

struct EmulatedXPUHooks final : at::XPUHooksInterface {
  bool isBuilt() const override { return true; }
  bool isAvailable() const override { return true; }
  bool hasXPU() const override { return true; }
  bool hasPrimaryContext(DeviceIndex) const override { return true; }
  std::string showConfig() const override {
    return "  - XPU: EMULATED by inductor_xpu (host memory, CPU kernels; not an Intel GPU)\n";
  }
  int32_t getGlobalIdxFromDevice(const c10::Device& d) const override { return d.index(); }
  DeviceIndex getNumGPUs() const override { return device_count; }
  DeviceIndex deviceCount() const override { return device_count; }
  DeviceIndex current_device() const override { return tls_device; }
  DeviceIndex getCurrentDevice() const override { return tls_device; }
  void setCurrentDevice(DeviceIndex d) const override { check_index(d); tls_device = d; }
  DeviceIndex exchangeDevice(DeviceIndex d) const override { auto old = tls_device; setCurrentDevice(d); return old; }
  DeviceIndex maybeExchangeDevice(DeviceIndex d) const override { return exchangeDevice(d); }
  void deviceSynchronize(DeviceIndex) const override {}
  bool isPinnedPtr(const void*) const override { return false; }
  c10::Allocator* getPinnedMemoryAllocator() const override { return c10::GetCPUAllocator(); }
  c10::Device getDeviceFromPtr(void* data) const override {
    std::lock_guard<std::mutex> lock(blocks_mutex);
    auto it = blocks.find(data);
    return {DeviceType::XPU, it == blocks.end() ? tls_device : it->second.second};
  }
  const at::Generator& getDefaultGenerator(DeviceIndex index) const override {
    DeviceIndex i = index < 0 ? tls_device : index;
    check_index(i);
    return default_generators[i];
  }
  at::Generator getNewGenerator(DeviceIndex index) const override {
    DeviceIndex i = index < 0 ? tls_device : index;
    check_index(i);
    return at::make_generator<EmulatedGenerator>(i);
  }
};
static_assert(sizeof(EmulatedXPUHooks) == sizeof(at::XPUHooksInterface), "vtable pointer only");

// --- the boxed fallback -----------------------------------------------------

// A tensor over `storage` with `like`'s sizes, strides, offset and bits.  The
// non-VIEW constructor adds the autograd keys (outside inference mode), so
// the result is a normal tensor, not an inference tensor.
at::Tensor view_of(const c10::Storage& storage, const at::Tensor& like, c10::DispatchKeySet keys) {
  auto t = at::detail::make_tensor<c10::TensorImpl>(c10::Storage(storage), keys, like.dtype());
  t.unsafeGetTensorImpl()->set_sizes_and_strides(like.sizes(), like.strides(), like.storage_offset());
  if (like.is_conj()) t._set_conj(true);
  if (like.is_neg()) t._set_neg(true);
  return t;
}

const c10::DispatchKeySet kCPUKeys{c10::DispatchKey::CPU};
const c10::DispatchKeySet kXPUKeys{c10::DispatchKey::XPU};

// CPU tensors over the xpu tensors' memory: one CPU storage per xpu storage
// (so views of one storage stay views of one storage), resizable with the
// CPU allocator (a kernel that resizes an out= argument gets new memory,
// copied back to the xpu storage after the call).
struct Aliases {
  struct Entry { c10::Storage xpu; c10::Storage cpu; void* original; };
  std::vector<Entry> storages;
  std::vector<std::pair<at::Tensor, at::Tensor>> tensors;  // (xpu, cpu)

  Entry& storage_for(const c10::Storage& xpu) {
    for (auto& e : storages) if (e.xpu.is_alias_of(xpu) || e.xpu.unsafeGetStorageImpl() == xpu.unsafeGetStorageImpl()) return e;
    void* data = xpu.unsafeGetStorageImpl()->mutable_data();
    c10::Storage cpu(c10::Storage::use_byte_size_t(), xpu.nbytes(), at::DataPtr(data, c10::Device(DeviceType::CPU)),
                     c10::GetCPUAllocator(), /*resizable=*/true);
    storages.push_back({xpu, cpu, data});
    return storages.back();
  }

  at::Tensor to_cpu(const at::Tensor& t) {
    if (!t.defined() || t.device().type() != DeviceType::XPU) return t;
    TORCH_CHECK(t.layout() == c10::kStrided && !t.is_quantized() && !t.is_nested(),
                "emulated xpu: only strided dense tensors are emulated (", t.layout(), ")");
    auto cpu = view_of(storage_for(t.storage()).cpu, t, kCPUKeys);
    tensors.emplace_back(t, cpu);
    return cpu;
  }

  // After the CPU kernel: new memory of a resized CPU storage goes back to
  // its xpu storage (every xpu tensor over it sees it), and the sizes of
  // xpu tensors whose CPU alias was resized or restrided follow.
  void write_back() {
    for (auto& e : storages) {
      void* now = e.cpu.unsafeGetStorageImpl()->mutable_data();
      if (now == e.original && e.cpu.nbytes() == e.xpu.nbytes()) continue;
      auto* impl = e.xpu.unsafeGetStorageImpl();
      c10::DataPtr fresh = emulated_allocator.allocate(e.cpu.nbytes());
      if (e.cpu.nbytes()) std::memcpy(fresh.get(), now, e.cpu.nbytes());
      impl->set_data_ptr_noswap(std::move(fresh));
      impl->set_nbytes(e.cpu.nbytes());
    }
    for (auto& [x, c] : tensors) {
      if (x.sizes() == c.sizes() && x.strides() == c.strides() && x.storage_offset() == c.storage_offset()) continue;
      x.unsafeGetTensorImpl()->set_sizes_and_strides(c.sizes(), c.strides(), c.storage_offset());
    }
  }

  at::Tensor to_xpu(const at::Tensor& c) {
    if (!c.defined() || c.device().type() != DeviceType::CPU || c.layout() != c10::kStrided) return c;
    for (auto& [x, a] : tensors)
      if (a.unsafeGetTensorImpl() == c.unsafeGetTensorImpl()) return x;
    for (auto& e : storages)
      if (c.storage().unsafeGetStorageImpl() == e.cpu.unsafeGetStorageImpl()) return view_of(e.xpu, c, kXPUKeys);
    // A new CPU result: its whole storage copied to xpu memory, strides kept.
    size_t n = c.storage().nbytes();
    c10::DataPtr data = emulated_allocator.allocate(n);
    if (n) std::memcpy(data.get(), c.storage().data(), n);
    c10::Storage storage(c10::Storage::use_byte_size_t(), n, std::move(data), &emulated_allocator, /*resizable=*/true);
    return view_of(storage, c, kXPUKeys);
  }
};

c10::IValue map_ivalue(const c10::IValue& v, const std::function<at::Tensor(const at::Tensor&)>& f) {
  if (v.isTensor()) return f(v.toTensor());
  if (v.isTensorList()) {
    auto list = v.toTensorList();
    c10::List<at::Tensor> out;
    out.reserve(list.size());
    for (const at::Tensor& t : list) out.push_back(f(t));
    return out;
  }
  if (v.isList()) {  // Tensor?[] (index, index_put_)
    auto list = v.toList();
    if (list.size() > 0 && (list.elementType()->kind() == c10::TypeKind::OptionalType)) {
      c10::List<std::optional<at::Tensor>> out;
      for (const c10::IValue& e : list) out.push_back(e.isNone() ? std::optional<at::Tensor>() : f(e.toTensor()));
      return out;
    }
  }
  return v;
}

at::Generator cpu_generator_for(const c10::IValue& v) {
  at::Generator g = v.isNone() ? default_generators[tls_device] : v.toGenerator();
  if (g.device().type() != DeviceType::XPU) return g;
  auto* emulated = dynamic_cast<EmulatedGenerator*>(g.unsafeGetGeneratorImpl());
  TORCH_CHECK(emulated != nullptr, "emulated xpu: an xpu generator that is not the emulated device's");
  return emulated->inner;
}

bool missing_low_precision_kernel(const char* what) {
  std::string m(what);
  return m.find("not implemented for 'Half'") != std::string::npos ||
         m.find("not implemented for 'BFloat16'") != std::string::npos ||
         m.find("doesn't support tensors of type: Half") != std::string::npos ||
         m.find("doesn't support tensors of type: BFloat16") != std::string::npos;
}

at::Tensor upcast(const at::Tensor& t) {
  switch (t.scalar_type()) {
    case at::kHalf:
    case at::kBFloat16: return t.to(at::kFloat);
    case at::kComplexHalf: return t.to(at::kComplexFloat);
    default: return t;
  }
}

c10::ScalarType low_precision_of(const std::vector<c10::IValue>& args) {
  c10::ScalarType found = c10::ScalarType::Undefined;
  for (const c10::IValue& v : args)
    map_ivalue(v, [&found](const at::Tensor& t) {
      if (t.defined() && found == c10::ScalarType::Undefined &&
          (t.scalar_type() == at::kHalf || t.scalar_type() == at::kBFloat16 || t.scalar_type() == at::kComplexHalf))
        found = t.scalar_type() == at::kComplexHalf ? at::kHalf : t.scalar_type();
      return t;
    });
  return found;
}

void fallback(const c10::OperatorHandle& op, c10::DispatchKeySet, torch::jit::Stack* stack) {
  const auto& schema = op.schema();
  const auto& arguments = schema.arguments();
  const size_t n = arguments.size();
  const size_t begin = stack->size() - n;
  Aliases aliases;
  auto to_cpu = [&](const at::Tensor& t) { return aliases.to_cpu(t); };
  for (size_t i = 0; i < n; ++i) {
    c10::IValue& v = (*stack)[begin + i];
    const auto& type = arguments[i].type();
    if (v.isDevice() && v.toDevice().type() == DeviceType::XPU) {
      v = c10::Device(DeviceType::CPU);
    } else if (type->kind() == c10::TypeKind::OptionalType &&
               type->castRaw<c10::OptionalType>()->getElementType()->kind() == c10::TypeKind::GeneratorType) {
      v = cpu_generator_for(v);
    } else if (v.isGenerator()) {
      v = cpu_generator_for(v);
    } else {
      v = map_ivalue(v, to_cpu);
    }
  }
  // A CPU kernel without fp16/bf16 (MKL FFT, some pooling and loss kernels)
  // where xpu has one: the op runs again with its fp16/bf16 tensors in fp32
  // copies, and its results (and out= arguments) are rounded back to the
  // input's dtype (docs/emulated_xpu.md).
  std::vector<c10::IValue> saved(stack->begin() + begin, stack->end());
  try {
    op.redispatchBoxed(kCPUKeys, stack);
  } catch (const c10::Error& e) {
    const c10::ScalarType low = low_precision_of(saved);
    if (!missing_low_precision_kernel(e.what()) || low == c10::ScalarType::Undefined) throw;
    std::vector<std::pair<at::Tensor, at::Tensor>> written;  // (argument, its fp32 copy)
    stack->resize(begin);
    for (size_t i = 0; i < n; ++i) {
      const bool writes = arguments[i].alias_info() && arguments[i].alias_info()->isWrite();
      stack->push_back(map_ivalue(saved[i], [&](const at::Tensor& t) {
        if (!t.defined()) return t;
        at::Tensor up = upcast(t);
        if (writes && !up.is_same(t)) written.emplace_back(t, up);
        return up;
      }));
    }
    op.redispatchBoxed(kCPUKeys, stack);
    for (auto& [arg, up] : written) {
      if (arg.sizes() != up.sizes()) arg.resize_(up.sizes());
      arg.copy_(up);
    }
    const size_t r = schema.returns().size();
    for (size_t i = stack->size() - r; i < stack->size(); ++i)
      (*stack)[i] = map_ivalue((*stack)[i], [&](const at::Tensor& t) {
        if (!t.defined()) return t;
        for (auto& [arg, up] : written)
          if (up.is_same(t)) return arg;
        if (t.scalar_type() == at::kFloat) return t.to(low);
        if (t.scalar_type() == at::kComplexFloat && low == at::kHalf) return t.to(at::kComplexHalf);
        return t;
      });
  }
  aliases.write_back();
  const size_t r = schema.returns().size();
  auto to_xpu = [&](const at::Tensor& t) { return aliases.to_xpu(t); };
  for (size_t i = stack->size() - r; i < stack->size(); ++i) (*stack)[i] = map_ivalue((*stack)[i], to_xpu);
}

// --- XPU kernels ------------------------------------------------------------

at::Tensor empty_memory_format(c10::IntArrayRef size, std::optional<c10::ScalarType> dtype, std::optional<c10::Layout>,
                               std::optional<c10::Device> device, std::optional<bool>,
                               std::optional<c10::MemoryFormat> memory_format) {
  c10::OptionalDeviceGuard guard(device);
  return at::detail::empty_generic(size, &emulated_allocator, kXPUKeys, c10::dtype_or_default(dtype), memory_format);
}

at::Tensor empty_strided(c10::IntArrayRef size, c10::IntArrayRef stride, std::optional<c10::ScalarType> dtype,
                         std::optional<c10::Layout>, std::optional<c10::Device> device, std::optional<bool>) {
  c10::OptionalDeviceGuard guard(device);
  return at::detail::empty_strided_generic(size, stride, &emulated_allocator, kXPUKeys, c10::dtype_or_default(dtype));
}

at::Tensor& set_empty(at::Tensor& self) {
  c10::Storage storage(c10::Storage::use_byte_size_t(), 0, &emulated_allocator, /*resizable=*/true);
  self.unsafeGetTensorImpl()->set_storage_keep_dtype(std::move(storage));
  self.unsafeGetTensorImpl()->set_sizes_contiguous({0});
  return self;
}

void record_stream(at::Tensor&, c10::Stream) {}

std::unique_ptr<torch::Library> xpu_kernels, xpu_fallback;
bool emulation_installed = false;
std::string install_error;
c10::impl::DeviceGuardImplRegistrar* unused_registrar = nullptr;

void register_kernels() {
  xpu_kernels = std::make_unique<torch::Library>(torch::Library::IMPL, "aten", c10::DispatchKey::XPU, __FILE__, __LINE__);
  auto& m = *xpu_kernels;
  m.impl("empty.memory_format", TORCH_FN(empty_memory_format));
  m.impl("empty_strided", TORCH_FN(empty_strided));
  m.impl("as_strided", TORCH_FN(at::native::as_strided_tensorimpl));
  m.impl("view", TORCH_FN(at::native::view));
  m.impl("_reshape_alias", TORCH_FN(at::native::_reshape_alias));
  m.impl("unfold", TORCH_FN(at::native::unfold));
  m.impl("view_as_real", TORCH_FN(at::native::view_as_real));
  m.impl("view_as_complex", TORCH_FN(at::native::view_as_complex));
  m.impl("resize_", TORCH_FN(at::native::resize_));
  m.impl("set_.source_Storage", TORCH_FN(at::native::set_));
  m.impl("set_.source_Storage_storage_offset", TORCH_FN(at::native::set_storage_cpu_));
  m.impl("set_.source_Tensor", TORCH_FN(at::native::set_tensor_));
  m.impl("set_", TORCH_FN(set_empty));
  m.impl("record_stream", TORCH_FN(record_stream));
  // An XPU build runs convolutions through its own (oneDNN) kernels; here
  // they run CPU's, ahead of the composite that would pick
  // convolution_overrideable for a device ATen has no backend for.
  // copy_'s composite kernel asks a DispatchStub, which has no xpu slot.
  for (const char* name : {"copy_", "convolution", "_convolution", "convolution_backward", "convolution_overrideable",
                           "convolution_backward_overrideable"})
    m.impl(name, torch::CppFunction::makeFromBoxedFunction<&fallback>());
  xpu_fallback = std::make_unique<torch::Library>(torch::Library::IMPL, "_", c10::DispatchKey::XPU, __FILE__, __LINE__);
  xpu_fallback->fallback(torch::CppFunction::makeFromBoxedFunction<&fallback>());
}
}  // namespace

extern "C" {
// --- the simulation's shim (xpu_autograd.py) ---
// 0 installed; 1 already installed; 2 an xpu device guard is registered (an
// XPU build, someone else's, or the emulated device); 3 the XPU hooks are not
// the default object; 4 the CUDA hooks' isBuilt slot is not where the ABI says.
int ixa_install() {
  if (shim_installed) return 1;
  if (int code = xpu_slots_free()) return code;
  if (int code = swap_cuda_is_built()) return code;
  const auto& xpu = at::detail::getXPUHooks();
  xpu_saved_vptr = read_vptr(&xpu);
  SimulatedXPUHooks simulated;
  write_vptr(&xpu, read_vptr(&simulated));
  c10::impl::device_guard_impl_registry[kXPU].store(&fake_xpu_guard);
  shim_installed = true;
  return 0;
}

int ixa_uninstall() {
  if (!shim_installed) return 1;
  engine_depth.store(0);
  c10::impl::device_guard_impl_registry[kXPU].store(nullptr);
  write_vptr(&at::detail::getXPUHooks(), xpu_saved_vptr);
  restore_cuda_is_built();
  shim_installed = false;
  return 0;
}

int ixa_enter_engine() { return ++engine_depth; }
int ixa_exit_engine() { return --engine_depth; }
int ixa_installed() { return shim_installed ? 1 : 0; }
int ixa_xpu_guard_registered() {
  return c10::impl::device_guard_impl_registry[kXPU].load() != nullptr ? 1 : 0;
}

// --- the emulated device (inductor_xpu/emulation) ---
// 0 installed; 1 already installed; 2/3/4 as ixa_install; 5 the simulation's
// shim is installed in this process; 6 a bad device count; 7 registering the
// kernels failed (ixe_install_error() says why).
int ixe_install(int count) {
  if (emulation_installed) return 1;
  if (shim_installed) return 5;
  if (count < 1 || count > kMaxDevices) return 6;
  if (int code = xpu_slots_free()) return code;
  device_count = static_cast<DeviceIndex>(count);
  emulating.store(true);
  if (int code = swap_cuda_is_built()) { emulating.store(false); return code; }
  for (DeviceIndex i = 0; i < device_count; ++i) default_generators.push_back(at::make_generator<EmulatedGenerator>(i));
  c10::SetAllocator(DeviceType::XPU, &emulated_allocator, /*priority=*/255);
  c10::impl::device_guard_impl_registry[kXPU].store(&emulated_guard);
  EmulatedXPUHooks hooks;
  write_vptr(&at::detail::getXPUHooks(), read_vptr(&hooks));
  try {
    register_kernels();
  } catch (const std::exception& e) {
    install_error = e.what();
    return 7;
  }
  emulation_installed = true;
  return 0;
}

// The message of a failed install (code 7).
const char* ixe_install_error() { return install_error.c_str(); }

int ixe_installed() { return emulation_installed ? 1 : 0; }
int ixe_device_count() { return device_count; }
int ixe_current_device() { return tls_device; }
int ixe_set_device(int index) {
  if (index < 0 || index >= device_count) return 1;
  tls_device = static_cast<DeviceIndex>(index);
  return 0;
}
int64_t ixe_current_stream(int index) { return index >= 0 && index < device_count ? tls_stream[index] : -1; }
int ixe_set_stream(int64_t id, int index) {
  if (index < 0 || index >= device_count) return 1;
  tls_stream[index] = id;
  return 0;
}
int64_t ixe_memory_stat(int index, int which) {
  if (index < 0 || index >= device_count) return -1;
  auto& c = counters[index];
  switch (which) {
    case 0: return c.allocated.load();
    case 1: return c.peak.load();
    case 2: return c.num_alloc.load();
    case 3: return c.num_free.load();
    default: return -1;
  }
}
int ixe_reset_peak(int index) {
  if (index < 0 || index >= device_count) return 1;
  counters[index].peak.store(counters[index].allocated.load());
  return 0;
}
// A new reference to torch.xpu.default_generators[index] (GIL held: PyDLL).
PyObject* ixe_default_generator(int index) {
  if (!emulation_installed || index < 0 || index >= device_count) Py_RETURN_NONE;
  return THPGenerator_initDefaultGenerator(default_generators[index]);
}
}
