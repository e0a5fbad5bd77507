/** The first letter of a name, upper-cased: the avatar fallback. */
export function initialOf(name: string): string {
  const first = name.trim().charAt(0);
  return first ? first.toLocaleUpperCase() : "?";
}

const dateFormatter = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });

/** A date from unix seconds (the API's instants), in the browser's locale. */
export function formatUnixDate(seconds: number): string {
  return dateFormatter.format(new Date(seconds * 1000));
}
