import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { detectLanguage, i18n, LANGUAGE_STORAGE_KEY } from '../../../app/i18n';
import { paths } from '../../../app/paths';
import { TabBar } from '../../../app/tab-bar';
import { signIn } from '../../../test/accounts';
import { renderRoutes } from '../../../test/render';
import MorePage from './more-page';

function renderMore() {
  return renderRoutes(
    [
      {
        path: paths.more,
        element: (
          <>
            <MorePage />
            <TabBar />
          </>
        ),
      },
    ],
    paths.more,
  );
}

describe('language switch', () => {
  test('changes the texts of the page and the tab bar, and remembers the choice', async () => {
    renderMore();
    expect(screen.getByRole('heading', { name: 'Language' })).toBeTruthy();
    expect(screen.getByTestId('tab-book').textContent).toBe('Book');

    fireEvent.click(screen.getByTestId('lang-km'));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'ភាសា' })).toBeTruthy());
    expect(screen.getByTestId('tab-book').textContent).toBe('កក់សំបុត្រ');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'ខ្មែរ' }).checked).toBe(true);
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('km');
    expect(document.documentElement.lang).toBe('km-KH');

    fireEvent.click(screen.getByTestId('lang-zh'));
    await waitFor(() => expect(screen.getByRole('heading', { name: '语言' })).toBeTruthy());
    expect(screen.getByTestId('tab-tickets').textContent).toBe('客票与服务');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('zh');
  });

  test('rule messages read the same as the server catalogue in every language', async () => {
    await i18n.changeLanguage('km');
    expect(i18n.t('search.date_too_far', { days: 180 })).toBe('អាចស្វែងរកជើងហោះហើរបានត្រឹម 180 ថ្ងៃខាងមុខប៉ុណ្ណោះ។');
    await i18n.changeLanguage('zh');
    expect(i18n.t('search.same_city')).toBe('出发和到达城市不能相同');
  });

  test('starts from the stored choice, else the browser language, else English', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'km');
    expect(detectLanguage()).toBe('km');
    localStorage.removeItem(LANGUAGE_STORAGE_KEY);
    const languages = Object.getOwnPropertyDescriptor(Navigator.prototype, 'languages');
    const language = Object.getOwnPropertyDescriptor(Navigator.prototype, 'language');
    Object.defineProperty(navigator, 'languages', { value: ['zh-CN', 'en'], configurable: true });
    expect(detectLanguage()).toBe('zh');
    Object.defineProperty(navigator, 'languages', { value: ['fr-FR'], configurable: true });
    Object.defineProperty(navigator, 'language', { value: 'fr-FR', configurable: true });
    expect(detectLanguage()).toBe('en');
    if (languages) Object.defineProperty(navigator, 'languages', languages);
    if (language) Object.defineProperty(navigator, 'language', language);
  });
});

describe('linked orders and tickets (issue 15)', () => {
  test('a signed-in traveller reaches the linked lists from the More tab; a guest sees no such entry', async () => {
    const guest = renderMore();
    expect(screen.queryByTestId('more-linked-orders')).toBeNull();
    guest.unmount();

    signIn();
    const { router } = renderRoutes(
      [
        { path: paths.more, element: <MorePage /> },
        { path: paths.associateTicketList, element: <div data-testid="linked-tickets-page" /> },
      ],
      paths.more,
    );
    expect((await screen.findByTestId('more-linked-orders')).textContent).toContain('Linked orders');
    fireEvent.click(screen.getByTestId('more-linked-tickets'));
    await screen.findByTestId('linked-tickets-page');
    expect(router.state.location.pathname).toBe(paths.associateTicketList);
  });
});
