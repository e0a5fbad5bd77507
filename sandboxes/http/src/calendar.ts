/** Calendar names the sandboxes write and read in English text (fixed, not from Intl's ICU data). */
export const ENGLISH_MONTHS: readonly string[] = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
