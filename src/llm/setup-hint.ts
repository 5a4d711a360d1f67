/**
 * What a person without a working local model is told, in one place: the CLI's errors, the
 * daemon's one notice and `agent doctor` all say the same thing (how to install Ollama and
 * which model to pull), so nobody is left with "start it with `ollama serve`" and no Ollama.
 */
import { LLMError } from "./types.js";

/** The steps that make `model` answer through Ollama, from nothing installed. */
export function ollamaSetupHint(model: string): string {
  return `install Ollama if it is not installed (https://ollama.com/download; on Linux \`curl -fsSL https://ollama.com/install.sh | sh\`), start it with \`ollama serve\`, then \`ollama pull ${model}\``;
}

/** The steps for the configured provider: Ollama's, or what a GGUF model needs. */
export function llmSetupHint(provider: string, model: string): string {
  if (provider === "ollama") return `${ollamaSetupHint(model)}; or set llm.provider / llm.model in agent.config.json`;
  return "check llm.model (a GGUF file path) in agent.config.json, and `agent runtime add gguf`";
}

/**
 * The model is not there at all (nothing listens, the model was never pulled): a state of the
 * machine to report once, unlike a model that answered badly.
 */
export function isLlmMissing(e: unknown): e is LLMError {
  return e instanceof LLMError && (e.code === "unreachable" || e.code === "model-not-found");
}
