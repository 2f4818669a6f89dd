/** Storage key of the traveller's language choice (also read by index.html's preload script). */
export const LANGUAGE_STORAGE_KEY = 'language';

/** The language when none is stored and the browser's is not one of ours (spec §1). */
export const DEFAULT_LANGUAGE = 'en';
