import { stopOnSignal } from "@recoup/sandbox-http";
import { MODES, type ModeSpec, startLlmSandbox } from "./index.ts";

const env = process.env;
const mode = env.LLM_SANDBOX_MODE || "normal";
if (!(MODES as readonly string[]).includes(mode)) {
  console.error(`LLM_SANDBOX_MODE must be one of ${MODES.join(", ")}`);
  process.exit(1);
}

const sandbox = await startLlmSandbox({
  host: env.LLM_SANDBOX_HOST || "127.0.0.1",
  port: env.LLM_SANDBOX_PORT ? Number(env.LLM_SANDBOX_PORT) : 4040,
  apiKey: env.LLM_SANDBOX_API_KEY || "sandbox-key",
  mode: mode as ModeSpec,
  ...(env.LLM_SANDBOX_DELAY_MS ? { delayMs: Number(env.LLM_SANDBOX_DELAY_MS) } : {}),
});

console.log(`llm sandbox: ${sandbox.baseUrl} (API key "${sandbox.apiKey}", mode ${mode})`);
console.log(`  gemini: ${sandbox.geminiBaseUrl}/v1beta/models/{model}:generateContent (x-goog-api-key)`);
console.log(`  openai: ${sandbox.openaiBaseUrl}/chat/completions (Authorization: Bearer)`);
console.log(`  control: ${sandbox.controlUrl} (mode, next, requests, reset)`);

stopOnSignal(sandbox);
