import { useEffect, useState } from 'react';

/** Remaining time as `mm:ss` (minutes keep counting past 59); `00:00` once over. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const mm = Math.floor(total / 60);
  const ss = total % 60;
  return `${String(mm).padStart(2, '0')}:${String(ss).padStart(2, '0')}`;
}

/** The current time, ticking every second. */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** Time left to an ISO deadline, ticking: the milliseconds left and whether it is over. */
export function useCountdown(deadline: string): { remaining: number; over: boolean; text: string } {
  const now = useNow();
  const remaining = Date.parse(deadline) - now;
  return { remaining, over: !(remaining > 0), text: formatCountdown(remaining) };
}
