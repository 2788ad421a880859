import './public-ui.css';

/** A CSS spinner for pages that do not load Ant Design. Decorative: pair it with a text. */
export function Spinner({ size = 20 }: { size?: number }) {
  return <span className="spinner" style={{ width: size, height: size }} aria-hidden="true" />;
}
