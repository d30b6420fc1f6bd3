"""Policy-value networks for the search: the model file, native evaluation, and weights from
other frameworks (docs/learned-evaluators.md)."""

from tablesearch.models.builtin import describe_builtin
from tablesearch.models.model import ARCHITECTURES, Architecture, BuiltinModel, GameSignature, Model, load_model
from tablesearch.models.model_file import FORMAT_VERSION, ModelFileError

__all__ = [
    "ARCHITECTURES",
    "FORMAT_VERSION",
    "Architecture",
    "BuiltinModel",
    "GameSignature",
    "Model",
    "ModelFileError",
    "describe_builtin",
    "load_model",
]
