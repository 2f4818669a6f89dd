import { LANGUAGE_TAGS, taxLineLabel } from '@wings/contracts';
import { describe, expect, it } from 'vitest';
import { renderItineraryPdf } from './itinerary-pdf';
import { pdfText, sampleItinerary } from './test-support';

/** The text without spaces or line breaks: a long label may wrap in the payment block. */
const squeeze = (s: string) => s.replace(/\s+/g, '');

// Issue 10 item 12: the PDF's payment block names each tax by the shared label table, once.
describe('itinerary PDF tax lines', () => {
  it.each(LANGUAGE_TAGS)('prints each tax as "label (code)" in %s', async (lang) => {
    const doc = sampleItinerary(lang);
    const text = pdfText(await renderItineraryPdf(doc, { compress: false }));
    for (const tax of doc.price.taxes) {
      // Khmer is drawn shaped, so its text reads back only in part: the code in brackets.
      const expected = lang === 'km' ? `(${tax.code})` : taxLineLabel(tax.code, lang);
      expect(squeeze(text)).toContain(squeeze(expected));
    }
    expect(text).not.toMatch(/Tax [A-Z0-9]{2}\b|税费 [A-Z0-9]{2}\b|ពន្ធ [A-Z0-9]{2}\b/);
  });
});
