/**
 * `make`, called once per distinct arguments and its result kept for the life of the process.
 * For the `Intl` formatters of the few time zones, locales and currencies in use: building one
 * costs far more than formatting with it.
 */
export function oncePer<A extends string[], T>(make: (...args: A) => T): (...args: A) => T {
  const made = new Map<string, T>();
  return (...args: A) => {
    const key = args.join("\n");
    let value = made.get(key);
    if (value === undefined) {
      value = make(...args);
      made.set(key, value);
    }
    return value;
  };
}
