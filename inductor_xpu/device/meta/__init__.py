"""Meta rules of the simulated device: where torch's own rule for an op is
device-biased, the rule a simulated device needs (:mod:`.sdpa`: the xpu
SDPA choice; :mod:`.sdpa_cuda`, :mod:`.conv_cuda`: cuDNN/flash SDPA and
convolution for the NVIDIA profiles)."""
