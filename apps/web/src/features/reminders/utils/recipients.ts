import { sendReminderRequestSchema } from "@recoup/contracts";

/** The addresses typed in a To or CC field: separated by commas, semicolons or spaces. */
export const addressesIn = (text: string) =>
  text
    .split(/[,;\s]+/)
    .map((part) => part.trim())
    .filter(Boolean);

/** A To or CC field checked as the API checks it (the same messages, naming the field). */
export function checkAddresses(field: "to" | "cc", text: string): { addresses: string[]; error?: string } {
  const parsed = sendReminderRequestSchema.shape[field].safeParse(addressesIn(text));
  if (parsed.success) return { addresses: parsed.data ?? [] };
  return { addresses: [], error: parsed.error.issues[0]?.message ?? "Check the addresses." };
}

/** Whether two lists name the same addresses in the same order, whatever their case. */
export const sameAddresses = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x, i) => x.toLowerCase() === b[i]?.toLowerCase());
