/**
 * Names typed in any script (a product ordered in English, a shop called "Dapur Bunda Store")
 * shown on one line or clamped: the element takes its text's own direction (`dir="auto"`), so an
 * English name on an Arabic page is cut at its end ("Bytewise Mechani…"), not at its beginning
 * ("…yboard TKL"). It stays aligned with the page, whatever its own direction.
 */
export const ownDirection = {
  dir: 'auto',
  className: 'in-[[dir=ltr]]:text-left in-[[dir=rtl]]:text-right',
} as const;
