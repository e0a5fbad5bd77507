import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type LlmSandbox, startLlmSandbox } from "../src/index.ts";
import { callGemini, callOpenai, draftOf, FACTS, geminiBody, openaiBody } from "./helpers.ts";

let s: LlmSandbox;

beforeAll(async () => {
  s = await startLlmSandbox({ port: 0 });
});
afterAll(async () => {
  await s?.close();
});
beforeEach(() => {
  s.reset();
});

describe("Gemini generateContent", () => {
  it("answers the draft as JSON text in candidates[0], with the usual envelope", async () => {
    const answer = await callGemini(s);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("application/json; charset=UTF-8");
    const { candidates, usageMetadata, modelVersion, responseId } = answer.json as {
      candidates: unknown[];
      usageMetadata: Record<string, number>;
      modelVersion: string;
      responseId: string;
    };
    expect(candidates).toHaveLength(1);
    expect(candidates[0]).toMatchObject({ content: { role: "model" }, finishReason: "STOP", index: 0 });
    expect(modelVersion).toBe("gemini-2.5-flash");
    expect(responseId).toMatch(/^[\w-]{20,}$/);
    const usage = usageMetadata;
    expect(usage.promptTokenCount).toBeGreaterThan(50);
    expect(usage.candidatesTokenCount).toBeGreaterThan(20);
    expect(usage.totalTokenCount).toBe(usage.promptTokenCount! + usage.candidatesTokenCount!);

    const draft = draftOf(answer);
    expect(Object.keys(draft)).toEqual(["subject", "body"]);
    expect(draft.body).toContain(
      `Invoice ${FACTS.invoiceNumber} for ${FACTS.amountDue} was due on ${FACTS.dueDate}`,
    );
    expect(draft.subject).toContain(FACTS.invoiceNumber);
  });

  it("accepts snake_case fields and the key as a query parameter, and any model name", async () => {
    const res = await fetch(`${s.baseUrl}/v1beta/models/gemini-3.8-flash:generateContent?key=${s.apiKey}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        system_instruction: { parts: [{ text: "Draft reminders as JSON." }] },
        contents: [
          {
            parts: [
              { text: `<facts>${JSON.stringify({ ...FACTS, tone: "friendly", daysOverdue: -3 })}</facts>` },
            ],
          },
        ],
        generation_config: { response_mime_type: "application/json", max_output_tokens: 900 },
      }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      candidates: { content: { parts: { text: string }[] } }[];
      modelVersion: string;
    };
    expect(body.modelVersion).toBe("gemini-3.8-flash");
    expect(JSON.parse(body.candidates[0]!.content.parts[0]!.text).subject).toBe(
      "Upcoming payment: invoice 1042 is due March 31, 2026",
    );
    const [logged] = s.requests();
    expect(logged!.path).toBe("/v1beta/models/gemini-3.8-flash:generateContent?key=[redacted]");
    expect(logged!.systemText).toBe("Draft reminders as JSON.");
  });

  it("refuses a missing key with 403 and a wrong one with 400 API_KEY_INVALID, as Google does", async () => {
    const missing = await callGemini(s, { key: null });
    expect(missing.status).toBe(403);
    expect(missing.json.error).toMatchObject({ code: 403, status: "PERMISSION_DENIED" });

    const wrong = await callGemini(s, { key: "AIza-not-the-key" });
    expect(wrong.status).toBe(400);
    expect(wrong.json).toEqual({
      error: {
        code: 400,
        message: "API key not valid. Please pass a valid API key.",
        status: "INVALID_ARGUMENT",
        details: [
          expect.objectContaining({
            "@type": "type.googleapis.com/google.rpc.ErrorInfo",
            reason: "API_KEY_INVALID",
          }),
          expect.objectContaining({ "@type": "type.googleapis.com/google.rpc.LocalizedMessage" }),
        ],
      },
    });
    expect(s.requests().map((r) => [r.apiKey, r.status, r.mode])).toEqual([
      ["missing", 403, null],
      ["invalid", 400, null],
    ]);
  });

  it("answers 400 INVALID_ARGUMENT to requests the API would refuse", async () => {
    const cases: [unknown, RegExp][] = [
      ["{not json", /Invalid JSON payload/],
      [{ ...geminiBody(), contents: [] }, /contents is not specified/],
      [
        { ...geminiBody(), contents: [{ role: "assistant", parts: [{ text: "hi" }] }] },
        /valid role: user, model/,
      ],
      [{ ...geminiBody(), contents: [{ role: "user", parts: [] }] }, /parts must not be empty/],
      [
        { ...geminiBody(), generationConfig: { maxTokens: 100 } },
        /Unknown name "maxTokens" at 'generation_config'/,
      ],
      [{ ...geminiBody(), response_format: { type: "json_object" } }, /Unknown name "response_format"/],
      [{ ...geminiBody(), generationConfig: { temperature: 3 } }, /temperature/],
      [{ ...geminiBody(), generationConfig: { responseMimeType: "json" } }, /allowed mimetypes/],
    ];
    for (const [body, message] of cases) {
      const answer = await callGemini(s, { body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect((answer.json.error as { status: string; message: string }).status).toBe("INVALID_ARGUMENT");
      expect((answer.json.error as { message: string }).message).toMatch(message);
    }
  });

  it("cuts the text at maxOutputTokens with finishReason MAX_TOKENS", async () => {
    const answer = await callGemini(s, { maxTokens: 20 });
    expect(answer.finish).toBe("MAX_TOKENS");
    expect(answer.text).toHaveLength(80);
    expect(() => JSON.parse(answer.text!)).toThrow();
  });

  it("lists models and describes one", async () => {
    const headers = { "x-goog-api-key": s.apiKey };
    const list = (await (await fetch(`${s.baseUrl}/v1beta/models`, { headers })).json()) as {
      models: { name: string }[];
    };
    expect(list.models.map((m) => m.name)).toContain("models/gemini-2.5-flash");
    const one = await fetch(`${s.baseUrl}/v1beta/models/gemini-flash-latest`, { headers });
    expect(await one.json()).toMatchObject({
      name: "models/gemini-flash-latest",
      supportedGenerationMethods: expect.arrayContaining(["generateContent"]),
    });
    expect((await fetch(`${s.baseUrl}/v1beta/models`)).status).toBe(403);
  });
});

describe("OpenAI chat/completions", () => {
  it("answers the draft as JSON in choices[0].message.content, with the usual envelope", async () => {
    const answer = await callOpenai(s);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("x-request-id")).toMatch(/^req_/);
    expect(answer.json).toMatchObject({
      id: expect.stringMatching(/^chatcmpl-/),
      object: "chat.completion",
      created: expect.any(Number),
      model: "gpt-4o-mini",
      choices: [
        {
          index: 0,
          message: { role: "assistant", content: expect.any(String), refusal: null },
          finish_reason: "stop",
          logprobs: null,
        },
      ],
      usage: { prompt_tokens: expect.any(Number), completion_tokens: expect.any(Number) },
    });
    const usage = answer.json.usage as Record<string, number>;
    expect(usage.total_tokens).toBe(usage.prompt_tokens! + usage.completion_tokens!);
    expect(Math.abs((answer.json.created as number) - Date.now() / 1000)).toBeLessThan(60);
    const draft = draftOf(answer);
    expect(draft.body).toContain(`Invoice 1042 for $1,250.00 was due on March 31, 2026`);
  });

  it("takes max_tokens or max_completion_tokens, and content as text parts", async () => {
    const body = openaiBody();
    const { max_completion_tokens: _, ...rest } = body;
    const parts = {
      ...rest,
      max_tokens: 10,
      messages: [
        body.messages[0],
        { role: "user", content: [{ type: "text", text: body.messages[1]!.content }] },
      ],
    };
    const answer = await callOpenai(s, { body: parts });
    expect(answer.status).toBe(200);
    expect(answer.finish).toBe("length");
    expect((answer.json.usage as { completion_tokens: number }).completion_tokens).toBe(10);
    expect(s.requests()[0]!.facts?.invoiceNumber).toBe("1042");
  });

  it("refuses a missing or wrong key with 401 in OpenAI's shape, the key masked", async () => {
    const missing = await callOpenai(s, { key: null });
    expect(missing.status).toBe(401);
    expect(missing.json).toEqual({
      error: {
        message: expect.stringContaining("didn't provide an API key"),
        type: "invalid_request_error",
        param: null,
        code: null,
      },
    });
    const wrong = await callOpenai(s, { key: "sk-proj-wrongwrongwrong1234" });
    expect(wrong.status).toBe(401);
    expect(wrong.json.error).toMatchObject({ type: "invalid_request_error", code: "invalid_api_key" });
    const message = (wrong.json.error as { message: string }).message;
    expect(message).toMatch(/provided: sk-\*{20}1234\./);
    expect(message).not.toContain("wrongwrong");
  });

  it("answers 400 to requests OpenAI would refuse", async () => {
    const good = openaiBody();
    const cases: [unknown, Record<string, unknown>][] = [
      ["{nope", { message: expect.stringContaining("could not parse the JSON body") }],
      [{ ...good, model: undefined }, { message: "you must provide a model parameter" }],
      [
        { ...good, messages: undefined },
        { param: "messages", code: "missing_required_parameter" },
      ],
      [{ ...good, messages: [] }, { code: "empty_array" }],
      [
        { ...good, messages: [{ role: "model", content: "x" }] },
        { param: "messages[0].role", code: "invalid_value" },
      ],
      [{ ...good, maxTokens: 5 }, { message: "Unrecognized request argument supplied: maxTokens" }],
      [
        { ...good, temperature: 2.5 },
        { param: "temperature", code: "decimal_above_max_value" },
      ],
      [{ ...good, response_format: { type: "json" } }, { param: "response_format.type" }],
      [
        { ...good, messages: [{ role: "user", content: "Write a reminder email." }] },
        { message: expect.stringContaining("must contain the word 'json'"), param: "messages" },
      ],
      [{ ...good, stream: true }, { param: "stream" }],
    ];
    for (const [body, error] of cases) {
      const answer = await callOpenai(s, { body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.json.error).toMatchObject({ type: "invalid_request_error", ...error });
    }
  });

  it("lists models", async () => {
    const res = await fetch(`${s.openaiBaseUrl}/models`, {
      headers: { authorization: `Bearer ${s.apiKey}` },
    });
    const list = (await res.json()) as { object: string; data: { id: string; object: string }[] };
    expect(list.object).toBe("list");
    expect(list.data.map((m) => m.id)).toContain("gpt-4o-mini");
    expect((await fetch(`${s.openaiBaseUrl}/models`)).status).toBe(401);
  });

  it("answers unknown paths 404 in each provider's shape", async () => {
    const openai = await fetch(`${s.openaiBaseUrl}/completions`, { method: "POST" });
    expect(openai.status).toBe(404);
    expect(((await openai.json()) as { error: { message: string } }).error.message).toBe(
      "Invalid URL (POST /v1/completions)",
    );
    const gemini = await fetch(`${s.baseUrl}/v1beta/models/gemini-2.5-flash:streamGenerateContent`, {
      method: "POST",
    });
    expect(gemini.status).toBe(404);
    expect(((await gemini.json()) as { error: { status: string } }).error.status).toBe("NOT_FOUND");
  });
});

describe("a fixed list of models", () => {
  it("answers 404 for other names in both formats", async () => {
    const fixed = await startLlmSandbox({
      port: 0,
      models: ["gemini-2.5-flash", "gpt-4o-mini"],
      apiKey: "k-1",
    });
    try {
      expect((await callGemini(fixed)).status).toBe(200);
      const gemini = await callGemini(fixed, { model: "gemini-9-ultra" });
      expect(gemini.status).toBe(404);
      expect(gemini.json.error).toMatchObject({
        status: "NOT_FOUND",
        message: expect.stringContaining("models/gemini-9-ultra is not found for API version v1beta"),
      });
      const openai = await callOpenai(fixed, { model: "gpt-9" });
      expect(openai.status).toBe(404);
      expect(openai.json.error).toMatchObject({ code: "model_not_found" });
      expect((await callOpenai(fixed)).status).toBe(200);
      const list = await fetch(`${fixed.openaiBaseUrl}/models`, { headers: { authorization: "Bearer k-1" } });
      expect(((await list.json()) as { data: unknown[] }).data).toHaveLength(2);
    } finally {
      await fixed.close();
    }
  });
});
