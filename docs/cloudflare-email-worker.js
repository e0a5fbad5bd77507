// Cloudflare Email Routing → Recoup. A catch-all (or `reply+*`) rule on INBOUND_DOMAIN sends each
// message to this Email Worker, which posts it raw to Recoup, signed as POST /v1/inbound/email
// expects: X-Inbound-Signature: t=<unix>,v1=<hex HMAC-SHA256(INBOUND_SECRET, t + "." + body)>.
// Set the worker's variables: RECOUP_URL (e.g. https://recoup.example.com) and the secret
// INBOUND_SECRET (`wrangler secret put INBOUND_SECRET`), the same as Recoup's.
export default {
  async email(message, env) {
    const body = new Uint8Array(await new Response(message.raw).arrayBuffer());
    const t = Math.floor(Date.now() / 1000);
    const key = await crypto.subtle.importKey(
      "raw",
      new TextEncoder().encode(env.INBOUND_SECRET),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign"],
    );
    const signed = new Uint8Array([...new TextEncoder().encode(`${t}.`), ...body]);
    const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, signed));
    const hex = [...mac].map((b) => b.toString(16).padStart(2, "0")).join("");
    const res = await fetch(`${env.RECOUP_URL}/v1/inbound/email`, {
      method: "POST",
      headers: {
        "content-type": "message/rfc822",
        "x-inbound-signature": `t=${t},v1=${hex}`,
        "x-original-to": message.to,
      },
      body,
    });
    // 2xx: taken. 403 (forged reply address) and 413 (too large): bounce it to its sender.
    // Anything else (Recoup down): throw, so Cloudflare answers a temporary failure and the
    // sending server retries later.
    if (res.status === 403 || res.status === 413)
      message.setReject(`Recoup refused the message (${res.status})`);
    else if (!res.ok) throw new Error(`Recoup answered ${res.status}`);
  },
};
