import type { PayUrlResponse } from '@wings/contracts';

/**
 * The browser's side of leaving for a gateway. Kept behind one object so tests can watch it
 * (jsdom cannot navigate or submit forms).
 */
export const browser = {
  assign: (url: string) => window.location.assign(url),
  submit: (form: HTMLFormElement) => form.submit(),
  userAgent: () => (typeof navigator === 'undefined' ? '' : navigator.userAgent),
};

/** WeChat Pay is offered only inside WeChat's own browser (its user agent says MicroMessenger). */
export function isWeChatBrowser(): boolean {
  return /MicroMessenger/i.test(browser.userAgent());
}

/**
 * Sends the browser to the checkout: a gateway that wants a form (ABA PayWay's purchase form)
 * gets its fields POSTed from a hidden form; any other goes by a plain redirect. Returns false
 * when the answer names no checkout page (a payment that happens inside the app).
 */
export function leaveForCheckout(pay: Pick<PayUrlResponse, 'checkoutUrl' | 'form'>): boolean {
  if (!pay.checkoutUrl) return false;
  if (pay.form) {
    const form = document.createElement('form');
    form.method = 'POST';
    // ABA PayWay's purchase call takes multipart/form-data, as its checkout forms send it.
    form.enctype = 'multipart/form-data';
    form.action = pay.checkoutUrl;
    form.style.display = 'none';
    for (const [name, value] of Object.entries(pay.form)) {
      const input = document.createElement('input');
      input.type = 'hidden';
      input.name = name;
      input.value = value;
      form.appendChild(input);
    }
    document.body.appendChild(form);
    browser.submit(form);
    return true;
  }
  browser.assign(pay.checkoutUrl);
  return true;
}
