import { addonsEn } from './addons-en';
import { addonsKm } from './addons-km';
import { addonsZh } from './addons-zh';
import { aftersalesEn } from './aftersales-en';
import { aftersalesKm } from './aftersales-km';
import { aftersalesZh } from './aftersales-zh';
import { en } from './en';
import { km } from './km';
import { zh } from './zh';

/**
 * Every text of the traveller app by language: the first paint's (zh.ts, en.ts, km.ts) and the
 * add-on and after-sales screens' (addons-*.ts, aftersales-*.ts: loaded later by the app, as one namespace). What the console's translation editor
 * lists and the three-language test checks; the app itself loads the first paint's apart from the rest.
 */
export const allAppTexts: Record<'zh' | 'en' | 'km', Readonly<Record<string, string>>> = {
  zh: { ...zh, ...addonsZh, ...aftersalesZh },
  en: { ...en, ...addonsEn, ...aftersalesEn },
  km: { ...km, ...addonsKm, ...aftersalesKm },
};
