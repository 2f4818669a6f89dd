/**
 * Stands in, in the built app, for rc-util's `React/render`: the React 16-18 `ReactDOM.render`
 * that antd-mobile keeps as its default way to draw a toast or a dialog. React 19 has no such
 * render, and the app replaces antd-mobile's renderer before anything draws (react19-compat.ts,
 * in main.tsx before the first render), so this is never called; it spares the first load
 * rc-util's legacy code and the Babel runtime it needs (3 KB gzip). vite.config.ts points the
 * import here.
 */
function replaced(): never {
  throw new Error(
    "antd-mobile's legacy render was called: enableAntdReact19() must run first (app/react19-compat.ts)",
  );
}

export function render(_node: unknown, _container: unknown): void {
  replaced();
}

export async function unmount(_container: unknown): Promise<void> {
  replaced();
}
