/** "1 day", "14 days": how the composer and the guard write a count. */
export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
