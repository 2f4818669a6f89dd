/** Toasts last 1500 ms (spec §9). */
export const TOAST_DURATION_MS = 1500;

/**
 * Shows a short message with antd-mobile's Toast, loaded the first time one shows: its mask
 * animates with react-spring, which the app's first view (no toast) then does not download.
 */
export async function showToast(content: string, duration = TOAST_DURATION_MS): Promise<void> {
  const { Toast } = await import('./antd-toast');
  Toast.show({ content, duration });
}
