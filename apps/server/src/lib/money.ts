/** Minor units of the default currency to the API's number with at most 2 decimals. */
export const toMoney = (minor: number) => Math.round(minor) / 100;

/** `n` rounded to `digits` decimals (a rating to one: 4.25 -> 4.3). */
export const roundTo = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

/** The API's number of the default currency (at most 2 decimals) to minor units. */
export const toMinor = (amount: number) => Math.round(amount * 100);
