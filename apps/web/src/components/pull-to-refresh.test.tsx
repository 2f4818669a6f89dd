import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { PullToRefresh, pullHeight } from './pull-to-refresh';

function setup(onRefresh: () => Promise<unknown>) {
  const view = render(
    <PullToRefresh
      onRefresh={onRefresh}
      pullingText="Pull down"
      canReleaseText="Release"
      refreshingText="Refreshing"
      completeText="Up to date"
      completeDelay={500}
    >
      <p data-testid="content">Destinations</p>
    </PullToRefresh>,
  );
  const root = view.container.querySelector('.pull-to-refresh') as HTMLElement;
  const head = view.container.querySelector('.pull-to-refresh-head') as HTMLElement;
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', y: number) =>
    fireEvent[type](screen.getByTestId('content'), { touches: type === 'touchEnd' ? [] : [{ clientY: y }] });
  return { root, head, touch };
}

describe('pull to refresh', () => {
  afterEach(() => {
    vi.useRealTimers();
    document.documentElement.scrollTop = 0;
  });

  test('follows the finger like a rubber band', () => {
    expect(pullHeight(0, 40)).toBe(0);
    expect(pullHeight(-30, 40)).toBe(0);
    expect(pullHeight(100, 40)).toBe(40);
    expect(pullHeight(200, 40)).toBeCloseTo(66.7, 1);
    expect(pullHeight(10_000, 40)).toBeLessThan(200);
  });

  test('a pull past the threshold refreshes, says so, then folds away', async () => {
    vi.useFakeTimers();
    let finish: () => void = () => {};
    const onRefresh = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { root, head, touch } = setup(onRefresh);

    touch('touchStart', 0);
    touch('touchMove', 60);
    expect(head.textContent).toBe('Pull down');
    touch('touchMove', 200);
    expect(head.textContent).toBe('Release');
    expect(Number.parseFloat(head.style.height)).toBeGreaterThan(60);
    touch('touchEnd', 0);

    expect(onRefresh).toHaveBeenCalledTimes(1);
    expect(root.dataset.status).toBe('refreshing');
    expect(head.style.height).toBe('40px');
    expect(head.textContent).toBe('Refreshing');

    await act(async () => finish());
    expect(head.textContent).toBe('Up to date');
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(root.dataset.status).toBe('pulling');
    expect(head.style.height).toBe('0px');
  });

  test('a short pull springs back without refreshing', () => {
    const onRefresh = vi.fn(async () => {});
    const { root, head, touch } = setup(onRefresh);
    touch('touchStart', 0);
    touch('touchMove', 50);
    touch('touchEnd', 0);
    expect(onRefresh).not.toHaveBeenCalled();
    expect(root.dataset.status).toBe('pulling');
    expect(head.style.height).toBe('0px');
  });

  test('leaves a page that is scrolled down, or a swipe up, to scroll', () => {
    const onRefresh = vi.fn(async () => {});
    const { head, touch } = setup(onRefresh);
    touch('touchStart', 100);
    touch('touchMove', 40);
    touch('touchEnd', 0);
    expect(head.style.height).toBe('0px');

    document.documentElement.scrollTop = 120;
    touch('touchStart', 0);
    touch('touchMove', 300);
    touch('touchEnd', 0);
    expect(head.style.height).toBe('0px');
    expect(onRefresh).not.toHaveBeenCalled();
  });
});
