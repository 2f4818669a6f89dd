import { act, render, screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { describe, expect, test } from 'vitest';
import {
  ADDON_NS,
  addonTextsLoaded,
  i18n,
  isLanguageLoaded,
  mergeTranslations,
  serverMessagesLoaded,
  setLanguage,
} from '.';

/** Shows an interface text and a server message, and keeps every text it has ever shown. */
function Probe({ seen }: { seen: string[] }) {
  const { t } = useTranslation();
  const texts = [t('tab.home'), t('search.same_city')];
  seen.push(...texts);
  return <p data-testid="probe">{texts.join(' | ')}</p>;
}

// The test setup starts the app in English (initI18n('en')), as main.tsx does for an English
// browser; these tests run in order in one module, as the app does in one page.
describe('texts by language', () => {
  test('only the language in use is loaded at start', () => {
    expect(isLanguageLoaded('en')).toBe(true);
    expect(isLanguageLoaded('km')).toBe(false);
    expect(isLanguageLoaded('zh')).toBe(false);
    expect(i18n.hasResourceBundle('km', 'server')).toBe(false);
  });

  test("the server's messages come after the app's own texts, in the same language", async () => {
    await serverMessagesLoaded();
    expect(i18n.t('search.same_city')).toBe('Departure and arrival must be different.');
    expect(i18n.exists('search.same_city')).toBe(true);
  });

  test('a switch loads the language first: no key is ever shown, and the server messages switch too', async () => {
    const seen: string[] = [];
    render(<Probe seen={seen} />);
    expect(screen.getByTestId('probe').textContent).toBe('Home | Departure and arrival must be different.');
    await act(() => setLanguage('km'));
    expect(screen.getByTestId('probe').textContent).toBe(
      `ទំព័រដើម | ${i18n.t('search.same_city', { lng: 'km' })}`,
    );
    expect(i18n.t('search.same_city')).not.toBe('search.same_city');
    expect(i18n.hasResourceBundle('km', 'server')).toBe(true);
    expect(seen.filter((text) => text === 'tab.home' || text === 'search.same_city')).toEqual([]);
    expect(document.documentElement.lang).toBe('km-KH');
    expect(localStorage.getItem('language')).toBe('km');
  });

  test("the add-on screens' texts are a namespace of their own, looked up after the app's, and follow a switch", async () => {
    const { addonsEn } = await import('@wings/contracts/app-texts/addons-en');
    const { addonsKm } = await import('@wings/contracts/app-texts/addons-km');
    const key = Object.keys(addonsEn)[0] as keyof typeof addonsEn;
    // Not in the first paint's chunk: loaded beside the first page past the tab bar.
    expect(i18n.getResource('en', 'translation', key)).toBeUndefined();
    await addonTextsLoaded();
    expect(i18n.t(key)).toBe(addonsEn[key]);
    await act(() => setLanguage('km'));
    expect(i18n.hasResourceBundle('km', ADDON_NS)).toBe(true);
    expect(i18n.t(key)).toBe(addonsKm[key]);
  });

  test("the back office's wording wins, in a language loaded now or later, and re-renders what shows it", async () => {
    await setLanguage('en');
    const seen: string[] = [];
    render(<Probe seen={seen} />);
    expect(isLanguageLoaded('zh')).toBe(false);
    act(() =>
      mergeTranslations([
        { internationalCode: 'tab.home', textCn: '主页', textEn: 'Start', textKh: null },
        { internationalCode: 'promo.new', textCn: '新航线' },
      ]),
    );
    // Shown at once where it is in use (the page was painted with the bundled text).
    expect(screen.getByTestId('probe').textContent).toContain('Start |');
    expect(i18n.t('promo.new')).toBe('新航线');
    // Chinese loads after the merge and keeps the back office's text over its own.
    await act(() => setLanguage('zh'));
    expect(i18n.t('tab.home')).toBe('主页');
    // Khmer (loaded by the test before): the app's own Khmer where the back office has none,
    // and the back office's Chinese for a text only it has.
    await act(() => setLanguage('km'));
    expect(i18n.t('tab.home')).toBe('ទំព័រដើម');
    expect(i18n.t('promo.new')).toBe('新航线');
  });
});
