/**
 * The localStorage key of the session's tokens (the product's). Its own module so the
 * first-paint script can read it without bringing React along with the token store.
 */
export const AUTH_STORAGE_KEY = "auth-storage";
