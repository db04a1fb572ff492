/** How an order is named to people: its shop's prefix and its number ("#RC000012"). */
export const orderCodeOf = (prefix: string, code: string) => `#${prefix}${code}`;
