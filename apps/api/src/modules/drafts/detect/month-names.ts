/** Month names as texts write them, in the company's language, English and a few others. */
const LANGUAGES = ["en", "de", "fr", "es", "it", "nl", "pt"];
const fold = (word: string) => word.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/\.$/, "");
export interface MonthTable {
  /** Folded name → 1–12. */
  months: Map<string, number>;
  /** Names only English has ("may", "march"): months only when capitalised, as English writes them. */
  englishOnly: Set<string>;
}
const monthTables = new Map<string, MonthTable>();

/**
 * Month names: long and short, standalone and in-date forms, in English and the locale's language;
 * long forms only in other common languages (their short ones are English words: "out", "set").
 */
export function monthNames(locale: string): MonthTable {
  const cached = monthTables.get(locale);
  if (cached) return cached;
  const months = new Map([["sept", 9]]);
  const english = new Set(["sept"]);
  const other = new Set<string>();
  for (const language of new Set([locale, ...LANGUAGES])) {
    const isEnglish = language.split("-")[0] === "en";
    const styles = language === locale || isEnglish ? (["long", "short"] as const) : (["long"] as const);
    for (const month of styles) {
      const alone = new Intl.DateTimeFormat(language, { month, timeZone: "UTC" });
      const inDate = new Intl.DateTimeFormat(language, { month, day: "numeric", timeZone: "UTC" });
      for (let m = 0; m < 12; m++) {
        const date = new Date(Date.UTC(2026, m, 15));
        const names = [alone.format(date), inDate.formatToParts(date).find((p) => p.type === "month")?.value];
        for (const name of names) {
          if (!name || !/^\p{L}/u.test(name)) continue;
          months.set(fold(name), m + 1);
          (isEnglish ? english : other).add(fold(name));
        }
      }
    }
  }
  const table = { months, englishOnly: new Set([...english].filter((n) => !other.has(n))) };
  monthTables.set(locale, table);
  return table;
}

/** The month a word names, if it does ("May" does, "may" does not). */
export function monthOf(table: MonthTable, word: string): number | undefined {
  const folded = fold(word);
  if (table.englishOnly.has(folded) && word === word.toLowerCase()) return undefined;
  return table.months.get(folded);
}
