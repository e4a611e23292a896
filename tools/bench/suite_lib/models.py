"""The model lists and their builders: timm and HuggingFace, built offline.

Every model is built from its configuration with random weights: timm through
``timm.create_model(name, pretrained=False)``, HuggingFace through the model
class and its config class (``BertForMaskedLM(BertConfig())``), so nothing is
downloaded.  Batch sizes, sequence lengths, input generation and tolerances
follow PyTorch's dynamo benchmark harness (``benchmarks/dynamo/timm_models.py``,
``huggingface.py``, their ``*_models_list.txt`` and ``*.yaml`` files); each
entry says where its batch size comes from where that is not the list itself.

``--small`` (CPU work) shrinks the batch, the sequence length and, for models
whose timm config does not fix it, the image size; it never changes a model's
configuration, so the graphs keep the real models' structure.
"""

from __future__ import annotations

import dataclasses
import importlib
import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any


if TYPE_CHECKING:
    import torch

# torch is imported inside the builders: the orchestrator reads these lists
# without importing torch.


TIMM = "timm_models"
HF = "huggingface"
SELFTEST = "selftest"
SUITES = (TIMM, HF, SELFTEST)

# Input seed of the dynamo harness (``reset_rng_state`` / ``torch.manual_seed(1337)``).
SEED = 1337

# Batch sizes the dynamo harness uses in --accuracy mode (common.py: "Use small
# batch size ... >1 to test batch_norm"): HF 1, timm 8.
ACCURACY_BATCH_SIZE = {HF: 1, TIMM: 8, SELFTEST: 4}

# --small: batch size, HF sequence length, image side for models without a
# fixed input size.  Batch 2 for images keeps batch-norm statistics defined in
# training; 128 px is a multiple of every listed net's total stride (32).
SMALL_BATCH_SIZE = {HF: 1, TIMM: 2, SELFTEST: 2}
SMALL_SEQ_LEN = 64
SMALL_IMAGE_SIZE = 128


@dataclasses.dataclass(frozen=True)
class ModelSpec:
    """One row of a suite: what to build and at which sizes."""

    name: str
    suite: str
    # Batch size for --performance, after the dynamo list's divisor.
    batch_size: int
    # Where batch_size comes from, when not the dynamo list itself.
    batch_size_source: str = "dynamo list"
    # timm: the timm model name; HF: the transformers class name.
    builder: str = ""
    # HF only: sequence length (dynamo's get_sequence_length) and config
    # arguments that make a named checkpoint's config from its config class.
    seq_len: int | None = None
    config_kwargs: tuple[tuple[str, Any], ...] = ()

    @property
    def requires(self) -> str | None:
        """The package the builder needs, or None for torch-only models."""
        return {TIMM: "timm", HF: "transformers"}.get(self.suite)


@dataclasses.dataclass
class BuiltModel:
    """A model on its device and its example inputs (a list or a kwargs dict)."""

    model: torch.nn.Module
    inputs: list[torch.Tensor] | dict[str, torch.Tensor]
    batch_size: int
    input_desc: str


def _timm(name: str, batch_size: int, source: str = "dynamo list") -> ModelSpec:
    return ModelSpec(name, TIMM, batch_size, source, builder=name)


# Batch sizes: the dynamo timm list (timm_models_list.txt; the older, longer
# version of the list for the models the current one dropped), divided by
# BATCH_SIZE_DIVISORS (mobilevit_s: 2).
TIMM_MODELS: tuple[ModelSpec, ...] = (
    _timm("mobilenetv2_100", 128),
    _timm("mobilenetv3_large_100", 512),
    _timm("ghostnet_100", 512),
    _timm("lcnet_050", 256, "dynamo list (legacy)"),
    _timm("regnety_002", 1024, "dynamo list (legacy)"),
    _timm("tf_efficientnet_b0", 128),
    _timm("mnasnet_100", 512, "dynamo list (legacy)"),
    _timm("rexnet_100", 256, "dynamo list (legacy)"),
    _timm("repvgg_a2", 128),
    _timm("ese_vovnet19b_dw", 256, "dynamo list (legacy)"),
    _timm("levit_128", 1024, "dynamo list (legacy)"),
    _timm("resmlp_12_224", 128, "dynamo list (legacy)"),
    _timm("coat_lite_mini", 128, "dynamo list (legacy)"),
    _timm("deit_tiny_patch16_224", 128),
    _timm("convnextv2_nano", 128),
    _timm("mobilevit_s", 64, "dynamo list 128 / divisor 2"),
    _timm("vit_base_patch16_224", 128, "dynamo list (legacy)"),
    _timm("inception_v3", 128),
    _timm("resnet50", 32, "torchbench resnet50 default batch size"),
    _timm("densenet121", 64, "torchbench densenet121 eval batch size"),
    _timm("convnext_tiny", 128, "not in dynamo lists; convnext_base's 128"),
)


def _hf(
    name: str,
    batch_size: int,
    seq_len: int,
    source: str = "dynamo list",
    builder: str | None = None,
    **config_kwargs: Any,
) -> ModelSpec:
    return ModelSpec(
        name,
        HF,
        batch_size,
        source,
        builder=builder or name,
        seq_len=seq_len,
        config_kwargs=tuple(sorted(config_kwargs.items())),
    )


# Batch sizes: huggingface_models_list.txt divided by huggingface.yaml's
# batch_size.divisors.  Sequence lengths: huggingface.py get_sequence_length
# (GPT2/Bart/T5 1024; Bert/Albert/Electra/Roberta/Layout and DistillGPT2 512;
# TrOCR 256; MobileBert and Blenderbot 128; anything else 128).
# Named checkpoints the dynamo harness loads with AutoConfig.from_pretrained
# are rebuilt from their published config values (no download):
#   distilgpt2 = GPT2Config(n_layer=6); t5-small = T5Config() defaults;
#   camembert-base = CamembertConfig(vocab 32005, 514 positions, ...).
HF_MODELS: tuple[ModelSpec, ...] = (
    _hf("BertForMaskedLM", 16, 512, "dynamo list 32 / divisor 2"),
    _hf("BertForQuestionAnswering", 32, 512),
    _hf("DistilBertForMaskedLM", 128, 128, "dynamo list 256 / divisor 2"),
    _hf("GPT2ForSequenceClassification", 4, 1024, "dynamo list 8 / divisor 2", pad_token_id=0),
    _hf("DistillGPT2", 16, 512, "dynamo list 32 / divisor 2", builder="GPT2LMHeadModel", n_layer=6),
    _hf("GPT2LMHeadModel", 4, 1024, "not in dynamo lists; GPT2ForSequenceClassification's 4"),
    _hf("AlbertForMaskedLM", 4, 512, "dynamo list 8 / divisor 2"),
    _hf("ElectraForCausalLM", 32, 512, "dynamo list 64 / divisor 2"),
    _hf("MobileBertForMaskedLM", 128, 128, "dynamo list 256 / divisor 2"),
    _hf("RobertaForCausalLM", 16, 512, "dynamo list 32 / divisor 2", pad_token_id=0),
    _hf("LayoutLMForSequenceClassification", 32, 512),
    _hf(
        "CamemBert",
        32,
        128,
        builder="CamembertForMaskedLM",
        vocab_size=32005,
        max_position_embeddings=514,
        type_vocab_size=1,
        pad_token_id=1,
        bos_token_id=5,
        eos_token_id=6,
        layer_norm_eps=1e-5,
    ),
    _hf("BlenderbotSmallForCausalLM", 256, 128),
    _hf("T5Small", 4, 1024, "dynamo list 8 / divisor 2", builder="T5ForConditionalGeneration"),
    _hf("BartForCausalLM", 4, 1024, "dynamo list 8 / divisor 2"),
    _hf("TrOCRForCausalLM", 32, 256, "dynamo list 64 / divisor 2"),
)


# Torch-only models that check the harness itself (suite_lib.selftest).
SELFTEST_MODELS: tuple[ModelSpec, ...] = (
    ModelSpec("selftest_mlp", SELFTEST, 8, "selftest", builder="mlp"),
    ModelSpec("selftest_conv", SELFTEST, 8, "selftest", builder="conv"),
    ModelSpec("selftest_crash", SELFTEST, 1, "selftest", builder="crash"),
    ModelSpec("selftest_hang", SELFTEST, 1, "selftest", builder="hang"),
)


def all_specs() -> tuple[ModelSpec, ...]:
    return TIMM_MODELS + HF_MODELS + SELFTEST_MODELS


def select_specs(
    suite: str, only: str | None = None, filters: list[str] | None = None
) -> list[ModelSpec]:
    """The specs of ``suite`` ("timm", "hf", "all", "selftest"), narrowed down."""
    import re

    by_suite = {
        "timm": TIMM_MODELS,
        "hf": HF_MODELS,
        "all": TIMM_MODELS + HF_MODELS,
        "selftest": SELFTEST_MODELS,
    }
    if suite not in by_suite:
        raise ValueError(f"unknown suite {suite!r}; choose from {sorted(by_suite)}")
    specs = list(by_suite[suite])
    if only is not None:
        # --only looks in every list, so a selftest or HF name works with the
        # default --suite all; several names (A,B,C) run in the order given.
        by_name = {s.name: s for s in all_specs()}
        names = [n.strip() for n in only.split(",") if n.strip()]
        missing = [n for n in names if n not in by_name]
        if missing or not names:
            raise ValueError(f"--only {only!r}: no such model in any suite: {', '.join(missing) or only!r}")
        specs = [by_name[n] for n in dict.fromkeys(names)]
    if filters:
        pattern = re.compile("|".join(filters), re.IGNORECASE)
        specs = [s for s in specs if pattern.search(s.name)]
    return specs


def reset_rng_state(seed: int = SEED) -> None:
    """Seed torch (all devices), random and numpy, as the dynamo harness does."""
    import torch

    torch.manual_seed(seed)
    random.seed(seed)
    try:
        import numpy as np
    except ImportError:
        return
    np.random.seed(seed)


def effective_batch_size(spec: ModelSpec, *, accuracy: bool, small: bool) -> int:
    if small:
        return min(spec.batch_size, SMALL_BATCH_SIZE[spec.suite])
    if accuracy:
        return ACCURACY_BATCH_SIZE[spec.suite]
    return spec.batch_size


def build(
    spec: ModelSpec,
    device: str | torch.device = "cpu",
    *,
    batch_size: int,
    small: bool = False,
    training: bool = False,
    overrides: Mapping[str, Any] | None = None,
) -> BuiltModel:
    """Build ``spec`` with random weights on ``device`` and its example inputs.

    ``overrides`` are extra config arguments (HF config fields, timm
    ``create_model`` keyword arguments); tests use them for tiny variants.
    """
    if spec.suite == TIMM:
        built = _build_timm(spec, device, batch_size, small, training, overrides or {})
    elif spec.suite == HF:
        built = _build_hf(spec, device, batch_size, small, overrides or {})
    elif spec.suite == SELFTEST:
        from suite_lib import selftest

        reset_rng_state()
        model, inputs, desc = selftest.build(spec.builder, device, batch_size)
        built = BuiltModel(model, inputs, batch_size, desc)
    else:
        raise ValueError(f"unknown suite {spec.suite!r}")
    if training:
        built.model.train()
    else:
        built.model.eval()
    return built


# --------------------------------------------------------------------------- timm


def timm_input_size(model: torch.nn.Module, *, training: bool, small: bool) -> tuple[int, int, int]:
    """(C, H, W): the pretrained config's input size, its test size for
    inference (timm's resolve_data_config(use_test_size=not training)), or the
    --small size where the model accepts any size."""
    cfg = dict(getattr(model, "pretrained_cfg", None) or {})
    size = tuple(cfg.get("input_size") or (3, 224, 224))
    if not training and cfg.get("test_input_size"):
        size = tuple(cfg["test_input_size"])
    if small and not cfg.get("fixed_input_size", False):
        size = (size[0], SMALL_IMAGE_SIZE, SMALL_IMAGE_SIZE)
    return (int(size[0]), int(size[1]), int(size[2]))


def _build_timm(
    spec: ModelSpec,
    device: str | torch.device,
    batch_size: int,
    small: bool,
    training: bool,
    overrides: Mapping[str, Any],
) -> BuiltModel:
    import torch

    timm = importlib.import_module("timm")
    kwargs: dict[str, Any] = dict(
        in_chans=3,
        scriptable=False,
        num_classes=None,
        drop_rate=0.0,
        drop_path_rate=None,
        drop_block_rate=None,
    )
    kwargs.update(overrides)
    reset_rng_state()
    model = timm.create_model(spec.builder, pretrained=False, **kwargs)
    model.to(device=device)
    size = timm_input_size(model, training=training, small=small)
    torch.manual_seed(SEED)
    pixels = torch.randint(256, size=(batch_size, *size), device=device).to(torch.float32)
    example = (pixels - pixels.mean()) / pixels.std()
    return BuiltModel(model, [example], batch_size, "x".join(map(str, (batch_size, *size))))


# ---------------------------------------------------------------------------- HF


def hf_model_and_config(
    spec: ModelSpec, overrides: Mapping[str, Any] | None = None
) -> tuple[type, Any]:
    transformers = importlib.import_module("transformers")
    model_cls = getattr(transformers, spec.builder)
    config = model_cls.config_class(**{**dict(spec.config_kwargs), **dict(overrides or {})})
    return model_cls, config


def _rand_int(device: str | torch.device, low: int, high: int, shape: tuple[int, ...]) -> torch.Tensor:
    import torch

    return torch.randint(low, high, shape, device=device, dtype=torch.int64)


def hf_inputs(
    spec: ModelSpec,
    config: Any,
    device: str | torch.device,
    batch_size: int,
    seq_len: int,
) -> dict[str, torch.Tensor]:
    """Inputs as the dynamo harness makes them, loss arguments included."""
    name, bs = spec.name, batch_size
    vocab = config.vocab_size
    if name.startswith("Roberta"):
        input_ids = _rand_int(device, 0, 1, (bs, seq_len))
    else:
        input_ids = _rand_int(device, 0, vocab, (bs, seq_len))
    if "Bart" in name:
        input_ids[:, -1] = config.eos_token_id
    inputs = {"input_ids": input_ids}
    if name.startswith("T5"):
        inputs["decoder_input_ids"] = input_ids
    if name.endswith("QuestionAnswering"):
        inputs["start_positions"] = _rand_int(device, 0, seq_len, (bs,))
        inputs["end_positions"] = _rand_int(device, 0, seq_len, (bs,))
    elif name.endswith("SequenceClassification"):
        inputs["labels"] = _rand_int(device, 0, config.num_labels - 1, (bs,))
    elif name.endswith(("MaskedLM", "HeadModel", "CausalLM")) or name in (
        "DistillGPT2",
        "T5Small",
        "CamemBert",
    ):
        inputs["labels"] = _rand_int(device, 0, vocab, (bs, seq_len))
    else:
        raise NotImplementedError(f"no loss arguments known for {name}")
    return inputs


def _build_hf(
    spec: ModelSpec,
    device: str | torch.device,
    batch_size: int,
    small: bool,
    overrides: Mapping[str, Any],
) -> BuiltModel:
    import torch

    assert spec.seq_len is not None, spec
    reset_rng_state()
    model_cls, config = hf_model_and_config(spec, overrides)
    model = model_cls(config).to(device=device, dtype=torch.float32)
    seq_len = min(spec.seq_len, SMALL_SEQ_LEN) if small else spec.seq_len
    inputs = hf_inputs(spec, config, device, batch_size, seq_len)
    # As the dynamo harness: dropout probabilities to ~0 (modules that read the
    # config at run time), and no KV cache (outputs hold no cache objects).
    for attr in dir(config):
        if "drop" in attr and isinstance(getattr(config, attr, None), float):
            setattr(config, attr, 1e-30)
    # Submodules may hold their own config copy (T5's decoder stack does).
    for module in model.modules():
        sub_config = getattr(module, "config", None)
        if sub_config is not None and hasattr(sub_config, "use_cache"):
            sub_config.use_cache = False
    return BuiltModel(model, inputs, batch_size, f"{batch_size}x{seq_len}")


# -------------------------------------------------------------------- tolerance

# timm_models.py / timm_models.yaml
_TIMM_HIGHER_TRAINING = {"inception_v3", "mobilenetv3_large_100"}
_TIMM_EVEN_HIGHER_TRAINING = {"deit_base_distilled_patch16_224", "vit_base_patch16_siglip_256"}
_TIMM_HIGHER_FREEZING = {"adv_inception_v3"}
_TIMM_LARGER_MULTIPLIER = {"inception_v3", "mobilenetv3_large_100"}
# huggingface.py / huggingface.yaml
_HF_HIGHER_TRAINING = {"MT5ForConditionalGeneration", "BertForMaskedLM"}
_HF_HIGHER_INFERENCE = {"GPT2ForSequenceClassification"}
_HF_HIGHER_INFERENCE_CPU = {"GPT2ForSequenceClassification"}
_HF_LARGER_MULTIPLIER = {"GPT2ForSequenceClassification", "BertForMaskedLM"}


@dataclasses.dataclass(frozen=True)
class Tolerance:
    tol: float
    cosine: bool
    use_larger_multiplier_for_smaller_tensor: bool


def tolerance_for(
    spec: ModelSpec, *, training: bool, device: str, freezing: bool, cosine: bool = False
) -> Tolerance:
    """The suites' tolerance rules (get_tolerance_and_cosine_flag)."""
    name = spec.name
    if spec.suite == TIMM:
        tol = 1e-3
        if freezing and name in _TIMM_HIGHER_FREEZING:
            tol = 8e-2
        if training:
            if name in _TIMM_EVEN_HIGHER_TRAINING:
                tol = 8e-2
            elif name in _TIMM_HIGHER_TRAINING:
                tol = 4e-2
            else:
                tol = 1e-2
        return Tolerance(tol, cosine, name in _TIMM_LARGER_MULTIPLIER)
    if spec.suite == HF:
        larger = name in _HF_LARGER_MULTIPLIER
        if training:
            return Tolerance(2e-2 if name in _HF_HIGHER_TRAINING else 1e-2, cosine, larger)
        if device == "cpu" and name in _HF_HIGHER_INFERENCE_CPU:
            return Tolerance(5e-3, cosine, larger)
        if name in _HF_HIGHER_INFERENCE:
            return Tolerance(4e-3, cosine, larger)
        return Tolerance(1e-3, cosine, larger)
    return Tolerance(1e-2 if training else 1e-3, cosine, False)


# Models the dynamo harness trains with SGD rather than Adam (BENCHMARK_USE_SGD).
USE_SGD = {
    "AlbertForMaskedLM",
    "BartForCausalLM",
    "ElectraForCausalLM",
    "TrOCRForCausalLM",
    "ghostnet_100",
    "tf_efficientnet_b0",
    "densenet121",
}
# timm models whose training loss is scaled down (SCALED_COMPUTE_LOSS).
SCALED_LOSS = {"mobilevit_s"}
