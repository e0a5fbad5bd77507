/**
 * Phrases (regular-expression alternatives) matched only as whole words, case-insensitive by
 * default. JavaScript's \b knows only ASCII letters, so "payé" would never end a word.
 */
export const wholeWords = (source: string, flags = "iu") =>
  new RegExp(`(?<![\\p{L}\\p{N}])(?:${source})(?![\\p{L}\\p{N}])`, flags);
