import { render, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { setLanguage } from '../../../app/i18n';
import { PassengerTypeChip } from './passenger-type-chip';

describe('passenger type chip', () => {
  test.each([
    ['en', 1, 'ADT', 'Adult'],
    ['en', 2, 'CHD', 'Child'],
    ['en', 3, 'INF', 'Infant'],
    ['km', 1, 'ADT', 'មនុស្សពេញវ័យ'],
    ['km', 3, 'INF', 'ទារក'],
    ['zh', 2, '儿童', '儿童'],
  ] as const)(
    'in %s, type %i shows %j with the word %j as its title (spec §3)',
    async (lang, type, label, word) => {
      await setLanguage(lang);
      render(<PassengerTypeChip type={type} lang={lang} />);
      const chip = screen.getByTestId('passenger-type');
      expect(chip.tagName).toBe('ABBR');
      expect(chip.textContent).toBe(label);
      expect(chip.getAttribute('title')).toBe(word);
    },
  );
});
