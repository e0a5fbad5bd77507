import { isApiError } from "@/lib/http";

const fieldNames: Record<string, string> = {
  name: "name",
  stages: "stages",
  isDefault: "default",
  days: "days",
  every: "repeat every",
  subject: "subject",
  content: "body",
};

/** "stages.1.timing.days" → "Stage 2, days"; "name" → "Name". */
function placeOf(path: string): string {
  const [head, index, ...rest] = path.split(".");
  if (head === "stages" && index !== undefined && /^\d+$/.test(index)) {
    const field = rest.at(-1);
    return `Stage ${Number(index) + 1}${field ? `, ${fieldNames[field] ?? field}` : ""}`;
  }
  const name = fieldNames[head ?? ""] ?? head ?? "";
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/**
 * Why the server refused a schedule, for the form: its own message (which names the stage and the
 * field), or the first invalid field it lists, named; a generic line when it gave no reason.
 */
export function refusalText(error: unknown, fallback: string): string {
  if (!isApiError(error) || error.status === 0 || error.status >= 500) return fallback;
  const [first] = Array.isArray(error.details)
    ? (error.details as { path?: string; message?: string }[])
    : [];
  return first?.path ? `${placeOf(first.path)}: ${first.message ?? error.message}` : error.message;
}

/** One change of the audit, in words: 'renamed from "Firm" to "Firmer"', 'stages', 'made the default'. */
export function changedText(field: string, change: { before: unknown; after: unknown }): string {
  if (field === "name" && typeof change.before === "string" && typeof change.after === "string")
    return `renamed from "${change.before}" to "${change.after}"`;
  if (field === "isDefault") return change.after === true ? "made the default" : "no longer the default";
  if (field === "stages" && Array.isArray(change.before) && Array.isArray(change.after))
    return change.before.length === change.after.length
      ? "stages changed"
      : `stages changed (${change.before.length} to ${change.after.length})`;
  return fieldNames[field] ?? field;
}

/** What an edit changed, in words; a creation or a deletion says it all in its action. */
export function changeDetails(change: {
  action: "created" | "updated" | "deleted";
  fields: Record<string, { before?: unknown; after?: unknown }>;
}): string | null {
  if (change.action !== "updated") return null;
  const parts = Object.entries(change.fields).map(([field, c]) =>
    changedText(field, { before: c.before, after: c.after }),
  );
  return parts.length ? parts.join("; ") : null;
}
