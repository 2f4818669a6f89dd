import { type ReactNode, useEffect, useRef, useState } from 'react';
import './pull-to-refresh.css';

export type PullStatus = 'pulling' | 'canRelease' | 'refreshing' | 'complete';

export interface PullToRefreshProps {
  onRefresh: () => Promise<unknown>;
  pullingText: ReactNode;
  canReleaseText: ReactNode;
  refreshingText: ReactNode;
  completeText: ReactNode;
  /** How long the completed text stays before the head folds away, in ms. */
  completeDelay?: number;
  /** The head's height while refreshing, in px. */
  headHeight?: number;
  /** How far the head must be pulled for a release to refresh, in px. */
  threshold?: number;
  disabled?: boolean;
  children: ReactNode;
}

/**
 * How far the head follows a finger that moved `distance` px: one for one at first, then harder
 * and harder (antd-mobile's rubber band, so the gesture feels as it did).
 */
export function pullHeight(distance: number, headHeight: number): number {
  if (distance <= 0) return 0;
  const dimension = headHeight * 5;
  const constant = 0.5;
  return (distance * dimension * constant) / (dimension + constant * distance);
}

/** Whether the touched element or anything holding it, the page included, is scrolled down. */
function scrolledDown(target: EventTarget | null): boolean {
  for (let el = target instanceof Element ? target : null; el; el = el.parentElement) {
    if (el.scrollTop > 0) return true;
  }
  return (document.scrollingElement?.scrollTop ?? window.scrollY) > 0;
}

/**
 * Pull down at the top of the page to refresh, with touch events and a CSS transition: the same
 * gesture, texts and timing as antd-mobile's PullToRefresh, without its animation libraries
 * (react-spring and @use-gesture, 25 KB gzip) in the first load of the page that has it (Home).
 */
export function PullToRefresh({
  onRefresh,
  pullingText,
  canReleaseText,
  refreshingText,
  completeText,
  completeDelay = 500,
  headHeight = 40,
  threshold = 60,
  disabled = false,
  children,
}: PullToRefreshProps) {
  const [status, setStatus] = useState<PullStatus>('pulling');
  const [height, setHeight] = useState(0);
  const [dragging, setDragging] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  // The listeners are attached once; they read the latest props and status through this.
  const latest = useRef({ status, onRefresh, completeDelay, headHeight, threshold });
  latest.current = { status, onRefresh, completeDelay, headHeight, threshold };

  useEffect(() => {
    const root = rootRef.current;
    if (!root || disabled) return;
    let startY: number | null = null;
    let pulling = false;
    let pulled = 0;

    const fold = () => {
      setHeight(0);
      setStatus('pulling');
    };
    const refresh = async () => {
      const { onRefresh: run, completeDelay: delay, headHeight: head } = latest.current;
      setHeight(head);
      setStatus('refreshing');
      try {
        await run();
      } catch (error) {
        fold();
        throw error;
      }
      setStatus('complete');
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
      fold();
    };

    const onStart = (event: TouchEvent) => {
      const busy = latest.current.status === 'refreshing' || latest.current.status === 'complete';
      startY = busy || event.touches.length !== 1 ? null : (event.touches[0]?.clientY ?? null);
      pulling = false;
    };
    const onMove = (event: TouchEvent) => {
      if (startY === null) return;
      const distance = (event.touches[0]?.clientY ?? startY) - startY;
      if (!pulling) {
        // Only a pull down that starts with everything at the top; anything else scrolls.
        if (distance <= 0 || scrolledDown(event.target)) {
          startY = null;
          return;
        }
        pulling = true;
        setDragging(true);
      }
      if (event.cancelable) event.preventDefault();
      pulled = pullHeight(distance, latest.current.headHeight);
      setHeight(pulled);
      setStatus(pulled > latest.current.threshold ? 'canRelease' : 'pulling');
    };
    const onEnd = () => {
      const wasPulling = pulling;
      startY = null;
      pulling = false;
      if (!wasPulling) return;
      setDragging(false);
      if (pulled > latest.current.threshold) {
        refresh().catch((error: unknown) => console.warn('refresh failed', error));
      } else {
        fold();
      }
      pulled = 0;
    };

    root.addEventListener('touchstart', onStart, { passive: true });
    // Not passive: a pull must stop the browser's own scroll (and its pull-to-reload).
    root.addEventListener('touchmove', onMove, { passive: false });
    root.addEventListener('touchend', onEnd);
    root.addEventListener('touchcancel', onEnd);
    return () => {
      root.removeEventListener('touchstart', onStart);
      root.removeEventListener('touchmove', onMove);
      root.removeEventListener('touchend', onEnd);
      root.removeEventListener('touchcancel', onEnd);
    };
  }, [disabled]);

  const text = {
    pulling: pullingText,
    canRelease: canReleaseText,
    refreshing: refreshingText,
    complete: completeText,
  }[status];

  return (
    <div ref={rootRef} className="pull-to-refresh" data-status={status}>
      <div
        className={`pull-to-refresh-head${dragging ? ' pull-to-refresh-dragging' : ''}`}
        style={{ height }}
        aria-hidden={height === 0}
      >
        <div className="pull-to-refresh-head-content" style={{ height: headHeight }} aria-live="polite">
          {height > 0 ? text : null}
        </div>
      </div>
      <div className="pull-to-refresh-content">{children}</div>
    </div>
  );
}
