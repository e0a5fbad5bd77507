/**
 * What HTML that went through `sanitizeUserHtml` (as a reply's HTML does before it is stored and
 * shown) may hold, read twice. Once by an HTML parser (htmlparser2), for the elements and
 * attributes it holds. Once as a browser's tokenizer sees it, which is what rules out mutation XSS:
 * every "<" must open or close an allowed tag with double-quoted attributes, none of which switches
 * the tokenizer out of its data state (no raw-text, RCDATA or foreign element, no comment, no
 * CDATA), so a browser builds exactly the elements checked here. Used by src/lib/sanitize*.test.ts.
 */
import { Parser } from "htmlparser2";
import { expect } from "vitest";
import { sanitizeUserHtml } from "../src/lib/sanitize.ts";

const ALLOWED: Record<string, string[]> = {
  ...Object.fromEntries(
    "p br div span b strong i em u s ul ol li h1 h2 h3 h4 blockquote hr table thead tbody tr"
      .split(" ")
      .map((t) => [t, []]),
  ),
  a: ["href", "title", "target", "rel"],
  img: ["src", "alt", "width", "height"],
  td: ["colspan", "rowspan"],
  th: ["colspan", "rowspan"],
};
const FORBIDDEN_ELEMENTS =
  "script style iframe frame frameset object embed applet form input button textarea select option base meta link svg math noscript template title xmp plaintext noembed noframes marquee video audio source details".split(
    " ",
  );
const URL_ATTRIBUTES = new Set(
  "href src srcset action formaction background poster data cite longdesc lowsrc dynsrc ping codebase manifest icon xlink:href".split(
    " ",
  ),
);
const SAFE_PROTOCOLS = new Set(["http:", "https:", "mailto:", "sms:", "tel:"]);
const RASTER_DATA = /^data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/=]*$/i;
const APP = "https://app.recoup.example/v1/business/invoice/email-threads";

type Element = { name: string; attribs: Record<string, string> };

function parsed(html: string) {
  const elements: Element[] = [];
  const other: string[] = [];
  const parser = new Parser(
    {
      onopentag: (name, attribs) => elements.push({ name, attribs }),
      oncomment: (data) => other.push(`comment ${data}`),
      oncdatastart: () => other.push("cdata"),
      onprocessinginstruction: (name) => other.push(`instruction ${name}`),
    },
    { decodeEntities: true },
  );
  parser.end(html);
  return { elements, other };
}

/** What is wrong with sanitised HTML (nothing, for the test to pass). */
function problems(html: string): string[] {
  const found: string[] = [];
  const { elements, other } = parsed(html);
  found.push(...other);
  for (const { name, attribs } of elements) {
    if (FORBIDDEN_ELEMENTS.includes(name)) found.push(`<${name}>`);
    if (!ALLOWED[name]) found.push(`<${name}> is not on the allow-list`);
    for (const [attribute, value] of Object.entries(attribs)) {
      if (/^on/i.test(attribute)) found.push(`${name}[${attribute}]`);
      if (!ALLOWED[name]?.includes(attribute)) found.push(`${name}[${attribute}] is not on the allow-list`);
      if (attribute === "style" && /expression|url\s*\(|javascript|behavior|@import/i.test(value)) {
        found.push(`${name}[style=${value}]`);
      }
      if (URL_ATTRIBUTES.has(attribute)) {
        // Read as a browser would, relative to the page the frame sits in.
        const url = new URL(value, APP);
        if (name === "img") {
          const ok =
            URL.canParse(value) &&
            (url.protocol === "https:" || (url.protocol === "data:" && RASTER_DATA.test(url.href)));
          if (!ok) found.push(`img[src=${value}]`);
        } else if (!SAFE_PROTOCOLS.has(url.protocol)) {
          found.push(`${name}[${attribute}=${value}] (${url.protocol})`);
        }
      }
    }
    if (name === "a" && attribs.target !== undefined && !/\bnoopener\b/.test(attribs.rel ?? "")) {
      found.push(`a[target] without rel=noopener`);
    }
  }
  // The tokenizer's view: tags with double-quoted attributes, and text with nothing that opens one.
  const tag = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)((?:\s+[a-zA-Z-]+(?:="[^"<>]*")?)*)\s*\/?>/g;
  for (const [, , name, attributes] of html.matchAll(tag)) {
    if (!ALLOWED[name!.toLowerCase()]) found.push(`tag <${name}> in the markup`);
    for (const [, attribute] of attributes!.matchAll(/\s+([a-zA-Z-]+)(?:="[^"<>]*")?/g)) {
      if (!ALLOWED[name!.toLowerCase()]?.includes(attribute!.toLowerCase())) {
        found.push(`${name}[${attribute}] in the markup`);
      }
    }
  }
  const text = html.replace(tag, "");
  if (text.includes("<"))
    found.push(`a "<" outside a tag: ${text.slice(text.indexOf("<"), text.indexOf("<") + 40)}`);
  const entity = /&(?:[a-zA-Z][a-zA-Z0-9]*|#\d+|#x[0-9a-fA-F]+);/g;
  if (text.replace(entity, "").includes("&")) found.push("an unterminated character reference");
  return found;
}

/** Sanitises `payload` and checks what comes out; answers it. */
export const expectSafe = (payload: string) => {
  const once = sanitizeUserHtml(payload);
  expect(problems(once), once).toEqual([]);
  // Sanitising what was sanitised changes nothing (no mutation on a second pass).
  expect(sanitizeUserHtml(once)).toBe(once);
  return once;
};
