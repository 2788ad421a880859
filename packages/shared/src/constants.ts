/** Business constants of the product (spec §9), shared by the API and the web client. */

export const PASSWORD_MIN_LENGTH = 4;
export const PASSWORD_MAX_LENGTH = 16;
export const EMAIL_MAX_LENGTH = 200;

export const PROFILE_ADMIN = 'ADMIN';
export const PROFILE_USER = 'USER';

export const REQUEST_TIMEOUT_MS = 60_000;
export const REQUEST_CANCEL_MS = 70_000;
export const LAST_LOCATION_TTL_MS = 120_000;
/** Spec §9 "Storage default lifetime" (86400 s): how long a remembered screen filter lasts. */
export const STORAGE_DEFAULT_TTL_MS = 86_400_000;
export const SPLASH_HIDE_MS = 1_000;
export const NARROW_SCREEN_PX = 768;
export const SEARCH_DEBOUNCE_MS = 500;
export const SEARCH_MIN_CHARS = 3;
export const PAGE_SIZES = [10, 20, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const CUSTOMER_CODE = 'A01';
export const PRODUCT_NAME = 'Scentia';
export const PERSON_NAME_MAX_LENGTH = 200;
export const MINIMUM_AGE_YEARS = 12;
/** The upload limit of spec §5/§9; the server's UPLOAD_MAX_MB defaults to it. */
export const UPLOAD_MAX_MB = 5;
