import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADDON_NS, addonTextsLoaded } from './index';

/**
 * Whether the texts of the pages past the tab bar (add-on and after-sales screens) are here,
 * loading them if not. A tab page that links to those pages with their own words (the linked
 * orders and tickets of issue 15) shows the entry once they are, never a bare key.
 */
export function useLaterTexts(): boolean {
  const { i18n } = useTranslation();
  const [ready, setReady] = useState(() => i18n.hasResourceBundle(i18n.language, ADDON_NS));
  useEffect(() => {
    if (ready) return;
    let live = true;
    void addonTextsLoaded().then(() => {
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, [ready]);
  return ready;
}
