import type { Plugin } from 'vite';
// The catalogue itself, not the package's index: the index brings every schema (and Zod) into the
// build configuration for one object that imports nothing but a type.
import { messages } from '../../packages/contracts/src/messages';

/** `import serverMessages from 'virtual:server-messages/km'`: the catalogue in one language. */
export const SERVER_MESSAGES_PREFIX = 'virtual:server-messages/';

/**
 * The i18next format that writes a rule's parameter in the reader's language (app/i18n's
 * `inlanguage` formatter): a date or a list of countries comes with its text in each language.
 */
export const IN_LANGUAGE_FORMAT = 'inlanguage';

/** A catalogue text with its `{name}` placeholders turned into i18next's `{{name, inlanguage}}`. */
export function toI18nextText(text: string): string {
  return text.replace(/\{(\w+)\}/g, `{{$1, ${IN_LANGUAGE_FORMAT}}}`);
}

/** The server's message catalogue in `lang`, as i18next texts keyed by message key. */
export function serverMessagesIn(lang: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, texts] of Object.entries(messages)) {
    const text = (texts as Record<string, string>)[lang];
    if (text === undefined) throw new Error(`server message ${key} has no ${lang} text`);
    out[key] = toI18nextText(text);
  }
  return out;
}

/**
 * Serves `virtual:server-messages/<lang>`: the server's message catalogue (packages/contracts
 * messages.ts, three languages in one object) cut to one language when the app is built, so the
 * app loads the traveller's language only, with the texts it shows for a rule or a server reply.
 */
export function serverMessagesPlugin(): Plugin {
  const resolved = `\0${SERVER_MESSAGES_PREFIX}`;
  return {
    name: 'wings:server-messages',
    resolveId(id) {
      return id.startsWith(SERVER_MESSAGES_PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(resolved)) return undefined;
      const lang = id.slice(resolved.length);
      return `export default ${JSON.stringify(serverMessagesIn(lang))};\n`;
    },
  };
}
