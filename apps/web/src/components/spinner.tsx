import './spinner.css';

/**
 * A turning ring drawn with CSS alone. antd-mobile's SpinLoading animates through react-spring,
 * which would then come with every first load: the shell shows this one while a page loads.
 */
export function Spinner() {
  return <span className="spinner" aria-hidden="true" />;
}
