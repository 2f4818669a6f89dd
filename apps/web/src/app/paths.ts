// The page paths moved to lib/paths.ts, where features may read them too (features never import
// app/: CODE_STYLE.md). Kept here so the app shell and pages keep their imports.
export * from '../lib/paths';
