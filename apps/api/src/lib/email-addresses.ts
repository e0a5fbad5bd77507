/** Lists of email addresses as QuickBooks keeps them: one text, addresses separated by commas. */
import { EMAIL_PATTERN, NO_CONTROL_CHARACTERS, normaliseEmail } from "@recoup/contracts";

export const isEmailAddress = (text: string) =>
  text.length <= 254 && EMAIL_PATTERN.test(text) && NO_CONTROL_CHARACTERS.test(text);

/**
 * The valid addresses of a list ("a@x.com, b@y.com"; semicolons too), each once, in their
 * lowercase form, in order. What is not an address is left out.
 */
export function addressList(text: string | null | undefined): string[] {
  if (!text) return [];
  const seen = new Set<string>();
  for (const part of text.split(/[,;]/)) {
    const address = normaliseEmail(part);
    if (isEmailAddress(address)) seen.add(address);
  }
  return [...seen];
}
