/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** App id of this client for the signed access-token call; defaults to the server's demo pair. */
  readonly VITE_APP_ID?: string;
  readonly VITE_APP_SECRET?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** The app version from package.json, set by Vite at build time. */
declare const __APP_VERSION__: string;

/** The server's message catalogue in one language (server-messages.ts, a build plugin). */
declare module 'virtual:server-messages/*' {
  const texts: Record<string, string>;
  export default texts;
}
