import { describe, expect, test } from 'vitest';
import { LANGUAGE_TAGS, messages } from '../index';
import { addonsEn } from './addons-en';
import { aftersalesEn } from './aftersales-en';
import { allAppTexts } from './all';
import { en } from './en';

/**
 * Every interface text exists in Chinese, English and Khmer (issue 10's check): a key added to
 * one locale file and forgotten in another, or left empty, fails here, not on a traveller's
 * screen. The server catalogue (packages/contracts messages.ts) has its own test beside it.
 */
const locales: Record<(typeof LANGUAGE_TAGS)[number], Readonly<Record<string, string>>> = allAppTexts;

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('web locales', () => {
  const allKeys = [...new Set(LANGUAGE_TAGS.flatMap((lang) => Object.keys(locales[lang])))].sort();

  test.each(LANGUAGE_TAGS)('%s has every key of the other locales, none empty', (lang) => {
    const missing = allKeys.filter((key) => !Object.hasOwn(locales[lang], key));
    const empty = allKeys.filter((key) => Object.hasOwn(locales[lang], key) && !locales[lang][key]?.trim());
    expect(missing, `keys missing in ${lang}`).toEqual([]);
    expect(empty, `keys empty in ${lang}`).toEqual([]);
  });

  test('each text names the same {{placeholders}} in the three languages', () => {
    const differing = allKeys.filter((key) => {
      const [a, b, c] = LANGUAGE_TAGS.map((lang) => placeholders(locales[lang][key] ?? '').join(','));
      return a !== b || b !== c;
    });
    expect(differing).toEqual([]);
  });

  test('a server message key is not shadowed by an interface text of the same key in only some languages', () => {
    // The web merges the server catalogue under its own texts (app/i18n): an override must exist in all three.
    const overridden = Object.keys(messages).filter((key) =>
      LANGUAGE_TAGS.some((l) => Object.hasOwn(locales[l], key)),
    );
    const partial = overridden.filter((key) => !LANGUAGE_TAGS.every((l) => Object.hasOwn(locales[l], key)));
    expect(partial).toEqual([]);
  });

  test("the add-on screens' texts (loaded later) never repeat a first-paint key", () => {
    expect(Object.keys(addonsEn).filter((key) => Object.hasOwn(en, key))).toEqual([]);
  });

  test("the after-sales screens' texts repeat neither a first-paint key nor an add-on screen's", () => {
    expect(
      Object.keys(aftersalesEn).filter((key) => Object.hasOwn(en, key) || Object.hasOwn(addonsEn, key)),
    ).toEqual([]);
  });
});
