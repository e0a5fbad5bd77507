/** A UUID as its 16 bytes, and back to its text form: for tokens that carry one compactly. */
export const uuidBytes = (id: string) => Buffer.from(id.replace(/-/g, ""), "hex");
export const uuidText = (b: Buffer) =>
  b.toString("hex").replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, "$1-$2-$3-$4-$5");
