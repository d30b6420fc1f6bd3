"""Policy-value networks for the search: the model file, native evaluation, and weights from
other frameworks (docs/learned-evaluators.md)."""

from tablesearch.models.model import ARCHITECTURES, Architecture, GameSignature, Model, load_model
from tablesearch.models.model_file import FORMAT_VERSION, ModelFileError

__all__ = ["ARCHITECTURES", "FORMAT_VERSION", "Architecture", "GameSignature", "Model", "ModelFileError", "load_model"]
