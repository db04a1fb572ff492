/**
 * Every number and fixed text the storefront's behaviour depends on (limits, timings, page
 * sizes), in one place. Web and server both read from here; never retype one of these elsewhere.
 */

export const DEFAULT_LOCALE = 'en';
export const DEFAULT_LANGUAGE_TITLE = 'English';
export const LOCALE_STORAGE_KEY = 'locale';
/** Cookies mirror the local-storage choices so the server renders the same thing. */
export const LOCALE_COOKIE = 'locale';
export const CURRENCY_COOKIE = 'currency';
export const SESSION_COOKIE = 'session';
/** The header the web sends on every call; unsafe cookie-authenticated calls without it get 403. */
export const CSRF_HEADER = 'x-requested-with';
export const CSRF_HEADER_VALUE = 'XMLHttpRequest';
/**
 * Order placement, payments and other calls that must not happen twice take this header: the
 * same key replays the first reply (marked with IDEMPOTENT_REPLAY_HEADER), for 24 hours.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENT_REPLAY_HEADER = 'idempotent-replayed';
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

export const DEFAULT_CURRENCY = { name: 'USD', symbol: '$' } as const;
export const FALLBACK_CURRENCY_SYMBOL = 'Rp.';

export const TOAST = {
  cartMs: 3000,
  defaultMs: 5000,
  successMs: 3000,
  maxVisible: 20,
} as const;

export const OTP_LENGTH = 4;
export const OTP_RESEND_SECONDS = 60;

export const AUTOCOMPLETE_LIMIT = 8;
export const AUTOCOMPLETE_DEBOUNCE_MS = 300;
export const SUGGESTIONS_HIDE_DELAY_MS = 200;

export const MEGA_MENU_SUBCATEGORY_CAP = 50;

export const PHONE_MIN_LENGTH = 8;
export const PHONE_MAX_LENGTH = 16;

export const LAST_SEEN_INTERVAL_MS = 10 * 60 * 1000;

export const CHAT_PAGE_SIZE = 20;
export const CHAT_SHOP_LIST_PAGE_SIZE = 20;
export const CHAT_SEARCH_DEBOUNCE_MS = 500;
export const SCROLL_LOAD_DEBOUNCE_MS = 500;
export const LOADING_LOCK_RELEASE_MS = 1000;
export const CHAT_OLDER_THRESHOLD_PAGE_PX = 300;
export const CHAT_OLDER_THRESHOLD_SIDEBAR_PX = 50;
export const CHAT_SHOP_LIST_LOAD_MORE_PX = 300;
export const CHAT_SHOP_LIST_SCROLLED_PAST_PX = 400;
export const CHAT_SIDEBAR_HEIGHT_VH = 70;
export const CHAT_TIME_FORMAT = 'hh:mm a, DD MMM, YYYY';

export const DIALOG_TRANSITION = { openMs: 300, closeMs: 200 } as const;
export const MENU_TRANSITION = { inMs: 100, outMs: 75 } as const;

export const PAGINATION_DEFAULT_PER_PAGE = 10;
export const PAGINATION_DEFAULT_MAX_PAGES = 5;

/** Paging of API lists. */
export const MAX_PER_PAGE = 100;

/** Page sizes the mobile clients expect. */
export const HOME_JUST_FOR_YOU_PER_PAGE = 12;
export const HOME_TOP_SHOPS_SHOWN = 4;
export const HOME_TOP_CATEGORIES = 10;
export const HOME_TOP_SHOPS = 8;
export const HOME_POPULAR_PRODUCTS = 6;
export const HOME_ADS = 2;
export const FLASH_SALE_HOME_PRODUCTS = 9;
export const PRODUCTS_PER_PAGE = 12;
export const REVIEWS_PER_PAGE = 6;
export const FLASH_SALE_PER_PAGE = 18;

/** Theme colour keys: all 12 must be present before any becomes a CSS variable. */
export const THEME_COLOR_SHADES = [50, 100, 200, 300, 400, 500, 600, 700, 800, 900, 950] as const;

export const DEFAULT_FOOTER_TEXT = 'All right reserved by company';
export const ACCOUNT_FOOTER_TEXT = 'All rights reserved';
export const PAGE_NOT_FOUND_TITLE = 'Page Not Found';

export const MEGA_MENU_TEXTS = {
  moreSubcategories: (n: number) => `Lihat ${n} subkategori lainnya`,
  empty: 'Tidak ada kategori tersedia',
} as const;

export const SEARCH_EMPTY_TEXTS = {
  title: 'Tidak ada produk ditemukan',
  hint: 'Coba kata kunci yang berbeda',
} as const;

/** Responsive breakpoints (Tailwind defaults, the footer rule uses sm). */
export const BREAKPOINTS = { sm: 640, md: 768, lg: 1024, xl: 1280 } as const;

/** Pictures a shopper or seller may upload (profile photo, shop logo); the server checks the content too. */
export const IMAGE_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** The marketplace's clock when the settings name none (the demo's: Jakarta, UTC+7, no daylight saving). */
export const DEFAULT_TIME_ZONE = 'Asia/Jakarta';

/** Two-step sign-in: digits of a code of the authenticator app (RFC 6238, 30-second steps). */
export const TWO_STEP_CODE_LENGTH = 6;
/** Recovery codes given at set-up (and each time they are made again). */
export const RECOVERY_CODE_COUNT = 10;
/** A change of keys, security settings or a payout asks for a code again when the last one is older. */
export const STEP_UP_MAX_AGE_SECONDS = 10 * 60;
/** How long the password step's token waits for the code. */
export const TWO_STEP_CHALLENGE_SECONDS = 5 * 60;
/** Entries per page of the operator's audit log. */
export const AUDIT_PAGE_SIZE = 50;
