// Navigation moved to lib/navigation.ts, where features may use it too (features never import
// app/: CODE_STYLE.md). Kept here so the app shell and pages keep their imports.
export * from '../lib/navigation';
