/**
 * What marks a field in error on a page: a form row (`FormField` adds `form-field-invalid`), a
 * control with `aria-invalid`, or any other block that holds a problem (`data-invalid`, e.g. a
 * passenger slot of the booking).
 */
export const INVALID_SELECTOR = '.form-field-invalid, [aria-invalid="true"], [data-invalid="true"]';

const FOCUSABLE =
  'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), [tabindex]:not([tabindex="-1"])';

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * Brings the first field in error (in reading order) into the middle of the screen and focuses
 * its control: the invalid input itself when the row has one, else the row's first control (a
 * choice, a picker button, a slot's open button). Returns what got the focus, or null.
 */
export function focusFirstInvalid(root: ParentNode = document): HTMLElement | null {
  // A selector list matches in document order, so this is the first marked element on the page.
  const first = root.querySelector<HTMLElement>(INVALID_SELECTOR);
  if (!first) return null;
  const target = first.matches(FOCUSABLE)
    ? first
    : (first.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      first.querySelector<HTMLElement>(FOCUSABLE) ??
      first);
  // Centred, so neither the top bar nor the fixed footer covers it.
  first.scrollIntoView({ block: 'center', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  target.focus({ preventScroll: true });
  return target;
}
