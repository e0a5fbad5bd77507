/** Words written for a currency with an amount ("five dollars"), as the symbol they stand for. */
const CURRENCY_WORDS: Record<string, string> = {
  dollar: "$",
  dollars: "$",
  euro: "€",
  euros: "€",
  pound: "£",
  pounds: "£",
  yen: "¥",
};

const markerSets = new Map<string, Set<string>>();

/**
 * Whether a marker written with an amount can stand for the currency: its code, its symbols in
 * the locale and in English ("$", "US$", "CA$", "€"), or its family's name ("dollars").
 */
export function markerFits(marker: string, currency: string, locale: string): boolean {
  const key = `${currency}|${locale}`;
  let accepted = markerSets.get(key);
  if (!accepted) {
    accepted = new Set([currency.toUpperCase()]);
    for (const language of [locale, "en-US", "en-GB"]) {
      for (const currencyDisplay of ["symbol", "narrowSymbol"] as const) {
        const part = new Intl.NumberFormat(language, { style: "currency", currency, currencyDisplay })
          .formatToParts(1)
          .find((p) => p.type === "currency")?.value;
        if (part) accepted.add(part.toUpperCase());
      }
    }
    markerSets.set(key, accepted);
  }
  const written = marker.trim();
  const symbol = CURRENCY_WORDS[written.toLowerCase()] ?? written;
  return accepted.has(symbol.toUpperCase());
}
