import { render } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { EmailText } from './email-text';

describe('an e-mail address on a narrow screen', () => {
  test('may wrap only after its "@" and dots, and reads (and copies) unchanged', () => {
    const { container } = render(
      <p>
        <EmailText value="dara.sok.1795470760306@example.com" />
      </p>,
    );
    const p = container.querySelector('p') as HTMLParagraphElement;
    expect(p.textContent).toBe('dara.sok.1795470760306@example.com');
    // A break opportunity after each "." and the "@", none inside a name part.
    expect(p.innerHTML).toBe('dara.<wbr>sok.<wbr>1795470760306@<wbr>example.<wbr>com');
  });

  test('an address without dots or "@" is left whole', () => {
    const { container } = render(<EmailText value="-" />);
    expect(container.innerHTML).toBe('-');
  });
});
