import { unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';

type Container = (Element | DocumentFragment) & { __wingsRoot?: Root };

/**
 * antd-mobile renders Toast and Dialog with the legacy ReactDOM.render, which React 19 no
 * longer has; this is its documented hook for React 19 (mobile.ant.design/guide/v5-for-19).
 */
export function enableAntdReact19(): void {
  unstableSetRender((node, container) => {
    const target = container as Container;
    target.__wingsRoot ??= createRoot(target);
    const root = target.__wingsRoot;
    root.render(node);
    return async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      root.unmount();
      target.__wingsRoot = undefined;
    };
  });
}
