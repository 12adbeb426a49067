/**
 * The first `Intl.NumberFormat` a page makes costs a slow tablet about 70 ms (the browser loads its
 * number data then; every later one, in any language, costs 1 to 5 ms), the first `Intl.PluralRules`
 * about 7. Made by a screen as it first draws its numbers, that time lands inside the screen's
 * longest task. src/boot.ts makes one of each in a task of its own while the console's code is
 * still arriving, when the page has nothing else to run.
 */
export function warmUpIntl(language: string): void {
  try {
    new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(1.5);
    new Intl.PluralRules(language).select(1);
  } catch {
    // A browser without Intl (or this language) pays the cost later, where it did before.
  }
}
