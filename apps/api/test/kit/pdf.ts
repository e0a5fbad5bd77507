/** A PDF's text, read back as a person would read it (statements, in API and browser tests). */
import { extractText } from "unpdf";

export async function pdfText(pdf: Uint8Array): Promise<string> {
  return (await extractText(new Uint8Array(pdf), { mergePages: true })).text;
}
