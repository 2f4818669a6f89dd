// antd-mobile's Toast on its own, for components/toast.ts to load when the first toast shows.
export { Toast } from 'antd-mobile';
