import type { Page } from 'playwright-core';

/**
 * The app's own Khmer face (apps/web/src/app/fonts.css): a `unicode-range` face for the Khmer
 * block, first in every font list, so Khmer is drawn with it whatever the page's language.
 */
export const BUNDLED_KHMER_FAMILY = 'Wings Khmer';

/**
 * What a reader on a small phone would see as broken, measured in the page as it is drawn:
 * - the page scrolls sideways, or text or a control passes the viewport's left or right edge;
 * - text cut by its container: an `overflow: hidden`/`clip` box (or an ellipsis) that is narrower
 *   or shorter than its text, unless the box or an ancestor carries a `title` or
 *   `data-full-text` (the whole text is a tap away), or text partly outside a sideways scroller
 *   that is not a declared strip (`data-scroll-strip`, whose items are meant to be scrolled to);
 * - text spilling out of its button or chip, where nothing clips it (for Khmer, the glyphs' ink:
 *   stacked Khmer reaches above and below a line box sized by the first font with a space);
 * - a word split across two lines although it fits on one (English, numbers, Khmer words as
 *   `Intl.Segmenter` finds them; a button's or chip's short Chinese label as one word, since
 *   Chinese running text wraps between any two characters);
 * - anything of the page under the top bar before the page is scrolled;
 * - Khmer drawn with another font than the bundled one (its advance differs from the same text
 *   in the bundled face, which is what boxes or a fallback font give), or Chinese drawn without
 *   a CJK font (an ideograph is 1 em wide in every CJK font; boxes are not).
 * Returns one line per finding, naming the element; an empty list is a pass.
 */
export async function layoutFindings(page: Page): Promise<string[]> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  return page.evaluate(inspectLayout, { khmerFamily: BUNDLED_KHMER_FAMILY });
}

/** Runs in the page: no closures over this module's values. */
async function inspectLayout({ khmerFamily }: { khmerFamily: string }): Promise<string[]> {
  const findings: string[] = [];
  const seen = new Set<string>();
  const report = (line: string) => {
    if (!seen.has(line)) {
      seen.add(line);
      findings.push(line);
    }
  };
  const viewport = document.documentElement.clientWidth;
  const root = document.scrollingElement ?? document.documentElement;

  const describe = (el: Element): string => {
    const parts: string[] = [];
    for (let node: Element | null = el; node && parts.length < 3; node = node.parentElement) {
      const id = node.getAttribute('data-testid');
      const cls = typeof node.className === 'string' ? node.className.trim().split(/\s+/)[0] : '';
      parts.unshift(`${node.tagName.toLowerCase()}${id ? `[data-testid=${id}]` : cls ? `.${cls}` : ''}`);
      if (id) break;
    }
    const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
    return `${parts.join(' > ')}${text ? ` "${text}"` : ''}`;
  };

  const hidden = (el: Element): boolean => {
    for (let node: Element | null = el; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.display === 'none' || style.visibility === 'hidden' || style.opacity === '0') return true;
      // Screen-reader-only text (the visually-hidden pattern) is 1 px and clipped on purpose. A
      // box of no size that does not clip (a portal's container) hides nothing.
      const rect = node.getBoundingClientRect();
      const clips = style.overflow !== 'visible' || style.clip !== 'auto' || style.clipPath !== 'none';
      if ((rect.width <= 1 || rect.height <= 1) && (node === el || clips)) return true;
    }
    return false;
  };

  const inStrip = (el: Element) => el.closest('[data-scroll-strip]') !== null;
  // Decoration hidden from assistive technology (a watermark) may be cut on purpose.
  const decorative = (el: Element) => el.closest('[aria-hidden="true"]') !== null;
  const fullTextNear = (el: Element) => el.closest('[title], [data-full-text]') !== null;

  if (root.scrollWidth > root.clientWidth) {
    report(`the page scrolls sideways: ${root.scrollWidth} px of content in ${root.clientWidth} px`);
  }

  // Text, node by node, with the boxes each line of it is drawn in.
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node as Text;
    const parent = text.parentElement;
    if (!parent || !text.data.trim()) continue;
    if (['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE'].includes(parent.tagName)) continue;
    if (hidden(parent)) continue;
    texts.push(text);
  }

  const range = document.createRange();
  const clippers = (el: Element): Element[] => {
    const out: Element[] = [];
    for (let node = el.parentElement ?? null; node && node !== document.body; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.overflowX !== 'visible' || style.overflowY !== 'visible') out.push(node);
    }
    // The element itself clips its own text too (an ellipsis label).
    const own = getComputedStyle(el);
    if (own.overflowX !== 'visible' || own.overflowY !== 'visible') out.unshift(el);
    return out;
  };

  // A line's box is the height of the element's first font (the one with a space: not the
  // Khmer-only face), and stacked Khmer glyphs reach above and below it. Where a line has Khmer,
  // its ink (measured in a canvas with the same fonts) stands for its height.
  const KHMER_TEXT = /[\u1780-\u17FF\u19E0-\u19FF]/;
  for (const weight of ['400', '700']) await document.fonts.load(`${weight} 16px "${khmerFamily}"`, 'ក');
  const ctx = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
  const inkOf = (text: Text, rects: DOMRect[]): DOMRect[] => {
    if (!KHMER_TEXT.test(text.data)) return rects;
    const style = getComputedStyle(text.parentElement as Element);
    ctx.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const ascent = ctx.measureText(' ').fontBoundingBoxAscent;
    const ink = ctx.measureText(text.data);
    return rects.map((r) => {
      const top = r.top + ascent - ink.actualBoundingBoxAscent;
      const bottom = r.top + ascent + ink.actualBoundingBoxDescent;
      return new DOMRect(
        r.left,
        Math.min(r.top, top),
        r.width,
        Math.max(r.bottom, bottom) - Math.min(r.top, top),
      );
    });
  };

  for (const text of texts) {
    const parent = text.parentElement as Element;
    range.selectNodeContents(text);
    const boxes = Array.from(range.getClientRects()).filter((r) => r.width > 0.5 && r.height > 0.5);
    if (boxes.length === 0) continue;
    if (decorative(parent)) continue;
    const rects = inkOf(text, boxes);
    for (const r of rects) {
      if ((r.right > viewport + 1 || r.left < -1) && !inStrip(parent)) {
        report(
          `text passes the screen's edge (${Math.round(r.left)}–${Math.round(r.right)} of ${viewport} px): ${describe(parent)}`,
        );
      }
    }
    for (const box of clippers(parent)) {
      const style = getComputedStyle(box);
      const b = box.getBoundingClientRect();
      const left = b.left + box.clientLeft;
      const top = b.top + box.clientTop;
      const right = left + box.clientWidth;
      const bottom = top + box.clientHeight;
      for (const r of rects) {
        const outside = r.right <= left || r.left >= right || r.bottom <= top || r.top >= bottom;
        if (outside) continue; // wholly out of sight: a closed panel or another slide, not cut text
        const cutX = r.right > right + 1 || r.left < left - 1;
        const cutY = r.bottom > bottom + 1 || r.top < top - 1;
        const scrollsY = style.overflowY === 'auto' || style.overflowY === 'scroll';
        // A declared strip scrolls sideways on purpose: its items are cut at its edge until scrolled to.
        if (cutX && !inStrip(parent) && !fullTextNear(parent)) {
          report(`text cut at the side by ${describe(box)}: ${describe(parent)}`);
        }
        if (cutY && !scrollsY && !fullTextNear(parent)) {
          report(`text cut at the top or bottom by ${describe(box)}: ${describe(parent)}`);
        }
      }
    }
    // A button's or a chip's label inside its box, even where nothing clips it (a fixed height
    // with a label of two lines draws the label over the border).
    const control = parent.closest('button, [role="button"], .adm-button, .adm-tag, .adm-selector-item');
    if (control && !inStrip(parent)) {
      const c = control.getBoundingClientRect();
      for (const r of rects) {
        if (r.right > c.right + 1 || r.left < c.left - 1 || r.bottom > c.bottom + 1 || r.top < c.top - 1) {
          report(`text spills out of ${describe(control)}: ${describe(parent)}`);
        }
      }
    }
  }

  // Nothing of the page lies under the top bar before the page is scrolled (a card slid under it).
  window.scrollTo(0, 0);
  const bars = Array.from(document.body.querySelectorAll('*')).filter((el) => {
    const position = getComputedStyle(el).position;
    if (position !== 'sticky' && position !== 'fixed') return false;
    const r = el.getBoundingClientRect();
    return r.top <= 1 && r.bottom > 0 && r.height < innerHeight / 3 && !hidden(el);
  });
  const paints = (el: Element): boolean => {
    if (['IMG', 'SVG', 'INPUT', 'BUTTON', 'SELECT', 'TEXTAREA'].includes(el.tagName.toUpperCase()))
      return true;
    if (Array.from(el.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim()))
      return true;
    const style = getComputedStyle(el);
    return (
      !/rgba\(0, 0, 0, 0\)|transparent/.test(style.backgroundColor) ||
      style.backgroundImage !== 'none' ||
      style.boxShadow !== 'none' ||
      Number.parseFloat(style.borderTopWidth) > 0
    );
  };
  for (const bar of bars) {
    const b = bar.getBoundingClientRect();
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      if (bar.contains(el) || el.contains(bar) || hidden(el) || decorative(el)) continue;
      // Other bars and what lies in them (a second fixed layer: a sheet, a toast) are not the page.
      if (bars.some((other) => other.contains(el))) continue;
      const r = el.getBoundingClientRect();
      if (
        r.top < b.bottom - 1 &&
        r.bottom > b.top + 1 &&
        r.left < b.right &&
        r.right > b.left &&
        paints(el)
      ) {
        report(`hidden under the top bar ${describe(bar)}: ${describe(el)}`);
      }
    }
  }

  // Controls and pictures past the screen's edge (text is measured above, line by line).
  const controls = document.body.querySelectorAll(
    'button, input, select, textarea, img, svg, [role="button"]',
  );
  for (const el of Array.from(controls)) {
    if (hidden(el) || inStrip(el) || decorative(el)) continue;
    const r = el.getBoundingClientRect();
    if (r.right > viewport + 1 || r.left < -1) {
      const clipped = clippers(el).some((box) => {
        const b = box.getBoundingClientRect();
        return r.right <= b.left || r.left >= b.right;
      });
      if (!clipped)
        report(
          `a control passes the screen's edge (${Math.round(r.left)}–${Math.round(r.right)} of ${viewport} px): ${describe(el)}`,
        );
    }
  }

  // Words split across lines.
  const segmenters = new Map<string, Intl.Segmenter>();
  const segmenterFor = (lang: string) => {
    let s = segmenters.get(lang);
    if (!s) {
      s = new Intl.Segmenter(lang, { granularity: 'word' });
      segmenters.set(lang, s);
    }
    return s;
  };
  for (const text of texts) {
    const parent = text.parentElement as Element;
    const lang = parent.closest('[lang]')?.getAttribute('lang') || 'en';
    const words: { segment: string; index: number }[] = [];
    for (const seg of segmenterFor(lang).segment(text.data)) {
      if (!seg.isWordLike || seg.segment.length < 2) continue;
      if (/\p{Script=Han}/u.test(seg.segment)) continue;
      words.push(seg);
    }
    // A button's or a chip's short Chinese label is read as one word (the segmenter may not know
    // "使用"); Chinese sentences wrap between any two characters, in labels and links too.
    if (parent.closest('button, [role="button"], .adm-button, .adm-tag, .adm-selector-item, .adm-tabs-tab')) {
      for (const m of text.data.matchAll(/\p{Script=Han}{2,8}/gu))
        words.push({ segment: m[0], index: m.index ?? 0 });
    }
    for (const seg of words) {
      range.setStart(text, seg.index);
      range.setEnd(text, seg.index + seg.segment.length);
      const rects = Array.from(range.getClientRects()).filter((r) => r.width > 0.5);
      const lines = new Set(rects.map((r) => Math.round(r.top / 4)));
      if (lines.size < 2) continue;
      // A word wider than a full-width card on this phone cannot have a line of its own: it breaks.
      // Anything shorter must not, wherever it is (a squeezed button is the layout's fault).
      const width = rects.reduce((sum, r) => sum + r.width, 0);
      if (width > viewport - 64) continue;
      report(`a word is split across lines ("${seg.segment}"): ${describe(parent)}`);
    }
  }

  // Khmer and Chinese drawn with the intended fonts: a probe of each script in the element's font.
  const KHMER = /[\u1780-\u17FF\u19E0-\u19FF]/;
  const HAN = /\p{Script=Han}/u;
  const KHMER_SAMPLE = 'ភាសាខ្មែរ';
  const HAN_SAMPLE = '中文字体';
  const probed = new Set<string>();
  // What is drawn: text nodes in their element, and form fields' placeholders and values (a probe
  // cannot go inside a field, so it copies the field's font and goes beside it).
  const samples: { el: Element; host: Element; content: string }[] = texts.map((t) => ({
    el: t.parentElement as Element,
    host: t.parentElement as Element,
    content: t.data,
  }));
  const fields = document.body.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea');
  for (const field of Array.from(fields)) {
    if (field.parentElement && !hidden(field)) {
      samples.push({ el: field, host: field.parentElement, content: `${field.placeholder} ${field.value}` });
    }
  }
  for (const { el, host, content } of samples) {
    const khmer = KHMER.test(content);
    const han = HAN.test(content);
    if (!khmer && !han) continue;
    const style = getComputedStyle(el);
    const lang = el.closest('[lang]')?.getAttribute('lang') ?? '';
    const key = `${khmer}|${han}|${style.fontFamily}|${style.fontWeight}|${style.fontSize}|${lang}`;
    if (probed.has(key)) continue;
    probed.add(key);
    const where = describe(el);
    const probe = document.createElement('span');
    probe.style.cssText =
      'position:absolute;left:0;top:0;visibility:hidden;white-space:nowrap;letter-spacing:normal;word-spacing:normal;font-feature-settings:normal';
    const font = () => {
      probe.style.fontFamily = style.fontFamily;
      probe.style.fontSize = style.fontSize;
      probe.style.fontWeight = style.fontWeight;
      probe.style.fontStyle = style.fontStyle;
    };
    font();
    host.appendChild(probe);
    try {
      if (khmer) {
        await document.fonts.load(`${style.fontWeight} ${style.fontSize} "${khmerFamily}"`, KHMER_SAMPLE);
        probe.textContent = KHMER_SAMPLE;
        const drawn = probe.getBoundingClientRect().width;
        probe.style.fontFamily = `"${khmerFamily}"`;
        const bundled = probe.getBoundingClientRect().width;
        font();
        if (Math.abs(drawn - bundled) > 0.5) {
          report(
            `Khmer is drawn with a fallback font (${drawn.toFixed(1)} px, the bundled face ${bundled.toFixed(1)} px; font-family ${style.fontFamily}): ${where}`,
          );
        }
      }
      if (han) {
        probe.textContent = HAN_SAMPLE;
        const drawn = probe.getBoundingClientRect().width;
        const em = Number.parseFloat(style.fontSize) * HAN_SAMPLE.length;
        if (Math.abs(drawn - em) > 1) {
          report(
            `Chinese is drawn without a CJK font (${drawn.toFixed(1)} px for ${HAN_SAMPLE.length} ideographs of ${style.fontSize}): ${where}`,
          );
        }
      }
    } finally {
      probe.remove();
    }
  }
  return findings;
}
