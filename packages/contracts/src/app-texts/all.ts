import { addonsEn } from './addons-en';
import { addonsKm } from './addons-km';
import { addonsZh } from './addons-zh';
import { en } from './en';
import { km } from './km';
import { zh } from './zh';

/**
 * Every text of the traveller app by language: the first paint's (zh.ts, en.ts, km.ts) and the
 * add-on screens' (addons-*.ts, loaded later by the app). What the console's translation editor
 * lists and the three-language test checks; the app itself loads the two parts separately.
 */
export const allAppTexts: Record<'zh' | 'en' | 'km', Readonly<Record<string, string>>> = {
  zh: { ...zh, ...addonsZh },
  en: { ...en, ...addonsEn },
  km: { ...km, ...addonsKm },
};
