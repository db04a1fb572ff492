import type { MobileOperator } from './digital-numbers';

/**
 * The names and logos of the digital top-ups' operators, one list for the server's
 * replies and the web's pages. A values-only module (no schemas), so any page may import it.
 * Operators' names are brands: the same in every language.
 */
export const OPERATOR_NAMES: Readonly<Record<MobileOperator | 'pln', string>> = {
  telkomsel: 'Telkomsel',
  xl: 'XL',
  axis: 'AXIS',
  indosat: 'Indosat Ooredoo',
  tri: 'Tri',
  smartfren: 'Smartfren',
  pln: 'PLN',
};

/**
 * The wordmarks of the operators the shop sells (apps/web/public/operator-*.svg, drawn for the
 * project, not downloaded). They sit at the top of public/: the server sends the web build's
 * top-level files and its /assets only.
 */
export const OPERATOR_LOGOS: Readonly<Record<'telkomsel' | 'xl' | 'pln', string>> = {
  telkomsel: '/operator-telkomsel.svg',
  xl: '/operator-xl.svg',
  pln: '/operator-pln.svg',
};
