/** `text` with LIKE's wildcards (`%`, `_`) and its escape (`\`) taken literally. */
function escapeLike(text: string): string {
  return text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A lower-cased LIKE pattern matching values that contain `text`. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/** A lower-cased LIKE pattern matching values that start with `text`. */
export function prefixPattern(text: string): string {
  return `${escapeLike(text)}%`;
}
