/** A tiny cookie-keeping browser for driving sign-in pages with fetch, following redirects by hand. */
export class Browser {
  readonly cookies = new Map<string, string>();

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) {
      headers.set("cookie", [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; "));
    }
    const res = await fetch(url, { ...init, headers, redirect: "manual" });
    for (const line of res.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some(
        (a) => /^\s*expires=/i.test(a) && Date.parse(a.split("=")[1]!) < Date.now(),
      );
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  /**
   * GETs the URL and follows redirects until a page (non-3xx) or a redirect to `stopAt`.
   * Returns the final response and its URL.
   */
  async follow(url: string, stopAt: string, init: RequestInit = {}): Promise<{ url: string; res: Response }> {
    let current = url;
    let res = await this.request(current, init);
    for (let hops = 0; res.status >= 300 && res.status < 400; hops++) {
      if (hops > 10) throw new Error("too many redirects");
      const next = new URL(res.headers.get("location")!, current).href;
      if (next.startsWith(stopAt)) return { url: next, res };
      await res.arrayBuffer();
      current = next;
      res = await this.request(current);
    }
    return { url: current, res };
  }

  /** Submits a form (POST, urlencoded) and follows the redirects. */
  submit(action: string, fields: Record<string, string>, stopAt: string) {
    return this.follow(action, stopAt, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });
  }
}

/** The action of the form on the page whose action ends with `suffix`, resolved against the page URL. */
export function formAction(html: string, pageUrl: string, suffix: string): string {
  const actions = [...html.matchAll(/<form[^>]*\saction="([^"]+)"/g)].map((m) =>
    m[1]!.replace(/&amp;/g, "&"),
  );
  const action = actions.find((a) => a.endsWith(suffix));
  if (!action) throw new Error(`no form ending with ${suffix} in page ${pageUrl}`);
  return new URL(action, pageUrl).href;
}
