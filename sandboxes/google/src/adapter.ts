import type { Adapter, AdapterFactory, AdapterPayload } from "oidc-provider";

interface Entry {
  payload: AdapterPayload;
  expiresAt: number;
}

/**
 * Per-sandbox in-memory storage for oidc-provider (its built-in adapter is one process-wide LRU of
 * 1,000 entries, shared by every provider in the process).
 */
export function createMemoryAdapter(): AdapterFactory {
  const entries = new Map<string, Entry>();
  const sessionsByUid = new Map<string, string>();
  const grants = new Map<string, Set<string>>();
  let writes = 0;

  const live = (key: string): AdapterPayload | undefined => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      entries.delete(key);
      return undefined;
    }
    return entry.payload;
  };

  const sweep = () => {
    const now = Date.now();
    for (const [key, entry] of entries) if (entry.expiresAt <= now) entries.delete(key);
  };

  return (model: string): Adapter => {
    const key = (id: string) => `${model}:${id}`;
    return {
      async upsert(id, payload, expiresIn) {
        if (++writes % 500 === 0) sweep();
        const expiresAt =
          typeof expiresIn === "number" ? Date.now() + expiresIn * 1000 : Number.POSITIVE_INFINITY;
        entries.set(key(id), { payload, expiresAt });
        if (model === "Session" && payload.uid) sessionsByUid.set(payload.uid, id);
        if (payload.grantId) {
          const members = grants.get(payload.grantId) ?? new Set<string>();
          members.add(key(id));
          grants.set(payload.grantId, members);
        }
      },
      async find(id) {
        return live(key(id));
      },
      async findByUid(uid) {
        const id = sessionsByUid.get(uid);
        return id === undefined ? undefined : live(key(id));
      },
      async findByUserCode(userCode) {
        for (const [k, entry] of entries) {
          if (k.startsWith(`${model}:`) && entry.payload.userCode === userCode) return live(k);
        }
        return undefined;
      },
      async consume(id) {
        const payload = live(key(id));
        if (payload) payload.consumed = Math.floor(Date.now() / 1000);
      },
      async destroy(id) {
        const payload = live(key(id));
        entries.delete(key(id));
        if (payload?.uid && sessionsByUid.get(payload.uid) === id) sessionsByUid.delete(payload.uid);
      },
      async revokeByGrantId(grantId) {
        for (const member of grants.get(grantId) ?? []) entries.delete(member);
        grants.delete(grantId);
      },
    };
  };
}
