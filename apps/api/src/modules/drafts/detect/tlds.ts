/**
 * Top-level domains a bare "name.tld" is read as a web address with: countries' codes, the generic
 * ones a payment link is likely to use, and the reserved test names. A dotted word with another
 * ending ("invoice.pdf", "Node.js", "e.g.") is not a domain unless it has a scheme or a path.
 */
const GENERIC = `
  com net org info biz name pro mobi asia tel travel jobs cat coop aero museum int edu gov mil arpa
  xyz top site online store shop app dev ai club live link click email money pay bank finance
  financial cash loan loans credit creditcard capital fund exchange trade market markets tech cloud
  digital world today life space website icu vip win bid review party date download racing stream
  science gdn work fun buzz rest bar best cyou sbs cfd bond zip mov page new blog news support help
  services solutions company center group network systems global agency studio design media
  business ltd llc inc gmbh web one plus host hosting domains lol wtf fyi accountant accountants tax
  claims insure insurance invest investments lease legal lawyer attorney deals discount sale
  shopping cards pics photo photos africa berlin london nyc paris tokyo vegas wales scot swiss
  kiwi moe ninja guru rocks social land tips tools zone care cool city country institute
  international ventures holdings limited enterprises partners run cam surf lat green red blue pink
  black gold wang xin men porn sex sexy xxx bet casino poker game games
  example test invalid localhost local internal onion
`;

const KNOWN = new Set(GENERIC.split(/\s+/).filter(Boolean));

const regions = new Intl.DisplayNames(["en"], { type: "region" });
/** Country codes that are not (or no longer) regions. */
const OTHER_COUNTRY_CODES = new Set(["uk", "eu", "ac", "su"]);

/** Whether two letters are a country's code: "js" in "Node.js" is none. */
function countryCode(code: string): boolean {
  const name = regions.of(code.toUpperCase());
  return OTHER_COUNTRY_CODES.has(code) || (name !== code.toUpperCase() && name !== "Unknown Region");
}

/** Whether `label` (the last part of a dotted name) is a top-level domain. */
export function isTld(label: string): boolean {
  const tld = label.toLowerCase();
  if (/^[a-z]{2}$/.test(tld)) return countryCode(tld);
  // An internationalised one (".рф", ".中国"): English drafts carry no dotted words in other scripts.
  if (/^\p{L}{2,}$/u.test(tld) && /[^\p{ASCII}]/u.test(tld)) return true;
  return KNOWN.has(tld);
}

/**
 * Country codes a link is commonly written with, other than English words ("in", "it", "me",
 * "to"): with the generic endings, what "evil dot com" and "evil . com" may end in.
 */
const SPOKEN_COUNTRIES =
  "io co uk de fr ru cn es nl ca au tv cc ly ws ai gg sh ms tk ml ga cf gq pw su br mx jp ch pl se dk fi ie nz za eu hk sg tw kr vn ph ua cz";

/** The endings "evil dot com" may have, as a regex alternation (longest first). */
export const TLD_ALTERNATION = [...KNOWN, ...SPOKEN_COUNTRIES.split(" ")]
  .sort((a, b) => b.length - a.length)
  .join("|");
