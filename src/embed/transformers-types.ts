/**
 * The part of transformers.js's API the engine uses, declared here because the package is an
 * optional runtime (`agent runtime add onnx`), absent when the engine is built. The names and
 * shapes are the library's own (3.x); declare a member here before using it.
 */

export interface Tensor {
  readonly dims: number[];
  readonly data: ArrayLike<number>;
  dispose(): void;
}

export interface Tokenizer {
  (text: string | string[], options?: { text_pair?: string | string[]; padding?: boolean; truncation?: boolean; max_length?: number }): unknown;
  encode(text: string, options?: { add_special_tokens?: boolean }): number[];
  readonly model_max_length?: number;
}

export interface Extractor {
  (texts: string | string[], options: { pooling: "mean" | "cls" | "none"; normalize: boolean }): Promise<Tensor>;
  dispose(): Promise<void>;
}

export interface SequenceClassifier {
  (inputs: unknown): Promise<unknown>;
  dispose(): Promise<unknown>;
}

interface LocalOptions {
  local_files_only?: boolean;
  dtype?: "auto" | "fp32" | "fp16" | "q8" | "int8" | "uint8" | "q4" | "bnb4" | "q4f16";
  cache_dir?: string;
}

export interface TransformersLib {
  readonly env: { allowRemoteModels: boolean; remoteHost: string };
  readonly AutoTokenizer: { from_pretrained(dir: string, options: LocalOptions): Promise<Tokenizer> };
  readonly AutoModelForSequenceClassification: { from_pretrained(dir: string, options: LocalOptions): Promise<SequenceClassifier> };
  pipeline(task: "feature-extraction", model: string, options: LocalOptions & { progress_callback?: ((p: unknown) => void) | undefined }): Promise<Extractor>;
}
