/**
 * Counts in words for every place the editor and its reports show one:
 * "1 state", "2 states", "1,234 positions", "1 move". English plural rules
 * (Intl.PluralRules 'en-US': one for exactly 1, other otherwise, 0
 * included), numbers grouped with commas. Pure.
 */

const RULES = new Intl.PluralRules('en-US');

/**
 * `n` and the noun in the form its count takes: `count(1, 'state')` =
 * "1 state", `count(20000000, 'state')` = "20,000,000 states". `many`: the
 * plural when it is not `one` + "s" (`count(2, 'box', 'boxes')`).
 */
export function count(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-US')} ${nounFor(n, one, many)}`;
}

/** The noun alone, in the form `n` takes ("state" for 1, "states" otherwise). */
export function nounFor(n: number, one: string, many = `${one}s`): string {
  return RULES.select(n) === 'one' ? one : many;
}
