/** The marketplace's clock: shop hours and sales are set in it, and dates render in it on server and browser alike. */
export const MARKET_TIME_ZONE = 'Asia/Jakarta';
