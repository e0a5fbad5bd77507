import sanitizeHtml from "sanitize-html";

/**
 * A picture loads over HTTPS or is inline as a PNG, JPEG, GIF or WebP data URL. Never relative: in
 * the app's frame that would be a request to Recoup itself on the viewer's behalf. Never an SVG or
 * HTML document. Read with the URL parser browsers use (which drops tabs and line breaks, and trims
 * controls and spaces).
 */
const RASTER_DATA = /^data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/=]*$/i;
function imageSource(src: string | undefined) {
  if (src === undefined || !URL.canParse(src)) return false;
  const url = new URL(src);
  return url.protocol === "https:" || (url.protocol === "data:" && RASTER_DATA.test(url.href));
}

/** What sanitising gives every link. */
export const LINK_REL = "noopener noreferrer nofollow";

/** The allow-list for user HTML (signatures, templates): formatting and safe links only. */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "div",
    "span",
    "b",
    "strong",
    "i",
    "em",
    "u",
    "s",
    "ul",
    "ol",
    "li",
    "a",
    "h1",
    "h2",
    "h3",
    "h4",
    "blockquote",
    "hr",
    "table",
    "thead",
    "tbody",
    "tr",
    "td",
    "th",
    "img",
  ],
  allowedAttributes: {
    a: ["href", "title", "target", "rel"],
    img: ["src", "alt", "width", "height"],
    td: ["colspan", "rowspan"],
    th: ["colspan", "rowspan"],
  },
  allowedSchemes: ["http", "https", "mailto", "sms", "tel"],
  allowedSchemesByTag: { img: ["https", "data"] },
  allowProtocolRelative: false,
  transformTags: {
    a: sanitizeHtml.simpleTransform("a", { rel: LINK_REL }),
    img: (tagName, attribs) => ({
      tagName,
      attribs: Object.fromEntries(Object.entries(attribs).filter(([k, v]) => k !== "src" || imageSource(v))),
    }),
  },
  // A picture left without a source shows nothing.
  exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
  // Dropped with their text: a whole document's <title> is not part of what it shows.
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "title"],
};

/**
 * Received mail keeps only inline pictures: a remote one is most often a tracking pixel, and
 * loading it would tell its sender when, and from where, someone read the thread (decision 0010).
 */
const NO_REMOTE_IMAGES: sanitizeHtml.IOptions = {
  ...OPTIONS,
  allowedSchemesByTag: { img: ["data"] },
  transformTags: {
    ...OPTIONS.transformTags,
    img: (tagName, attribs) => ({
      tagName,
      attribs: Object.fromEntries(
        Object.entries(attribs).filter(([k, v]) => k !== "src" || (imageSource(v) && v.startsWith("data:"))),
      ),
    }),
  },
};

/**
 * Sanitised HTML sanitises to itself. One pass may not be enough: the parser does not close a <p>
 * for a <table> opened inside an element that is then dropped, as a browser would, and the next
 * pass does; so passes repeat until nothing changes (two at most in practice). Without
 * `remoteImages`, only inline (data:) pictures stay.
 */
export function sanitizeUserHtml(html: string, opts: { remoteImages?: boolean } = {}) {
  const options = opts.remoteImages === false ? NO_REMOTE_IMAGES : OPTIONS;
  let clean = sanitizeHtml(html, options);
  // Unchanged by a pass: already its own fixed point.
  if (clean === html) return clean;
  for (let pass = 0; pass < 4; pass++) {
    const again = sanitizeHtml(clean, options);
    if (again === clean) break;
    clean = again;
  }
  return clean;
}
